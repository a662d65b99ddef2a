"""Template tags of the fair deal: the commitment a player's next game will be dealt from."""

from django import template

from .. import seeds

register = template.Library()


@register.simple_tag
def next_commitment(player) -> str:
    """The commitment of ``player``'s next Classic, Challenge or Practice game ("" for no player yet)."""
    if not getattr(player, "is_authenticated", False):
        return ""
    return seeds.next_commitment(player=player)
