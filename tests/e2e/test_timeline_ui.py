"""Issue 35: every game screen opens its timeline: each entry newest first, with its number,
time, whose phone made it, what it was in words and the totals after it; an entry taken back
is marked undone; a tap on an entry shows the game as it stood after it, read only, a tap
away from the next entry and from now. A table of seats, 320 px wide, dark, 150 % text."""

from __future__ import annotations

import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.ui.components.charts import phase_holdings, totals_words
from testkit.browser import FONT_150, Server
from testkit.positions import live_rounds, planted_and_taken_back
from tests.e2e.conftest import Phone
from sheets.names import bare

pytestmark = pytest.mark.e2e

PLAYERS = ["Alexandra-Marie", "Ben", "Cy", "Dee", "Eli", "Fay"]


def test_the_timeline_and_a_past_moment_are_drawn_on_a_small_phone(browser, tmp_path):
    """The app bar's "More" menu, the timeline's entries and a past moment drawn at 320 px,
    dark, 150 % text. (What each entry says, the past moment's taps and the menu's Redo:
    tests/companion/test_timeline.py.)"""
    repo = open_repository(tmp_path)
    game_id = planted_and_taken_back(Games(repo), PLAYERS[:5], ("phone-a", "phone-b"))
    repo.close()
    server = Server(tmp_path).start()
    try:
        context = browser.new_context(viewport={"width": 320, "height": 640}, color_scheme="dark")
        context.add_init_script(FONT_150)
        phone = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
        timeline = phone.menu_item("Timeline")  # the app bar's "More" menu, drawn
        timeline.wait_for()
        phone.shot("more-menu-320-dark-150")
        timeline.click()
        phone.see("3 entries, the newest first")
        phone.shot("timeline-320-dark-150")
        phone.click(phone.page.get_by_role("button", name="Entry 1, ", exact=False).first)
        phone.see("After entry 1 of 2: the game as it stood then, read only")
        phone.shot("timeline-past-320-dark-150")
        context.close()
    finally:
        server.stop()


def test_the_timeline_draws_every_players_total_across_the_game(browser, tmp_path):
    """Issue 35: a chart of each player's total, drawn by the served web client (flet-charts),
    said to a screen reader in words; Nicht die Bohne! rounds scored as the rulebook counts."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = games.new_game("bohnanza", {"players": PLAYERS[1:4]})
    for field in (1, 2):
        games.dispatch(game_id, {"kind": "plant", "player": "Ben", "field": field, "bean": "blue", "count": 4})
        games.dispatch(game_id, {"kind": "harvest", "player": "Ben", "field": field})
    repo.close()
    server = Server(tmp_path).start()
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844})
        phone = Phone(context.new_page(), server.url).open(f"/game/{game_id}/timeline")
        phone.see("Chart of every player's total across the game: Ben from 0 to 2; Cy from 0 to 0; "
                  "Dee from 0 to 0")  # 4 Blue Beans bring 1 coin, twice
        phone.shot("timeline-chart")
        assert "Unknown control" not in (phone.page.content() or "")
        context.close()
    finally:
        server.stop()


def test_the_live_sheets_timeline_charts_every_players_materials_round_by_round(browser, tmp_path):
    """Issue 35: the live sheet's timeline charts each player's Thaler, Bean, Worker and Hay
    at the end of each round, a small chart for each below the DP chart, each said in words;
    six players through 15 rounds on a phone 390 px wide, dark, 150 % text."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = live_rounds(games, 15)
    charted = phase_holdings(games.timeline(game_id))
    repo.close()
    server = Server(tmp_path).start()
    try:
        context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
        context.add_init_script(FONT_150)
        phone = Phone(context.new_page(), server.url).open(f"/game/{game_id}/timeline")
        phone.see("Chart of every player's total across the game: Ann from ", exact=False)
        phone.page.wait_for_timeout(500)  # the charts are drawn
        phone.shot("timeline-live-390-dark-150")
        for what in ("Thaler", "Bean", "Worker", "Hay"):
            said = f"Chart of {what} at the end of each round: {totals_words(charted[what])}"
            assert bare(said).startswith(f"Chart of {what} at the end of each round: Ann from ")
            phone.see(said)
        phone.page.mouse.move(195, 500)
        phone.page.mouse.wheel(0, 700)
        phone.text("Chart of Hay at the end of each round", exact=False).first.wait_for()
        phone.page.wait_for_timeout(500)  # the scroll settles
        phone.shot("timeline-live-materials-390-dark-150")
        assert "Unknown control" not in (phone.page.content() or "")
        context.close()
    finally:
        server.stop()
