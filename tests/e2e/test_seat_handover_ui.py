"""Issue 33 in real browsers: a released seat that keeps a note goes to no phone before the
host approves it: nothing of it crosses the asking phone's socket until then. (The whole
handover on its screens, what each phone is told, a deleted game's Seats page:
tests/companion/test_seat_handover_screens.py.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion import table
from companion.session import Games
from companion.storage import open_repository
from testkit.browser import Server
from tests.e2e.conftest import phone_holding
from tests.e2e.conftest import as_read

pytestmark = pytest.mark.e2e

NOTE = "Ben: blue 5 face down, SENTINEL-4e1b"


def sent(frames: list, text: str) -> bool:
    return any(text.encode() in (f if isinstance(f, bytes) else f.encode()) for f in frames)


@pytest.mark.slow("two phones, one asking for a seat and the other approving it, its socket read "
                  "before and after")
def test_the_host_hands_a_released_seat_to_the_phone_it_approves(browser, tmp_path):
    repo = open_repository(tmp_path)
    games = Games(repo)
    players = ["Ann", "Ben", "Cy", "Dorothea-Luise", "Alexandra-Marie", "Eve"]
    gid = games.new_game("nicht-die-bohne", {"players": players}, starter="dev-host")
    games.seating.claim_seat(gid, "Ann", "1111", "dev-host")
    games.seating.claim_seat(gid, "Ben", "2222", "dev-ben")
    games.seating.write_private_note(gid, NOTE, "dev-ben")
    games.seating.release_seat(gid, "Ben", "dev-host")  # Ben's phone is lost
    repo.close()
    server = Server(tmp_path).start()
    frames: list = []  # everything the asking phone is sent
    contexts = [phone_holding(browser, server, "dev-host"),
                phone_holding(browser, server, "dev-new", frames, large=True, color_scheme="dark")]
    (_, host), (_, new) = contexts
    code = table.code_of(gid, "dev-new")
    try:
        host.open(f"/game/{gid}")
        host.button("Seat: Ann").wait_for(timeout=60_000)
        new.open(f"/game/{gid}/seats")
        new.see("released: the host hands it", timeout=60_000)
        new.tap("Ask for Ben's seat")
        # typed straight into the field: the field the tap brought in is scrolled into view by
        # Flutter, and a click there lands on the list's node above it
        box = new.page.get_by_role("textbox", name=as_read("PIN for Ben's seat"))
        for _ in range(10):  # until Flutter took the field over (typing before that is lost)
            box.fill("4321")
            try:
                expect(new.button("Ask the host for Ben's seat")).to_be_enabled(timeout=1_000)
                break
            except AssertionError:
                continue
        expect(new.button("Ask the host for Ben's seat")).to_be_enabled()
        new.tap("Ask the host for Ben's seat")
        new.see(f"This phone's code: {code}.")
        expect(new.button("Waiting for the host")).to_be_disabled()
        assert not sent(frames, NOTE)  # nothing of Ben's reaches it before the host says so
        new.shot("seat-asked-dark-150")

        host.see("A phone asks for a seat: open Seats to approve or refuse it")
        host.tap("Seat: Ann", exact=False)
        host.see(f"The phone showing the code {code} asks for Ben's seat")
        host.shot("seat-ask-on-the-host")
        host.tap("Approve")

        new.see("The host handed Ben's seat to this phone")
        new.see("This phone is Ben's seat.")
        new.page.get_by_role("textbox", name=as_read("Ben's private note")).wait_for()
        assert sent(frames, NOTE)  # his note, now on his new phone
    finally:
        for context, _ in contexts:
            context.close()
        server.stop()
