"""gunicorn's settings for ``gunicorn blockknock.wsgi`` (read from the working directory).

Chosen with ``scripts/benchmark`` on a 2-core machine (README § Production,
"Workers, by measurement"): threaded workers keep connections alive (the sync
worker closes every connection after one answer) and overlap a request's waits
for PostgreSQL and Redis. About 1.5 workers per core; flags on the command line
override these.
"""

import os

# The address to serve on: this machine only unless told otherwise (gunicorn's own default with
# PORT set is every interface, 0.0.0.0). A host that the proxy reaches over the network binds its
# private address with GUNICORN_CMD_ARGS="--bind=10.0.0.11:8000" (deploy/systemd/blockknock.env).
bind = [f"127.0.0.1:{os.environ.get('PORT') or 8000}"]
worker_class = "gthread"
workers = 3
threads = 4
# Seconds an idle keep-alive connection stays open. Longer than the upstream idle timeout of
# the proxy in front (nginx's upstream keepalive_timeout and an AWS load balancer's idle
# timeout: 60 s by default), so the proxy always closes an idle connection first and never
# sends a request on one gunicorn has just closed (README § Production; tests/perf/test_keepalive.py).
keepalive = 75
# A worker whose main loop is silent this long is killed and replaced (gthread: the threads' requests
# are bounded by the database and Redis timeouts, blockknock/settings/connections.py).
timeout = 30
# On SIGTERM, requests in flight get this long to finish; systemd waits longer before it kills
# (TimeoutStopSec in deploy/systemd/blockknock-web.service).
graceful_timeout = 10
