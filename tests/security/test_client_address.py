"""Whose address a request is (blockknock/proxies.py): the peer, unless the peer is a trusted proxy, then the
client that proxy names. The site's throttles, allauth's limits and the devices list all count that one address,
so a header forged by a request sent straight to a web host chooses nothing."""

import pytest
from allauth.usersessions.models import UserSession
from django.conf import settings
from django.test import Client, RequestFactory, override_settings

from blockknock.accounts.adapter import AccountAdapter
from blockknock.accounts.models import Player
from blockknock.proxies import client_ip
from blockknock.throttles import ScopedRateThrottle

pytestmark = pytest.mark.django_db

NGINX = "10.0.0.2"  # the one trusted proxy of these tests (deploy/systemd/blockknock.env)
PASSWORD = "tiles-and-lines-42"
WRONG = "not-the-password"
TOO_MANY = "Too many failed login attempts. Try again later."


def test_the_default_trusts_loopback_only():
    assert settings.TRUSTED_PROXIES == ["127.0.0.0/8", "::1"]


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        ("198.51.100.7", "203.0.113.7", "198.51.100.7"),  # straight to the host: the header is ignored
        ("198.51.100.7", None, "198.51.100.7"),
        (NGINX, "198.51.100.7", "198.51.100.7"),  # nginx sets the header to the address that reached it
        (
            NGINX,
            "203.0.113.7, 198.51.100.7",
            "198.51.100.7",
        ),  # a proxy that appends: the client's own entry is not read
        (NGINX, None, NGINX),  # the proxy itself asking
        (NGINX, "not-an-address", NGINX),  # garbage passed on is not a key a client can choose
        ("2001:db8::7", "203.0.113.7", "2001:db8::7"),
    ],
)
def test_the_client_is_the_peer_unless_a_trusted_proxy_names_it(peer, forwarded, client):
    headers = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    request = RequestFactory().get("/", REMOTE_ADDR=peer, **headers)
    with override_settings(TRUSTED_PROXIES=[NGINX]):
        assert client_ip(request) == client


def test_a_chain_of_trusted_proxies_is_walked_to_the_first_untrusted_address():
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.3", HTTP_X_FORWARDED_FOR="203.0.113.7, 198.51.100.7, 10.0.0.2"
    )
    with override_settings(TRUSTED_PROXIES=["10.0.0.0/24"]):
        assert client_ip(request) == "198.51.100.7"


def test_the_throttles_and_allauth_count_the_same_address():
    requests = [
        RequestFactory().get("/", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.7"),
        RequestFactory().get("/", REMOTE_ADDR=NGINX, HTTP_X_FORWARDED_FOR="198.51.100.8"),
    ]
    with override_settings(TRUSTED_PROXIES=[NGINX]):
        counted = [(ScopedRateThrottle().get_ident(r), AccountAdapter().get_client_ip(r)) for r in requests]
    assert counted == [("198.51.100.7", "198.51.100.7"), ("198.51.100.8", "198.51.100.8")]


def test_a_forged_header_sent_straight_to_a_host_does_not_escape_the_guest_limit(settings, rates):
    settings.TRUSTED_PROXIES = [NGINX]
    rates(guest="1/min")
    straight = Client(REMOTE_ADDR="198.51.100.7")
    answers = [
        straight.post("/api/auth/guest/", HTTP_X_FORWARDED_FOR=forged).status_code for forged in ("1.2.3.4", "5.6.7.8")
    ]
    assert answers == [201, 429]


def test_behind_the_proxy_each_client_has_its_own_guest_limit(settings, rates):
    settings.TRUSTED_PROXIES = [NGINX]
    rates(guest="1/min")
    proxy = Client(REMOTE_ADDR=NGINX)
    clients = ["198.51.100.8", "198.51.100.9", "198.51.100.8"]
    answers = [proxy.post("/api/auth/guest/", HTTP_X_FORWARDED_FOR=client).status_code for client in clients]
    assert answers == [201, 201, 429]
    # the same client straight to a host is the same address, whatever it forges
    assert (
        Client(REMOTE_ADDR="198.51.100.9").post("/api/auth/guest/", HTTP_X_FORWARDED_FOR="1.2.3.4").status_code == 429
    )


def _sign_in(peer: str, forwarded: str | None = None, password: str = WRONG, **headers):
    if forwarded:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    browser = Client(REMOTE_ADDR=peer, **headers)
    answer = browser.post("/accounts/login/", {"login": "ada", "password": password})
    if answer.status_code == 302:
        return "in"
    return "refused" if TOO_MANY in answer.content.decode() else "wrong"


@override_settings(TRUSTED_PROXIES=[NGINX], ACCOUNT_RATE_LIMITS={"login_failed": "3/m/ip"})
def test_allauths_failed_sign_in_limit_counts_the_client_behind_the_proxy():
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    verdicts = [_sign_in(NGINX, "198.51.100.7") for _ in range(4)]
    assert verdicts == ["wrong", "wrong", "wrong", "refused"]
    assert _sign_in(NGINX, "198.51.100.8") == "wrong"  # another client behind the same proxy
    assert _sign_in("198.51.100.7", forwarded="203.0.113.7") == "refused"  # straight, forging: the same address


@override_settings(TRUSTED_PROXIES=[NGINX])
def test_the_devices_list_records_the_client_behind_the_proxy_and_the_peer_of_a_straight_request():
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    assert _sign_in(NGINX, "198.51.100.7", password=PASSWORD, HTTP_USER_AGENT="Proxied/1.0") == "in"
    assert _sign_in("198.51.100.9", "203.0.113.7", password=PASSWORD, HTTP_USER_AGENT="Straight/1.0") == "in"
    recorded = dict(UserSession.objects.values_list("user_agent", "ip"))
    assert recorded == {"Proxied/1.0": "198.51.100.7", "Straight/1.0": "198.51.100.9"}
