"""The fallback font slices the server ships (issue 36): every slice Flet's web client may
ask for is there, cut once by `make fonts` from the Noto fonts of the packages named in
packaging/fonts.lock, with their licence; a name in any script people write is drawn.
Since issue 50 they are a distribution of their own (packaging/fonts), found where it is
installed, versioned with the flet-web it serves."""

from __future__ import annotations

import sys
import tomllib
import zlib
from importlib import metadata
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from companion import cli
from companion.ui.flet_compat import FontTable, fallback_font_table
from companion.web import flet_web_dir
from companion.web.fonts import DISTRIBUTION, LICENCE, PACKAGE, SOURCES, FallbackFonts, installed_folder

ROOT = Path(__file__).resolve().parents[2]
FOLDER = installed_folder()
FONTS_PROJECT = tomllib.loads((ROOT / "packaging" / "fonts" / "pyproject.toml").read_text(encoding="utf-8"))
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


def lock() -> list[list[str]]:
    return [line.split() for line in (ROOT / "packaging" / "fonts.lock").read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def test_the_fonts_licence_and_sources_ship_with_them():
    """The licence is the OFL-1.1 with each family's copyright line as the font states it (the
    emoji font's too); no Debian copyright file, whose GPL paragraphs made scanners say GPL."""
    licence = (FOLDER / LICENCE).read_text(encoding="utf-8")
    sources = (FOLDER / SOURCES).read_text(encoding="utf-8")
    locked = [row for row in lock() if len(row) == 3]
    assert len(locked) == 4
    for package, version, digest in locked:
        assert f"{package} {version} sha256:{digest}" in sources
    assert "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007" in licence and "GPL" not in licence
    for family in {name.split("/")[0] for name in TABLE}:
        copyright_ = str(TTFont(next((FOLDER / family).rglob("*.woff2")))["name"].getDebugName(0))
        assert f"({family}): {' '.join(copyright_.split())}" in licence
    assert "Noto Color Emoji (notocoloremoji): Copyright 2022 Google Inc." in licence
    assert FONTS_PROJECT["project"]["license"] == "OFL-1.1"
    assert FONTS_PROJECT["project"]["license-files"] == [f"{PACKAGE}/{LICENCE}"]


def test_the_fonts_are_versioned_with_the_flet_web_they_serve_and_the_server_extra_requires_them():
    (revision,) = [int(row[1]) for row in lock() if row[0] == "revision"]
    version = f"{metadata.version('flet-web')}.{revision}"
    assert FONTS_PROJECT["project"]["version"] == version == metadata.version(DISTRIBUTION)
    app = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert f"{DISTRIBUTION}=={version}" in app["project"]["optional-dependencies"]["server"]
    assert f"flet-web=={metadata.version('flet-web')}" in app["project"]["optional-dependencies"]["server"]


def test_serve_without_the_fonts_says_so_in_one_line(monkeypatch, tmp_path, capsys):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == PACKAGE else real(name, *a))
    monkeypatch.delitem(sys.modules, PACKAGE, raising=False)
    assert cli.main(["serve", "--data-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "beans serve needs the fallback fonts" in err and "./packaging/fonts" in err


def test_the_apps_wheel_carries_no_fonts_and_stays_under_1_mb():
    """What the app's wheel takes (its packages and their package data) is far under 1 MB."""
    app = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = app["tool"]["setuptools"]["package-data"]
    assert not any("woff2" in pattern or "fonts" in pattern for patterns in data.values() for pattern in patterns)
    files = [path for top in ("companion", "sheets") for path in (ROOT / top).rglob("*")
             if path.is_file() and "__pycache__" not in path.parts]
    assert not any(path.suffix == ".woff2" for path in files)
    packed = sum(len(zlib.compress(path.read_bytes())) for path in files)  # as a wheel (a zip) holds them
    assert packed < 1_000_000, packed
