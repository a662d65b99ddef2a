"""The rule book is the project's own: every citation names a section that exists, nothing points outside the repo.

Plain file reading (no Django). The code cites ``docs/rules.md § Scoring`` and
``docs/api.md § Games``; a citation must name the start of one of that file's
``##`` headings, so renaming a section without its citations fails here.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CITATION = re.compile(r"docs/(rules|api)\.md ?§ ?([A-Z][\w,()' -]*)")
TEXT_SUFFIXES = {".py", ".html", ".js", ".md", ".txt", ".toml", ".json", ".css", ".cfg", ".sh", ""}


def _tracked() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / n for n in names if (ROOT / n).suffix in TEXT_SUFFIXES and (ROOT / n).is_file()]


def _headings(name: str) -> list[str]:
    lines = (ROOT / "docs" / f"{name}.md").read_text().splitlines()
    return [line[3:].strip() for line in lines if line.startswith("## ")]


def _names_a_section(cited: str, headings: list[str]) -> bool:
    """``cited`` starts with a heading's name (the heading up to a comma or a bracket), or is cut short of it.

    "Scoring" names "Scoring (default rules)"; "Stars, levels" names "Stars, levels"; a citation
    broken by a line end ("End of") names "End of game, Continue".
    """
    names = [re.split(r"[,(]", h)[0].strip() for h in headings]
    return any(cited.startswith(n) or n.startswith(cited) for n in names)


def _citations() -> list[tuple[str, str, str]]:
    found = []
    for path in _tracked():
        for match in CITATION.finditer(path.read_text(errors="replace")):
            found.append((str(path.relative_to(ROOT)), match.group(1), match.group(2).strip()))
    return found


def test_the_code_cites_the_rule_book_often():
    assert len(_citations()) >= 100


@pytest.mark.parametrize("name", ["rules", "api"])
def test_every_citation_names_a_section_that_exists(name):
    headings = _headings(name)
    wrong = [(f, cited) for f, doc, cited in _citations() if doc == name and not _names_a_section(cited, headings)]
    assert wrong == []


def test_a_citation_of_a_missing_section_is_caught():
    assert not _names_a_section("Levels", _headings("rules"))
    assert _names_a_section("Scoring", _headings("rules"))


def test_no_file_points_outside_the_repo():
    outside = re.compile(r"\.\./shared|(?<![\w/])(RULES|API|STYLE)\.md")
    hits = [
        str(p.relative_to(ROOT))
        for p in _tracked()
        if p.name != "test_docs.py" and outside.search(p.read_text(errors="replace"))
    ]
    assert hits == []
