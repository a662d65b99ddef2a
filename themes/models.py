"""Looks (themes) and the looks players bought (docs/rules.md § Looks)."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from . import colours as colour_lib
from . import css


def validate_colour(value: str) -> None:
    """A colour as ``#rrggbb`` (or ``#rgb``, ``#rrggbbaa``) or ``rgb()``/``rgba()``."""
    try:
        colour_lib.parse(value)
    except ValueError:
        raise ValidationError(
            _("“%(value)s” is not a colour: use #rrggbb or rgba(r, g, b, a)."), code="colour", params={"value": value}
        ) from None


def validate_palette(value: str) -> None:
    """Exactly 8 colours separated by spaces or commas."""
    try:
        css.parse_palette(value)
    except ValueError as exc:
        raise ValidationError(_("Piece colours: %(problem)s."), code="palette", params={"problem": str(exc)}) from None


def validate_extra(value: str) -> None:
    """Lines of ``--property: value`` for the site's own custom properties."""
    try:
        css.parse_extra(value)
    except ValueError as exc:
        raise ValidationError(_("More colours: %(problem)s."), code="extra", params={"problem": str(exc)}) from None


class ColourField(models.CharField):
    """A CSS colour, checked on save."""

    default_validators = [validate_colour]

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("max_length", 40)
        super().__init__(*args, **kwargs)


class ThemeQuerySet(models.QuerySet):
    def active(self):
        return self.filter(active=True)


class Theme(models.Model):
    """A look: the colours of every page, switched by ``<html data-theme="slug">``.

    The colours become CSS custom properties in the generated stylesheet
    ``/themes/looks.css`` (:mod:`themes.css`), so a new look is a new row. A look
    with price 0 is owned by every player; the others are bought with stars.
    """

    name = models.CharField(_("name"), max_length=40)
    name_zh_hant = models.CharField(
        _("name in Traditional Chinese"),
        max_length=40,
        blank=True,
        help_text=_("Shown when the site is in 繁體中文; the English name is used if blank."),
    )
    slug = models.SlugField(
        _("slug"),
        max_length=40,
        unique=True,
        help_text=_("The look's id in the page, the API and players' settings. Do not change it once players use it."),
    )
    price = models.PositiveIntegerField(
        _("price in stars"), default=0, help_text=_("0 makes the look free for everyone.")
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0, help_text=_("Position in the shop, lowest first."))
    active = models.BooleanField(
        _("active"),
        default=True,
        help_text=_("Inactive looks leave the shop and cannot be bought or used; players wearing one see Glass."),
    )

    background = ColourField(
        _("page background"), help_text=_("The page's main colour (top and bottom of its gradient).")
    )
    background_2 = ColourField(_("page background, middle"), help_text=_("The middle of the page's gradient."))
    board = ColourField(_("board"), help_text=_("The board under the cells; may be translucent (rgba)."))
    cell = ColourField(_("empty cell"), help_text=_("An empty square of the board; usually translucent."))
    block = ColourField(_("block fill"), help_text=_("Blocks on the board."))
    block_edge = ColourField(_("block edge"), help_text=_("The shaded lower edge of every block; usually translucent."))
    accent = ColourField(_("accent"), help_text=_("Links and main buttons."))
    text = ColourField(_("text"), help_text=_("Main text; needs 4.5:1 contrast on every background of the look."))
    text_dim = ColourField(
        _("secondary text"), blank=True, help_text=_("Blank: the text colour, faded as far as stays readable.")
    )
    accent_text = ColourField(
        _("text on accent"), blank=True, help_text=_("Blank: dark or light, whichever reads better.")
    )
    gold = ColourField(
        _("highlight"),
        blank=True,
        help_text=_("Stars, crowns, the combo. Blank: a gold that suits a dark or light look."),
    )
    pieces = models.CharField(
        _("piece colours"),
        max_length=400,
        blank=True,
        validators=[validate_palette],
        help_text=_("8 colours for the piece families, separated by spaces. Blank: 8 hues at the block's lightness."),
    )
    extra = models.TextField(
        _("more colours"),
        blank=True,
        validators=[validate_extra],
        help_text=_(
            "Fine-tuning: lines of “--property: value” for any of the site's colour properties "
            "(see static/css/base.css)."
        ),
    )

    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    objects = ThemeQuerySet.as_manager()

    class Meta:
        verbose_name = _("look")
        verbose_name_plural = _("looks")
        ordering = ["order", "price", "pk"]

    def __str__(self) -> str:
        return self.name

    @property
    def display_name(self) -> str:
        """The name in the current language."""
        if self.name_zh_hant and (get_language() or "").lower().startswith("zh"):
            return self.name_zh_hant
        return self.name

    @property
    def is_free(self) -> bool:
        return self.price == 0

    def variables(self) -> dict[str, str]:
        """Every custom property of this look (see :func:`themes.css.look_variables`)."""
        return css.look_variables(css.LookColours.of(self))

    def clean(self) -> None:
        """Refuse colours that would make text hard to read (WCAG AA, 4.5:1)."""
        super().clean()
        for name in ("background", "background_2", "text", "accent", "accent_text"):
            try:
                colour = colour_lib.parse(getattr(self, name)) if getattr(self, name) else None
            except ValueError:
                continue  # the field's own validator reports it
            if colour is not None and colour.a < 1:
                raise ValidationError({name: ValidationError(_("This colour must be opaque."), code="opaque")})
        try:
            variables = self.variables()
        except ValueError:
            return  # a field's own validator reports it
        problems = css.readability_problems(variables)
        if problems:
            raise ValidationError(
                _("Hard to read: %(problems)s. Make the text and background colours further apart."),
                code="contrast",
                params={
                    "problems": "; ".join(f"{label} {ratio}:1 (needs {need}:1)" for label, ratio, need in problems[:4])
                },
            )


class Purchase(models.Model):
    """A look a player bought with stars: owned for good, paid exactly once.

    The star ledger row that paid for it is ``entry`` (negative ``amount``, reason
    ``purchase``); both are written in one transaction by :func:`themes.services.theme_buy`.
    """

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="purchases", verbose_name=_("player")
    )
    theme = models.ForeignKey(Theme, on_delete=models.PROTECT, related_name="purchases", verbose_name=_("look"))
    price = models.PositiveIntegerField(_("price paid"))
    entry = models.OneToOneField(
        "accounts.StarEntry",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="purchase",
        verbose_name=_("star ledger entry"),
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("look bought")
        verbose_name_plural = _("looks bought")
        ordering = ["-created_at", "-pk"]
        constraints = [models.UniqueConstraint(fields=["player", "theme"], name="purchase_once_per_look")]

    def __str__(self) -> str:
        return f"{self.player} · {self.theme} ({self.price}★)"
