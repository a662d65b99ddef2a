"""Readable generated display names for guests, e.g. ``"Brave Otter 427"``."""

import secrets

ADJECTIVES = (
    "Brave", "Calm", "Clever", "Swift", "Bright", "Lucky", "Quiet", "Bold", "Jolly",
    "Keen", "Merry", "Nimble", "Sunny", "Witty", "Gentle", "Happy", "Steady", "Daring",
)
ANIMALS = (
    "Otter", "Panda", "Falcon", "Fox", "Heron", "Koala", "Lynx", "Marten", "Owl",
    "Puffin", "Quail", "Robin", "Seal", "Tiger", "Wren", "Yak", "Badger", "Crane",
)


def guest_name() -> str:
    """A random display name: adjective, animal and a number from 100 to 999."""
    adjective = secrets.choice(ADJECTIVES)
    animal = secrets.choice(ANIMALS)
    return f"{adjective} {animal} {100 + secrets.randbelow(900)}"
