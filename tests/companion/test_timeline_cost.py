"""A change costs a timeline viewer O(1) (issue 46, item 1): a phone on a game's timeline
is sent what changed (a new entry, an undone one), never the whole story drawn again; the
chart of a long game is thinned to what a phone's width shows; and a seat's phone makes
a bounded number of entries a second, refused with the plain "too many taps" line."""

from __future__ import annotations

import asyncio
import os

import pytest

from companion.session import ENTRIES_BURST, ENTRIES_RATE, TOO_FAST, Games, PhoneGames
from companion.storage import open_repository
from companion.ui import hooks
from companion.ui.app import make_main
from companion.ui.components.charts import CHART_POINTS, thinned
from sheets.errors import RulesError
from testkit.harness import Table
from testkit.positions import device, lengthen, mid_game


def sent_for_changes(tmp_path, entries: int, monkeypatch) -> list[int]:
    """Bytes a phone on the timeline of a game of ``entries`` entries is sent for an Undo,
    a Redo and a new entry."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # a game made quickly (tmp_path)
    monkeypatch.setattr(hooks, "LISTING_AFTER", (0.0, 0.0))  # (the story is read again a moment later)
    repo = open_repository(tmp_path / str(entries))
    games = Games(repo)
    game_id = mid_game(games, "nicht-die-bohne")
    lengthen(games, game_id, entries)
    main = make_main(games)

    async def run() -> list[int]:
        async with Table() as table:
            viewer = await table.open(main, f"/game/{game_id}/timeline", "viewer")
            sent = []
            for change in (lambda: games.undo(game_id, device(0)), lambda: games.redo(game_id, device(0)),
                           lambda: lengthen(games, game_id, len(games.record(game_id).log) + 1)):
                before = viewer.sent_bytes
                change()
                for _ in range(100):  # the story is read again on the viewer's own turn of the loop
                    if viewer.sent_bytes != before:
                        break
                    await asyncio.sleep(0.02)
                await table.quiet()
                sent.append(viewer.sent_bytes - before)
            return sent

    try:
        return asyncio.run(run())
    finally:
        repo.close()


def test_a_timeline_viewer_is_sent_the_same_for_a_change_whatever_the_games_length(tmp_path, monkeypatch):
    short, long = sent_for_changes(tmp_path, 50, monkeypatch), sent_for_changes(tmp_path, 300, monkeypatch)
    assert all(0 < n < 8_000 for n in short + long), (short, long)
    assert all(b <= a * 1.3 + 500 for a, b in zip(short, long)), (short, long)


def test_a_timeline_is_drawn_again_at_a_readers_pace_not_at_every_tap(tmp_path, monkeypatch):
    """Entries coming fast (a seat taps Undo and Redo, ten a second) draw a phone's timeline
    again once per LISTING_AFTER, not once per entry (issue 46: eight phones on a long
    game's timeline slowed every table); the newest entry is shown then."""
    monkeypatch.setattr(hooks, "LISTING_AFTER", (0.3, 0.3))
    games = Games(open_repository(tmp_path))
    try:
        game_id = mid_game(games, "nicht-die-bohne")
        main = make_main(games)

        async def run() -> tuple[int, int]:
            async with Table() as table:
                viewer = await table.open(main, f"/game/{game_id}/timeline", "viewer")
                before = viewer.patches
                for n in range(6):
                    games.undo(game_id, device(0)) if n % 2 == 0 else games.redo(game_id, device(0))
                games.undo(game_id, device(0))
                await asyncio.sleep(0.6)
                await table.quiet()
                return viewer.patches - before, len(games.timeline(game_id))

        patches, _told = asyncio.run(run())
        assert patches == 1
    finally:
        games.repo.close()


def test_a_long_games_chart_is_thinned_to_a_phones_width_and_a_new_entry_moves_its_end_only():
    def lines(last: int) -> dict[str, list[tuple[int, int]]]:
        return {"Ann": [(n, n // 3) for n in range(1, last + 1)], "Ben": [(1, 0), (last, 0)]}

    for last in (64, 65, 500, 2000):
        drawn = thinned(lines(last))
        assert all(len(line) <= CHART_POINTS + 2 for line in drawn.values())
        assert all(line[0][0] == 1 and line[-1][0] == last for line in drawn.values())
    before, after = thinned(lines(1000)), thinned(lines(1001))
    assert before["Ann"][:-1] == after["Ann"][:-2] or before["Ann"][:-1] == after["Ann"][:-1]
    assert thinned(lines(10)) == lines(10)  # a short game: every entry


def test_a_seats_phone_makes_a_bounded_number_of_entries_a_second(tmp_path):
    games = Games(open_repository(tmp_path))
    now = [1000.0]
    games.followers.clock = lambda: now[0]
    try:
        game_id = mid_game(games, "nicht-die-bohne")
        ann, ben = PhoneGames(games, device(0)), PhoneGames(games, device(1))
        made = 0
        with pytest.raises(RulesError) as refused:
            for _ in range(int(ENTRIES_BURST) + 1):
                ann.undo(game_id) if made % 2 == 0 else ann.redo(game_id)
                made += 1
        assert str(refused.value) == TOO_FAST and made == ENTRIES_BURST
        games.followers.entry_room(ben.device)  # another phone is not held up by it
        now[0] += 2 / ENTRIES_RATE
        ann.undo(game_id) if made % 2 == 0 else ann.redo(game_id)  # the next one, a moment later
    finally:
        games.repo.close()
