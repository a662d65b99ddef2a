from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _

from .models import Player


@admin.register(Player)
class PlayerAdmin(UserAdmin):
    """Players in the admin: accounts and guests, with their stars and level."""

    list_display = ("username", "name", "is_guest", "stars", "level", "date_joined", "is_staff")
    list_filter = ("is_guest", "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "name", "email")
    game_fields = ("name", "is_guest", "stars", "level", "theme", "language", "signed_out_at")
    fieldsets = (*(UserAdmin.fieldsets or ()), (_("Game"), {"fields": game_fields}))
    readonly_fields = ("stars", "signed_out_at")
