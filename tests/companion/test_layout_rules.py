"""The layout rules that keep six long names readable at every phone width (issues 32 and
48), checked on each table-like screen in process: a player's name in a row takes the room
the row leaves, never a fixed width (issue 48: "Friedema…" where there was room); it wraps
only after a space or a hyphen, on two lines at most (a name of one word stays on one
line: Flutter would break it anywhere inside), is cut with "…" only where even that does
not fit, never drawn over the next column, and said whole (its tooltip, or its node's
words). The browser tests draw the extremes (tests/e2e/test_small_screens_*.py: 320 px at
150 % text, 390 px at 100 %); these rules are what makes every width between them hold too."""

from __future__ import annotations

import re
from pathlib import Path

import flet as ft
import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from testkit.positions import bohnanza_over, dealt_in_order
from testkit.screen import Screen, Tables, at_a_players_pace
from tests.e2e.test_small_screens_space_beans_ui import NAMES as SPACE_NAMES, seed as space_beans_game

LONG = ["Alexandra-Marie", "Dorothea-Luise", "Maximiliane", "Anna", "Friederike-Sophie", "Konstantin"]


def name_texts(phone: Screen, names: list[str]) -> list[ft.Text]:
    return [c for c in phone.visible() if isinstance(c, ft.Text) and c.value in names]


def broken_rules(text: ft.Text, said_whole: set[str]) -> list[str]:
    """How a name's text would break at some width: inside a word, on more than two lines,
    clipped without "…", in a fixed width, or never said whole (a tooltip, or the words of
    the node a screen reader reads, ``said_whole``)."""
    problems = []
    lines = 1 if text.no_wrap else text.max_lines
    if lines is None or lines > (2 if re.search(r"[\s-]", text.value.strip()) else 1):
        problems.append(f"may take {lines or 'any number of'} lines, broken where no space or hyphen is")
    if text.overflow != ft.TextOverflow.ELLIPSIS:
        problems.append("is cut without …")
    if text.width is not None:
        problems.append(f"is {text.width} px wide, whatever room its row leaves")
    tooltip = text.tooltip.message if isinstance(text.tooltip, ft.Tooltip) else text.tooltip
    if tooltip != text.value and not any(text.value in label for label in said_whole):
        problems.append("is said whole nowhere")
    return problems


def check(phone: Screen, names: list[str], where: str) -> None:
    texts = name_texts(phone, names)
    assert {t.value for t in texts} == set(names), (where, sorted({t.value for t in texts}))
    cells = [t for t in texts if t.overflow == ft.TextOverflow.ELLIPSIS or t.max_lines is not None]
    assert {t.value for t in cells} == set(names), (where, "a name stands in no cell of a row")
    labels = {c.label for c in phone.visible() if isinstance(c, ft.Semantics) and c.label}
    problems = [f"{t.value} {p}" for t in cells for p in broken_rules(t, labels)]
    assert not problems, (where, problems)


@pytest.fixture
def games(tmp_path: Path) -> Games:
    repo = open_repository(tmp_path)
    yield at_a_players_pace(Games(repo))
    repo.close()


def test_the_nicht_die_bohne_round_table_and_ranking_keep_every_name_readable(games: Games) -> None:
    ndb = dealt_in_order(games, LONG)
    with Tables() as table:
        check(table.open(make_main(games), f"/game/{ndb}", "phone"), LONG, "Nicht die Bohne!")


def test_the_bohnanza_ranking_keeps_every_name_readable(games: Games) -> None:
    five = LONG[:5]
    bohnanza = bohnanza_over(games, five)
    with Tables() as table:
        check(table.open(make_main(games), f"/game/{bohnanza}", "phone"), five, "Bohnanza")


@pytest.mark.parametrize("ended", [False, True], ids=["in play", "over"])
def test_space_beans_keeps_every_name_readable(games: Games, ended: bool) -> None:
    game_id = space_beans_game(games, ended)
    with Tables() as table:
        check(table.open(make_main(games), f"/game/{game_id}", "phone"), SPACE_NAMES, f"Space Beans, {ended=}")


def test_statistics_keeps_every_name_readable(games: Games) -> None:
    """Issue 48: Statistics cut "Dorothea-Lui…" in a cell of a fixed 96 px; its table's names
    now take what the Played and Won columns leave."""
    dealt_in_order(games, LONG)
    with Tables() as table:
        phone = table.open(make_main(games), "/stats", "phone")
        phone.see("Played")
        check(phone, LONG, "Statistics")
