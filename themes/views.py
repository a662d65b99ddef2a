"""The star shop (Settings → Theme) and the looks stylesheet.

Thin views over :mod:`themes.services` and :mod:`themes.selectors`. An HTMX post
is answered with the partial ``"themes/shop.html#shop"`` and, after a buy or a
switch, an ``HX-Trigger`` event ``bk:look`` carrying ``{"slug", "stars"}`` so the
page (static/js/shop.js) switches ``<html data-theme>`` and the header's star count
at once; a plain form post is
redirected back to the shop with a message.
"""

import json

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET, require_POST

from blockknock.accounts.services import player_for_request
from blockknock.errors import Refusal

from . import selectors, services
from .errors import LookNotFound

SHOP_TEMPLATE = "themes/shop.html"
SHOP_PARTIAL = "themes/shop.html#shop"
LOOK_EVENT = "bk:look"
VERSIONED_MAX_AGE = 365 * 24 * 60 * 60


def _shop_context(player, *, message: str = "", error: bool = False) -> dict:
    return {"player": player, "looks": selectors.theme_list(player=player), "message": message, "error": error}


@require_GET
def shop(request: HttpRequest) -> HttpResponse:
    """Every look as a live mini board, with its price, "Owned" or "In use"."""
    return render(request, SHOP_TEMPLATE, _shop_context(player_for_request(request)))


@require_POST
def buy(request: HttpRequest, slug: str) -> HttpResponse:
    """Buy a look with stars and put it on (a look already owned is just put on)."""
    player = player_for_request(request)
    try:
        look = selectors.theme_get(slug=slug)
        was_owned = selectors.theme_owned(player=player, theme=look)
        updated = services.theme_buy(player=player, slug=slug, use=True)
    except LookNotFound:
        raise Http404 from None
    except Refusal as refused:
        return _answer(request, player, str(refused.detail), error=True)
    if was_owned:
        text = _("You're now using %(look)s.") % {"look": look.display_name}
    else:
        text = _("%(look)s is yours for %(price)s stars, and it's on.") % {
            "look": look.display_name, "price": number_format(look.price, force_grouping=True),
        }
    return _answer(request, updated, text)


@require_POST
def use(request: HttpRequest, slug: str) -> HttpResponse:
    """Put on a look the player owns."""
    player = player_for_request(request)
    try:
        updated = services.theme_use(player=player, slug=slug)
    except LookNotFound:
        raise Http404 from None
    except Refusal as refused:
        return _answer(request, player, str(refused.detail), error=True)
    look = selectors.theme_get(slug=slug)
    text = _("You're now using %(look)s.") % {"look": look.display_name}
    return _answer(request, updated, text)


def _answer(request, player, text: str, *, error: bool = False) -> HttpResponse:
    if request.htmx:
        response = render(request, SHOP_PARTIAL, _shop_context(player, message=text, error=error))
        if not error:
            response["HX-Trigger"] = json.dumps({LOOK_EVENT: {"slug": player.theme, "stars": player.stars}})
        return response
    (messages.error if error else messages.success)(request, text)
    return redirect("themes:shop")


def _looks_etag(request: HttpRequest) -> str:
    request.looks_version = selectors.stylesheet_version()
    return request.looks_version


@require_GET
@condition(etag_func=_looks_etag)
def looks_css(request: HttpRequest) -> HttpResponse:
    """The looks stylesheet: one ``[data-theme="slug"]`` block of custom properties per active look.

    Pages link it as ``?v=<version>`` (``{% looks_css_url %}``), which may be kept for
    a year; the bare URL is revalidated with its ETag every time.
    """
    version = getattr(request, "looks_version", None) or selectors.stylesheet_version()
    response = HttpResponse(selectors.stylesheet(version=version), content_type="text/css; charset=utf-8")
    if request.GET.get("v") == version:
        response["Cache-Control"] = f"public, max-age={VERSIONED_MAX_AGE}, immutable"
    else:
        response["Cache-Control"] = "public, no-cache"
    return response
