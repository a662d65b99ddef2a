"""The deploy files in the repository are valid for their tools and agree with the settings:
nginx's site (``nginx -t``), the systemd units (``systemd-analyze verify`` where it is installed),
gunicorn's bind address, and the timeouts that must nest (nginx < gunicorn keep-alive; the
database's statement timeout < nginx's read timeout; gunicorn's graceful stop < systemd's)."""

from __future__ import annotations

import configparser
import os
import re
import runpy
import shutil
import subprocess
from pathlib import Path
from unittest import mock

import pytest

from blockknock.settings.connections import STATEMENT_TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
NGINX_SITE = ROOT / "deploy" / "nginx" / "blockknock.conf"
UNITS = {name: ROOT / "deploy" / "systemd" / f"blockknock-{name}.service" for name in ("web", "worker", "beat")}
RELEASE = "/srv/blockknock/current"
CERTIFICATE = ("/etc/ssl/blockknock/fullchain.pem", "/etc/ssl/blockknock/privkey.pem")
# nginx is installed by scripts/test (as Chromium is) where it is missing; Debian puts it in /usr/sbin.
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def gunicorn_conf(**environ: str) -> dict:
    with mock.patch.dict(os.environ, environ):
        if "PORT" not in environ:
            os.environ.pop("PORT", None)
        return runpy.run_path(str(ROOT / "gunicorn.conf.py"))


def nginx_seconds(directive: str) -> int:
    [value] = re.findall(rf"^\s*{directive} (\d+)s;", NGINX_SITE.read_text(), flags=re.M)
    return int(value)


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # systemd's keys are case-sensitive
    parser.read(UNITS[name])
    return parser


def test_nginx_accepts_the_site(tmp_path):
    """The site with a throw-away certificate in place of the real one, in a prefix of its own."""
    key, certificate = tmp_path / "key.pem", tmp_path / "cert.pem"
    openssl = ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=test"]
    subprocess.run([*openssl, "-keyout", str(key), "-out", str(certificate)], check=True, capture_output=True)
    site = NGINX_SITE.read_text()
    for real, test in zip(CERTIFICATE, (certificate, key)):
        assert real in site
        site = site.replace(real, str(test))
    (tmp_path / "site.conf").write_text(site)
    kinds = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")  # nginx's own are under /var/lib/nginx
    temp_paths = "".join(f"    {kind}_temp_path {tmp_path / kind};\n" for kind in kinds)
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path / 'nginx.pid'};\nerror_log {tmp_path / 'error.log'};\nevents {{}}\n"
        f"http {{\n    access_log off;\n{temp_paths}    include {tmp_path / 'site.conf'};\n}}\n"
    )
    result = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


def test_nginx_sets_the_forwarded_headers_itself():
    site = NGINX_SITE.read_text()
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in site
    assert "proxy_set_header X-Forwarded-Proto $scheme;" in site
    assert "$proxy_add_x_forwarded_for" not in site  # a client's own X-Forwarded-For is never passed on
    # only errors and timeouts, never non_idempotent: a POST that reached a host is not sent again
    assert re.findall(r"^\s*proxy_next_upstream (.+);", site, flags=re.M) == ["error timeout"]


def test_the_timeouts_nest():
    conf = gunicorn_conf()
    assert nginx_seconds("keepalive_timeout") == 60 < conf["keepalive"] == 75
    assert (STATEMENT_TIMEOUT, nginx_seconds("proxy_read_timeout")) == ("5s", 6)
    assert (nginx_seconds("proxy_connect_timeout"), conf["timeout"]) == (2, 30)
    assert unit("web")["Service"]["TimeoutStopSec"] == str(conf["graceful_timeout"] + 5) == "15"


def test_every_host_is_checked_passively():
    servers = re.findall(r"^\s*server (\S+) (.+);", NGINX_SITE.read_text(), flags=re.M)
    assert servers == [
        ("10.0.0.11:8000", "max_fails=2 fail_timeout=10s"),
        ("10.0.0.12:8000", "max_fails=2 fail_timeout=10s"),
    ]


@pytest.mark.parametrize(("environ", "bind"), [({}, ["127.0.0.1:8000"]), ({"PORT": "8123"}, ["127.0.0.1:8123"])])
def test_gunicorn_binds_this_machine_on_port(environ, bind):
    assert gunicorn_conf(**environ)["bind"] == bind


@pytest.mark.parametrize("name", UNITS)
def test_each_unit_restarts_on_failure_with_the_shared_environment(name):
    service = unit(name)["Service"]
    assert (service["Restart"], service["EnvironmentFile"]) == ("on-failure", "/etc/blockknock/blockknock.env")
    assert service["ExecStart"].startswith(f"{RELEASE}/.venv/bin/")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed (optional)")
def test_systemd_accepts_the_units(tmp_path):
    """``systemd-analyze verify`` with this checkout as the release (its .venv has the commands)."""
    for path in UNITS.values():
        (tmp_path / path.name).write_text(path.read_text().replace(RELEASE, str(ROOT)))
    result = subprocess.run(
        ["systemd-analyze", "verify", *(str(tmp_path / path.name) for path in UNITS.values())],
        capture_output=True,
        text=True,
    )
    assert (result.returncode, result.stdout + result.stderr) == (0, "")
