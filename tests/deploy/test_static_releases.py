"""Two releases serve at once during a rolling deploy: a page of either must find its static files.

Each release collects into the same ``STATIC_ROOT`` without clearing it, and nginx serves ``/static/`` from that
folder itself (deploy/nginx/blockknock.conf), so the answer never depends on which host's release a request
would have reached. Here the site's own ``location /static/`` runs on a real nginx over a folder two releases
collected into (README § Production: Rolling deploys, step 1).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.deploy.test_files import NGINX, NGINX_SITE, ROOT
from tests.load.drill_services import free_port
from tests.load.server import wait_until

STATIC_LOCATION = re.compile(r"^    location /static/ \{.*?^    \}", re.S | re.M)


def _collect(release: Path, static_root: Path) -> str:
    """collectstatic of one release's files as production runs it (hashed names, no ``--clear``);
    returns the URL path its pages use for ``js/app.js``."""
    with override_settings(
        STATICFILES_DIRS=[release],
        STATICFILES_FINDERS=["django.contrib.staticfiles.finders.FileSystemFinder"],
        STATIC_ROOT=static_root,
        STORAGES={
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "blockknock.storage.StaticFilesStorage"},
        },
    ):
        call_command("collectstatic", interactive=False, verbosity=0)
    return "/static/" + json.loads((static_root / "staticfiles.json").read_text())["paths"]["js/app.js"]


def _release(folder: Path, text: str) -> Path:
    (folder / "js").mkdir(parents=True)
    (folder / "js" / "app.js").write_text(text)
    return folder


def _nginx_conf(prefix: Path, port: int, srv: Path) -> str:
    location = STATIC_LOCATION.search(NGINX_SITE.read_text())
    assert location is not None, "deploy/nginx/blockknock.conf serves no location /static/ itself"
    assert "root /srv/blockknock;" in location.group(0)
    temp = "".join(f"    {kind}_temp_path {prefix / kind};\n" for kind in ("client_body", "proxy", "fastcgi"))
    # as root, nginx's workers would run as nobody, who cannot read pytest's private tmp_path
    user = "user root;\n" if os.getuid() == 0 else ""
    return (
        f"{user}daemon off;\npid {prefix / 'nginx.pid'};\nerror_log {prefix / 'error.log'};\nevents {{}}\n"
        f"http {{\n    access_log off;\n{temp}    server {{\n        listen 127.0.0.1:{port};\n"
        f"{location.group(0).replace('/srv/blockknock', str(srv))}\n    }}\n}}\n"
    )


def _get(port: int, path: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, answer.read().decode()
    finally:
        connection.close()


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_the_deploy_collects_where_nginx_serves_static_files():
    environ = (ROOT / "deploy" / "systemd" / "blockknock.env").read_text()
    assert re.findall(r"^STATIC_ROOT=(.+)$", environ, flags=re.M) == ["/srv/blockknock/static"]


@pytest.mark.skipif(not Path(NGINX).exists(), reason="nginx is not installed (scripts/test installs it)")
def test_a_page_of_either_release_finds_its_static_files_through_nginx(tmp_path):
    srv = tmp_path / "srv"
    old = _collect(_release(tmp_path / "old", "export const release = 'old';\n"), srv / "static")
    new = _collect(_release(tmp_path / "new", "export const release = 'new';\n"), srv / "static")
    assert old != new
    prefix, port = tmp_path / "nginx", free_port()
    prefix.mkdir()
    (prefix / "nginx.conf").write_text(_nginx_conf(prefix, port, srv))
    nginx = subprocess.Popen([NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf")], stderr=subprocess.PIPE)
    try:
        wait_until(lambda: _listening(port) or nginx.poll() is not None, "nginx", timeout=20)
        assert nginx.poll() is None, nginx.stderr.read().decode() if nginx.stderr else ""
        answers = [_get(port, path) for path in (old, new, "/static/js/app.000000000000.js")]
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)
    assert answers == [
        (200, "export const release = 'old';\n"),
        (200, "export const release = 'new';\n"),
        (404, answers[2][1]),
    ]
