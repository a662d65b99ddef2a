"""Readable generated display names for guests, e.g. ``"Brave Otter 427"`` or ``"勇敢水獺 427"``.

The name is made in the language active when the guest is created (the browser's,
through ``LocaleMiddleware``), so a player who reads Chinese sees a Chinese name.
"""

import secrets

from django.utils.translation import get_language

ADJECTIVES = (
    "Brave", "Calm", "Clever", "Swift", "Bright", "Lucky", "Quiet", "Bold", "Jolly",
    "Keen", "Merry", "Nimble", "Sunny", "Witty", "Gentle", "Happy", "Steady", "Daring",
)
ANIMALS = (
    "Otter", "Panda", "Falcon", "Fox", "Heron", "Koala", "Lynx", "Marten", "Owl",
    "Puffin", "Quail", "Robin", "Seal", "Tiger", "Wren", "Yak", "Badger", "Crane",
)
ADJECTIVES_ZH_HANT = (
    "勇敢", "冷靜", "聰明", "迅捷", "開朗", "幸運", "安靜", "大膽", "快樂",
    "機靈", "歡樂", "靈巧", "陽光", "風趣", "溫柔", "開心", "沉穩", "無畏",
)
ANIMALS_ZH_HANT = (
    "水獺", "熊貓", "獵鷹", "狐狸", "蒼鷺", "無尾熊", "山貓", "貂", "貓頭鷹",
    "海鸚", "鵪鶉", "知更鳥", "海豹", "老虎", "鷦鷯", "犛牛", "獾", "鶴",
)


def guest_name() -> str:
    """A random display name: adjective, animal and a number from 100 to 999, in the active language."""
    number = 100 + secrets.randbelow(900)
    if (get_language() or "").lower().startswith("zh"):
        return f"{secrets.choice(ADJECTIVES_ZH_HANT)}{secrets.choice(ANIMALS_ZH_HANT)} {number}"
    return f"{secrets.choice(ADJECTIVES)} {secrets.choice(ANIMALS)} {number}"
