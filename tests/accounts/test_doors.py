"""The doors: failed sign-ins are limited per address and per account (allauth's ``login_failed``), the
admin's sign-in is allauth's with the same limits, and staff reach the admin only through a second factor."""

import pytest
from django.test import Client

from blockknock.accounts.models import Player
from tests.accounts.second_factor import PASSWORD, add_totp, sign_in_with_second_factor

pytestmark = pytest.mark.django_db

WRONG = "not-the-password"
ATTEMPTS = 30
PER_ACCOUNT = 5  # ACCOUNT_RATE_LIMITS["login_failed"]: "10/m/ip,5/5m/key"
TOO_MANY = "Too many failed login attempts. Try again later."
WRONG_MESSAGE = "The username and/or password you specified are not correct."


@pytest.fixture
def ada():
    return Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")


def _address(n: int) -> dict:
    return {"REMOTE_ADDR": f"198.51.100.{n + 1}"}


def _verdict(answer) -> str:
    """What allauth's sign-in said: ``"refused"`` over a limit (its form error), ``"wrong"`` for a bad password,
    ``"in"`` when signed in."""
    if answer.status_code == 302:
        return "in"
    page = answer.content.decode()
    assert answer.status_code == 200
    return "refused" if TOO_MANY in page else "wrong" if WRONG_MESSAGE in page else page


def _guess(n: int, password: str = WRONG) -> str:
    """One sign-in attempt on ``ada`` from its own address and browser."""
    return _verdict(Client().post("/accounts/login/", {"login": "ada", "password": password}, **_address(n)))


def test_wrong_passwords_for_one_account_from_changing_addresses_are_refused_after_the_limit(ada):
    verdicts = [_guess(n) for n in range(ATTEMPTS)]
    assert verdicts == ["wrong"] * PER_ACCOUNT + ["refused"] * (ATTEMPTS - PER_ACCOUNT)
    # the limit is the account's: even the right password waits, from yet another address
    assert _guess(ATTEMPTS, password=PASSWORD) == "refused"


def test_the_admin_sign_in_is_allauths_with_the_same_limits(ada):
    first = Client().post("/admin/login/", {"username": "ada", "password": WRONG, "next": "/admin/"})
    assert (first.status_code, first["Location"]) == (302, "/accounts/login/?next=%2Fadmin%2F")
    verdicts = []
    for n in range(ATTEMPTS):
        browser = Client(**_address(n))
        login_page = browser.post("/admin/login/?next=/admin/", {"username": "ada", "password": WRONG})
        verdicts.append(_verdict(browser.post(login_page["Location"], {"login": "ada", "password": WRONG})))
    assert verdicts == ["wrong"] * PER_ACCOUNT + ["refused"] * (ATTEMPTS - PER_ACCOUNT)
    assert _guess(ATTEMPTS, password=PASSWORD) == "refused"


@pytest.mark.parametrize(
    ("language", "wrong", "too_many"),
    [
        ("en", WRONG_MESSAGE, TOO_MANY),
        (
            "zh-hant",
            "您提供的使用者名稱和／或密碼不正確。",
            "登入嘗試失敗次數過多，請稍後再試。",
        ),  # allauth's catalogue
    ],
)
def test_a_refused_sign_in_says_why_in_the_players_language(ada, language, wrong, too_many):
    said = []
    for n in range(PER_ACCOUNT + 1):
        answer = Client(HTTP_ACCEPT_LANGUAGE=language).post(
            "/accounts/login/", {"login": "ada", "password": WRONG}, **_address(n)
        )
        page = answer.content.decode()
        said.append("wrong" if wrong in page else "too many" if too_many in page else page)
    assert said == ["wrong"] * PER_ACCOUNT + ["too many"]


def test_a_right_password_still_signs_in_below_the_limit(ada):
    assert [_guess(n) for n in range(PER_ACCOUNT - 1)] == ["wrong"] * (PER_ACCOUNT - 1)
    browser = Client()
    answer = browser.post("/accounts/login/", {"login": "ada", "password": PASSWORD})
    assert (answer.status_code, answer["Location"]) == (302, "/")
    assert browser.get("/accounts/session/").json()["player"] == ada.pk


@pytest.mark.parametrize(
    ("language", "title"), [("en", "The admin needs a second factor"), ("zh-hant", "管理後台需要第二道驗證")]
)
def test_staff_without_a_second_factor_cannot_open_the_admin(language, title):
    Player.objects.create_superuser(username="boss", password=PASSWORD, name="Boss")
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    signed_in = browser.post("/accounts/login/", {"login": "boss", "password": PASSWORD})
    assert (signed_in.status_code, signed_in["Location"]) == (302, "/")
    admin = browser.get("/admin/")
    assert (admin.status_code, admin["Location"]) == (302, "/admin/login/?next=/admin/")
    refused = browser.get(admin["Location"])
    assert refused.status_code == 403
    assert f"<h1>{title}</h1>" in refused.content.decode()
    assert browser.get("/admin/accounts/player/").status_code == 302


def test_staff_with_a_second_factor_pass_allauths_step_and_open_the_admin():
    boss = Player.objects.create_superuser(username="boss", password=PASSWORD, name="Boss")
    secret = add_totp(boss)
    browser = Client()
    sign_in_with_second_factor(browser, "boss", PASSWORD, secret)
    assert browser.get("/admin/").status_code == 200
    assert browser.get("/admin/login/")["Location"] == "/admin/"


def test_staff_with_a_second_factor_signed_in_without_it_cannot_open_the_admin():
    """A session made before the authenticator was added never passed the step: it is refused."""
    boss = Player.objects.create_superuser(username="boss", password=PASSWORD, name="Boss")
    browser = Client()
    browser.post("/accounts/login/", {"login": "boss", "password": PASSWORD})
    add_totp(boss)
    assert browser.get("/admin/").status_code == 302
    assert browser.get("/admin/login/").status_code == 403


def test_a_player_who_is_not_staff_is_refused_the_admin(ada):
    browser = Client()
    browser.post("/accounts/login/", {"login": "ada", "password": PASSWORD})
    refused = browser.get("/admin/login/")
    assert refused.status_code == 403 and "This account cannot open the admin." in refused.content.decode()


def test_the_api_token_endpoint_counts_failures_against_the_account_too(ada):
    codes = []
    for n in range(PER_ACCOUNT + 2):
        answer = Client().post(
            "/api/auth/token/", {"username": "ada", "password": WRONG}, content_type="application/json", **_address(n)
        )
        codes.append(answer.status_code)
    assert codes == [400] * PER_ACCOUNT + [429, 429]
    assert answer.json()["error"] == "throttled" and answer["Retry-After"] == "300"
