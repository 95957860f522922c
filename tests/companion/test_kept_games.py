"""What the session keeps per game is one bounded object (issue 45): the games read lately,
at most KEPT_GAMES of them; one whose change is still being written is never let go, and
a game let go is read and folded again, as it is stored, when next shown."""

from __future__ import annotations

from companion.derived import STATES, Derived
from companion.session import Games
from companion.session.in_play import KEPT_GAMES, InPlay, KeptGames
from companion.storage import GameRecord, open_repository


def in_play(game_id: str, written: bool = True) -> InPlay:
    game = InPlay(GameRecord(id=game_id, game="nicht-die-bohne", setup={}, log=[]), state=None, checkpoints={})
    game.accepted, game.written = 1, 1 if written else 0
    return game


def test_the_least_recently_read_games_go_first_within_the_bound():
    kept = KeptGames(limit=3)
    for n in range(3):
        kept.put(f"g{n}", in_play(f"g{n}"))
    assert kept.get("g0") is not None  # read again: the newest now
    kept.put("g3", in_play("g3"))
    assert len(kept) == 3 and kept.get("g1") is None and kept.get("g0") is not None


def test_a_game_whose_change_is_not_written_yet_is_never_let_go():
    kept = KeptGames(limit=2)
    writing = in_play("busy", written=False)
    kept.put("busy", writing)
    for n in range(5):
        kept.put(f"g{n}", in_play(f"g{n}"))
    assert kept.get("busy") is writing and not writing.gone


def test_a_dropped_game_refuses_the_writes_accepted_on_it():
    kept = KeptGames()
    game = in_play("g")
    kept.put("g", game)
    kept.drop("g")
    assert game.gone and kept.get("g") is None


def test_the_session_keeps_at_most_the_bound_and_reads_a_game_let_go_as_stored(tmp_path):
    games = Games(open_repository(tmp_path))
    try:
        ids = [games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}) for _ in range(KEPT_GAMES + 6)]
        games.dispatch(ids[0], {"kind": "take-card", "round": 1, "player": "Ann", "card": "blue-1"})
        for game_id in ids[1:]:
            games.state(game_id)
        assert len(games._playing) == KEPT_GAMES
        assert games._playing.get(ids[0]) is None  # let go ...
        assert [e["action"]["card"] for e in games.record(ids[0]).log] == ["blue-1"]  # ... and read again
        assert len(games.state(ids[0]).rounds[0].cards[0]) == 1  # Ann holds the card, folded from the file
    finally:
        games.repo.close()


class Stated:
    """A state as the cache sees one: an object known by its identity."""


def test_what_is_worked_out_of_a_game_keeps_only_its_latest_states():
    """Phones read the latest state: the views of older ones go (a long evening's play does
    not pile up in the server's memory), while what is kept by its grounds stays."""
    derived = Derived()
    made: list[str] = []

    def work_out(name: str) -> str:
        made.append(name)
        return name

    def view(state: Stated, name: str) -> str:
        return derived.of_state(state, name, lambda: work_out(name))

    states = [Stated() for _ in range(STATES + 2)]
    derived.get("allowed by grounds", lambda: work_out("answer"))
    for state in states:
        view(state, "Ann's view")
        view(state, "Ben's view")
    made.clear()
    for state in states[-STATES:]:
        view(state, "Ann's view")  # the latest states' views: kept
    assert made == []
    view(states[0], "Ann's view")  # the oldest state's: worked out again
    assert made == ["Ann's view"]
    assert derived.get("allowed by grounds", lambda: "again") == "answer"
