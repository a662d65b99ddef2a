"""``{% page_constants %}``: the server's event names and error codes for the play page's script.

Renders ``<script id="bk-constants" type="application/json">`` holding
``{"events": {"gameError": "bk:game-error", …}, "errors": {"notPlaying": "not_playing", …}}``
(:data:`blockknock.events.PAGE_EVENTS`, :data:`game.errors.PAGE_ERRORS`), so the
script reads the names the server writes instead of repeating them.
"""

from django import template
from django.utils.html import json_script

from blockknock.events import PAGE_EVENTS
from game.errors import PAGE_ERRORS

register = template.Library()

ELEMENT_ID = "bk-constants"


@register.simple_tag
def page_constants() -> str:
    return json_script({"events": PAGE_EVENTS, "errors": PAGE_ERRORS}, ELEMENT_ID)
