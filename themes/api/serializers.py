"""Shapes of the looks API (docs/api.md § Leaderboards, looks)."""

from rest_framework import serializers


class LookSerializer(serializers.Serializer):
    """``{"slug", "name", "price", "owned", "active"}``; ``active``: the look the player is using."""

    slug = serializers.SlugField()
    name = serializers.CharField(source="display_name")
    price = serializers.IntegerField()
    owned = serializers.BooleanField()
    active = serializers.BooleanField(source="in_use")
