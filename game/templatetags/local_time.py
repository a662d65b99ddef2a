"""A moment shown in the player's own time zone: ``{% local_time moment as when %}`` renders a
``<time>`` whose text the browser rewrites as e.g. "16:00 your time" (static/js/local-time.js); without
scripts it reads "midnight in San Francisco" (the game calendar's midnights are the moments shown).
``{% local_time moment weekday=True %}`` names the day too ("Monday 16:00 your time"; "Monday at
midnight in San Francisco"): a week's start."""

import datetime as dt

from django import template
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from blockknock.calendar import game_zone, zone_name

register = template.Library()

TIME = '<time class="local-time" datetime="{}" data-local-time="{}">{}</time>'
TIME_WITH_WEEKDAY = '<time class="local-time" datetime="{}" data-local-time="{}" data-weekday>{}</time>'


@register.simple_tag
def local_time(moment: dt.datetime, weekday: bool = False) -> SafeString:
    """``moment`` (an aware game-calendar midnight) as a ``<time>`` the browser shows in local time."""
    if weekday:
        day = date_format(moment.astimezone(game_zone()), "l")
        text = gettext("%(weekday)s at midnight in %(zone)s") % {"weekday": day, "zone": zone_name()}
    else:
        text = gettext("midnight in %(zone)s") % {"zone": zone_name()}
    return format_html(TIME_WITH_WEEKDAY if weekday else TIME, moment.isoformat(), gettext("{time} your time"), text)
