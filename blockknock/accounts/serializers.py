"""The API's ``Player`` (docs/api.md § Players and authentication), for every app that answers with one.

A player's own fields are the accounts'; the figures other apps keep about a
player (the game's ``high_score``, ``challenge_best`` and ``next_commitment``)
are added by those apps with :func:`player_figure` in their ``AppConfig.ready``,
so this module imports none of them.
"""

from collections.abc import Callable

from rest_framework import serializers

from blockknock.api.shapes import represent

from .models import Player

PLAYER_FIGURES: dict[str, tuple[Callable[[Player], object], type[serializers.Field]]] = {}
"""Field name → how to read it from a player and the field type it is, in the order they were added."""


def player_figure(
    name: str, read: Callable[[Player], object], kind: type[serializers.Field] = serializers.IntegerField
) -> None:
    """Add the read-only field ``name`` to every ``Player`` the API answers.

    The field is a whole number unless ``kind`` says otherwise.
    """
    PLAYER_FIGURES[name] = (read, kind)


def figure_field(read: Callable[[Player], object], kind: type[serializers.Field]) -> serializers.Field:
    """A read-only field of type ``kind`` computed from the whole player."""

    # a subclass of ``kind`` made with type(): a class statement cannot name a variable base for the type checker
    figure = type("FigureField", (kind,), {"to_representation": lambda self, player: read(player)})
    return figure(read_only=True, source="*")


class PlayerSerializer(serializers.ModelSerializer):
    """docs/api.md ``Player``."""

    class Meta:
        model = Player
        fields = ["name", "is_guest", "stars", "level", "theme"]

    def get_fields(self):
        figures = {name: figure_field(read, kind) for name, (read, kind) in PLAYER_FIGURES.items()}
        return {**super().get_fields(), **figures}


def player_data(player: Player) -> dict:
    """The API's ``Player`` of ``player``: :class:`PlayerSerializer`'s (:func:`~blockknock.api.shapes.represent`)."""
    return represent(PlayerSerializer, player)
