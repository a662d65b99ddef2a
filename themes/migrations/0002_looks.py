"""The 17 looks of docs/rules.md § Looks, with their colours.

Glass, Velvet Dusk and Midnight Arcade are free; the others climb steadily from
Aurora (50 stars) to Paper & Ink (1,180). Glass's colours are exactly the ones
static/css/base.css sets as the default. Staff edit all of this in the admin
afterwards; this migration only adds the looks that are missing.
"""

from django.db import migrations

LOOKS = [
    {
        "slug": "glass",
        "name": "Glass",
        "name_zh_hant": "玻璃",
        "price": 0,
        "order": 10,
        "background": "#050d20",
        "background_2": "#0b1d40",
        "board": "rgba(8, 20, 48, 0.55)",
        "cell": "rgba(150, 185, 255, 0.07)",
        "block": "#56b4ff",
        "block_edge": "rgba(0, 0, 0, 0.18)",
        "accent": "#6fc8ff",
        "text": "#e9f1ff",
        "text_dim": "#9db2d8",
        "accent_text": "#04142e",
        "gold": "#ffd36e",
        "pieces": "#5cb8ff #39d3c3 #9c86ff #ffc564 #ff8c7c #80e2a3 #ff85b9 #7190ff",
        "extra": (
            "--bg-3: #12306a\n"
            "--glow-1: rgba(72, 140, 255, 0.3)\n"
            "--glow-2: rgba(40, 210, 255, 0.14)\n"
            "--glow-3: rgba(140, 110, 255, 0.16)\n"
            "--panel: rgba(160, 195, 255, 0.07)\n"
            "--panel-strong: rgba(160, 195, 255, 0.12)\n"
            "--panel-border: rgba(190, 215, 255, 0.16)\n"
            "--panel-shadow: 0 18px 50px rgba(0, 6, 24, 0.45)\n"
            "--text-faint: #6f84ab\n"
            "--accent-strong: #3aa6ff\n"
            "--danger: #ff6f86\n"
            "--cell-empty-edge: rgba(190, 215, 255, 0.07)\n"
            "--line-glow: rgba(255, 236, 160, 0.85)\n"
            "--line-block: #ffd874\n"
            "--bad: rgba(255, 111, 134, 0.42)\n"
            "--overlay-bg: rgba(4, 11, 28, 0.62)\n"
            "--header-bg-1: rgba(8, 20, 48, 0.75)\n"
            "--header-bg-2: rgba(8, 20, 48, 0.35)\n"
            "--card-bg-1: rgba(30, 56, 110, 0.92)\n"
            "--card-bg-2: rgba(14, 30, 66, 0.94)\n"
            "--prose-text: #d4e1fa\n"
            "--input-bg: rgba(4, 12, 30, 0.55)\n"
            "--toast-bg: rgba(20, 36, 74, 0.95)\n"
            "--btn-hover: rgba(170, 205, 255, 0.18)\n"
            "--accent-hover: #8ed5ff\n"
            "--accent-glow: rgba(58, 166, 255, 0.35)\n"
            "--dot: rgba(190, 215, 255, 0.18)\n"
            "--used-edge: rgba(190, 215, 255, 0.1)\n"
            "--switch-off: rgba(190, 215, 255, 0.2)\n"
            "--backdrop: rgba(3, 8, 22, 0.6)\n"
            "--block-shadow: rgba(0, 10, 40, 0.35)\n"
            "--points-shadow: rgba(0, 20, 60, 0.35)\n"
            "--drag-shadow: rgba(0, 8, 30, 0.55)\n"
            "--drag-shadow-over: rgba(0, 8, 30, 0.45)\n"
            "--combo-on-1: #ffe08f\n"
        ),
    },
    {
        "slug": "velvet-dusk",
        "name": "Velvet Dusk",
        "name_zh_hant": "絲絨暮色",
        "price": 0,
        "order": 20,
        "background": "#170b1c",
        "background_2": "#2c1433",
        "board": "rgba(22, 8, 26, 0.55)",
        "cell": "rgba(255, 190, 230, 0.07)",
        "block": "#e07aa8",
        "block_edge": "rgba(50, 0, 25, 0.25)",
        "accent": "#f5a3c7",
        "text": "#fbeaf2",
        "text_dim": "",
        "accent_text": "#2a0a1a",
        "gold": "#ffcf8a",
        "pieces": "#e07aa8 #c08cff #ff9f7a #f7c86b #8fd1c1 #ff7f9f #a7a0ff #f2a3e6",
        "extra": "",
    },
    {
        "slug": "midnight-arcade",
        "name": "Midnight Arcade",
        "name_zh_hant": "午夜街機",
        "price": 0,
        "order": 30,
        "background": "#07060f",
        "background_2": "#130d2c",
        "board": "rgba(6, 3, 18, 0.7)",
        "cell": "rgba(120, 100, 255, 0.09)",
        "block": "#ff3fb0",
        "block_edge": "rgba(0, 0, 0, 0.3)",
        "accent": "#35f0ff",
        "text": "#f4f1ff",
        "text_dim": "",
        "accent_text": "#050414",
        "gold": "#ffe45c",
        "pieces": "#35f0ff #ff3fb0 #b26bff #ffe45c #ff7a3d #4dff9a #ff5c7a #5c7dff",
        "extra": "",
    },
    {
        "slug": "aurora",
        "name": "Aurora",
        "name_zh_hant": "極光",
        "price": 50,
        "order": 40,
        "background": "#04141a",
        "background_2": "#0a2a33",
        "board": "rgba(2, 16, 22, 0.55)",
        "cell": "rgba(140, 255, 220, 0.07)",
        "block": "#4be3b0",
        "block_edge": "rgba(0, 30, 20, 0.25)",
        "accent": "#7cf5c8",
        "text": "#e8fff8",
        "text_dim": "",
        "accent_text": "#032018",
        "gold": "#f3e38a",
        "pieces": "#4be3b0 #5fd4ff #a98bff #e0f58a #ff8fc8 #7cf5c8 #c58bff #5fa8ff",
        "extra": "",
    },
    {
        "slug": "ember",
        "name": "Ember",
        "name_zh_hant": "餘燼",
        "price": 85,
        "order": 50,
        "background": "#140b08",
        "background_2": "#2a140d",
        "board": "rgba(18, 8, 4, 0.6)",
        "cell": "rgba(255, 170, 120, 0.07)",
        "block": "#ff7a3d",
        "block_edge": "rgba(40, 10, 0, 0.3)",
        "accent": "#ffb36b",
        "text": "#fff0e6",
        "text_dim": "",
        "accent_text": "#2a1104",
        "gold": "#ffd36e",
        "pieces": "#ff7a3d #ffc14d #ff4f5e #f2e0a0 #e07b9a #ffa07a #c9a26b #ff9448",
        "extra": "",
    },
    {
        "slug": "deep-sea",
        "name": "Deep Sea",
        "name_zh_hant": "深海",
        "price": 130,
        "order": 60,
        "background": "#020c16",
        "background_2": "#06223a",
        "board": "rgba(0, 10, 20, 0.55)",
        "cell": "rgba(100, 200, 255, 0.07)",
        "block": "#1fc8d8",
        "block_edge": "rgba(0, 20, 40, 0.3)",
        "accent": "#4fe3f0",
        "text": "#e4f9ff",
        "text_dim": "",
        "accent_text": "#021a22",
        "gold": "#ffe08a",
        "pieces": "#1fc8d8 #3b8cff #7a6cff #ffd166 #ff7f8f #46e6a8 #c17bff #5ad1ff",
        "extra": "",
    },
    {
        "slug": "forest-moss",
        "name": "Forest Moss",
        "name_zh_hant": "苔林",
        "price": 180,
        "order": 70,
        "background": "#0b140d",
        "background_2": "#17281a",
        "board": "rgba(6, 14, 8, 0.55)",
        "cell": "rgba(190, 240, 170, 0.07)",
        "block": "#8cc96b",
        "block_edge": "rgba(10, 30, 0, 0.3)",
        "accent": "#b5e48c",
        "text": "#eef8e6",
        "text_dim": "",
        "accent_text": "#142207",
        "gold": "#f0d878",
        "pieces": "#8cc96b #5fb38a #d6c26b #c9a26b #e08e6b #b5e48c #a3c4e0 #7fa86b",
        "extra": "",
    },
    {
        "slug": "sakura",
        "name": "Sakura",
        "name_zh_hant": "櫻花",
        "price": 240,
        "order": 80,
        "background": "#fff4f6",
        "background_2": "#fde3ea",
        "board": "rgba(255, 255, 255, 0.6)",
        "cell": "rgba(160, 60, 100, 0.08)",
        "block": "#e0457a",
        "block_edge": "rgba(120, 20, 60, 0.25)",
        "accent": "#a8285a",
        "text": "#3a1423",
        "text_dim": "#74404f",
        "accent_text": "#ffffff",
        "gold": "#8f4f00",
        "pieces": "#e86a92 #f29fb5 #b084d8 #f0a35e #6fb9a8 #d65f7a #8fa0e0 #e8b04a",
        "extra": "",
    },
    {
        "slug": "terminal",
        "name": "Terminal",
        "name_zh_hant": "終端機",
        "price": 310,
        "order": 90,
        "background": "#020602",
        "background_2": "#061206",
        "board": "rgba(0, 8, 0, 0.7)",
        "cell": "rgba(60, 255, 120, 0.06)",
        "block": "#39ff7a",
        "block_edge": "rgba(0, 40, 10, 0.35)",
        "accent": "#5dff95",
        "text": "#c8ffd6",
        "text_dim": "",
        "accent_text": "#021005",
        "gold": "#e8ff6a",
        "pieces": "#39ff7a #24c95c #8dff9e #ffb000 #5dff95 #1fa84d #b4ffc4 #ffd060",
        "extra": "",
    },
    {
        "slug": "koi-pond",
        "name": "Koi Pond",
        "name_zh_hant": "錦鯉池",
        "price": 390,
        "order": 100,
        "background": "#04181a",
        "background_2": "#0b2e30",
        "board": "rgba(2, 20, 22, 0.55)",
        "cell": "rgba(150, 230, 220, 0.07)",
        "block": "#ff7b39",
        "block_edge": "rgba(60, 10, 0, 0.3)",
        "accent": "#ffa366",
        "text": "#f0fbf8",
        "text_dim": "",
        "accent_text": "#2a0f02",
        "gold": "#ffd36e",
        "pieces": "#ff7b39 #f2efe6 #e8434f #ffc857 #3fc1b0 #ff9f80 #8fb8de #d9a05b",
        "extra": "",
    },
    {
        "slug": "desert-dune",
        "name": "Desert Dune",
        "name_zh_hant": "沙丘",
        "price": 475,
        "order": 110,
        "background": "#f8ecd8",
        "background_2": "#efd9b6",
        "board": "rgba(255, 248, 235, 0.55)",
        "cell": "rgba(120, 70, 20, 0.08)",
        "block": "#b45a2c",
        "block_edge": "rgba(80, 30, 0, 0.3)",
        "accent": "#8e3d12",
        "text": "#3b2412",
        "text_dim": "#65452c",
        "accent_text": "#ffffff",
        "gold": "#7d4f00",
        "pieces": "#c8693a #d9a441 #7c8f4e #b5533c #5d8aa8 #e08a5c #8e6cb0 #a67c52",
        "extra": "",
    },
    {
        "slug": "lavender-haze",
        "name": "Lavender Haze",
        "name_zh_hant": "薰衣草霧",
        "price": 570,
        "order": 120,
        "background": "#120f1f",
        "background_2": "#221c38",
        "board": "rgba(14, 10, 28, 0.55)",
        "cell": "rgba(200, 180, 255, 0.07)",
        "block": "#a98bff",
        "block_edge": "rgba(20, 0, 60, 0.3)",
        "accent": "#c9b6ff",
        "text": "#f3efff",
        "text_dim": "",
        "accent_text": "#1a1030",
        "gold": "#ffd98a",
        "pieces": "#a98bff #ff9ecb #7fc8ff #ffd98a #8ee6c8 #d78bff #ffb38a #8b9bff",
        "extra": "",
    },
    {
        "slug": "copper-slate",
        "name": "Copper & Slate",
        "name_zh_hant": "銅與石板",
        "price": 675,
        "order": 130,
        "background": "#111518",
        "background_2": "#1f272d",
        "board": "rgba(10, 14, 16, 0.55)",
        "cell": "rgba(200, 215, 225, 0.07)",
        "block": "#d0844a",
        "block_edge": "rgba(40, 15, 0, 0.3)",
        "accent": "#e8a06a",
        "text": "#eef2f4",
        "text_dim": "",
        "accent_text": "#22130a",
        "gold": "#f0c674",
        "pieces": "#d0844a #7fa6b8 #b87333 #e8c07a #8fb39a #c9705a #9a9fcf #d4a373",
        "extra": "",
    },
    {
        "slug": "arctic",
        "name": "Arctic",
        "name_zh_hant": "極地",
        "price": 790,
        "order": 140,
        "background": "#eef6fb",
        "background_2": "#d9eaf4",
        "board": "rgba(255, 255, 255, 0.6)",
        "cell": "rgba(30, 80, 120, 0.08)",
        "block": "#2f7db6",
        "block_edge": "rgba(0, 40, 80, 0.25)",
        "accent": "#155e96",
        "text": "#0e2538",
        "text_dim": "#3f5b74",
        "accent_text": "#ffffff",
        "gold": "#7d5500",
        "pieces": "#3c8dc7 #4fb3bf #7a86d6 #e0a43c #e07a7a #5fae8a #c27bd6 #5a7fd0",
        "extra": "",
    },
    {
        "slug": "gilded-night",
        "name": "Gilded Night",
        "name_zh_hant": "鎏金夜",
        "price": 910,
        "order": 150,
        "background": "#0a0806",
        "background_2": "#1c160c",
        "board": "rgba(8, 6, 2, 0.6)",
        "cell": "rgba(255, 220, 150, 0.07)",
        "block": "#e0b04a",
        "block_edge": "rgba(60, 35, 0, 0.35)",
        "accent": "#f0c85a",
        "text": "#fbf4e4",
        "text_dim": "",
        "accent_text": "#221600",
        "gold": "#ffd86b",
        "pieces": "#e0b04a #4fa3a0 #c0505f #6a7fd0 #e8d8b0 #9b6bc4 #d98b3a #5fb36a",
        "extra": "",
    },
    {
        "slug": "nebula",
        "name": "Nebula",
        "name_zh_hant": "星雲",
        "price": 1040,
        "order": 160,
        "background": "#0b0518",
        "background_2": "#1e0c35",
        "board": "rgba(10, 4, 24, 0.55)",
        "cell": "rgba(220, 160, 255, 0.08)",
        "block": "#ff6ec7",
        "block_edge": "rgba(40, 0, 40, 0.3)",
        "accent": "#ff9de0",
        "text": "#fbefff",
        "text_dim": "",
        "accent_text": "#2a0622",
        "gold": "#ffd27a",
        "pieces": "#ff6ec7 #8a7bff #5fd0ff #ffd27a #c86bff #ff8f6b #6bffd8 #ff5c9a",
        "extra": "",
    },
    {
        "slug": "paper-ink",
        "name": "Paper & Ink",
        "name_zh_hant": "紙與墨",
        "price": 1180,
        "order": 170,
        "background": "#f6f1e7",
        "background_2": "#ebe3d2",
        "board": "rgba(255, 253, 247, 0.75)",
        "cell": "rgba(40, 40, 60, 0.06)",
        "block": "#23344f",
        "block_edge": "rgba(0, 0, 0, 0.35)",
        "accent": "#1f3a68",
        "text": "#1b1b1f",
        "text_dim": "#4d4842",
        "accent_text": "#fbf8f1",
        "gold": "#7a4f00",
        "pieces": "#23344f #3f6a8a #8c2f2f #2f5e4b #5b4a85 #8a6a2e #474747 #7a4a62",
        "extra": "",
    },
]


def add_looks(apps, schema_editor):
    Theme = apps.get_model("themes", "Theme")
    for look in LOOKS:
        Theme.objects.get_or_create(slug=look["slug"], defaults={k: v for k, v in look.items() if k != "slug"})


def remove_looks(apps, schema_editor):
    Theme = apps.get_model("themes", "Theme")
    Theme.objects.filter(slug__in=[look["slug"] for look in LOOKS], purchases__isnull=True).delete()


class Migration(migrations.Migration):
    dependencies = [("themes", "0001_initial")]

    operations = [migrations.RunPython(add_looks, remove_looks)]
