"""Home (issues 32 and 33): a live sheet shows its sheet letter; each part shows its newest
games a page at a time, so a thousand stored games cost a draw no more than a few dozen;
the bin sits below the games and its Restore keeps the phone on Home. A tap at a table
draws Home and Statistics again only when a line of them reads differently (issue 33: a
score tapped at one table, with phones on Home, cost every tap at the table their redraws)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft

from companion.session import Games
from companion.storage import Repository
from companion.ui.app import make_main
from companion.ui import hooks
from companion.ui.screens import home, statistics
from companion.ui.screens.home import PAGE
from testkit.gwtb_live_play import setup
from testkit.harness import Table, controls_on
from sheets.names import bare

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
    games.bin.delete(binned)

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
    assert "New game" in third and "Gus, Hanna and Ida" in bare("\n".join(third))  # ... and still on Home


def test_a_tap_draws_home_again_only_when_who_leads_changes(tmp_path: Path, monkeypatch: Any) -> None:
    games = Games(Repository(tmp_path))
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    drawn: list[str] = []  # each time a game's tile on Home or the Statistics screen was drawn
    monkeypatch.setattr(home, "game_tile", lambda *a, _t=home.game_tile: drawn.append("tile") or _t(*a))
    monkeypatch.setattr(statistics, "screen", lambda *a, _s=statistics.screen, **k: drawn.append("stats") or _s(
        *a, **k))
    monkeypatch.setattr(hooks, "LISTING_AFTER", (0.0, 0.0))  # (a phone reads the list again a moment later)

    def take(player: str, card: str) -> None:
        games.dispatch(game_id, {"kind": "take-card", "round": 1, "player": player, "card": card})

    def leaders() -> list[str]:
        (summary,) = games.summaries()
        return [name for name, total in zip(summary.players, summary.totals) if total == max(summary.totals)]

    async def look() -> tuple[list[str], list[str], list[str]]:
        async with Table() as table:
            phone = await table.open(make_main(games), "/", "a phone on Home")
            await table.open(make_main(games), "/stats", "a phone on Statistics")
            take("Ann", "blue-5")
            await table.quiet()
            assert leaders() == ["Ann"]
            first = shown(phone.session.page)
            drawn.clear()
            take("Ben", "red-1")  # Ben scores, Ann still leads
            await table.quiet()
            assert leaders() == ["Ann"]
            unchanged = list(drawn)
            take("Ben", "red-9")
            await table.quiet()
            assert leaders() == ["Ben"]
            return first, unchanged, shown(phone.session.page)

    first, unchanged, last = asyncio.run(look())
    games.repo.close()
    assert any("In play, Ann leads" in bare(said) for said in first)  # Ben and Cy at 0
    assert unchanged == []  # nothing Home shows changed, and no game finished: neither is drawn again
    assert drawn == ["tile"]  # Ben leads now: Home's tile is drawn again, Statistics still not
    assert any("In play, Ben leads" in bare(said) for said in last)


def test_the_bin_is_listed_below_no_games_yet(tmp_path: Path) -> None:
    """Issue 48: with every game in the bin, Home said the bin first and "No games yet"
    under it; the games (none) come first, the bin below them."""
    games = Games(Repository(tmp_path))
    games.bin.delete(games.new_game("nicht-die-bohne", {"players": PLAYERS}))

    async def look() -> list[str]:
        async with Table() as table:
            phone = await table.open(make_main(games), "/", "a phone")
            return shown(phone.session.page)

    said = asyncio.run(look())
    none = next(i for i, s in enumerate(said) if s.startswith("No games yet."))
    bin_ = next(i for i, s in enumerate(said) if s.startswith("Bin (kept"))
    assert none < bin_


def test_a_game_started_on_one_phone_is_listed_on_every_phone_on_home(tmp_path: Path, monkeypatch: Any) -> None:
    """Another phone's new game (or an imported one) shows on Home without a tap there."""
    games = Games(Repository(tmp_path))
    monkeypatch.setattr(hooks, "LISTING_AFTER", (0.0, 0.0))  # (a phone reads the list again a moment later)

    async def look() -> tuple[list[str], list[str]]:
        async with Table() as table:
            phone = await table.open(make_main(games), "/", "a phone on Home")
            before = shown(phone.session.page)
            games.new_game("nicht-die-bohne", {"players": PLAYERS})
            for _ in range(100):  # read again on the phone's own turn of the loop
                await table.quiet()
                if shown(phone.session.page) != before:
                    break
            return before, shown(phone.session.page)

    before, after = asyncio.run(look())
    games.repo.close()
    assert "Nicht die Bohne!" not in before and "Nicht die Bohne!" in after
