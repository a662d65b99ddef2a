from django import forms
from django.contrib import admin
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from blockknock.admin_records import RecordAdmin

from .models import Purchase, Theme
from .templatetags.looks import mini_board_html

SWATCHES = ("bg", "board", "cell", "block", "accent", "text")


@admin.register(Theme)
class ThemeAdmin(admin.ModelAdmin):
    """Looks, edited by staff: names, prices, order and colours. Saving checks that text stays readable."""

    list_display = ("name", "slug", "price", "order", "active", "swatches", "bought")
    list_display_links = ("name",)
    list_editable = ("price", "order", "active")
    list_filter = ("active",)
    search_fields = ("name", "name_zh_hant", "slug")
    prepopulated_fields = {"slug": ("name",)}
    readonly_fields = ("preview",)

    fieldsets = (
        (None, {"fields": ("name", "name_zh_hant", "slug", "price", "order", "active", "preview")}),
        (
            _("Colours"),
            {
                "fields": ("background", "background_2", "board", "cell", "block", "block_edge", "accent", "text"),
            },
        ),
        (
            _("Optional colours"),
            {
                "fields": ("text_dim", "accent_text", "gold", "pieces", "extra"),
                "description": _("Left blank, these are worked out from the colours above."),
            },
        ),
    )

    @property
    def media(self):
        looks = forms.Media(css={"all": (reverse("themes:looks_css"), "css/themes.css", "themes/admin.css")})
        return super().media + looks

    @admin.display(description=_("colours"))
    def swatches(self, theme):
        """The look's main colours as small squares (drawn by looks.css through data-theme: no inline styles)."""
        return format_html(
            '<span class="bk-swatches" data-theme="{}">{}</span>',
            theme.slug,
            format_html_join("", '<i class="{}" title="{}"></i>', ((part, part) for part in SWATCHES)),
        )

    @admin.display(description=_("preview"))
    def preview(self, theme):
        """The saved look on a mini board (save to see changes)."""
        if not theme.pk or not theme.active:
            return _("Shown here once the look is saved and active.")
        return format_html('<div class="bk-look-preview" data-theme="{}">{}</div>', theme.slug, mini_board_html())

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(bought_count=Count("purchases"))

    @admin.display(description=_("bought"), ordering="bought_count")
    def bought(self, theme):
        return theme.bought_count


@admin.register(Purchase)
class PurchaseAdmin(RecordAdmin):
    """Looks bought with stars: a record, written only by the shop."""

    list_display = ("created_at", "player", "theme", "price")
    list_filter = ("theme",)
    search_fields = ("player__username", "player__name", "theme__name")
    date_hierarchy = "created_at"
    readonly_fields = ("player", "theme", "price", "entry", "created_at")
