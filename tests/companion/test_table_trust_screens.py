"""Table mode you can trust, on phones in process (issue 14; testkit/screen.py): a watching
phone cannot delete the seated table's game, a seated phone is told when another phone
takes its seat, and a game the host (or the command line) deletes leaves every phone
showing it, saying who deleted it; the host restores it from the bin."""

from __future__ import annotations

import re
from pathlib import Path

from companion.cli import main
from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from testkit.screen import Tables, at_a_players_pace


def test_a_watcher_cannot_delete_the_seated_game_and_a_moved_seat_is_told(tmp_path: Path) -> None:
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    game_id = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="dev-host")
    games.seating.claim_seat(game_id, "Ann", "1111", "dev-host")
    games.seating.claim_seat(game_id, "Ben", "2222", "dev-ben")
    main_ = make_main(games)
    try:
        with Tables() as table:
            watcher = table.open(main_, "/", "dev-watcher")
            delete = watcher.button(re.compile(r"^Delete game Nicht die Bohne!: Ann, Ben and Cy, "))
            assert delete.disabled
            assert any(re.fullmatch(r"Delete game Nicht die Bohne!: Ann, Ben and Cy, .+ · In play: only the phone that "
                                    r"started the game \(the host\) deletes it while players sit at it", n)
                       for n in delete.names), delete.names
            assert not any(game_id in n for n in delete.names)  # no internal id reaches a phone
            watcher.go(f"/game/{game_id}")
            watcher.see("This phone is watching. Sit down to make entries.")
            assert watcher.button("Undo: sit down to make entries").disabled

            ben = table.open(main_, f"/game/{game_id}", "dev-ben")
            ben.button("Seat: Ben")
            laptop = table.open(main_, f"/game/{game_id}/seats", "dev-laptop")
            laptop.tap("Sit as Ben")
            laptop.type_into("PIN for Ben's seat", "9999")
            laptop.tap("Take Ben's seat")
            laptop.see("wrong PIN for Ben's seat")
            laptop.type_into("PIN for Ben's seat", "2222")
            laptop.tap("Take Ben's seat")
            laptop.see("This phone is Ben's seat.")
            ben.see("Another phone took Ben's seat with its PIN: this phone now watches")
            ben.button("Seat: watching")

            host = table.open(main_, "/", "dev-host")
            host.tap(re.compile(r"^Delete game Nicht die Bohne!: Ann, Ben and Cy, "))
            host.tap("Delete")
            ben.see("Ann's phone deleted this game: it is in the bin on Home, restorable")
            ben.button("New game")
            host.see("Bin (kept 30 days)")
            host.tap("Restore")  # back in Resume, on Home
            host.tap(re.compile(r"^Nicht die Bohne! Ann, Ben and Cy"))
            host.see("Round 1")
    finally:
        repo.close()


def test_a_game_deleted_on_the_command_line_says_so_and_its_host_restores_it(tmp_path: Path) -> None:
    """Issue 14: "the same for a game deleted from the command line": `beans delete` puts
    the game in the same bin; a phone opening it goes Home told who deleted it, and the
    host's phone restores it from the bin."""
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    six = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]
    game_id = games.new_game("nicht-die-bohne", {"players": six}, starter="dev-host")
    games.seating.claim_seat(game_id, "Ann", "1111", "dev-host")
    repo.close()
    assert main(["delete", "--data-dir", str(tmp_path), game_id]) == 0
    repo = open_repository(tmp_path)
    try:
        with Tables() as table:
            host = table.open(make_main(at_a_players_pace(Games(repo))), f"/game/{game_id}", "dev-host")
            host.see("The command line deleted this game: it is in the bin on Home, restorable")
            host.button("New game")
            host.see("Bin (kept 30 days)")
            host.see("deleted by the command line")
            host.tap("Restore")  # back in Resume, on Home
            host.tap(re.compile(r"^Nicht die Bohne! Ann, Bo, Cy, Dee, Eli and Fay"))
            host.see("Round 1")
    finally:
        repo.close()
