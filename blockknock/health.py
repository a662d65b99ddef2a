"""``GET /healthz``: the process is up and serving Django, for load balancers and uptime checks.

Touches neither the database nor the cache and authenticates no one, so it
answers while PostgreSQL or Redis is down (the site's pages answer 503 then)
and costs only the framework's own request handling: the load benchmark
(``tests/load/bench_moves.py``) uses it as the floor a move is compared with.
Exempt from the HTTPS redirect in production (``SECURE_REDIRECT_EXEMPT``), so a
balancer may probe it over plain HTTP; its ``Host`` must still be in
``ALLOWED_HOSTS``.
"""

from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """``{"status": "ok"}``."""
    return JsonResponse({"status": "ok"})
