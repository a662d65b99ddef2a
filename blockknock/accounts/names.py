"""Display names: what a name may hold, and readable generated names for guests.

A name a player types is NFKC-normalised (fullwidth letters and odd spaces become
plain ones) and may hold no control or invisible formatting character: no bidi
override or isolate (U+202A–202E, U+2066–2069) that would reverse the text around
it on a leaderboard, no zero-width space or joiner, no other Unicode ``C*`` or line
and paragraph separator.

A guest's name, e.g. ``"Brave Otter 427"`` or ``"勇敢水獺 427"``, is made in the
language active when the guest is created (the browser's, through
``LocaleMiddleware``), so a player who reads Chinese sees a Chinese name.
"""

import secrets
import unicodedata

from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Unicode general categories a display name may not hold: controls, formats (bidi, zero-width),
unassigned, separators."""


def name_normalise(name: str) -> str:
    """``name`` in NFKC, without surrounding white space.

    >>> name_normalise("\uff34ile\u3000Queen ")
    'Tile Queen'
    """
    return unicodedata.normalize("NFKC", name).strip()


def name_validate(name: str) -> None:
    """:raises ValidationError: ``name`` holds a control or invisible formatting character (code ``name_control``)."""
    refused = next((char for char in name if unicodedata.category(char) in REFUSED_CATEGORIES), None)
    if refused is not None:
        raise ValidationError(
            _("A name cannot contain control characters or invisible formatting marks."),
            code="name_control",
            params={"character": f"U+{ord(refused):04X}"},
        )


ADJECTIVES = (
    "Brave",
    "Calm",
    "Clever",
    "Swift",
    "Bright",
    "Lucky",
    "Quiet",
    "Bold",
    "Jolly",
    "Keen",
    "Merry",
    "Nimble",
    "Sunny",
    "Witty",
    "Gentle",
    "Happy",
    "Steady",
    "Daring",
)
ANIMALS = (
    "Otter",
    "Panda",
    "Falcon",
    "Fox",
    "Heron",
    "Koala",
    "Lynx",
    "Marten",
    "Owl",
    "Puffin",
    "Quail",
    "Robin",
    "Seal",
    "Tiger",
    "Wren",
    "Yak",
    "Badger",
    "Crane",
)
ADJECTIVES_ZH_HANT = (
    "勇敢",
    "冷靜",
    "聰明",
    "迅捷",
    "開朗",
    "幸運",
    "安靜",
    "大膽",
    "快樂",
    "機靈",
    "歡樂",
    "靈巧",
    "陽光",
    "風趣",
    "溫柔",
    "開心",
    "沉穩",
    "無畏",
)
ANIMALS_ZH_HANT = (
    "水獺",
    "熊貓",
    "獵鷹",
    "狐狸",
    "蒼鷺",
    "無尾熊",
    "山貓",
    "貂",
    "貓頭鷹",
    "海鸚",
    "鵪鶉",
    "知更鳥",
    "海豹",
    "老虎",
    "鷦鷯",
    "犛牛",
    "獾",
    "鶴",
)


def guest_name() -> str:
    """A random display name: adjective, animal and a number from 100 to 999, in the active language."""
    number = 100 + secrets.randbelow(900)
    if (get_language() or "").lower().startswith("zh"):
        return f"{secrets.choice(ADJECTIVES_ZH_HANT)}{secrets.choice(ANIMALS_ZH_HANT)} {number}"
    return f"{secrets.choice(ADJECTIVES)} {secrets.choice(ANIMALS)} {number}"


CLOSED_NAME = _("closed account")
"""What every page and answer shows for a player who closed the account (``Player.closed_at``)."""


def shown_name(*, name: str, username: str, closed: bool) -> str:
    """The name shown for a player: the display name, else the username; "closed account" once closed."""
    if closed:
        return str(CLOSED_NAME)
    return name or username


USERNAME_VALIDATORS = [name_validate, UnicodeUsernameValidator()]
"""A username's checks at sign-up (allauth's ``ACCOUNT_USERNAME_VALIDATORS``): Django's, and a new
account's username is also its display name, so it obeys the same rules."""
