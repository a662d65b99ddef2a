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
keepalive = 5  # seconds an idle keep-alive connection stays open (behind a proxy that reuses them)
timeout = 30
graceful_timeout = 10
