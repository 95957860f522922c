"""The colours the screens put text on, as explicit sRGB values: every text on a
coloured fill is one of ``PAIRS`` (checked for WCAG 4.5:1 by a test). Text straight on
the theme's surface uses the theme's own text roles (ON_SURFACE, ON_SURFACE_VARIANT,
ERROR), never a bean colour: a bean colour readable on the light surface is not on the
dark one. Material palette values: BLUE_700 is #1976D2, and so on."""

from __future__ import annotations

WHITE = "#FFFFFF"
BLACK = "#000000"

BLUE = "#1976D2"          # Material BLUE_700
RED = "#C62828"           # RED_800
RED_LIGHT = "#D32F2F"     # RED_700
GREEN = "#2E7D32"         # GREEN_800 (GREEN_700 is 4.12:1 under white)
DEEP_ORANGE = "#BF360C"   # DEEP_ORANGE_900 (DEEP_ORANGE_700 is 3.92:1 under white)
BROWN = "#8D6E63"         # BROWN_400
AMBER = "#FFB300"         # AMBER_600
AMBER_DARK = "#FF8F00"    # AMBER_800
ORANGE = "#EF6C00"        # ORANGE_800 (white on it is 3.08:1; black is 6.2:1)
BLUE_GREY = "#546E7A"     # BLUE_GREY_600
PURPLE = "#AB47BC"        # PURPLE_400
DARK_BROWN = "#4E342E"    # BROWN_800
YELLOW = "#FDD835"        # YELLOW_600
COCOA = "#6D4C41"         # BROWN_600

# Every (fill, text) pair a screen draws text with; a test checks each for 4.5:1.
PAIRS: dict[str, tuple[str, str]] = {
    "blue": (BLUE, WHITE),
    "red": (RED, WHITE),
    "red light": (RED_LIGHT, WHITE),
    "green": (GREEN, WHITE),
    "deep orange": (DEEP_ORANGE, WHITE),
    "brown": (BROWN, WHITE),
    "amber": (AMBER, BLACK),
    "amber dark": (AMBER_DARK, BLACK),
    "orange": (ORANGE, BLACK),
    "blue grey": (BLUE_GREY, WHITE),
    "purple": (PURPLE, WHITE),
    "dark brown": (DARK_BROWN, WHITE),
    "yellow": (YELLOW, BLACK),
    "cocoa": (COCOA, WHITE),
}

POSITIVE = PAIRS["green"]  # a round's positive points: white on green
NEGATIVE = PAIRS["red"]    # and its negative points: white on red


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two "#RRGGBB" colours (1 to 21)."""

    def luminance(colour: str) -> float:
        channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
