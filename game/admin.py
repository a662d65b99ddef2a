from django import forms
from django.contrib import admin
from django.contrib.admin.utils import flatten_fieldsets
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _

from blockknock.admin_records import RecordAdmin

from .models import Challenge, ChallengeVersion, DailyClose, Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    """Games are records of play: staff read them; the rules engine alone writes them."""

    list_display = ("id", "player", "mode", "challenge", "day", "status", "score", "moves", "stars", "created_at")
    list_filter = ("mode", "status", "day")
    search_fields = ("id", "player__username", "player__name")
    date_hierarchy = "created_at"
    fieldsets = (
        (None, {"fields": ("player", "mode", "challenge", "challenge_version", "day", "status", "target")}),
        (
            _("Position"),
            {
                "fields": (
                    "board_text",
                    "hand",
                    "used",
                    "deals",
                    "score",
                    "combo",
                    "combo_moves_left",
                    "moves",
                    "continues_left",
                )
            },
        ),
        (
            _("Record"),
            {
                "fields": (
                    "rules_version",
                    "dealer",
                    "start_board_text",
                    "events_text",
                    "stars",
                    "created_at",
                    "finished_at",
                )
            },
        ),
    )
    readonly_fields = flatten_fieldsets(fieldsets)  # staff read every field shown

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

    @admin.display(description=_("events"))
    def events_text(self, game):
        """The record's events, one per line: ``slot row col`` for a placement, else its kind."""
        return format_html_join(
            "", "<code>{}</code><br>", ((" ".join(str(part) for part in event),) for event in game.events)
        )


def rows_html(rows):
    """A board's 8 text rows, one per line, in monospace."""
    return format_html_join("", "<code>{}</code><br>", ((row,) for row in rows))


class ChallengeForm(forms.ModelForm):
    """The start board typed as 8 lines of ``.``/``#``, previewed live as a board."""

    class Meta:
        model = Challenge
        fields = ("number", "target", "start_board", "piece_set", "active")
        widgets = {
            "start_board": forms.Textarea(
                attrs={
                    "rows": 8,
                    "cols": 10,
                    "class": "bk-board-input",
                    "spellcheck": "false",
                }  # monospace: board_preview.css
            )
        }


class ChallengeVersionInline(admin.TabularInline):
    """The published versions of a challenge, read-only: games were played under them, so they never change.
    Saving a changed definition above publishes the next one (:meth:`Challenge.publish`)."""

    model = ChallengeVersion
    fields = ("version", "target", "board_text", "piece_set", "published_at")
    readonly_fields = fields
    extra = 0
    ordering = ("-version",)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(description=_("start board"))
    def board_text(self, version):
        return rows_html(version.board_rows)


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    """The Challenge ladder, edited by staff; boards are checked on save (8×8, no full line). A save that
    changes the target, start board or piece set publishes a new version; earlier games keep theirs."""

    form = ChallengeForm
    inlines = (ChallengeVersionInline,)
    list_display = ("number", "target", "blocks", "piece_set_shown", "version_shown", "active")
    list_editable = ("target", "active")
    list_filter = ("active",)
    search_fields = ("number",)
    fieldsets = (
        (None, {"fields": ("number", "target", "active")}),
        (_("Start"), {"fields": ("start_board", "piece_set")}),
    )

    class Media:
        js = ("game/board_preview.js",)
        css = {"all": ("game/board_preview.css",)}

    @admin.display(description=_("blocks"))
    def blocks(self, challenge):
        return challenge.start_board.count("#")

    @admin.display(description=_("pieces"))
    def piece_set_shown(self, challenge):
        return len(challenge.pieces)

    @admin.display(description=_("version"))
    def version_shown(self, challenge):
        """The latest published version (what new games are played under once saved)."""
        return max((version.version for version in challenge.versions.all()), default="—")

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("versions")

    def get_readonly_fields(self, request, obj=None):
        """A saved challenge keeps its number: its games and published versions are known by it."""
        return ("number",) if obj is not None else ()


@admin.register(DailyClose)
class DailyCloseAdmin(RecordAdmin):
    """Closed Dailies with their winners and when the closing job ran; written only by that job."""

    list_display = ("day", "closed_at", "top_score", "winner_names", "finished", "expired")
    date_hierarchy = "day"
    readonly_fields = ("day", "closed_at", "top_score", "winners", "finished", "expired")

    @admin.display(description=_("winners"))
    def winner_names(self, closed):
        return ", ".join(closed.winners) or "—"
