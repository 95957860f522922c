"""The app bar's seat button at 150 % text (issue 18's 390 px phone): a long name must
leave the game's title readable, so the bar shows its start and "…"; the button's label
and tooltip keep the whole name."""

from __future__ import annotations

from companion.ui.components.seats import BAR_NAME, bar_name
from sheets.limits import MAX_NAME


def test_a_name_up_to_seven_characters_is_shown_whole():
    assert BAR_NAME == 7
    for name in ("Ann", "Michael", "Anna-Li"):
        assert bar_name(name) == name


def test_a_longer_name_shows_its_start_and_an_ellipsis_in_seven_characters():
    assert bar_name("Bartholomäus") == "Bartho…"
    assert bar_name("Maximilian") == "Maximi…"
    assert len(bar_name("x" * MAX_NAME)) == BAR_NAME


def test_no_blank_stands_before_the_ellipsis():
    assert bar_name("Maria Luisa") == "Maria…"
    assert bar_name("Anna  Lena") == "Anna…"
