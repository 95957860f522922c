"""Fallback fonts: names like "Zoë 🫘" or "李雷" drawn, not boxes, with no internet.

Flutter's web engine draws a character that no loaded font has with a Noto font it
fetches in slices from ``fontFallbackBaseUrl`` + a Google Fonts path
(``assets/fonts/notosanssc/v37/<hash>.4.woff2``); the flet-web wheel has none of them.
Every slice the installed client may ask for was cut once, by packaging/make_fonts.py
(``make fonts``), from Debian's packages of Google's Noto fonts (checked against the sums in
packaging/fonts.lock), and ships as a data-only distribution of its own,
``bean-counter-companion-fonts`` (packaging/fonts, versioned <flet-web's version>.<revision
of fonts.lock>; the ``server`` extra requires it), with the fonts' licence and where they
came from. ``beans serve`` serves them as plain files from where that distribution is
installed (``importlib.resources``): no font work while serving.
"""

from __future__ import annotations

import importlib.resources
import importlib.util
from importlib import metadata
from pathlib import Path

PREFIX = "/assets/fonts/"  # Flet's fontFallbackBaseUrl ("assets/fonts/") below the page
DISTRIBUTION = "bean-counter-companion-fonts"
SERVER = "bean-counter-companion[server]"  # what requires it
PACKAGE = "bean_counter_companion_fonts"  # the folder it installs: <family>/<version>/<slice>.woff2
LICENCE, SOURCES = "LICENSE.txt", "SOURCES.txt"  # in the folder, beside the slices
MAX_NAME = 200  # characters of a slice's path (the client's are about 90)


class FontsMissing(Exception):
    """The fonts distribution is not installed, or is not the one for this flet-web (one line)."""


def installed_folder() -> Path:
    """Where the fonts distribution's slices are; FontsMissing saying how to install it."""
    install = (f"pip install '{SERVER}' (from a clone of Bean Counter: pip install ./packaging/fonts, "
               "as make run does)")
    try:
        found = importlib.util.find_spec(PACKAGE) is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        raise FontsMissing(f"beans serve needs the fallback fonts ({DISTRIBUTION}): {install}")
    have, web = metadata.version(DISTRIBUTION), metadata.version("flet-web")
    if have.rsplit(".", 1)[0] != web:  # <flet-web's version>.<revision of fonts.lock>
        raise FontsMissing(f"the fallback fonts installed ({DISTRIBUTION} {have}) are not those of flet-web "
                           f"{web}: {install}")
    folder = Path(str(importlib.resources.files(PACKAGE)))
    if not folder.is_dir():
        raise FontsMissing(f"the fallback fonts are not a folder ({folder}): {install}")
    return folder


class FallbackFonts:
    """The slices shipped in ``folder`` (the installed fonts distribution's), listed once:
    a name no slice has is not found without touching the disk."""

    def __init__(self, folder: Path | None = None):
        self.folder = installed_folder() if folder is None else folder
        self.names = frozenset(path.relative_to(self.folder).as_posix() for path in self.folder.rglob("*.woff2"))

    def file(self, name: str) -> Path | None:
        """The slice ``name`` (a path below assets/fonts/), None if none is shipped."""
        if len(name) > MAX_NAME or name not in self.names:
            return None
        return self.folder / name


__all__ = ["DISTRIBUTION", "LICENCE", "MAX_NAME", "PACKAGE", "PREFIX", "SOURCES", "FallbackFonts", "FontsMissing",
           "installed_folder"]
