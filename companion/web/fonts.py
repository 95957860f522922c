"""Fallback fonts from this machine: names like "Zoë 🫘" or "李雷" drawn, not boxes.

Flutter's web engine draws a character that no loaded font has with a Noto font it
fetches in slices from ``fontFallbackBaseUrl`` + a Google Fonts path
(``assets/fonts/notosanssc/v37/<hash>.113.woff2``); the flet-web wheel has none of them.
Which characters each slice holds is a table compiled into the client
(``encodedFontSets`` / ``encodedFontSetRanges`` of the engine's font_fallback_data.dart);
it is read from the installed client's ``main.dart.js`` (by companion/ui/flet_compat.py,
the one place that reads Flet's internals), and each slice asked for is
cut (fontTools) from a Noto font installed with Bean Counter: Noto Sans CJK
(noto-cjk-sans-otc) for Chinese, Japanese and Korean, and manimgx-fonts' Noto Sans
faces for the other scripts and Noto Emoji (black and white) for emoji. A slice is
made once per server, in a worker thread.
"""

from __future__ import annotations

import gzip
import io
import logging
import threading
from collections.abc import Iterable
from pathlib import Path

import manimgx_fonts  # type: ignore[import-untyped]
import noto_cjk_sans_otc  # type: ignore[import-untyped]
from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from companion.ui.flet_compat import FontTable, fallback_font_table

log = logging.getLogger(__name__)

PREFIX = "/assets/fonts/"  # Flet's fontFallbackBaseUrl ("assets/fonts/") below the page
CJK = {"notosansjp": 0, "notosanskr": 1, "notosanssc": 2, "notosanstc": 3, "notosanshk": 4}  # faces in the .ttc
OTHER = {"notocoloremoji": "NotoEmoji[wght].ttf", "notosanssymbols": "NotoSansSymbols[wght].ttf"}


def source(family: str) -> tuple[Path, int] | None:
    """The installed font file (and face in it) that stands in for a fallback family."""
    if family in CJK:
        return Path(str(noto_cjk_sans_otc.FONT_PATH)), CJK[family]
    folder = Path(manimgx_fonts.__file__).parent
    if family in OTHER:
        return folder / OTHER[family], -1
    for path in folder.glob("NotoSans*[[]wght[]].ttf"):  # notosansthai -> NotoSansThai[wght].ttf
        if path.name.split("[")[0].lower() == family:
            return path, -1
    return None


def cut(path: Path, face: int, code_points: Iterable[int]) -> bytes:
    """The font at ``path`` with only ``code_points`` (those it has), as an OpenType file."""
    font = TTFont(path, fontNumber=face) if face >= 0 else TTFont(path)
    options = subset.Options()
    options.name_IDs = ["*"]
    options.hinting = False
    options.notdef_outline = True
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=list(code_points))
    cutter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


class FallbackFonts:
    """The slices a client asks for, made on first request and kept (gzipped) in memory."""

    def __init__(self, web_dir: Path):
        self.web_dir = web_dir
        self._made: dict[str, bytes | None] = {}
        self._table: FontTable | None = None
        self._lock = threading.Lock()
        self._making: dict[str, threading.Lock] = {}

    def table(self) -> FontTable:
        if self._table is None:  # read once (a fifth of a second); two threads may both read it
            try:
                self._table = fallback_font_table((self.web_dir / "main.dart.js").read_text(encoding="utf-8"))
            except (OSError, ValueError, StopIteration) as exc:
                log.warning("fallback fonts are not served: %s", exc)
                self._table = {}
        return self._table

    def slice(self, name: str) -> bytes | None:
        """The gzipped slice ``name`` (a path below assets/fonts/), None if unknown or not
        installed. Blocks while cutting it: call from a worker thread."""
        if name not in self.table():
            return None  # (nothing kept for names the client never asks for)
        with self._lock:
            making = self._making.setdefault(name, threading.Lock())
        with making:  # each slice once; different slices at once (one takes up to a few seconds)
            if name not in self._made:
                self._made[name] = self._make(name)
        return self._made[name]

    def _make(self, name: str) -> bytes | None:
        ranges = self.table().get(name)
        found = source(name.split("/")[0]) if ranges else None
        if ranges is None or found is None:
            return None
        path, face = found
        body = cut(path, face, (cp for low, high in ranges for cp in range(low, high + 1)))
        return gzip.compress(body, compresslevel=6, mtime=0)


__all__ = ["PREFIX", "FallbackFonts"]
