"""Production static files: after collectstatic, the hashed ES modules import hashed files.

The board script is a set of ES modules (static/js/board/, static/js/live.js). With
hashed file names in production, a module that imported "./drag.js" would load an
old or missing file; the storage rewrites every import to the hashed name.
"""

from __future__ import annotations

import posixpath
import re

import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import override_settings

PRODUCTION_STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "blockknock.storage.StaticFilesStorage"},
}
IMPORT = re.compile(r'\bfrom\s*"([^"]+)"\s*;')


@pytest.fixture(scope="module")
def collected(tmp_path_factory):
    """collectstatic (once) into a temporary STATIC_ROOT with the production storage.

    Modules that import each other in a cycle cannot be hashed: collectstatic fails here.
    """
    root = tmp_path_factory.mktemp("static")
    with override_settings(STATIC_ROOT=root, STORAGES=PRODUCTION_STORAGES):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield root


def _imports(root, name: str) -> list[str]:
    return IMPORT.findall((root / name).read_text())


def test_the_hashed_main_module_imports_the_hashed_modules(collected):
    main = staticfiles_storage.stored_name("js/board/main.js")
    assert main != "js/board/main.js"
    expected = [
        "./" + posixpath.basename(staticfiles_storage.stored_name(f"js/board/{name}.js"))
        for name in ("drag", "feedback", "keyboard", "selection", "sync")
    ]
    assert _imports(collected, main) == expected
    assert all(re.fullmatch(r"\./\w+\.[0-9a-f]{12}\.js", url) for url in expected)


@pytest.mark.parametrize("module", ["js/board/sync.js", "js/board/feedback.js", "js/replay.js", "js/shop.js"])
def test_every_import_of_a_hashed_module_is_a_collected_hashed_file(collected, module):
    hashed = staticfiles_storage.stored_name(module)
    imports = _imports(collected, hashed)
    assert imports  # each of these imports at least live.js
    for url in imports:
        target = posixpath.normpath(posixpath.join(posixpath.dirname(hashed), url))
        assert (collected / target).is_file(), url
        assert re.search(r"\.[0-9a-f]{12}\.js$", target), url
