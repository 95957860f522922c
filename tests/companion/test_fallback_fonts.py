"""The fallback font slices the server ships (issue 36): every slice Flet's web client may
ask for is there, cut once by `make fonts` from the Noto fonts of the packages named in
packaging/fonts.lock, with their licence; a name in any script people write is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from companion.ui.flet_compat import FontTable, fallback_font_table
from companion.web import flet_web_dir
from companion.web.fonts import FOLDER, LICENCE, SOURCES, FallbackFonts

ROOT = Path(__file__).resolve().parents[2]
TABLE: FontTable = fallback_font_table((flet_web_dir() / "main.dart.js").read_text(encoding="utf-8"))

# A letter of each script a player's name may be written in, and the family the client asks for it
LETTERS = [
    ("李", "notosanssc"), ("雷", "notosanstc"), ("さ", "notosansjp"), ("한", "notosanskr"), ("嘅", "notosanshk"),
    ("ب", "notosansarabic"), ("א", "notosanshebrew"), ("क", "notosansdevanagari"), ("ก", "notosansthai"),
    ("Ж", "notosans"), ("Ω", "notosans"), ("ắ", "notosans"), ("🫘", "notocoloremoji"), ("😀", "notocoloremoji"),
    ("⚀", "notosanssymbols2"), ("♞", "notosanssymbols2"), ("ሰ", "notosansethiopic"), ("Ꮳ", "notosanscherokee"),
]


def test_every_slice_the_client_may_ask_for_is_shipped_and_nothing_else():
    """Fails after flet-web changes until `make fonts` cuts the new client's slices."""
    assert FallbackFonts().names == set(TABLE)
    assert len({name.split("/")[0] for name in TABLE}) == 144  # every family the client knows


@pytest.mark.parametrize(("letter", "family"), LETTERS)
def test_a_name_in_any_script_finds_its_letter_in_the_slice_the_client_asks_for(letter, family):
    point = ord(letter)
    (name,) = [n for n, ranges in TABLE.items()
               if n.startswith(f"{family}/") and any(low <= point <= high for low, high in ranges)]
    path = FallbackFonts().file(name)
    assert path is not None
    font = TTFont(path)
    assert font.flavor == "woff2" and point in font.getBestCmap()


def test_a_name_no_slice_has_is_not_found_without_touching_the_disk(tmp_path):
    fonts = FallbackFonts(tmp_path)  # an empty folder: nothing shipped
    (tmp_path / "x.woff2").write_bytes(b"not listed when the server started")
    assert fonts.file("x.woff2") is None and fonts.file("../pyproject.toml") is None
    assert FallbackFonts().file("notosanssc/" + "x" * 300) is None


def test_the_fonts_licence_and_sources_ship_with_them():
    licence = (FOLDER / LICENCE).read_text(encoding="utf-8")
    sources = (FOLDER / SOURCES).read_text(encoding="utf-8")
    locked = [line.split() for line in (ROOT / "packaging" / "fonts.lock").read_text(encoding="utf-8").splitlines()
              if line.strip() and not line.startswith("#")]
    assert len(locked) == 4
    for package, version, digest in locked:
        assert f"{package} {version} sha256:{digest}" in sources
        notice = licence.split(f"==== {package}: its copyright file ====")[1].split("====")[0]
        words = " ".join(notice.upper().replace(",", " ").split())
        assert "SIL OPEN FONT LICENSE VERSION 1.1" in words  # each package's fonts
