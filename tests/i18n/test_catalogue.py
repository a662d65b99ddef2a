"""The Traditional Chinese catalogue is complete: every message the site can show has a translation.

The catalogue is blockknock/locale/zh_Hant/LC_MESSAGES/django.po, refreshed by
scripts/makemessages and compiled by scripts/serve and scripts/test. A new string
in the code or a template fails here until it is added to the .po and translated.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from . import po

ROOT = Path(__file__).resolve().parents[2]
# Top-level entries that are not source (the rest is copied for makemessages).
NOT_SOURCE = {".git", ".venv", "var", "staticfiles", "node_modules", "tests", ".hypothesis", ".pytest_cache", ".ci"}
PYTHON_FORMAT = re.compile(r"%\((\w+)\)[sd]")
BRACE_FORMAT = re.compile(r"\{(\w+)\}")


@pytest.fixture(scope="module")
def catalogue() -> list[po.Entry]:
    return po.read()


def test_the_catalogue_has_a_clean_header(catalogue):
    header = catalogue[0]
    assert header.msgid == "" and not header.fuzzy
    assert "Plural-Forms: nplurals=1; plural=0;" in header.msgstr[0]
    assert "charset=UTF-8" in header.msgstr[0]


def test_every_message_is_translated_and_none_is_fuzzy(catalogue):
    messages = po.messages(catalogue)
    assert len(messages) > 400  # the whole site, not a stub
    untranslated = [e.msgid for e in messages if not e.msgstr or not all(e.msgstr)]
    fuzzy = [e.msgid for e in messages if e.fuzzy]
    assert not untranslated, f"{len(untranslated)} untranslated msgid(s): {untranslated[:20]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy msgid(s) (check and remove the flag): {fuzzy[:20]}"


def test_translations_keep_every_placeholder(catalogue):
    wrong = []
    for entry in po.messages(catalogue):
        for pattern in (PYTHON_FORMAT, BRACE_FORMAT):
            wanted = set(pattern.findall(entry.msgid)) | set(pattern.findall(entry.msgid_plural or ""))
            for text in entry.msgstr:
                if set(pattern.findall(text)) != wanted:
                    wrong.append((entry.msgid, text))
    assert not wrong, wrong


def test_the_catalogue_compiles_without_errors(tmp_path):
    if not shutil.which("msgfmt"):
        pytest.fail("msgfmt is missing: install gettext (scripts/test does, as root)", pytrace=False)
    result = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "django.mo"), str(po.CATALOGUE)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


def _copy_source(to: Path) -> None:
    for item in ROOT.iterdir():
        if item.name in NOT_SOURCE or item.name.endswith(".egg-info"):
            continue
        if item.is_dir():
            shutil.copytree(item, to / item.name, ignore=shutil.ignore_patterns("__pycache__", "*.mo", "*.pyc"))
        else:
            shutil.copy2(item, to / item.name)


def test_makemessages_finds_no_msgid_missing_from_the_catalogue(tmp_path, catalogue):
    """scripts/makemessages, run on a copy of the source, adds nothing the .po lacks."""
    if not shutil.which("xgettext") or not shutil.which("msgmerge"):
        pytest.fail("xgettext/msgmerge are missing: install gettext (scripts/test does, as root)", pytrace=False)
    copy = tmp_path / "src"
    copy.mkdir()
    _copy_source(copy)
    env = {
        **os.environ,
        "PYTHON": sys.executable,
        "DJANGO_SETTINGS_MODULE": "blockknock.settings.test",
        "BLOCKKNOCK_VAR_DIR": str(tmp_path / "var"),
    }
    result = subprocess.run(
        ["bash", str(copy / "scripts" / "makemessages")], cwd=copy, env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    fresh = po.messages(po.read(copy / po.CATALOGUE.relative_to(ROOT)))
    known = {e.key for e in po.messages(catalogue)}
    missing = sorted((e.key for e in fresh if e.key not in known), key=lambda k: (k[1], k[0] or ""))
    assert not missing, (
        f"{len(missing)} msgid(s) in the code are not in the catalogue; run scripts/makemessages and translate: "
        + "; ".join(f"{ctx + ': ' if ctx else ''}{msgid!r}" for ctx, msgid in missing[:30])
    )
    untranslated = [e.msgid for e in fresh if not all(e.msgstr) or e.fuzzy]
    assert not untranslated, f"msgid(s) the refreshed catalogue leaves untranslated or fuzzy: {untranslated[:20]}"


def test_the_no_moves_button_says_continue_without_a_question_mark(catalogue):
    """The button is an action, "Continue" / 「繼續」, in both languages."""
    (entry,) = [e for e in catalogue if e.msgctxt == "no-moves button" and e.msgid == "Continue"]
    assert entry.msgstr == ["繼續"]
