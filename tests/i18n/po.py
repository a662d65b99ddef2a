"""A tiny reader for gettext .po files: enough to check a catalogue, nothing more.

>>> entries = parse('msgid ""\\nmsgstr "x"\\n\\n#, fuzzy\\nmsgctxt "c"\\nmsgid "a %(n)s"\\nmsgstr ""\\n')
>>> [(e.msgctxt, e.msgid, e.msgstr, e.fuzzy) for e in entries]
[(None, '', ['x'], False), ('c', 'a %(n)s', [''], True)]
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

CATALOGUE = Path(__file__).resolve().parents[2] / "blockknock" / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"


@dataclass
class Entry:
    """One message: ``msgstr`` holds one text, or one per plural form."""

    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    msgstr: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def key(self) -> tuple[str | None, str]:
        """What identifies a message in a catalogue: its context and msgid."""
        return (self.msgctxt, self.msgid)


_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")$')


def _content(line: str, entry: Entry) -> str | None:
    """What ``line`` holds to parse, or ``None`` for a comment (its flags and obsolescence noted on ``entry``)."""
    if line.startswith("#~"):
        line = line[2:].strip()
        if line.startswith("|"):  # a previous msgid of an obsolete entry
            return None
        entry.obsolete = True
        return line
    if line.startswith("#,"):
        entry.flags.update(flag.strip() for flag in line[2:].split(","))
        return None
    return None if line.startswith("#") else line


def parse(text: str) -> list[Entry]:
    """The entries of a .po file's text, the header (msgid "") first."""
    entries: list[Entry] = []
    entry = Entry()
    seen = False
    field_name = None

    def flush():
        nonlocal entry, seen, field_name
        if seen:
            entries.append(entry)
        entry, seen, field_name = Entry(), False, None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            continue
        obsolete = line.startswith("#~")
        line = _content(line, entry)
        if line is None:
            continue
        if line.startswith('"'):
            value = ast.literal_eval(line)
            if field_name == "msgstr":
                entry.msgstr[-1] += value
            else:
                setattr(entry, field_name, getattr(entry, field_name) + value)
            continue
        match = _KEYWORD.match(line)
        if not match:
            raise ValueError(f"not a .po line: {raw!r}")
        keyword, _index, quoted = match.groups()
        if keyword in ("msgctxt", "msgid") and seen and entry.msgstr:
            flush()  # no blank line between two entries
        if obsolete:
            entry.obsolete = True
        seen = True
        value = ast.literal_eval(quoted)
        if keyword.startswith("msgstr"):
            entry.msgstr.append(value)
            field_name = "msgstr"
        else:
            setattr(entry, keyword, value)
            field_name = keyword
    flush()
    return entries


def read(path: Path = CATALOGUE) -> list[Entry]:
    """The entries of a .po file."""
    return parse(path.read_text(encoding="utf-8"))


def messages(entries: list[Entry]) -> list[Entry]:
    """The live messages: no header, no obsolete (``#~``) entries."""
    return [e for e in entries if e.msgid and not e.obsolete]
