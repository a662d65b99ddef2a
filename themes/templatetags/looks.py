"""Template tags of the looks: the stylesheet link and the mini board preview.

{% load looks %}
<link rel="stylesheet" href="{% looks_css_url %}">
{% current_look user as look %}
<div data-theme="{{ look.slug }}">{% mini_board %}</div>
"""

from django import template
from django.template.loader import render_to_string
from django.urls import reverse

from .. import selectors

register = template.Library()

PREVIEW = (
    "........",
    "......#.",
    "..#..###",
    ".###..#.",
    "..#.....",
    "#.....##",
    "##.#.###",
    "####.###",
)
"""The mini board's position: a few blocks, no full line."""


@register.simple_tag
def looks_css_url() -> str:
    """The URL of the looks stylesheet, versioned so browsers may cache it for good."""
    return f"{reverse('themes:looks_css')}?v={selectors.stylesheet_version()}"


@register.simple_tag
def current_look(user):
    """The look ``user`` wears (``None`` if it is gone: the page shows Glass)."""
    if not getattr(user, "is_authenticated", False):
        return selectors.theme_current(player=None)
    return selectors.theme_current(player=user)


@register.inclusion_tag("themes/_mini_board.html")
def mini_board(hand: bool = True) -> dict:
    """An 8×8 board with a few blocks (and three pieces), in the look of the element around it."""
    return {"cells": [ch == "#" for row in PREVIEW for ch in row], "hand": hand}


def mini_board_html(hand: bool = True) -> str:
    """:func:`mini_board` rendered, for Python callers (the admin)."""
    return render_to_string("themes/_mini_board.html", mini_board(hand))
