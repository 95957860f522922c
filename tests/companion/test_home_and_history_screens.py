"""Home, finished games, Statistics and a restart, with games stored before the phones come,
in process (testkit/screen.py). (Files downloaded and uploaded through the page, and a
backup restored into an empty server, are the browser's: tests/e2e/test_home_and_history_ui.py.)"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from sheets.i18n import whole
from sheets.nicht_die_bohne import DECK, RULES
from sheets.results import GameResult
from testkit.screen import Tables, at_a_players_pace

PLAYERS = ["Ann", "Bo", "Cy"]


def deal(seed: int) -> dict[str, list[str]]:
    deck = sorted(str(c) for c in DECK.elements())
    random.Random(seed).shuffle(deck)
    return {p: deck[i * 20:(i + 1) * 20] for i, p in enumerate(PLAYERS)}


def seed(root: Path) -> tuple[str, str, GameResult]:
    """A data directory with one finished and one unfinished game: their ids and the
    finished one's result."""
    repo = open_repository(root)
    games = Games(repo)
    finished = games.new_game(RULES.id, {"players": PLAYERS})
    for n in (1, 2, 3):
        for player, cards in deal(n).items():
            games.dispatch(finished, {"kind": "enter-cards", "round": n, "player": player, "cards": cards})
    unfinished = games.new_game(RULES.id, {"players": ["Dee", "Eli", "Fay"]})
    games.dispatch(unfinished, {"kind": "take-card", "round": 1, "player": "Dee", "card": "red-7"})
    result = RULES.result(games.state(finished))
    repo.close()
    return finished, unfinished, result


@pytest.fixture
def seeded(tmp_path: Path) -> tuple[Path, str, str, GameResult]:
    return (tmp_path, *seed(tmp_path))


def test_home_lists_games_and_a_finished_game_shows_the_final_ranking(seeded) -> None:
    """Rulebook, Game End: after three rounds, whoever has the most points wins."""
    root, _finished, _unfinished, result = seeded
    repo = open_repository(root)
    try:
        with Tables() as table:
            phone = table.open(make_main(at_a_players_pace(Games(repo))), "/", "phone")
            phone.see("Resume")
            phone.see("In play, Dee leads")  # Dee: red 7, the only card entered
            phone.see("Finished games")
            phone.tap(re.compile(r"^Nicht die Bohne! Ann, Bo and Cy"))  # the tile, not its Share or Delete
            best = max(p.total for p in result.players)
            phone.see(f"{result.winners[0]} wins with {best}" if len(result.winners) == 1 else "Shared victory")
            for p in result.players:
                phone.see(f"{p.rank}. {p.name}: {whole(p.total)}")  # the line said as one
    finally:
        repo.close()


def test_undo_and_redo_survive_a_server_restart(seeded) -> None:
    root, _finished, unfinished, _result = seeded
    repo = open_repository(root)
    with Tables() as table:
        phone = table.open(make_main(at_a_players_pace(Games(repo))), f"/game/{unfinished}", "phone")
        phone.see("Dee 1/20")
        phone.tap("Undo")
        phone.see("Dee 0/20")
    repo.close()  # the server stops ...
    repo = open_repository(root)  # ... and starts again: a new session, the same data directory
    try:
        with Tables() as table:
            phone = table.open(make_main(at_a_players_pace(Games(repo))), f"/game/{unfinished}", "phone")
            phone.see("Dee 0/20")
            phone.tap("Redo")  # the app bar's "More" menu
            phone.see("Dee 1/20")
    finally:
        repo.close()


def test_statistics_count_finished_games_per_player(seeded) -> None:
    root, _finished, _unfinished, result = seeded
    repo = open_repository(root)
    try:
        with Tables() as table:
            phone = table.open(make_main(at_a_players_pace(Games(repo))), "/", "phone")
            phone.tap("Statistics")
            phone.see("1 finished game")
            phone.see(f"Best total: {max(p.total for p in result.players)}")
            for p in result.players:  # played 1, won 1 if a winner: a line of the table, as a screen reader reads it
                phone.node(f"{p.name}: played 1, won {int(p.name in result.winners)}")
            assert not phone.says("Dee", exact=True)  # Dee, Eli and Fay's game is in play: not counted
            phone.see("Chart of games won: " + ", ".join(f"{w} 1" for w in sorted(result.winners)))
    finally:
        repo.close()


def test_a_damaged_game_with_no_backup_stays_on_home_as_set_aside(tmp_path: Path) -> None:
    """Issue 14, "stored files are checked like uploads": a game file damaged with no good
    backup is shown on Home as set aside with what can be done, never silently gone; what
    the phone reads names no file path and no id."""
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    six = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]
    kept = games.new_game(RULES.id, {"players": six})
    games.dispatch(kept, {"kind": "take-card", "round": 1, "player": "Fay", "card": "red-7"})
    damaged = games.new_game(RULES.id, {"players": six})
    repo.close()
    (tmp_path / "games" / f"{damaged}.json").write_bytes(b"\x00{not json")
    for backup in (tmp_path / "games").glob(f"{damaged}.json.bak*"):
        backup.unlink()
    repo = open_repository(tmp_path)
    try:
        with Tables() as table:
            phone = table.open(make_main(at_a_players_pace(Games(repo))), "/", "phone")
            phone.see("In play, Fay leads")
            phone.see("Set aside (damaged)")
            phone.see("no good backup is left to restore")
            said = next(w for w in phone.words() if "This game could not be read" in w)
            assert damaged not in said and ".json" not in said and str(tmp_path) not in said
            phone.go(f"/game/{damaged}")
            phone.see("Its file was set aside as it was on the host's computer")
            assert not phone.says(".json")
    finally:
        repo.close()
