"""The group's players in a browser (issue 49): a player's screen and the setup's chips at
320x640 with 150 % text in dark mode and at 390x844, with six long names: every name drawn
wholly on the screen (cut with "…" where it must), nothing off its edge."""

from __future__ import annotations

import pytest

from companion.session import Games
from companion.storage import open_repository
from testkit.browser import Server
from tests.e2e.test_small_screens_ui import CASES, LONG, open_at
from testkit.positions import bohnanza_final

pytestmark = pytest.mark.e2e

# Every node drawn (its words and box) past the screen's right edge.
OFF_THE_EDGE = """() => [...document.querySelectorAll('flt-semantics')]
  .filter(e => !e.querySelector('flt-semantics'))
  .map(e => ({words: (e.getAttribute('aria-label') || e.textContent || '').trim(), box: e.getBoundingClientRect()}))
  .filter(n => n.words && n.box.width > 0 && n.box.right > window.innerWidth + 1)
  .map(n => n.words + ': ' + Math.round(n.box.left) + '-' + Math.round(n.box.right))"""



@pytest.fixture(scope="module")
def group(tmp_path_factory):
    data = tmp_path_factory.mktemp("players")
    repo = open_repository(data)
    games = Games(repo)
    games.files.import_file(bohnanza_final(LONG[:5], [9, 7, 5, 3, 1], "2026-01-10"))
    games.files.import_file(bohnanza_final([LONG[0], *LONG[2:6]], [2, 8, 5, 3, 1], "2026-02-10"))
    repo.close()
    server = Server(data).start()
    yield server
    server.stop()


@pytest.mark.parametrize(("size", "large"), CASES)
def test_a_players_screen_fits_a_small_phone(browser, group, size, large):
    phone, context = open_at(browser, group, "/players/Alexandra-Marie", size, large, "Head to head")
    try:
        phone.see("2 games, 1 won (50 %)")
        phone.shot(f"player-{size[0]}-{'150-dark' if large else '100'}")
        assert phone.page.evaluate(OFF_THE_EDGE) == []
    finally:
        context.close()


@pytest.mark.parametrize(("size", "large"), CASES)
def test_the_setup_chips_fit_a_small_phone_and_fill_the_names(browser, group, size, large):
    phone, context = open_at(browser, group, "/new/bohnanza", size, large, "Players of this group: tap one to add them")
    try:
        phone.shot(f"player-chips-{size[0]}-{'150-dark' if large else '100'}")
        assert phone.page.evaluate(OFF_THE_EDGE) == []
        for name in ("Alexandra-Marie", "Maximiliane", "Anna"):
            phone.tap(name)
            phone.button(name).first.wait_for(state="detached")  # in a field now: no longer offered
        phone.shot(f"player-chips-{size[0]}-{'150-dark' if large else '100'}-filled")
        phone.tap("Start game")
        phone.see("pass 1 of 3")
        phone.see("Maximiliane")
    finally:
        context.close()
