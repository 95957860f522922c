"""Draws Bean Counter's icons into companion/web/static (run by hand when they change; the PNGs
are committed, so neither installing nor serving needs Pillow):

    python packaging/make_icons.py      # with Pillow importable

A cream kidney bean with its eye on the app's bean brown.
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

WEB = Path(__file__).resolve().parent.parent / "companion" / "web" / "static"
BROWN = (93, 64, 55, 255)  # Material brown 700, the theme colour in manifest.json
CREAM = (245, 222, 179, 255)
CREASE = (121, 85, 72, 255)
SCALE = 4  # drawn this much larger, then scaled down: smooth edges


def bean(size: int, bean_share: float, rounded: bool) -> Image.Image:
    big = size * SCALE
    img = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    if rounded:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=BROWN)
    else:
        draw.rectangle((0, 0, big, big), fill=BROWN)
    # the bean: an ellipse, drawn level and turned 35 degrees
    w, h = big * bean_share, big * bean_share * 0.66
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    shape = ImageDraw.Draw(layer)
    # a kidney: an ellipse whose upper side is pushed in towards the middle
    outline = []
    for step in range(360):
        t = math.radians(step)
        x, y = w / 2 * math.cos(t), h / 2 * math.sin(t)
        if y < 0:
            y += 0.45 * h / 2 * (1 - math.cos(t) ** 2) ** 2
        outline.append((big / 2 + x, big / 2 + y))
    shape.polygon(outline, fill=CREAM)
    # the hilum, the bean's eye, in the dent
    ew, eh = w * 0.2, h * 0.09
    eye_y = big / 2 - h / 2 * 0.55 + h * 0.06
    shape.ellipse((big / 2 - ew / 2, eye_y, big / 2 + ew / 2, eye_y + eh), fill=CREASE)
    layer = layer.rotate(35, resample=Image.Resampling.BICUBIC, center=(big / 2, big / 2))
    img.alpha_composite(layer)
    return img.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    icons = WEB / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        bean(size, 0.78, rounded=True).save(icons / f"icon-{size}.png", optimize=True)
        # maskable: the launcher cuts its own shape; keep the bean in the middle 80 %
        bean(size, 0.58, rounded=False).save(icons / f"icon-maskable-{size}.png", optimize=True)
    bean(180, 0.66, rounded=False).save(icons / "apple-touch-icon.png", optimize=True)  # iOS rounds it
    bean(64, 0.84, rounded=True).save(WEB / "favicon.png", optimize=True)


if __name__ == "__main__":
    main()
