"""Prepare the fallback font slices Flet's web client asks for (``make fonts``): once, from
Debian's packages of Google's Noto fonts, checked against the SHA-256 sums in
``packaging/fonts.lock``.

Flutter's web engine draws a character that no loaded font has with a Noto font it fetches
in slices from ``fontFallbackBaseUrl`` ("assets/fonts/") + a Google Fonts path
(``notosanssc/v37/<hash>.4.woff2``). Which characters each slice holds is a table compiled
into the client (read by companion/ui/flet_compat.py). This cuts every slice of that table
from the Noto font that stands in for its family and writes it, as WOFF2, where
``beans serve`` serves it as a plain file: ``packaging/fonts/bean_counter_companion_fonts/<that
path>``, the data-only distribution ``bean-counter-companion-fonts`` (``packaging/fonts``),
with the fonts' licence (the SIL Open Font License 1.1 and each family's copyright line, as
each font states them) and where they came from. The slices are committed: nobody else
needs to run this. Run it again when flet-web changes (its slices' names change with it:
tests/companion/test_fallback_fonts.py fails until then).

Needs ``apt-get`` (Debian or Ubuntu: the packages are fetched with ``apt-get download``
into build/fonts/), fontTools and brotli (``make fonts`` installs both into .venv).
"""

from __future__ import annotations

import hashlib
import io
import lzma
import shutil
import subprocess
import sys
import tarfile
from importlib import metadata
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NoReturn

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.ui.flet_compat import FontTable, fallback_font_table  # noqa: E402
from companion.web import flet_web_dir  # noqa: E402
from companion.web.fonts import LICENCE, SOURCES  # noqa: E402

LOCK = Path(__file__).with_name("fonts.lock")
DISTRIBUTION = Path(__file__).with_name("fonts")  # packaging/fonts: bean-counter-companion-fonts
OUT = DISTRIBUTION / "bean_counter_companion_fonts"
OFL = DISTRIBUTION / "OFL-1.1.txt"
CACHE = ROOT / "build" / "fonts"
FONTS = "usr/share/fonts/"
CJK = "NotoSansCJK-Regular.ttc"  # Noto Sans CJK: one face per region, named "Noto Sans CJK JP", ...
CJK_FAMILIES = {"JP": "notosansjp", "KR": "notosanskr", "SC": "notosanssc", "TC": "notosanstc", "HK": "notosanshk"}
EMOJI = ("notocoloremoji", "NotoColorEmoji.ttf")
COPYRIGHT, LICENCE_GRANT = 0, 13  # name table entries every Noto font fills in (the slices keep them)


def fail(message: str) -> NoReturn:
    print(f"make fonts: {message}", file=sys.stderr)
    raise SystemExit(2)


