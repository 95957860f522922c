"""Issue 48: a name inside a composed label is isolated (U+2068 ... U+2069), so a
right-to-left name never turns the label around: "سارا 0/12" reads name first in an
English or German UI (without the isolates the digits after an Arabic letter join its
right-to-left run and the chip reads "0/12 سارا"). One helper isolates a name and one
says a list of names (sheets/names.py); the command line's table counts a wide
character as two columns."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import flet as ft
import pytest

from companion.cli.scores import format_table
from companion import i18n
from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from sheets.gone_with_the_beans.live import said_event
from sheets.gone_with_the_beans.live.events import event
from sheets.i18n import N_, using
from sheets.names import FSI, PDI, bare, columns, isolated, listed, padded
from sheets.nicht_die_bohne import RULES as NDB, TakeCard, parse_card
from sheets.registry import score
from sheets.space_beans import RULES as SPACE_BEANS, CloseOut
from testkit.harness import Table, controls_on
from testkit.refusals import refusal
from testkit.positions import bohnanza_over, dealt_in_order, live_setup_of, play

SARA, YAEL, LI_LEI = "سارا", "יעל", "李雷"
PLAYERS = ["Anneliese", SARA, LI_LEI, YAEL]
WORDS = ("value", "label", "tooltip", "text", "title")


def test_a_name_goes_in_between_isolates_and_a_list_is_said_one_way():
    assert isolated(SARA) == "\u2068سارا\u2069"
    assert listed([]) == "" and listed([SARA]) == isolated(SARA)
    assert listed(["Ann", SARA, LI_LEI]) == f"{FSI}Ann{PDI}, {FSI}{SARA}{PDI} and {FSI}{LI_LEI}{PDI}"
    with using(i18n.translations("de")):
        assert bare(listed(["Ann", YAEL])) == f"Ann und {YAEL}"
    assert bare(f"{isolated(SARA)} 0/12") == f"{SARA} 0/12"


def test_the_engines_words_keep_a_right_to_left_name_apart_from_the_numbers():
    state = NDB.new_game({"players": ["Ann", SARA, YAEL]})
    said = NDB.describe(state, TakeCard(round=1, player=SARA, card=parse_card("blue-3")))
    assert said == f"{FSI}{SARA}{PDI} took blue 3"
    beans = SPACE_BEANS.new_game({"players": [YAEL, "Ann"]})
    why = refusal(SPACE_BEANS, beans, CloseOut(player=YAEL))
    assert why is not None and f"{FSI}{YAEL}{PDI}" in why
    # The live sheet's "what just happened", said on each phone from one state
    assert said_event(event(N_("{player}: built {facility} {n}"), player=SARA, facility="Farm", n=2)) == \
        f"{FSI}{SARA}{PDI}: built Farm 2"


def texts_naming(page: Any, names: list[str]) -> list[str]:
    """Every word a screen shows that holds a player's name beside other words."""
    found = []
    for control in controls_on(page):
        for field in WORDS:
            value = getattr(control, field, None)
            value = value.message if isinstance(value, ft.Tooltip) else value
            if isinstance(value, str) and any(n in value and bare(value).strip() != n for n in names):
                found.append(value)
    return found


def not_isolated(said: str, names: list[str]) -> bool:
    """Whether ``said`` holds one of ``names`` outside a pair of isolates."""
    outside = re.sub(f"{FSI}[^{PDI}]*{PDI}", "", said)
    return any(n in outside for n in names)


@pytest.mark.parametrize("kind", ["nicht-die-bohne", "bohnanza", "space-beans", "gone-with-the-beans-live"])
def test_every_label_of_a_game_screen_and_its_timeline_isolates_the_names(tmp_path, kind):
    games = Games(open_repository(tmp_path))
    if kind == "nicht-die-bohne":
        game_id = dealt_in_order(games, PLAYERS, rounds=1)
    elif kind == "bohnanza":
        game_id = bohnanza_over(games, [*PLAYERS, "Dorothea"])
    elif kind == "gone-with-the-beans-live":
        game_id = games.new_game(kind, live_setup_of(tuple(PLAYERS)))
        play(games, game_id, kind, 12, last_by=None)
    else:
        game_id = games.new_game(kind, {"players": PLAYERS})
        play(games, game_id, kind, 6, last_by=None)
    names = list(games.players(game_id))

    async def look() -> dict[str, list[str]]:
        async with Table() as table:
            seen = {}
            for route in (f"/game/{game_id}", f"/game/{game_id}/timeline", "/"):
                phone = await table.open(make_main(games), route, "a phone")
                seen[route] = texts_naming(phone.session.page, names)
            return seen

    try:
        seen = asyncio.run(look())
    finally:
        games.repo.close()
    for route, said in seen.items():
        assert said, f"{route} names nobody"
        assert [s for s in said if not_isolated(s, names)] == [], (route, [s for s in said if not_isolated(s, names)])


def test_beans_score_lines_up_wide_names_and_isolates_them(tmp_path, capsys):
    assert columns(LI_LEI) == 4 and columns(isolated(SARA)) == 4 and columns("Ann") == 3
    assert padded(LI_LEI, 6) == LI_LEI + "  "
    game = {"format": "beans-score/1", "game": "bohnanza",
            "players": [{"name": n, "coins": c, "third_field": False}
                        for n, c in [("Anneliese", 14), (LI_LEI, 12), (SARA, 9)]]}
    table = format_table(score(game)).splitlines()
    assert [columns(line.split("  (")[0]) for line in table[:3]] == [len(" 1. Anneliese    14")] * 3
    assert f"{FSI}{SARA}{PDI}" in table[2]
