"""Issue 33 on phones in process (testkit/screen.py): a released seat that keeps a note goes
to no phone before the host approves it on its own screen; issue 32: each phone is told
what happened to it (what its Undo took back, the host's answer; a deleted game's Seats
page goes Home saying who deleted it, never its id). (That the note never reaches the
asking phone's socket before: tests/e2e/test_seat_handover_ui.py.)"""

from __future__ import annotations

from pathlib import Path

from companion import table
from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from sheets.names import bare
from testkit.screen import Tables, at_a_players_pace

NOTE = "Ben: blue 5 face down, SENTINEL-4e1b"


def test_the_host_hands_a_released_seat_to_the_phone_it_approves(tmp_path: Path) -> None:
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    players = ["Ann", "Ben", "Cy", "Dorothea-Luise", "Alexandra-Marie", "Eve"]
    gid = games.new_game("nicht-die-bohne", {"players": players}, starter="dev-host")
    games.seating.claim_seat(gid, "Ann", "1111", "dev-host")
    games.seating.claim_seat(gid, "Ben", "2222", "dev-ben")
    games.seating.write_private_note(gid, NOTE, "dev-ben")
    games.seating.release_seat(gid, "Ben", "dev-host")  # Ben's phone is lost
    games.dispatch(gid, {"kind": "take-card", "round": 1, "player": "Ann", "card": "blue-3"}, device="dev-host")
    code = table.code_of(gid, "dev-new")
    main = make_main(games)
    try:
        with Tables() as tables:
            host = tables.open(main, f"/game/{gid}", "dev-host")
            host.button("Seat: Ann")
            host.tap("Undo")
            host.see("Undone: Ann took blue 3")  # issue 32: Undo says what it took back
            new = tables.open(main, f"/game/{gid}/seats", "dev-new")
            new.see("released: the host hands it")
            new.tap("Ask for Ben's seat")
            assert new.button("Ask the host for Ben's seat").disabled  # no PIN yet
            new.type_into("PIN for Ben's seat", "4321")
            new.tap("Ask the host for Ben's seat")
            new.see(f"This phone's code: {code}.")
            assert new.button("Waiting for the host").disabled
            assert not new.says(NOTE)  # nothing of Ben's before the host says so

            host.see("A phone asks for a seat: open Seats to approve or refuse it")
            host.tap("Seat: Ann", exact=False)
            host.see(f"The phone showing the code {code} asks for Ben's seat")
            host.tap("Approve")

            new.see("The host handed Ben's seat to this phone")
            new.see("This phone is Ben's seat.")
            assert [f for f in new.visible() if bare(getattr(f, "label", None) or "") == "Ben's private note"]
            new.see(NOTE)  # his note, now on his new phone

            host.go("/")
            host.tap("Delete game Nicht die Bohne!: Ann, ", exact=False)
            host.tap("Delete")
            new.see("Ann's phone deleted this game: it is in the bin on Home, restorable")
            new.button("New game")
            new.go(f"/game/{gid}/seats")  # the deleted game's Seats page, asked for again
            new.see("Ann's phone deleted this game")
            assert not new.says(gid)  # never the game's id
    finally:
        repo.close()
