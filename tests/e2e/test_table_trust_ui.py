"""Table mode you can trust, in real browsers (issue 14): a watching phone cannot delete
the seated table's game, a seated phone is told when another phone takes its seat, and a
game the host deletes leaves every phone showing it, saying who deleted it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.cli import main
from companion.session import Games
from companion.storage import open_repository
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e


def phone_of(browser, server: Server, device: str) -> tuple:
    """A phone whose browser already holds its token (as after an earlier visit)."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(f"localStorage.setItem('flutter.bean-counter.device', JSON.stringify('{device}'))")
    return context, Phone(context.new_page(), server.url)


def test_a_watcher_cannot_delete_the_seated_game_and_a_moved_seat_is_told(browser, tmp_path):
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="dev-host")
    games.claim_seat(game_id, "Ann", "1111", "dev-host")
    games.claim_seat(game_id, "Ben", "2222", "dev-ben")
    repo.close()
    server = Server(tmp_path).start()
    contexts = []
    try:
        for device in ("dev-watcher", "dev-ben", "dev-laptop", "dev-host"):
            contexts.append(phone_of(browser, server, device))
        (_, watcher), (_, ben), (_, laptop), (_, host) = contexts

        watcher.open("/")
        delete = watcher.button("Delete game Nicht die Bohne!: Ann, Ben, Cy, ", exact=False)
        delete.first.wait_for(timeout=30_000)
        expect(delete.first).to_be_disabled()
        expect(delete.first).to_have_accessible_name(re.compile(
            r"^Delete game Nicht die Bohne!: Ann, Ben, Cy, .+ · In play: only the phone that started "
            r"the game \(the host\) deletes it while players sit at it$"))
        expect(delete.first).not_to_have_accessible_name(re.compile(game_id))  # no internal id reaches a phone
        watcher.open(f"/game/{game_id}")
        watcher.see("This phone is watching. Sit down to make entries.")
        expect(watcher.button("Undo: sit down to make entries")).to_be_disabled()

        ben.open(f"/game/{game_id}")
        ben.button("Seat: Ben").wait_for(timeout=30_000)
        laptop.open(f"/game/{game_id}/seats")
        laptop.tap("Sit as Ben")
        laptop.type_into("PIN for Ben's seat", "2222")
        laptop.tap("Take Ben's seat")
        laptop.see("This phone is Ben's seat.")
        ben.see("Another phone took Ben's seat with its PIN: this phone now watches")
        ben.button("Seat: watching").wait_for()

        host.open("/")
        host.tap("Delete game Nicht die Bohne!: Ann, Ben, Cy, ", exact=False)
        host.tap("Delete")
        ben.see("Ann's phone deleted this game: it is in the bin on Home, restorable")
        ben.button("New game").wait_for()
        host.see("Bin (kept 30 days)")
        host.tap("Restore")  # back in Resume, on Home
        host.click(host.button("Nicht die Bohne! Ann, Ben, Cy", exact=False))
        host.see("Round 1")
    finally:
        for context, _ in contexts:
            context.close()
        server.stop()


def test_a_game_deleted_on_the_command_line_says_so_and_its_host_restores_it(browser, tmp_path):
    """Issue 14: "the same for a game deleted from the command line": `beans delete` puts
    the game in the same bin; a phone opening it goes Home told who deleted it, and the
    host's phone restores it from the bin. Dark, 150 % text."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    six = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]
    game_id = games.new_game("nicht-die-bohne", {"players": six}, starter="dev-host")
    games.claim_seat(game_id, "Ann", "1111", "dev-host")
    repo.close()
    assert main(["delete", "--data-dir", str(tmp_path), game_id]) == 0
    server = Server(tmp_path).start()
    try:
        context = browser.new_context(viewport=PHONE, color_scheme="dark")
        context.add_init_script("localStorage.setItem('flutter.bean-counter.device', JSON.stringify('dev-host'));"
                                "document.addEventListener('DOMContentLoaded', () => "
                                "{document.documentElement.style.fontSize = '24px';});")
        host = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
        host.see("The command line deleted this game: it is in the bin on Home, restorable")
        host.button("New game").wait_for()
        host.see("Bin (kept 30 days)")
        host.shot("home-bin-command-line")
        host.page.get_by_label("deleted by the command line", exact=False).first.wait_for()
        host.tap("Restore")  # back in Resume, on Home
        host.click(host.button("Nicht die Bohne! Ann, Bo, Cy", exact=False))
        host.see("Round 1")
        context.close()
    finally:
        server.stop()
