"""Template tags of the fair deal: the commitment a player's next game will be dealt from."""

from django import template

from .. import seeds

register = template.Library()


@register.simple_tag(takes_context=True)
def next_commitment(context, player) -> str:
    """The commitment of ``player``'s next Classic, Challenge or Practice game ("" for no player yet);
    on a first visit's page (``pending`` in the context), of the game after its pending one (``game.pending``)."""
    pending = context.get("pending")
    if pending is not None:
        return pending.next_commitment
    if not getattr(player, "is_authenticated", False):
        return ""
    return seeds.next_commitment(player=player)
