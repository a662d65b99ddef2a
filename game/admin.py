from django.contrib import admin
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _

from .models import Game, Move


class MoveInline(admin.TabularInline):
    model = Move
    fields = ("seq", "kind", "slot", "row", "col", "points", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games are records of play: staff read them; the rules engine alone writes them."""

    list_display = ("id", "player", "mode", "challenge", "day", "status", "score", "moves", "stars", "created_at")
    list_filter = ("mode", "status", "day")
    search_fields = ("id", "player__username", "player__name")
    date_hierarchy = "created_at"
    inlines = [MoveInline]
    fieldsets = (
        (None, {"fields": ("player", "mode", "challenge", "day", "status", "target")}),
        (_("Position"), {"fields": ("board_text", "hand", "used", "score", "combo", "combo_moves_left", "moves", "continues_left")}),
        (_("Record"), {"fields": ("start_board_text", "hands", "stars", "created_at", "finished_at")}),
    )
    readonly_fields = (
        "player", "mode", "challenge", "day", "status", "target", "board_text", "hand", "used", "score", "combo",
        "combo_moves_left", "moves", "continues_left", "start_board_text", "hands", "stars", "created_at", "finished_at",
    )

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    @admin.display(description=_("board"))
    def board_text(self, game):
        return rows_html(game.board_rows)

    @admin.display(description=_("start board"))
    def start_board_text(self, game):
        return rows_html(game.start_board_rows)


def rows_html(rows):
    """A board's 8 text rows, one per line, in monospace."""
    return format_html_join("", "<code>{}</code><br>", ((row,) for row in rows))
