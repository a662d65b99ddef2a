"""The process environment, read in exactly one place: :data:`env` (settings/base.py and the
settings modules derive everything from it)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from . import connections

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def _csv(value: str | None) -> list[str]:
    return [item.strip() for item in (value or "").split(",") if item.strip()]


def _flag(value: str | None) -> bool | None:
    if value is None or value.strip() == "":
        return None
    return value.strip().lower() in {"1", "true", "yes", "on"}


@dataclass(frozen=True)
class Env:
    secret_key: str | None  # SECRET_KEY (required by production)
    debug: bool | None  # DJANGO_DEBUG: overrides the settings module's default
    allowed_hosts: list[str]  # ALLOWED_HOSTS: comma-separated
    csrf_trusted_origins: list[str]  # CSRF_TRUSTED_ORIGINS: comma-separated
    database_url: str | None  # DATABASE_URL: e.g. postgres://postgres@127.0.0.1:5432/blockknock
    database_statement_timeout: str  # DATABASE_STATEMENT_TIMEOUT: PostgreSQL's statement_timeout ("5s"; "0": none)
    database_lock_timeout: str  # DATABASE_LOCK_TIMEOUT: PostgreSQL's lock_timeout ("2s"; "0": none)
    database_replica_url: str | None  # DATABASE_REPLICA_URL: a streaming replica (blockknock/replica.py)
    replica_reads: bool | None  # REPLICA_READS: "0" leaves the replica unused (on when DATABASE_REPLICA_URL is set)
    celery_broker_url: str | None  # CELERY_BROKER_URL: e.g. redis://127.0.0.1:6379/0
    redis_url: str | None  # REDIS_URL: Django cache (falls back to a redis broker URL)
    var_dir: Path  # BLOCKKNOCK_VAR_DIR: runtime state (SQLite db, broker spool, beat schedule)
    static_root: Path  # STATIC_ROOT: where collectstatic writes (default staticfiles/ in the checkout)
    log_level: str  # LOG_LEVEL
    trusted_proxies: list[str]  # TRUSTED_PROXIES: proxies' addresses/CIDRs, comma-separated (blockknock/proxies.py)
    num_proxies: str | None  # NUM_PROXIES: replaced by TRUSTED_PROXIES; production refuses to start while it is set
    email_url: str | None  # EMAIL_URL: smtp://user:password@host:port (smtp+tls:// or ?tls=1 for STARTTLS)
    email_host: str | None  # EMAIL_HOST (with EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS)
    email_port: int | None  # EMAIL_PORT
    email_user: str  # EMAIL_HOST_USER
    email_password: str  # EMAIL_HOST_PASSWORD
    email_use_tls: bool | None  # EMAIL_USE_TLS
    default_from_email: str | None  # DEFAULT_FROM_EMAIL: the sender of the site's mails


env = Env(
    secret_key=os.environ.get("SECRET_KEY") or None,
    debug=_flag(os.environ.get("DJANGO_DEBUG")),
    allowed_hosts=_csv(os.environ.get("ALLOWED_HOSTS")),
    csrf_trusted_origins=_csv(os.environ.get("CSRF_TRUSTED_ORIGINS")),
    database_url=os.environ.get("DATABASE_URL") or None,
    database_statement_timeout=os.environ.get("DATABASE_STATEMENT_TIMEOUT") or connections.STATEMENT_TIMEOUT,
    database_lock_timeout=os.environ.get("DATABASE_LOCK_TIMEOUT") or connections.LOCK_TIMEOUT,
    database_replica_url=os.environ.get("DATABASE_REPLICA_URL") or None,
    replica_reads=_flag(os.environ.get("REPLICA_READS")),
    celery_broker_url=os.environ.get("CELERY_BROKER_URL") or None,
    redis_url=os.environ.get("REDIS_URL") or None,
    var_dir=Path(os.environ.get("BLOCKKNOCK_VAR_DIR") or BASE_DIR / "var"),
    static_root=Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles"),
    log_level=(os.environ.get("LOG_LEVEL") or "INFO").upper(),
    trusted_proxies=_csv(os.environ.get("TRUSTED_PROXIES")),
    num_proxies=os.environ.get("NUM_PROXIES"),
    email_url=os.environ.get("EMAIL_URL") or None,
    email_host=os.environ.get("EMAIL_HOST") or None,
    email_port=int(os.environ["EMAIL_PORT"]) if os.environ.get("EMAIL_PORT", "").strip() else None,
    email_user=os.environ.get("EMAIL_HOST_USER") or "",
    email_password=os.environ.get("EMAIL_HOST_PASSWORD") or "",
    email_use_tls=_flag(os.environ.get("EMAIL_USE_TLS")),
    default_from_email=os.environ.get("DEFAULT_FROM_EMAIL") or None,
)
