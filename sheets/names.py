"""Names a player can tell apart (issue 46): a new player's name is refused when a
reader could not see what makes it the name it is.

- **Empty to the eye**: nothing left once the characters no one sees are taken out
  (format characters, fillers such as U+3164 HANGUL FILLER, blanks).
- **Bidi controls** (U+202E RIGHT-TO-LEFT OVERRIDE, U+2066-U+2069, U+200E, U+200F,
  U+061C): they turn the text's direction, "\\u202Enna" shows as "ann".
- **Invisible characters that change nothing a reader sees**: U+200B ZERO WIDTH SPACE,
  U+2060 WORD JOINER, U+FEFF, a soft hyphen, fillers, every other format character. The
  joiners scripts and emoji need stay: ZWJ and ZWNJ between two visible characters
  (Persian, Indic scripts, 👩‍👩‍👧), a variation selector after one (❤️), the tag
  characters of a flag (🏴 followed by tags).
- **Confusable with another name of the same game**: two names with the same UTS #39
  skeleton ("Ann" and "Аnn" with a Cyrillic А, "rn" and "m"), made with Unicode's
  confusable prototypes (``data/confusables.tsv``, made by packaging/make_confusables.py).

Each refusal says which characters it refused. These are the doors of new names (a new
game's setup, a score file); a stored game keeps the names it was stored with and opens
as ever.

A name inside a composed label goes in isolated (``isolated``, a list of names ``listed``):
the one way a name meets other words, so a right-to-left name never turns a label around."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache
from importlib import resources

from sheets.i18n import _

BIDI_CONTROLS = frozenset({0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)})
JOINERS = frozenset({0x200C, 0x200D})  # ZWNJ, ZWJ: kept between two visible characters
# Default ignorable code points that are not format characters (Cf), and blanks that look like nothing
FILLERS = frozenset({0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0, 0x2065,
                     *range(0xFFF0, 0xFFF9)})
# Format characters that are seen: the prepended concatenation marks (Arabic, Syriac, Kaithi)
SEEN_FORMAT = frozenset({*range(0x0600, 0x0606), 0x06DD, 0x070F, 0x0890, 0x0891, 0x08E2, 0x110BD, 0x110CD})
BLACK_FLAG, TAGS, CANCEL_TAG = 0x1F3F4, range(0xE0020, 0xE007F), 0xE007F


FSI, PDI = "\u2068", "\u2069"  # FIRST STRONG ISOLATE, POP DIRECTIONAL ISOLATE


def isolated(name: str) -> str:
    """``name`` as it goes inside a composed label, between U+2068 and U+2069: its direction
    is its own and stays inside, so "سارا 0/12" reads name first in an English or German
    label (without them the digits after an Arabic letter join its right-to-left run).
    Stored and exported data keep the bare name."""
    return f"{FSI}{name}{PDI}"


def listed(names: Sequence[str]) -> str:
    """Names as one phrase, each isolated: "Ann", "Ann and Ben", "Ann, Ben and Cy" (the one
    way a list of names is said)."""
    shown = [isolated(name) for name in names]
    if len(shown) < 2:
        return "".join(shown)
    return _("{names} and {last}").format(names=", ".join(shown[:-1]), last=shown[-1])


def columns(text: str) -> int:
    """How many columns ``text`` takes in a terminal: two for an East Asian wide or full-width
    character ("李雷" takes four), none for a combining mark or a format character (the
    isolates), one for any other."""
    return sum(0 if unicodedata.combining(c) or unicodedata.category(c) in ("Cf", "Mn", "Me")
               else 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


def padded(text: str, width: int) -> str:
    """``text`` and blanks to fill ``width`` terminal columns (``columns``)."""
    return text + " " * max(0, width - columns(text))


def bare(text: str) -> str:
    """``text`` without the isolates names were put between: what a reader sees of it, and
    what a copy into a terminal or a file needs."""
    return text.replace(FSI, "").replace(PDI, "")


def _selector(cp: int) -> bool:
    return 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF or 0x180B <= cp <= 0x180D or cp == 0x180F


def _unseen(cp: int) -> bool:
    """Whether a character shows nothing by itself (a reader cannot see it is there)."""
    char = chr(cp)
    category = unicodedata.category(char)
    return (category == "Cf" and cp not in SEEN_FORMAT) or cp in FILLERS or _selector(cp) \
        or category in ("Zs", "Zl", "Zp", "Cc") or 0xE0000 <= cp <= 0xE0FFF


def _visible(char: str | None) -> bool:
    return char is not None and not _unseen(ord(char))


def _part(char: str | None) -> bool:
    """Whether ``char`` is seen, or a selector or tag that is part of what is seen before it."""
    return char is not None and (_visible(char) or _selector(ord(char)) or ord(char) in TAGS or ord(char) == CANCEL_TAG)


def characters(chars: Sequence[str]) -> str:
    """Characters as a reader can be told them: "U+200B ZERO WIDTH SPACE, U+202E ..."."""
    return ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '')}".rstrip() for c in dict.fromkeys(chars))


def _refused(name: str) -> tuple[list[str], list[str]]:
    """The bidi controls in ``name``, and the characters no one sees that it may not hold."""
    bidi: list[str] = []
    unseen: list[str] = []
    for i, char in enumerate(name):
        cp = ord(char)
        before = name[i - 1] if i else None
        after = name[i + 1] if i + 1 < len(name) else None
        if cp in BIDI_CONTROLS:
            bidi.append(char)
        elif cp in JOINERS:  # between two visible characters (an emoji's selector or flag tags before it)
            if not (_part(before) and _visible(after)):
                unseen.append(char)
        elif _selector(cp):
            if not (_visible(before) or (before is not None and ord(before) in JOINERS)):
                unseen.append(char)
        elif cp in TAGS or cp == CANCEL_TAG:
            if not (before is not None and (ord(before) == BLACK_FLAG or ord(before) in TAGS)):
                unseen.append(char)
        elif cp != 0x20 and _unseen(cp) and unicodedata.category(char) not in ("Zs",):
            unseen.append(char)
    return bidi, unseen


def name_unreadable(name: str) -> str | None:
    """Why a reader could not tell what ``name`` (blanks stripped) is, or None."""
    if not any(_visible(char) for char in name):
        hidden = [c for c in name if c != " "]
        return _("the name shows nothing ({characters})").format(characters=characters(hidden)) if hidden \
            else _("the name is empty")
    bidi, unseen = _refused(name)
    if bidi:
        return _("the name holds characters that turn the text's direction ({characters}); leave them out").format(
            characters=characters(bidi))
    if unseen:
        return _("the name holds characters no one can see ({characters}); leave them out").format(
            characters=characters(unseen))
    return None


@cache
def prototypes() -> dict[int, str]:
    """Unicode's confusable prototypes (UTS #39 confusables.txt): source code point -> prototype."""
    table: dict[int, str] = {}
    text = (resources.files("sheets") / "data" / "confusables.tsv").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            source, prototype = line.split("\t")
            table[int(source, 16)] = "".join(chr(int(cp, 16)) for cp in prototype.split())
    return table


def skeleton(name: str) -> str:
    """UTS #39's skeleton of ``name``: NFD, the characters no one sees taken out, each
    character replaced by its confusable prototype, NFD again. Two names that look alike
    have the same skeleton."""
    table = prototypes()
    kept = (c for c in unicodedata.normalize("NFD", name) if c == " " or not _unseen(ord(c)))
    return unicodedata.normalize("NFD", "".join(table.get(ord(c), c) for c in kept))


def readable_problem_at(names: Sequence[str]) -> tuple[int, str] | None:
    """The first name a reader could not tell apart as (0-based index, reason), or None:
    ``name_unreadable``, or confusable with an earlier name of the same game (the same
    skeleton); the reason names the characters that make the difference."""
    seen: dict[str, str] = {}
    for index, raw in enumerate(names):
        name = raw.strip()
        why = name_unreadable(name)
        if why:
            return index, why
        key = skeleton(name)
        other = seen.get(key)
        if other is not None and other != name:
            different = [c for c in name if c not in other] or [c for c in other if c not in name]
            return index, _("“{name}” looks like “{other}”, another player's name ({characters})").format(
                name=name, other=other, characters=characters(different))
        seen.setdefault(key, name)
    return None
