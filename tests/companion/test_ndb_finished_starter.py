"""Issue 47, item 7: a finished Nicht die Bohne! game is closed to its starters too. On the
result screen "X starts round 3" is no button (the engine's reason is said below the names);
"Correct round 3" changes who started round 3 with the round, as it changes the cards.
Rulebook, Game End: "The player who takes the Bean chip the very last of the previous round
starts the new round"; "After three rounds, whoever has the most points is the winner"."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import flet as ft

from testkit.harness import Table, controls_on
from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from sheets.nicht_die_bohne import DECK, EnterCards, RecordChip
from sheets.names import bare

PLAYERS = ["Ann", "Ben", "Cy"]
CLOSED = "The game is finished: who starts round 3 changes only by correcting round 3 as a whole."


def deal(seed: int) -> dict[str, list[str]]:
    deck = sorted(str(c) for c in DECK.elements())
    random.Random(seed).shuffle(deck)
    return {p: deck[i * 20:(i + 1) * 20] for i, p in enumerate(PLAYERS)}


def finished_game(games: Games) -> str:
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    for number, hands in enumerate((deal(1), deal(2), deal(3)), start=1):
        if number == 3:
            games.dispatch(game_id, RecordChip(round=2, player="Ben"))  # as round 3 begins
        for player in PLAYERS:
            games.dispatch(game_id, EnterCards(round=number, player=player, cards=hands[player]))
    return game_id


def starter_tiles(page: Any) -> dict[str, ft.Container]:
    """The starter picker's names: label -> the tile under it."""
    return {bare(c.label): c.content for c in controls_on(page)
            if isinstance(c, ft.Semantics) and isinstance(c.label, str) and " starts round " in c.label}


def texts(page: Any) -> list[str]:
    return [bare(c.value) for c in controls_on(page) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def test_a_finished_games_starter_is_no_button_and_changes_with_correct_round_3(tmp_path):
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = finished_game(games)

    async def look() -> None:
        async with Table() as table:
            phone = await table.open(make_main(games), f"/game/{game_id}", "a phone")
            page = phone.session.page
            tiles = starter_tiles(page)
            assert set(tiles) == {"Ann starts round 3", "Ben starts round 3", "Cy starts round 3"}
            assert all(tile.on_click is None for tile in tiles.values())  # no silent change
            assert CLOSED in texts(page)
            (correct,) = [c for c in controls_on(page)
                          if isinstance(c, ft.OutlinedButton) and c.content == "Correct round 3"]
            correct.on_click(None)
            await table.quiet()
            tiles = starter_tiles(page)
            assert CLOSED not in texts(page)
            tiles["Cy starts round 3"].on_click(None)  # the correction's own starter
            await table.quiet()
            assert games.state(game_id).starter(3) == "Ben"  # nothing saved yet
            (save,) = [c for c in controls_on(page) if isinstance(c, ft.FilledButton) and c.content == "Save round 3"]
            save.on_click(None)
            await table.quiet()
            assert games.state(game_id).starter(3) == "Cy"
            assert all(tile.on_click is None for tile in starter_tiles(page).values())

    asyncio.run(look())
    repo.close()
