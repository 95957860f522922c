"""Fallback fonts: names like "Zoë 🫘" or "李雷" drawn, not boxes, with no internet.

Flutter's web engine draws a character that no loaded font has with a Noto font it
fetches in slices from ``fontFallbackBaseUrl`` + a Google Fonts path
(``assets/fonts/notosanssc/v37/<hash>.4.woff2``); the flet-web wheel has none of them.
Every slice the installed client may ask for was cut once, by packaging/make_fonts.py
(``make fonts``), from Debian's packages of Google's Noto fonts (checked against the sums in
packaging/fonts.lock), and ships in ``fallback_fonts/`` with the fonts' licence and where
they came from. ``beans serve`` serves them as plain files: no font work while serving.
"""

from __future__ import annotations

from pathlib import Path

PREFIX = "/assets/fonts/"  # Flet's fontFallbackBaseUrl ("assets/fonts/") below the page
FOLDER = Path(__file__).resolve().parent / "fallback_fonts"
LICENCE, SOURCES = "LICENSE.txt", "SOURCES.txt"  # in FOLDER, beside the slices
MAX_NAME = 200  # characters of a slice's path (the client's are about 90)


class FallbackFonts:
    """The slices shipped in ``folder``, listed once: a name no slice has is not found
    without touching the disk."""

    def __init__(self, folder: Path = FOLDER):
        self.folder = folder
        self.names = frozenset(path.relative_to(folder).as_posix() for path in folder.rglob("*.woff2"))

    def file(self, name: str) -> Path | None:
        """The slice ``name`` (a path below assets/fonts/), None if none is shipped."""
        if len(name) > MAX_NAME or name not in self.names:
            return None
        return self.folder / name


__all__ = ["FOLDER", "LICENCE", "MAX_NAME", "PREFIX", "SOURCES", "FallbackFonts"]
