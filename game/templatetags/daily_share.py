"""``{% daily_share game as text %}``: the Daily's share text (:func:`game.daily.share.daily_share_text`) for a page.

The link is the Daily page's absolute URL on the host the request came to.
"""

from django import template
from django.urls import reverse

from ..daily.share import daily_share_text

register = template.Library()


@register.simple_tag(takes_context=True)
def daily_share(context, game) -> str:
    return daily_share_text(game=game, link=context["request"].build_absolute_uri(reverse("game:daily")))
