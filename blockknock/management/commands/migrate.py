"""Django's ``migrate``, one at a time on PostgreSQL and without the statement timeout.

Hosts of a rolling deploy may each run ``manage.py migrate``: without a lock two of
them apply the same migration at once and one fails half-way. A session-level
advisory lock (held across the migrations' own transactions, released when the
session ends however it ends) makes the second wait for the first, then find
nothing left to apply. A migration may rewrite a large table, so the site's
statement timeout (DATABASE_STATEMENT_TIMEOUT) is lifted for this session; its
lock timeout stays, so a migration that cannot get a table's lock gives up (run it
again) instead of queueing every request behind it.
"""

from django.core.management.commands import migrate
from django.db import connections

# Any fixed 64-bit number, the same on every host: b"bk:mgrte" read as a big-endian integer.
MIGRATE_LOCK = int.from_bytes(b"bk:mgrte", "big", signed=True)


class Command(migrate.Command):
    help = migrate.Command.help + " On PostgreSQL, one migrate at a time (an advisory lock)."

    def handle(self, *args, **options):
        connection = connections[options["database"]]
        if connection.vendor != "postgresql":
            return super().handle(*args, **options)
        with connection.cursor() as cursor:
            cursor.execute("SET statement_timeout = 0")
            cursor.execute("SET lock_timeout = 0")  # waiting for another migrate may take long
            cursor.execute("SELECT pg_advisory_lock(%s)", [MIGRATE_LOCK])
            cursor.execute("RESET lock_timeout")
        try:
            return super().handle(*args, **options)
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [MIGRATE_LOCK])
                cursor.execute("RESET statement_timeout")
