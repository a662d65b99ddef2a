"""Whose address a request is: the one address the rate limits, allauth's limits and the devices list count.

``settings.TRUSTED_PROXIES`` (env ``TRUSTED_PROXIES``: addresses or CIDRs, comma-separated; loopback
by default) names the proxies allowed to speak for a client. The client is the peer (``REMOTE_ADDR``)
unless the peer is one of them; then each trusted proxy vouches for the address left of it in
``X-Forwarded-For``, and the client is the rightmost entry that is not a trusted proxy. A request
sent straight to a web host from anywhere else is its peer, whatever header it forges; a client
behind nginx is the address nginx saw, not nginx.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from django.conf import settings

if TYPE_CHECKING:
    from django.http import HttpRequest

LOOPBACK: tuple[str, ...] = ("127.0.0.0/8", "::1")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """The networks of addresses or CIDRs (``"10.0.0.5"``, ``"10.0.0.0/24"``); ``ValueError`` names a bad one."""
    parsed = []
    for entry in entries:
        try:
            parsed.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError as exc:
            raise ValueError(f"TRUSTED_PROXIES: {entry!r} is not an address or a network") from exc
    return tuple(parsed)


@lru_cache(maxsize=8)
def _trusted(entries: tuple[str, ...]) -> tuple[Network, ...]:
    return networks(entries)


def _is_trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted)


def _valid(address: str) -> bool:
    try:
        ipaddress.ip_address(address)
    except ValueError:
        return False
    return True


def client_ip(request: HttpRequest) -> str:
    """The client's address: the peer, or, behind trusted proxies, the rightmost untrusted forwarded entry.

    A forwarded entry that is not an address (a trusted proxy passing on a client's own garbage) is
    not believed: the proxy that passed it on is counted instead, so no client names its own key.
    """
    trusted = _trusted(tuple(settings.TRUSTED_PROXIES))
    address = request.META.get("REMOTE_ADDR", "")
    forwarded = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    while _is_trusted(address, trusted) and forwarded and forwarded[-1]:
        candidate = forwarded.pop()
        if not _valid(candidate):
            break
        address = candidate
    return address
