"""The release a process serves, as a fingerprint: :func:`release`.

A page's ``ETag`` must change when the code that draws it changes, not only when its
data does: a browser holding the page of the release before would otherwise be told
"not modified" and keep its old markup, its old wording and the old release's
static file names. No version number is bumped per deploy, so the fingerprint is the
content itself: every file of the apps, the templates, the static sources and the
compiled translations, hashed once per process. Two hosts running the same
checkout agree on it, so a page's ``ETag`` holds across hosts behind one balancer.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("blockknock", "game", "leaderboards", "themes", "templates", "static")
SKIPPED_SUFFIXES = frozenset({".pyc", ".partial"})


def _files(root: Path) -> list[Path]:
    found = (path for folder in FOLDERS for path in (root / folder).rglob("*") if path.is_file())
    return sorted(path for path in found if "__pycache__" not in path.parts and path.suffix not in SKIPPED_SUFFIXES)


def fingerprint(root: Path) -> str:
    """16 hex digits of SHA-256 over the relative name and content of every file :data:`FOLDERS` hold under ``root``."""
    digest = hashlib.sha256()
    for path in _files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@functools.cache
def release() -> str:
    """This process's release: :func:`fingerprint` of its checkout, computed at the first call (a few ms)."""
    return fingerprint(ROOT)
