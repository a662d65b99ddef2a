"""The star shop (Settings → Theme) and the looks stylesheet.

Thin views over :mod:`themes.services` and :mod:`themes.selectors`. An HTMX post
is answered with the partial ``"themes/shop.html#shop"`` and, after a buy or a
switch, an ``HX-Trigger`` event ``bk:look`` carrying ``{"slug", "stars"}`` so the
page (static/js/shop.js) switches ``<html data-theme>`` and the header's star count
at once; a plain form post is answered with the whole shop page (the form's own
response, opened at the look: its action ends in ``#look-<slug>``). Either way the
message, success or refusal, sits in the card of the look acted on, next to its
button, and a refusal keeps its status code.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import condition, require_GET, require_POST
from django_htmx.http import trigger_client_event

from blockknock import events
from blockknock.accounts.services import player_for_request
from blockknock.errors import Refusal

from . import selectors, services
from .errors import LookNotFound

SHOP_TEMPLATE = "themes/shop.html"
SHOP_PARTIAL = "themes/shop.html#shop"
VERSIONED_MAX_AGE = 365 * 24 * 60 * 60


def _shop_context(player, *, acted: str = "", message: str = "", error: bool = False) -> dict:
    """``player``: ``None`` for a visitor with no player; ``acted``: the slug of the look just bought or put on,
    whose card shows ``message``."""
    looks = selectors.theme_list(player=player)
    stars = player.stars if player is not None else 0
    return {"player": player, "stars": stars, "looks": looks, "acted": acted, "message": message, "error": error}


@require_GET
def shop(request: HttpRequest) -> HttpResponse:
    """Every look as a live mini board, with its price, "Owned" or "In use"; a visitor with no player
    sees it as a new player would, and gets no guest until buying or putting on a look."""
    player = request.user if request.user.is_authenticated else None
    return render(request, SHOP_TEMPLATE, _shop_context(player))


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
        return _answer(request, player, slug, str(refused.detail), status=refused.status_code)
    if was_owned:
        text = _("You're now using %(look)s.") % {"look": look.display_name}
    else:
        text = _("%(look)s is yours for %(price)s stars, and it's on.") % {
            "look": look.display_name,
            "price": number_format(look.price, force_grouping=True),
        }
    return _answer(request, updated, slug, text)


@require_POST
def use(request: HttpRequest, slug: str) -> HttpResponse:
    """Put on a look the player owns."""
    player = player_for_request(request)
    try:
        updated = services.theme_use(player=player, slug=slug)
    except LookNotFound:
        raise Http404 from None
    except Refusal as refused:
        return _answer(request, player, slug, str(refused.detail), status=refused.status_code)
    look = selectors.theme_get(slug=slug)
    text = _("You're now using %(look)s.") % {"look": look.display_name}
    return _answer(request, updated, slug, text)


def _answer(request, player, slug: str, text: str, *, status: int = 200) -> HttpResponse:
    """The shop with ``text`` in the card of look ``slug``: the partial for htmx (always 200: htmx
    swaps only a success), else the whole page with the refusal's status."""
    error = status != 200
    context = _shop_context(player, acted=slug, message=text, error=error)
    if not request.htmx:
        request.user.refresh_from_db(fields=["stars", "theme"])  # the header and <html data-theme> wear the change
        return render(request, SHOP_TEMPLATE, context, status=status)
    response = render(request, SHOP_PARTIAL, context)
    if not error:
        trigger_client_event(response, events.LOOK, {"slug": player.theme, "stars": player.stars})
    return response


class LooksRequest(HttpRequest):
    """The looks stylesheet's request: its ETag function (run first, by ``condition``) keeps the version."""

    looks_version: str


def _looks_etag(request: LooksRequest) -> str:
    request.looks_version = selectors.stylesheet_version()
    return request.looks_version


@require_GET
@condition(etag_func=_looks_etag)
def looks_css(request: LooksRequest) -> HttpResponse:
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
