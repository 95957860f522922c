"""Issue 35: every game screen opens its timeline: each entry newest first, with its number,
time, whose phone made it, what it was in words and the totals after it; an entry taken back
is marked undone; a tap on an entry shows the game as it stood after it, read only, a tap
away from the next entry and from now. A table of seats, 320 px wide, dark, 150 % text."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.session import Games
from companion.storage import open_repository
from companion.ui.components.charts import phase_holdings, totals_words
from testkit.browser import FONT_150, Server
from testkit.positions import device, live_rounds, mid_game, planted_and_taken_back
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

PLAYERS = ["Alexandra-Marie", "Ben", "Cy", "Dee", "Eli", "Fay"]


def test_the_timeline_and_a_past_moment_are_drawn_on_a_small_phone(browser, tmp_path):
    """The timeline's entries and a past moment drawn at 320 px, dark, 150 % text. (What each
    entry says and the past moment's taps: tests/companion/test_timeline.py.)"""
    repo = open_repository(tmp_path)
    game_id = planted_and_taken_back(Games(repo), PLAYERS[:5], ("phone-a", "phone-b"))
    repo.close()
    server = Server(tmp_path).start()
    try:
        context = browser.new_context(viewport={"width": 320, "height": 640}, color_scheme="dark")
        context.add_init_script(FONT_150)
        phone = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
        phone.menu("Timeline")  # the app bar's "More" menu
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
            assert said.startswith(f"Chart of {what} at the end of each round: Ann from ")
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


def test_the_app_bars_more_menu_opens_the_timeline_and_redoes(browser, tmp_path):
    """Issue 35: the app bar holds the seat, Undo and "More" (⋮); the menu opens the
    timeline and holds Redo, on only once this seat has something to redo; a watching
    phone's Redo is off and says why. Nicht die Bohne! at a table of seats, 320 px wide,
    dark, 150 % text."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = mid_game(games, "nicht-die-bohne")  # Ann's entry is the latest
    made = len(games.record(game_id).log)
    repo.close()
    server = Server(tmp_path).start()
    try:
        context = browser.new_context(viewport={"width": 320, "height": 640}, color_scheme="dark")
        context.add_init_script(FONT_150)
        context.add_init_script(f"localStorage.setItem('flutter.bean-counter.device', JSON.stringify('{device(0)}'))")
        ann = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
        redo = ann.menu_item("Redo")
        redo.wait_for()
        assert redo.is_disabled()  # nothing to redo yet
        ann.page.wait_for_timeout(300)  # the menu has opened
        ann.shot("more-menu-320-dark-150")
        ann.page.keyboard.press("Escape")
        ann.button("Undo").click()  # the bar stands still: no scrolling to it
        ann.menu("Timeline")
        ann.see(f"{made} entries, the newest first")
        ann.see(f"Entry {made}, ", exact=False)
        ann.see(". undone", exact=False)  # Ann's entry, taken back
        ann.button("Back").click()
        redo = ann.menu_item("Redo")
        expect(redo).to_be_enabled()
        redo.click()
        ann.menu("Timeline")
        ann.see(f"{made} entries, the newest first")
        ann.text(". undone", exact=False).first.wait_for(state="detached")  # made again
        context.close()

        watching = browser.new_context(viewport={"width": 320, "height": 640})
        watcher = Phone(watching.new_page(), server.url).open(f"/game/{game_id}")
        watcher.see("This phone is watching. Sit down to make entries.")
        assert watcher.menu_item("Redo: sit down to make entries").is_disabled()
        watching.close()
    finally:
        server.stop()
