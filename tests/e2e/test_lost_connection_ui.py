"""Lost connection (issue 18): a phone whose server goes away says so in the app's own
words and colours, and is back on the same screen by itself once the server is."""

from __future__ import annotations

import pytest

from companion.session import Games
from companion.storage import open_repository
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone
from tests.e2e.test_server_restart_ui import back_within

pytestmark = pytest.mark.e2e

LOST = "The connection to the table is lost"


def test_a_phone_says_the_connection_is_lost_and_comes_back_by_itself(browser, tmp_path):
    """While the server is down the phone's last screen stays, dimmed, under the lost panel;
    once it answers, the page reloaded to come back says "Reconnecting…" over Flet's splash
    (issue 48: a splash, "Working..." and an empty page looked broken) until the game is
    drawn again, then the game without it."""
    repo = open_repository(tmp_path)
    gid = Games(repo).new_game("nicht-die-bohne", {"players": ["Ann", "Bo", "Cy"]})
    repo.close()
    server = Server(tmp_path).start()
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    try:
        phone = Phone(context.new_page(), server.url).open(f"/game/{gid}")
        phone.chip("Ann 0/20").wait_for()
        assert phone.page.get_by_role("alert").count() == 0

        server.stop()
        alert = phone.page.get_by_role("alert")
        alert.wait_for(timeout=15_000)
        assert LOST in alert.inner_text()
        assert "reconnects by itself" in alert.inner_text()
        # Flet's "Working..." lies under it, neither read out nor tappable
        assert phone.page.locator("flutter-view").evaluate("view => view.inert")
        # the last screen stays under the panel, dimmed: drawn, the panel not opaque ("rgba(": an opaque one is "rgb(")
        assert phone.page.locator("flutter-view").is_visible()
        assert phone.page.locator("#connection-lost").evaluate("panel => getComputedStyle(panel).backgroundColor"
                                                               ).startswith("rgba(")
        phone.shot("connection-lost")

        server.start()  # the same address, as a restarted beans serve has
        # the page reloads by itself (once more if its first try met the server starting),
        # saying so until the game is drawn
        coming_back = phone.page.get_by_role("status").filter(has_text="Reconnecting…")
        coming_back.wait_for(timeout=30_000)
        phone.shot("connection-back")
        back_within({"the phone": (phone, lambda: phone.chip("Ann 0/20"))}, 60)  # the same game, without a tap
        coming_back.wait_for(state="detached", timeout=25_000)  # gone once the game is drawn
        assert phone.page.get_by_role("alert").count() == 0
        assert phone.page.url == f"{server.url}/game/{gid}"
    finally:
        context.close()
        server.stop()


def test_a_phone_that_chose_german_is_told_in_german(browser, tmp_path):
    server = Server(tmp_path).start()
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    # the app keeps the phone's choice in local storage (shared_preferences' key and JSON form)
    context.add_init_script("localStorage.setItem('flutter.bean-counter.language', JSON.stringify('de'))")
    try:
        phone = Phone(context.new_page(), server.url).open("/")
        phone.button("Sprache: Deutsch").wait_for()  # the app took the choice too
        phone.see("Neues Spiel")  # and drew Home in it
        server.stop()
        alert = phone.page.get_by_role("alert")
        alert.wait_for(timeout=15_000)
        assert "Die Verbindung zum Tisch ist unterbrochen" in alert.inner_text()
        phone.shot("connection-lost-de-light")
    finally:
        context.close()
        server.stop()
