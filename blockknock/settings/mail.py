"""The SMTP server of production from the environment: ``EMAIL_URL`` or ``EMAIL_HOST`` and its companions.

>>> smtp("smtp+tls://mailer:s%40cret@mail.example.org:587", None, None, "", "", None)
Smtp(host='mail.example.org', port=587, user='mailer', password='s@cret', use_tls=True, use_ssl=False)
>>> smtp("smtps://mail.example.org", None, None, "", "", None).port
465
>>> smtp(None, "mail.example.org", None, "u", "p", True)
Smtp(host='mail.example.org', port=587, user='u', password='p', use_tls=True, use_ssl=False)
>>> smtp(None, None, None, "", "", None) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

SCHEMES = {"smtp": (False, False), "smtp+tls": (True, False), "smtps": (False, True), "smtp+ssl": (False, True)}
"""URL scheme → (STARTTLS, implicit TLS)."""


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    user: str
    password: str
    use_tls: bool  # STARTTLS after connecting (port 587)
    use_ssl: bool  # TLS from the first byte (port 465)


def smtp(url: str | None, host: str | None, port: int | None, user: str, password: str, use_tls: bool | None):
    """The server to send through, or ``None`` when neither ``url`` nor ``host`` names one.

    The separate variables fill what the URL leaves out; ``?tls=1`` in a ``smtp://`` URL asks for STARTTLS.
    :raises ValueError: a URL scheme other than :data:`SCHEMES`.
    """
    if url:
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES:
            raise ValueError(f"EMAIL_URL: unknown scheme {parts.scheme!r} (one of {', '.join(SCHEMES)})")
        starttls, implicit = SCHEMES[parts.scheme]
        starttls = starttls or parse_qs(parts.query).get("tls", ["0"])[0] in {"1", "true", "yes"}
        host = parts.hostname or host
        port = parts.port or port
        user = unquote(parts.username or "") or user
        password = unquote(parts.password or "") or password
    elif host:
        starttls, implicit = bool(use_tls), False
    else:
        return None
    starttls = starttls if use_tls is None else use_tls
    default_port = 465 if implicit else 587 if starttls else 25
    return Smtp(
        host=host or "localhost",
        port=port or default_port,
        user=user,
        password=password,
        use_tls=starttls and not implicit,
        use_ssl=implicit,
    )


def mailers(server: Smtp | None, *, file_path) -> dict:
    """Django's ``MAILERS``: SMTP through ``server``, else each mail written as a file in ``file_path``."""
    if server is None:
        return {
            "default": {
                "BACKEND": "django.core.mail.backends.filebased.EmailBackend",
                "OPTIONS": {"file_path": str(file_path)},
            }
        }
    options = {
        "host": server.host,
        "port": server.port,
        "username": server.user,
        "password": server.password,
        "use_tls": server.use_tls,
        "use_ssl": server.use_ssl,
        "timeout": 10,  # a mail server that hangs fails the one request, not the worker
    }
    return {"default": {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": options}}
