"""gunicorn's settings for ``gunicorn blockknock.wsgi`` (read from the working directory).

Chosen with ``scripts/benchmark`` on a 2-core machine (README § Production,
"Workers, by measurement"): threaded workers keep connections alive (the sync
worker closes every connection after one answer) and overlap a request's waits
for PostgreSQL and Redis. About 1.5 workers per core; flags on the command line
override these.
"""

worker_class = "gthread"
workers = 3
threads = 4
# Seconds an idle keep-alive connection stays open. Longer than the upstream idle timeout of
# the proxy in front (nginx's upstream keepalive_timeout and an AWS load balancer's idle
# timeout: 60 s by default), so the proxy always closes an idle connection first and never
# sends a request on one gunicorn has just closed (README § Production; tests/perf/test_keepalive.py).
keepalive = 75
timeout = 30
graceful_timeout = 10
