"""A moment shown in the player's own time zone (issue 26): ``{% local_time moment as when %}`` renders a
``<time>`` whose text the browser rewrites as e.g. "16:00 your time" (static/js/local-time.js); without
scripts it reads "midnight in San Francisco" (the game calendar's midnights are the moments shown)."""

import datetime as dt

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from blockknock.calendar import zone_name

register = template.Library()


@register.simple_tag
def local_time(moment: dt.datetime) -> SafeString:
    """``moment`` (an aware game-calendar midnight) as a ``<time>`` the browser shows in local time."""
    return format_html(
        '<time class="local-time" datetime="{}" data-local-time="{}">{}</time>',
        moment.isoformat(),
        gettext("{time} your time"),
        gettext("midnight in %(zone)s") % {"zone": zone_name()},
    )
