"""Load and fault runs against a real server (not collected by pytest: no test_ modules).

- ``scripts/loadtest``: gunicorn (production settings) on PostgreSQL + Redis on
  127.0.0.1, Locust players (locustfile.py), then check.py compares what every
  client was told with the games' records. See run.py.
- ``scripts/faults``: players (players.py) while a web worker is killed
  mid-move, PostgreSQL restarts and Redis stops; then the same check and the
  replay audit. See faults.py.
- ``scripts/drill``: the site as it runs on many machines, on this one (a PostgreSQL
  primary and streaming replica, Redis, two web hosts behind nginx, a worker and
  beat) under Locust load while a host is killed, the other frozen and a row lock
  held; then the books, the replica and the proxy chain. See drill.py.
"""
