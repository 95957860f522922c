"""A tap's write never blocks the loop that serves every phone (issue 45): on that loop a
change is accepted at once (validated and applied, in order), written by a worker
thread, and the phones are told only once it is durable. A failed write leaves the game
as it is stored and says so on the phone that tapped."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import pytest

from companion.session import Games, PhoneGames
from companion.storage import DiskError, GameRecord, Repository, Summary, open_repository

PLAYERS = ["Ann", "Ben", "Cy"]


def take(player: str, card: str) -> dict[str, Any]:
    return {"kind": "take-card", "round": 1, "player": player, "card": card}


def stored_log(data_dir: Any, game_id: str) -> list[dict[str, Any]]:
    """What a fresh reader of the data directory finds (another process, after a kill)."""
    return [entry["action"] for entry in Repository(data_dir, read_only=True).load(game_id).log]


class HeldWrites:
    """The repository's writes of one game held until ``release`` (a slow disk)."""

    def __init__(self, repo: Repository, game_id: str, fail: bool = False) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self.fail = fail
        self._save: Callable[..., None] = repo.save
        self._game_id = game_id
        repo.save = self.save  # type: ignore[method-assign]

    def save(self, record: GameRecord, summary: Summary | None = None) -> None:
        if record.id == self._game_id:
            self.started.set()
            assert self.gate.wait(10), "the test never released the write"
            if self.fail:
                raise DiskError("Not saved: the disk is full")
        self._save(record, summary)


@pytest.fixture
def games(tmp_path):
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()


def test_the_phones_are_told_only_once_the_entry_is_durable_and_the_loop_serves_meanwhile(games, tmp_path):
    slow = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    other = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    held = HeldWrites(games.repo, slow)
    told: list[str] = []
    games.followers.subscribe(slow, told.append)
    games.followers.subscribe(other, told.append)

    async def table() -> None:
        state, written = games.enter(slow, take("Ann", "blue-1"))
        assert written is not None  # on the loop: written off it
        assert games.state(slow) is state  # accepted: the next entry builds on it
        await asyncio.to_thread(held.started.wait, 5)
        # The write hangs on the disk; another table's tap is stored and told meanwhile.
        _state, theirs = games.enter(other, take("Ben", "red-2"))
        assert theirs is not None and await theirs
        assert told == [other] and stored_log(tmp_path, slow) == []
        held.gate.set()
        assert await written
        assert told == [other, slow]

    asyncio.run(table())
    assert stored_log(tmp_path, slow) == [take("Ann", "blue-1")]


def test_quick_taps_are_stored_in_the_order_they_were_made(games, tmp_path):
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    held = HeldWrites(games.repo, game_id)
    taps = [take("Ann", "blue-1"), take("Ben", "red-2"), take("Cy", "blue-3")]

    async def table() -> list[bool]:
        written = [games.enter(game_id, tap)[1] for tap in taps]  # each accepted before the first is written
        held.gate.set()
        return [await w for w in written if w is not None]

    assert asyncio.run(table()) == [True, True, True]
    assert stored_log(tmp_path, game_id) == taps
    assert [e["action"] for e in games.record(game_id).log] == taps


def test_a_failed_write_leaves_the_game_as_stored_and_tells_the_phone_that_tapped(games, tmp_path):
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    games.dispatch(game_id, take("Ann", "blue-1"))
    held = HeldWrites(games.repo, game_id, fail=True)
    phone = PhoneGames(games, "ann-phone")
    told: list[str] = []
    games.followers.subscribe(game_id, told.append)

    async def table() -> bool:
        written = phone.dispatch(game_id, take("Ben", "red-2"))
        later = phone.dispatch(game_id, take("Cy", "blue-3"))  # built on the one that fails
        held.gate.set()
        assert written is not None and later is not None
        return await written or await later

    assert asyncio.run(table()) is False
    assert stored_log(tmp_path, game_id) == [take("Ann", "blue-1")]
    assert [e["action"] for e in games.record(game_id).log] == [take("Ann", "blue-1")]
    news = phone.news(game_id)
    assert news is not None and news.said.startswith("Not saved")
    assert told and set(told) == {game_id}  # every phone shows the game as it is stored


def test_from_the_command_line_a_change_is_written_before_it_returns(games, tmp_path):
    """No loop runs there: ``dispatch`` returns once the entry is on disk, as before."""
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    state, written = games.enter(game_id, take("Ann", "blue-1"))
    assert written is None
    assert stored_log(tmp_path, game_id) == [take("Ann", "blue-1")]
