"""Where we play and the table's comment on the phone (issue 50): Home asks "Where do you
play?" once (Save or Skip) and then shows the place with Change; the Seats screen lets any
seated phone (any phone while nobody sits) write the game's shared comment."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft

from companion.session import Games
from companion.storage import Repository
from companion.ui.app import make_main
from testkit.harness import Table, controls_on


def texts(page: Any) -> list[str]:
    return [c.value for c in controls_on(page) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def button(page: Any, words: str) -> Any:
    (found,) = [c for c in controls_on(page) if isinstance(c, (ft.FilledButton, ft.OutlinedButton, ft.TextButton))
                and c.content == words]
    return found


def field(page: Any, label: str) -> ft.TextField:
    (found,) = [c for c in controls_on(page) if isinstance(c, ft.TextField) and c.label == label]
    return found


def test_home_asks_where_we_play_once_and_shows_it_with_change(tmp_path: Path) -> None:
    games = Games(Repository(tmp_path))

    async def look() -> tuple[list[str], list[str], list[str]]:
        async with Table() as table:
            phone = await table.open(make_main(games), "/", "a phone")
            page = phone.session.page
            asked = texts(page)
            place = field(page, "Where we play")
            place.on_change(ft.ControlEvent(name="change", data="Bohnenkeller", control=place))
            button(page, "Save place").on_click(None)
            await table.quiet()
            saved = texts(page)
            button(page, "Change").on_click(None)
            await table.quiet()
            button(page, "Cancel").on_click(None)
            await table.quiet()
            return asked, saved, texts(page)

    asked, saved, again = asyncio.run(look())
    assert any(t.startswith("Where do you play?") for t in asked)
    assert "Where we play: Bohnenkeller" in saved and not any(t.startswith("Where do you play?") for t in saved)
    assert "Where we play: Bohnenkeller" in again
    assert games.location() == "Bohnenkeller"
    assert games.files.play_info(games.new_game("bohnanza", {"players": ["Ann", "Ben", "Cy"]})).location == "Bohnenkeller"


def test_skip_is_asked_no_more(tmp_path: Path) -> None:
    games = Games(Repository(tmp_path))

    async def look() -> list[str]:
        async with Table() as table:
            phone = await table.open(make_main(games), "/", "a phone")
            button(phone.session.page, "Skip").on_click(None)
            await table.quiet()
            return texts(phone.session.page)

    assert "Where we play: not said" in asyncio.run(look())
    assert games.files.location_asked() and games.location() is None


def test_the_seats_screen_writes_the_tables_comment(tmp_path: Path) -> None:
    games = Games(Repository(tmp_path))
    game_id = games.new_game("bohnanza", {"players": ["Ann", "Ben", "Cy"]})

    async def write() -> None:
        async with Table() as table:
            phone = await table.open(make_main(games), f"/game/{game_id}/seats", "a phone")
            page = phone.session.page
            comment = field(page, "The table's comment on this game")
            comment.on_change(ft.ControlEvent(name="change", data="Cy's birthday game", control=comment))
            await table.quiet()
            button(page, "Save comment").on_click(None)
            await table.quiet()

    asyncio.run(write())
    assert games.seating.comment(game_id) == "Cy's birthday game"
