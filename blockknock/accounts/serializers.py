"""The API's ``Player`` (API.md § Players and authentication), for every app that answers with one.

A player's own fields are the accounts'; the whole-number figures other apps
keep about a player (the game's ``high_score`` and ``challenge_best``) are
added by those apps with :func:`player_figure` in their ``AppConfig.ready``,
so this module imports none of them.
"""

from collections.abc import Callable

from rest_framework import serializers

from .models import Player

PLAYER_FIGURES: dict[str, Callable[[Player], int]] = {}
"""Field name → how to read it from a player, in the order they were added."""


def player_figure(name: str, read: Callable[[Player], int]) -> None:
    """Add the read-only whole-number field ``name`` to every ``Player`` the API answers."""
    PLAYER_FIGURES[name] = read


class FigureField(serializers.IntegerField):
    """A read-only integer computed from the whole player."""

    def __init__(self, read: Callable[[Player], int]):
        self.read = read
        super().__init__(read_only=True, source="*")

    def to_representation(self, player) -> int:
        return self.read(player)


class PlayerSerializer(serializers.ModelSerializer):
    """API.md ``Player``."""

    class Meta:
        model = Player
        fields = ["name", "is_guest", "stars", "level", "theme"]

    def get_fields(self):
        return {**super().get_fields(), **{name: FigureField(read) for name, read in PLAYER_FIGURES.items()}}


def player_data(player: Player) -> dict:
    """:class:`PlayerSerializer`'s output built directly (``/api/me/``: no field objects per request)."""
    return {
        "name": player.name,
        "is_guest": player.is_guest,
        "stars": player.stars,
        "level": player.level,
        "theme": player.theme,
        **{name: read(player) for name, read in PLAYER_FIGURES.items()},
    }
