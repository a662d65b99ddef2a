"""The OpenAPI schema (drf-spectacular): rate limits documented on every call that has one.

A view with a ``throttle_scope`` (blockknock/throttles.py) can answer ``429
{"error": "throttled", "detail"}`` with a ``Retry-After`` header; this schema class
adds that answer to each of its operations, so no view has to list it (and none
can forget it).
"""

from drf_spectacular import openapi

RETRY_AFTER = {
    "Retry-After": {
        "schema": {"type": "integer"},
        "description": "Seconds to wait before the call is allowed again.",
        "required": True,
    },
}


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's schema, with ``429`` and its ``Retry-After`` header on every throttled call."""

    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        if operation is not None and getattr(self.view, "throttle_scope", None):
            from blockknock.api.errors import ErrorSerializer

            error = self.resolve_serializer(ErrorSerializer, "response").ref
            operation["responses"]["429"] = {
                "content": {"application/json": {"schema": error}},
                "headers": RETRY_AFTER,
                "description": "Over the call's rate limit (`error`: `throttled`).",
            }
        return operation
