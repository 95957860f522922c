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
faces for the other scripts and Noto Emoji (black and white) for emoji.

Anyone on the network may ask for any slice with a plain request, so the work is
bounded: a name the client's table does not list (or longer than ``MAX_NAME``) is not
found without touching the disk; a slice is cut in a worker process (companion/worker.py,
never on the phones' loop), one at a time, at most ``CUTTING`` waiting, and at most
``CUTS_BURST`` (then one each ``CUTS_EVERY`` seconds) for one address; the slices made
are kept up to ``KEPT_BYTES`` (the longest unused go first). A request past a bound is
answered "busy" (503), and the client asks again later.
"""

from __future__ import annotations

import asyncio
import gzip
import io
import logging
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path
from typing import cast

import manimgx_fonts  # type: ignore[import-untyped]
import noto_cjk_sans_otc  # type: ignore[import-untyped]
from fontTools import subset  # type: ignore[import-untyped]
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from companion import worker
from companion.ui.flet_compat import FontTable, fallback_font_table
from companion.web.bounds import Buckets

log = logging.getLogger(__name__)

PREFIX = "/assets/fonts/"  # Flet's fontFallbackBaseUrl ("assets/fonts/") below the page
CJK = {"notosansjp": 0, "notosanskr": 1, "notosanssc": 2, "notosanstc": 3, "notosanshk": 4}  # faces in the .ttc
OTHER = {"notocoloremoji": "NotoEmoji[wght].ttf", "notosanssymbols": "NotoSansSymbols[wght].ttf"}
MAX_NAME = 200  # characters of a slice's path (the client's are about 60)
CUTTING = 4  # slices being cut or waiting to be, from all phones together
CUTS_BURST, CUTS_EVERY = 12, 5.0  # slices one address may have cut: at once, then one each this many seconds
KEPT_BYTES = 48 * 1024 * 1024  # gzipped slices kept in memory


class Busy(Exception):
    """Not now: too much is being cut, or this address asked for too many slices."""


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


def make_slice(family: str, ranges: list[tuple[int, int]]) -> bytes | None:
    """The gzipped slice of ``family`` holding ``ranges``; None where no font stands in.
    Run in the fonts' worker process (module level: the worker imports it)."""
    found = source(family)
    if found is None:
        return None
    path, face = found
    body = cut(path, face, (cp for low, high in ranges for cp in range(low, high + 1)))
    return gzip.compress(body, compresslevel=6, mtime=0)


class FallbackFonts:
    """The slices a client asks for, made on first request and kept (gzipped) in memory,
    within the bounds above."""

    def __init__(self, web_dir: Path, kept_bytes: int = KEPT_BYTES):
        self.web_dir = web_dir
        self.kept_bytes = kept_bytes
        self._made: OrderedDict[str, bytes | None] = OrderedDict()  # the most recently asked for last
        self._table: FontTable | None = None
        self._making: dict[str, asyncio.Future[bytes | None]] = {}
        self._cuts = Buckets(1 / CUTS_EVERY, CUTS_BURST)

    def table(self) -> FontTable:
        if self._table is None:  # read once (a fifth of a second); two threads may both read it
            try:
                self._table = fallback_font_table((self.web_dir / "main.dart.js").read_text(encoding="utf-8"))
            except (OSError, ValueError, StopIteration) as exc:
                log.warning("fallback fonts are not served: %s", exc)
                self._table = {}
        return self._table

    def kept(self) -> int:
        """Bytes of the slices kept now."""
        return sum(len(body) for body in self._made.values() if body is not None)

    async def slice(self, name: str, address: str = "") -> bytes | None:
        """The gzipped slice ``name`` (a path below assets/fonts/), None if unknown or not
        installed; raises ``Busy`` past a bound. ``address``: who asks (one bucket each)."""
        if len(name) > MAX_NAME:
            return None
        if self._table is None:
            await asyncio.to_thread(self.table)
        ranges = self.table().get(name)
        if ranges is None:
            return None  # (nothing kept for names the client never asks for)
        if name in self._made:
            self._made.move_to_end(name)
            return self._made[name]
        making = self._making.get(name)
        if making is None:
            if len(self._making) >= CUTTING or not self._cuts.take(address):
                raise Busy(name)
            making = asyncio.get_running_loop().create_future()
            self._making[name] = making
            try:
                body = cast("bytes | None", await worker.run(make_slice, name.split("/")[0], ranges))
            except Exception as exc:  # noqa: BLE001 - a font that cannot be cut (or a worker that died): busy
                log.warning("fallback font slice %s not made: %r", name, exc)
                making.set_exception(Busy(name))
                making.exception()  # (read: no "never retrieved" warning when nobody else waits)
                raise Busy(name) from None
            finally:
                del self._making[name]
            self._keep(name, body)
            making.set_result(body)
            return body
        return await asyncio.shield(making)

    def _keep(self, name: str, body: bytes | None) -> None:
        self._made[name] = body
        while self.kept() > self.kept_bytes and len(self._made) > 1:
            self._made.popitem(last=False)


__all__ = ["PREFIX", "Busy", "FallbackFonts", "make_slice"]
