"""The 17 looks shipped by the data migration, and the stylesheet made from them."""

import itertools
import re
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from themes import colours, css, selectors
from themes.models import Theme

from .conftest import SHIPPED

BASE_CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "base.css"
FREE = ["glass", "velvet-dusk", "midnight-arcade"]


def test_seventeen_looks_ship_three_of_them_free():
    assert len(SHIPPED) == 17
    assert len({look["slug"] for look in SHIPPED}) == 17
    assert [look["slug"] for look in SHIPPED if look["price"] == 0] == FREE


def test_prices_climb_steadily_from_aurora_at_50_to_paper_and_ink_at_1180():
    paid = [look for look in SHIPPED if look["price"]]
    assert (paid[0]["name"], paid[0]["price"]) == ("Aurora", 50)
    assert (paid[-1]["name"], paid[-1]["price"]) == ("Paper & Ink", 1180)
    prices = [look["price"] for look in paid]
    steps = [b - a for a, b in itertools.pairwise(prices)]
    assert all(step > 0 for step in steps)
    assert steps == sorted(steps)  # each step at least the one before: a steady climb
    assert [look["order"] for look in SHIPPED] == sorted(look["order"] for look in SHIPPED)


def test_the_looks_named_in_the_help_have_their_chinese_names():
    names = {look["name"]: look["name_zh_hant"] for look in SHIPPED}
    assert names["Glass"] == "玻璃"
    assert names["Velvet Dusk"] == "絲絨暮色"
    assert names["Midnight Arcade"] == "午夜街機"
    assert names["Aurora"] == "極光"
    assert names["Paper & Ink"] == "紙與墨"
    assert all(look["name_zh_hant"] for look in SHIPPED)


def test_the_migration_put_the_looks_in_the_database(looks):
    assert list(Theme.objects.values_list("slug", flat=True)) == [look["slug"] for look in SHIPPED]


def test_paper_and_ink_is_a_light_look(looks):
    assert looks["paper-ink"].variables()["color-scheme"] == "light"
    assert looks["glass"].variables()["color-scheme"] == "dark"


def _glass_block_of_base_css() -> dict[str, str]:
    text = BASE_CSS.read_text()
    block = re.search(r':root,\s*\[data-theme="glass"\]\s*\{(.*?)\}', text, re.S).group(1)
    block = re.sub(r"/\*.*?\*/", "", block, flags=re.S)
    return {m.group(1): m.group(2).strip() for m in re.finditer(r"(--[\w-]+)\s*:\s*([^;]+);", block)}


def _same(name, a, b):
    if name in css.NOT_COLOURS:
        return " ".join(a.split()) == " ".join(b.split())
    return colours.parse(a) == colours.parse(b)


def test_glass_is_exactly_the_default_look_of_base_css(looks):
    site = _glass_block_of_base_css()
    generated = looks["glass"].variables()
    assert set(site) == set(css.VARIABLES)  # every colour property is a look's to set
    different = {name: (site[name], generated[name]) for name in site if not _same(name, site[name], generated[name])}
    assert different == {}


def test_every_look_sets_every_property(looks):
    for look in looks.values():
        variables = look.variables()
        assert list(variables) == ["color-scheme", *css.VARIABLES], look.slug


def test_the_stylesheet_has_one_block_per_active_look(looks):
    looks["terminal"].active = False
    looks["terminal"].save()
    text = selectors.stylesheet()
    slugs = re.findall(r'^\[data-theme="([^"]+)"\] \{$', text, re.M)
    assert slugs == [look["slug"] for look in SHIPPED if look["slug"] != "terminal"]
    assert "--bg-1: #f6f1e7;" in text  # Paper & Ink's page


def test_the_stylesheet_version_changes_when_a_look_is_edited(looks):
    before = selectors.stylesheet_version()
    assert selectors.stylesheet_version() == before
    aurora = looks["aurora"]
    aurora.block = "#40d8a8"
    aurora.save()
    after = selectors.stylesheet_version()
    assert after != before
    assert "--block: #40d8a8;" in selectors.stylesheet(version=after)


def test_a_new_look_needs_no_code_blank_colours_are_worked_out(looks):
    look = Theme(
        name="Sunrise",
        slug="sunrise",
        price=99,
        order=999,
        background="#1a0f0a",
        background_2="#2e1a10",
        board="rgba(20, 10, 5, 0.6)",
        cell="rgba(255, 200, 150, 0.07)",
        block="#ff9a3c",
        block_edge="rgba(0, 0, 0, 0.25)",
        accent="#ffb870",
        text="#fff4ea",
    )
    look.full_clean()
    look.save()
    variables = look.variables()
    assert len({variables[f"--c-{i}"] for i in range(1, 9)}) == 8  # eight piece hues
    assert '[data-theme="sunrise"]' in selectors.stylesheet()


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("block", "red", "colour"),
        ("text", "#12345", "colour"),
        ("accent", "rgba(300, 0, 0, 1)", "colour"),
        ("pieces", "#fff #000", "palette"),
        ("extra", "--text: #fff; } body { display: none", "extra"),
        ("extra", "--not-ours: #fff", "extra"),
        ("extra", "--panel-shadow: 0 0 1px red; } x {", "extra"),
    ],
)
def test_colours_that_are_not_colours_are_refused(looks, field, value, code):
    look = looks["aurora"]
    setattr(look, field, value)
    with pytest.raises(ValidationError) as refused:
        look.full_clean()
    assert code in [error.code for error in refused.value.error_dict[field]]


def test_a_look_with_unreadable_text_is_refused(looks):
    look = looks["aurora"]
    look.text = "#2a4a44"  # dark green text on a dark green page
    with pytest.raises(ValidationError) as refused:
        look.full_clean()
    assert refused.value.error_dict["__all__"][0].code == "contrast"


def test_the_page_background_must_be_opaque(looks):
    look = looks["aurora"]
    look.background = "rgba(0, 0, 0, 0.5)"
    with pytest.raises(ValidationError) as refused:
        look.full_clean()
    assert refused.value.error_dict["background"][0].code == "opaque"


def test_a_look_keeps_its_english_name_without_a_chinese_one(looks):
    from django.utils import translation

    with translation.override("zh-hant"):
        assert looks["paper-ink"].display_name == "紙與墨"
        looks["paper-ink"].name_zh_hant = ""
        assert looks["paper-ink"].display_name == "Paper & Ink"
    with translation.override("en"):
        assert looks["aurora"].display_name == "Aurora"


def test_colours_doctests():
    import doctest

    assert doctest.testmod(colours).failed == 0
