"""scripts/drill runs nginx with the deploy site's upstream and ``location /`` (tests/load/drill_services.py),
its own hosts in place of the production ones: a change to deploy/nginx/blockknock.conf reaches the
drill as it is, or fails here first, where the drill could no longer find the parts it takes."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.load import drill_report
from tests.load.drill_phases import CLIENT_SOURCE, FORGED
from tests.load.drill_services import nginx_conf

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def test_the_drill_runs_the_deploy_sites_upstream_and_timeouts_on_its_own_hosts(tmp_path):
    conf = nginx_conf(tmp_path, 18080, [18001, 18002])
    assert re.findall(r"^\s*server (\S+) (.+);", conf, flags=re.M) == [
        ("127.0.0.1:18001", "max_fails=2 fail_timeout=10s"),
        ("127.0.0.1:18002", "max_fails=2 fail_timeout=10s"),
    ]
    assert re.findall(r"^\s*(zone|keepalive|keepalive_timeout) (.+);", conf, flags=re.M) == [
        ("zone", "blockknock_web 64k"),
        ("keepalive", "16"),
        ("keepalive_timeout", "60s"),
    ]
    timeouts = re.findall(r"^\s*(proxy_\w+_timeout) (\S+);", conf, flags=re.M)
    assert timeouts == [
        ("proxy_connect_timeout", "2s"),
        ("proxy_send_timeout", "6s"),
        ("proxy_read_timeout", "6s"),
        ("proxy_next_upstream_timeout", "8s"),
    ]
    # plain HTTP in the drill: TLS is pretended, as the load runs pretend it (tests/load/server.py)
    assert "proxy_set_header X-Forwarded-Proto https;" in conf
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in conf
    assert "listen 127.0.0.1:18080;" in conf


def test_nginx_accepts_the_drills_configuration(tmp_path):
    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (tmp_path / kind).mkdir()
    (tmp_path / "nginx.conf").write_text(nginx_conf(tmp_path, 18080, [18001, 18002]))
    result = subprocess.run(
        [NGINX, "-t", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"), "-c", str(tmp_path / "nginx.conf")],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


@pytest.mark.parametrize(
    ("through_nginx", "direct_to_host", "holds"),
    [
        ([CLIENT_SOURCE], [CLIENT_SOURCE], True),
        ([CLIENT_SOURCE], [FORGED], False),  # a host believed a header sent straight to it
        (["127.0.0.1"], [CLIENT_SOURCE], False),  # every visitor counted as nginx
        ([FORGED], [CLIENT_SOURCE], False),
    ],
)
def test_the_drill_s_proxy_phase_fails_unless_both_ways_count_the_client(through_nginx, direct_to_host, holds):
    proxy = {"status": 200, "direct_status": 200, "through_nginx": through_nginx, "direct_to_host": direct_to_host}
    assert drill_report._proxy({"proxy": proxy})[1] is holds