def locked() -> list[tuple[str, str, str]]:
    """(package, version, sha256) of each package in fonts.lock."""
    rows = [line.split() for line in LOCK.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    return [(row[0], row[1], row[2]) for row in rows if len(row) == 3]


def lock_revision() -> int:
    """fonts.lock's revision: the fourth number of the fonts distribution's version."""
    rows = [line.split() for line in LOCK.read_text(encoding="utf-8").splitlines() if line.startswith("revision ")]
    return int(rows[0][1])


def fonts_version(flet_web: str) -> str:
    """The fonts distribution's version: the flet-web it serves, then fonts.lock's revision."""
    return f"{flet_web}.{lock_revision()}"


def licence(folder: Path, ofl: str) -> str:
    """The fonts' licence as the fonts state it: every family's copyright line (its name
    table's, which each slice keeps, Noto Color Emoji's included), that each is licensed
    under the SIL Open Font License 1.1, and the licence's text."""
    by_family: dict[str, tuple[str, str, str]] = {}
    for family in sorted(p for p in folder.iterdir() if p.is_dir()):
        names = TTFont(next(family.rglob("*.woff2")))["name"]
        by_family[family.name] = (str(names.getDebugName(1)), " ".join(str(names.getDebugName(COPYRIGHT)).split()),
                                  " ".join(str(names.getDebugName(LICENCE_GRANT)).split()))
    grants = sorted({grant for _name, _copyright, grant in by_family.values()})
    lines = [
        "The font slices in this folder are cut from Google's Noto fonts (SOURCES.txt says from which",
        "packages). Each font's copyright, as its own name table states it:",
        "",
        *(f"  {name} ({family}): {copyright}" for family, (name, copyright, _grant) in by_family.items()),
        "",
        "Each of them states its licence so (Noto Color Emoji as its upstream, googlefonts/noto-emoji, does):",
        "",
        *(f"  {grant}" for grant in grants),
        "",
        "",
        ofl,
    ]
    return "\n".join(lines)


def fetched(package: str, version: str, digest: str) -> Path:
    """The package's .deb in build/fonts/, downloaded if missing, checked against its sum."""
    def checked() -> Path | None:
        return next((p for p in CACHE.glob(f"{package}_*.deb")
                     if hashlib.sha256(p.read_bytes()).hexdigest() == digest), None)

    CACHE.mkdir(parents=True, exist_ok=True)
    found = checked()
    if found is None:
        if shutil.which("apt-get") is None:
            fail(f"{package} {version} is needed and apt-get is not here: fetch the .deb into {CACHE}")
        done = subprocess.run(["apt-get", "download", f"{package}={version}"], cwd=CACHE,
                              capture_output=True, text=True)
        if done.returncode != 0:
            fail(f"apt-get download {package}={version} failed: {done.stderr.strip().splitlines()[-1:]}")
        found = checked()
        if found is None:
            fail(f"{package} {version} does not match its SHA-256 in {LOCK.name}: not used")
    return found


def unpack(deb: Path, into: Path) -> None:
    """The fonts and licence of a .deb (an ar archive holding data.tar.xz), into ``into``."""
    raw = deb.read_bytes()
    at = 8  # after "!<arch>\n"
    while at < len(raw):
        name, size = raw[at:at + 16].decode().strip(), int(raw[at + 48:at + 58])
        body = raw[at + 60:at + 60 + size]
        if name.startswith("data.tar"):
            data = lzma.decompress(body) if name.endswith(".xz") else body
            with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                wanted = [m for m in tar.getmembers() if m.isfile() and m.name.lstrip("./").startswith(
                    (FONTS, "usr/share/doc/"))]
                tar.extractall(into, members=wanted, filter="data")
            return
        at += 60 + size + size % 2
    fail(f"{deb.name} holds no data.tar")


def sources(unpacked: Path) -> dict[str, tuple[Path, int]]:
    """Each fallback family -> the font file (and face in it) that stands in for it."""
    found: dict[str, tuple[Path, int]] = {}
    for path in sorted(unpacked.joinpath(FONTS).rglob("*-Regular.ttf")):  # NotoSansThai-Regular.ttf
        found.setdefault(path.name.removesuffix("-Regular.ttf").lower(), (path, -1))
    emoji = next(unpacked.joinpath(FONTS).rglob(EMOJI[1]))
    found[EMOJI[0]] = (emoji, -1)
    cjk = next(unpacked.joinpath(FONTS).rglob(CJK))
    for face, font in enumerate(TTCollection(cjk, lazy=True).fonts):
        region = str(font["name"].getDebugName(1)).removeprefix("Noto Sans CJK ")
        if region in CJK_FAMILIES:
            found[CJK_FAMILIES[region]] = (cjk, face)
    return found


def cut(path: Path, face: int, slices: list[tuple[str, list[tuple[int, int]]]]) -> list[tuple[str, int]]:
    """Each slice (its path, its code point ranges) of the font at ``path``, written as
    WOFF2 below OUT; the bytes of each."""
    written = []
    for name, ranges in slices:
        # (face -1: not a collection; the font's own timestamp kept: the same packages give
        # the same slices, byte for byte)
        font = TTFont(path, fontNumber=face, recalcTimestamp=False)
        options = subset.Options()
        options.name_IDs = ["*"]
        options.hinting = False
        options.notdef_outline = True
        options.flavor = "woff2"
        cutter = subset.Subsetter(options)
        cutter.populate(unicodes=[cp for low, high in ranges for cp in range(low, high + 1)])
        cutter.subset(font)
        target = OUT / name
        target.parent.mkdir(parents=True, exist_ok=True)
        font.flavor = "woff2"
        font.save(target)
        written.append((name, target.stat().st_size))
    return written


def main() -> None:
    table: FontTable = fallback_font_table((flet_web_dir() / "main.dart.js").read_text(encoding="utf-8"))
    packages = locked()
    unpacked = CACHE / "unpacked"
    shutil.rmtree(unpacked, ignore_errors=True)
    for package, version, digest in packages:
        unpack(fetched(package, version, digest), unpacked)
    stand_ins = sources(unpacked)
    by_font: dict[tuple[Path, int], list[tuple[str, list[tuple[int, int]]]]] = {}
    missing = sorted({name.split("/")[0] for name in table} - set(stand_ins))
    if missing:
        fail(f"no font stands in for {', '.join(missing)}")
    for name, ranges in sorted(table.items()):
        by_font.setdefault(stand_ins[name.split("/")[0]], []).append((name, ranges))
    for old in OUT.iterdir():  # the slices of before; the package's __init__.py stays
        if old.is_dir():
            shutil.rmtree(old)
    with ProcessPoolExecutor() as pool:
        jobs = [pool.submit(cut, path, face, slices[at:at + 8])
                for (path, face), slices in by_font.items() for at in range(0, len(slices), 8)]
        sizes = [size for job in jobs for _name, size in job.result()]
    OUT.joinpath(LICENCE).write_text(licence(OUT, OFL.read_text(encoding="utf-8")), encoding="utf-8")
    OUT.joinpath(SOURCES).write_text(
        "The fallback font slices below this folder were cut by packaging/make_fonts.py from these\n"
        "packages of Debian 12 (bookworm), each checked against its SHA-256:\n\n"
        + "".join(f"  {package} {version} sha256:{digest}\n" for package, version, digest in packages)
        + f"\nfor the client of flet-web {metadata.version('flet-web')}: {len(sizes)} slices of "
          f"{len(by_font)} fonts, {sum(sizes):,} bytes. Licence: {LICENCE} (SIL Open Font License 1.1).\n",
        encoding="utf-8")
    print(f"make fonts: {len(sizes)} slices, {sum(sizes) / 1e6:.1f} MB in {OUT.relative_to(ROOT)}")
    wanted = fonts_version(metadata.version("flet-web"))
    print(f"make fonts: set version = \"{wanted}\" in packaging/fonts/pyproject.toml and the server extra "
          f"of pyproject.toml (bean-counter-companion-fonts=={wanted}), then make test")


if __name__ == "__main__":
    main()
