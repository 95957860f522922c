"""Home (issues 32 and 33): a live sheet shows its sheet letter; each part shows its newest
games a page at a time, so a thousand stored games cost a draw no more than a few dozen;
the bin sits below the games and its Restore keeps the phone on Home."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft

from companion.session import Games
from companion.storage import Repository
from companion.ui.app import make_main
from companion.ui.screens.home import PAGE
from testkit.gwtb_live_play import setup
from testkit.harness import Table, controls_on

PLAYERS = ["Ann", "Ben", "Cy"]


def shown(page: Any) -> list[str]:
    said = []
    for control in controls_on(page):
        for name in ("value", "content"):
            value = getattr(control, name, None)
            if isinstance(value, str):
                said.append(value)
    return said


def test_home_names_a_live_sheets_letter_and_pages_its_games(tmp_path: Path) -> None:
    games = Games(Repository(tmp_path))
    games.new_game("gone-with-the-beans-live", setup(("Ann", "macadimia"), ("Ben", "cashew"), sheet="B"))
    for _ in range(PAGE + 4):
        games.new_game("nicht-die-bohne", {"players": PLAYERS})
    binned = games.new_game("nicht-die-bohne", {"players": ["Gus", "Hanna", "Ida"]})
    games.delete(binned)

    async def look() -> tuple[list[str], list[str], list[str]]:
        async with Table() as table:
            phone = await table.open(make_main(games), "/", "a phone")
            first = shown(phone.session.page)
            (more,) = [c for c in controls_on(phone.session.page)
                       if isinstance(c, ft.TextButton) and c.content == "Show 5 more games"]
            more.on_click(None)
            await table.quiet()
            second = shown(phone.session.page)
            (restore,) = [c for c in controls_on(phone.session.page)
                          if isinstance(c, ft.TextButton) and c.content == "Restore"]
            restore.on_click(None)
            await table.quiet()
            return first, second, shown(phone.session.page)

    first, second, third = asyncio.run(look())
    games.repo.close()
    live = "Gone with the Beans: live sheet · Sheet B"
    titles = [[said for said in screen if said in ("Nicht die Bohne!", live)] for screen in (first, second)]
    assert len(titles[0]) == PAGE + 1 and len(titles[1]) == PAGE + 4 + 1 + 1  # a page, then all, and the bin's
    assert live in second and "Show 5 more games" not in second
    assert "Bin (kept 30 days)" in second and "Bin (kept 30 days)" not in third  # restored ...
    assert "New game" in third and "Gus, Hanna, Ida" in "\n".join(third)  # ... and still on Home
