"""Fold checkpoints (issue 17): the session remembers the state every few entries so an
undo refolds only from the latest one before the entry it takes back. Whatever happens
to the log (entries, undo and redo by any seat, an import, a restored backup, a delete
and undelete), the state a phone sees is the state the stored log folds into, and every
remembered state is that of the stored log's first entries: a checkpoint never outlives
a change before it. Nothing of them is written: the stored game is the same as without.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import session
from companion.session import store
from companion.session import Games
from companion.storage import DamagedGame, open_repository
from sheets.errors import RulesError
from sheets.game import fold

PLAYERS = ["Ann", "Ben", "Cy"]
DEVICES = ["ann-phone", "ben-phone", "cy-phone"]  # Ann's phone is the host
CARDS = [f"{colour}-{n}" for colour in ("blue", "red") for n in range(1, 5)]
EVERY = 3  # a checkpoint every 3 entries: many of them in a short game


@pytest.fixture(autouse=True)
def small_checkpoints(monkeypatch):
    monkeypatch.setattr(store, "CHECKPOINT_EVERY", EVERY)


def folded(games: Games, game_id: str, entries: int | None = None):
    """What the stored log (its first ``entries``) folds into, from the start."""
    record = games.repo.load(game_id)
    log = record.log if entries is None else record.log[:entries]
    return fold(session.rules_for(record.game), record.setup, [e["action"] for e in log])


def assert_consistent(games: Games, game_id: str) -> None:
    assert games.state(game_id) == folded(games, game_id)
    remembered = games._in_play(game_id).checkpoints
    for n, state in remembered.items():
        assert n <= len(games.record(game_id).log)
        assert state == folded(games, game_id, n), f"the checkpoint after {n} entries is stale"


def seated_pad(games: Games) -> str:
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS}, starter=DEVICES[0])
    for player, device in zip(PLAYERS, DEVICES):
        games.seating.claim_seat(game_id, player, "1234", device)
    return game_id


STEP = st.one_of(
    st.tuples(st.just("take"), st.integers(0, 2), st.sampled_from(CARDS)),
    st.tuples(st.just("return"), st.integers(0, 2), st.sampled_from(CARDS)),
    st.tuples(st.just("undo"), st.integers(0, 2)),
    st.tuples(st.just("redo"), st.integers(0, 2)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEP, min_size=1, max_size=40))
def test_any_entries_undos_and_redos_by_any_seat_give_the_state_of_the_stored_log(steps):
    """Undo takes back a seat's own latest entry, which may lie before checkpoints:
    they are dropped, and the state is the full fold of what is stored."""
    with tempfile.TemporaryDirectory() as data_dir:
        repo = open_repository(Path(data_dir))
        games = Games(repo)
        game_id = seated_pad(games)
        for step in steps:
            kind, seat = step[0], step[1]
            before = games.record(game_id).log
            try:
                if kind in ("take", "return"):
                    games.dispatch(game_id, {"kind": f"{kind}-card", "round": 1, "player": PLAYERS[seat],
                                             "card": step[2]}, device=DEVICES[seat])
                elif kind == "undo":
                    games.undo(game_id, device=DEVICES[seat])
                else:
                    games.redo(game_id, device=DEVICES[seat])
            except RulesError:
                assert games.record(game_id).log == before  # refused: nothing changed
            assert_consistent(games, game_id)
        fresh = Games(repo)  # a restart folds the stored log alike
        assert fresh.state(game_id) == games.state(game_id)
        repo.close()


@pytest.fixture
def games(tmp_path):
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()


def take(player: str, card: str) -> dict:
    return {"kind": "take-card", "round": 1, "player": player, "card": card}


def test_undo_far_back_drops_the_checkpoints_after_it(games):
    game_id = seated_pad(games)
    games.dispatch(game_id, take("Ben", "yellow-1"), device=DEVICES[1])  # Ben's only entry, the first
    for card in CARDS:
        games.dispatch(game_id, take("Ann", card), device=DEVICES[0])
    assert max(games._in_play(game_id).checkpoints) == 9
    games.undo(game_id, device=DEVICES[1])  # takes back entry 1 of 9: every checkpoint is stale
    assert sorted(games._in_play(game_id).checkpoints) == [3, 6]  # folded again from the start
    assert not games.state(game_id).cards_of(1, "Ben")
    assert_consistent(games, game_id)
    games.redo(game_id, device=DEVICES[1])
    assert games.state(game_id).cards_of(1, "Ben")
    assert_consistent(games, game_id)


def test_an_undo_of_the_latest_entry_goes_back_to_the_state_before_it_without_a_fold(games):
    """The Undo a player taps after a slip: the game as it stood before that entry, the
    very state the phones were shown, not the log folded again; and again after a Redo."""
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    for card in CARDS[:4]:  # past the checkpoint after 3 entries
        games.dispatch(game_id, take("Ann", card))
    before = games.state(game_id)
    games.dispatch(game_id, take("Ben", "red-9"))
    assert games.undo(game_id) is before
    games.redo(game_id)
    assert games.undo(game_id) is before
    assert_consistent(games, game_id)


def test_an_imported_game_undoes_and_redoes_like_one_played_here(games):
    game_id = games.files.import_file({"format": "beans-score/1", "game": "bohnanza", "players": [
        {"name": "Eamon", "coins": 14, "third_field": True},
        {"name": "Fiona", "coins": 9, "third_field": False},
        {"name": "Gwen", "coins": 11, "third_field": False}]})
    for _ in range(len(games.record(game_id).log)):
        games.undo(game_id)
        assert_consistent(games, game_id)
    for _ in range(2):
        games.redo(game_id)
        assert_consistent(games, game_id)


def test_a_restored_backup_is_folded_again_not_from_checkpoints_of_the_damaged_log(games):
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    for card in CARDS:
        games.dispatch(game_id, take("Cy", card))
    games.undo(game_id)
    games.undo(game_id)
    games.dispatch(game_id, take("Ann", "red-9"))
    assert games._in_play(game_id).checkpoints
    path = games.repo.game_path(game_id)
    path.write_bytes(b"{damaged")  # behind the server's back, its checkpoints still in memory:
    games.repo._records.pop(game_id)  # the repository reads the file again, as after a restart
    with pytest.raises(DamagedGame):
        games.repo.load(game_id)  # (the session still serves the game as it last had it)
    games.bin.restore_backup(game_id)
    assert_consistent(games, game_id)
    games.undo(game_id)
    assert_consistent(games, game_id)


def test_a_game_deleted_and_restored_folds_its_stored_log(games):
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    for card in CARDS:
        games.dispatch(game_id, take("Ann", card))
    games.bin.delete(game_id)
    games.bin.undelete(game_id)
    games.undo(game_id)
    assert_consistent(games, game_id)


def test_checkpoints_are_never_stored(games, tmp_path):
    """The stored game is the same with checkpoints as without (memory only)."""
    game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    for card in CARDS:
        games.dispatch(game_id, take("Ann", card))
    games.undo(game_id)
    stored = games.repo.game_path(game_id).read_text()
    assert "checkpoint" not in stored
    assert len(games.record(game_id).log) == len(CARDS) - 1
