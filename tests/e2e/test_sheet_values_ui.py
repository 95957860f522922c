"""Sheet values in a real browser (issue 7, "Printed values"; design page, "Printed values
the rulebook does not give"): a value entered in a live game is corrected on the game's
Sheet values screen, every phone of the game shows it, and the sheet letter remembers it."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from companion.session import Games, PhoneGames
from companion.sheet_values import SheetValuesService
from companion.storage import open_repository
from companion.storage.sheet_values import FORMAT, read_values
from sheets.gone_with_the_beans.live import RULES as LIVE
from testkit.gwtb_live_play import setup
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

# TEST values a table might read off its sheet; the product ships none of them.
SETUP = setup(("Ann", "zoodai"), ("Ben", "cashew"))


@pytest.fixture
def live_game(tmp_path):
    """A live game on sheet A with two values entered, and its server."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    gid = games.new_game(LIVE.id, SETUP)
    values, phone = SheetValuesService(games), PhoneGames(games, None)
    values.enter_in_game(phone, gid, "icons:farm", 6)
    values.enter_in_game(phone, gid, "building-cost:house", {"thaler": 3, "worker": 1})
    repo.close()
    server = Server(tmp_path).start()
    yield server, gid
    server.stop()


def row(phone: Phone, place: str):
    return phone.button(place, exact=False).first


def saved(phone: Phone) -> None:
    """The "... saved" snackbar has gone (it covers the bottom of the screen)."""
    phone.text("saved", exact=False).first.wait_for(state="hidden", timeout=15_000)


def test_correcting_an_entered_value_shows_on_every_phone_and_is_remembered(browser, live_game):
    server, gid = live_game
    ann_context, ben_context = browser.new_context(viewport=PHONE), browser.new_context(viewport=PHONE)
    ann = Phone(ann_context.new_page(), server.url).open(f"/game/{gid}/values")
    # Ben comes the way a player does: from the live sheet, the link below its rows.
    ben = Phone(ben_context.new_page(), server.url).open(f"/game/{gid}")
    ben.tap("Sheet values")
    ben.see("This game, sheet A: Bean Land")
    ann.see("This game, sheet A: Bean Land")
    ann.see("2 from the rulebook, 2 entered, 26 not known yet")
    row(ann, "Number of Farm icons").wait_for()
    ann.shot("sheet-values-game")

    # A stated value is not offered for entry; an entered one opens its form in place.
    ann.click(row(ann, "Number of Farm icons"))
    ann.see("number of Farm icons, Sheet A")  # where it is printed, in words
    value = ann.page.get_by_role("textbox", name="Value")
    value.click()
    expect(value).to_have_value("6")  # Flutter fills the input element a few frames after the focus
    ann.type_into("Value", "31")
    ann.tap("Save")
    ann.see("31 cannot be printed there; enter 1 to 30")  # the rules' reason; the input stays
    expect(value).to_have_value("31")
    ann.shot("sheet-values-refused")
    ann.type_into("Value", "5")
    ann.tap("Save")
    value.wait_for(state="detached")  # the form closed
    row(ann, "Number of Farm icons 5 entered").wait_for()
    ann.shot("sheet-values-corrected")

    # Ben's phone shows the correction at once.
    row(ben, "Number of Farm icons 5 entered").wait_for()
    ben.shot("sheet-values-other-phone")

    # The unknown House icons: entered from the same screen.
    saved(ann)
    ann.click(row(ann, "Number of House icons"))
    ann.type_into("Value", "4")
    ann.tap("Save")
    row(ann, "Number of House icons 4 entered").wait_for()

    # The sheet letter remembers both: the global screen, from Home.
    ann.open("/")
    ann.tap("Sheet values")
    ann.see("Sheet A: Bean Land")
    row(ann, "Number of Farm icons 5 entered").wait_for()
    row(ann, "Number of House icons 4 entered").wait_for()
    row(ann, "House building cost 1 Worker + 3 Thaler entered").wait_for()
    ann.shot("sheet-values-remembered")
    # Materials: four fields, an empty one is 0.
    saved(ann)
    ann.click(row(ann, "House building cost"))
    thaler = ann.page.get_by_role("textbox", name="Thaler")
    ann.click(thaler)
    expect(thaler).to_have_value("3")
    ann.type_into("Thaler", "4")
    ann.type_into("Worker", "")
    ann.shot("sheet-values-materials-form")
    ann.tap("Save")
    row(ann, "House building cost 4 Thaler entered").wait_for()
    ann.tap("Sheet B")
    ann.see("Sheet B: Space Minerals Came Flying")
    ann.shot("sheet-values-sheet-b")
    ann_context.close()
    ben_context.close()


def test_a_value_this_version_does_not_know_is_reported_and_removed(browser, tmp_path):
    """Issue 14: a remembered key this version does not know (a newer version wrote it)
    is reported on the Sheet values screen and removed there, and never blocks a new live
    game. Dark, 150 % text."""
    (tmp_path / "sheet-values.json").write_text(json.dumps({"format": FORMAT, "sheets": {"A": {
        "icons:farm": 6, "future:ferry": [1, 2]}}}))
    server = Server(tmp_path).start()
    try:
        context = browser.new_context(viewport=PHONE, color_scheme="dark")
        context.add_init_script("document.addEventListener('DOMContentLoaded', () => "
                                "{document.documentElement.style.fontSize = '24px';});")
        phone = Phone(context.new_page(), server.url).open("/values/A")
        phone.see("1 remembered value of sheet A this version cannot use: new games start without it")
        phone.see('This version does not know this value ("future:ferry" is not a printed value of sheet A)')
        phone.reveal(phone.button('Remove "future:ferry"'))
        phone.shot("sheet-values-unknown-key")
        phone.tap('Remove "future:ferry"')
        phone.see('"future:ferry": removed')
        phone.text("this version cannot use").first.wait_for(state="detached")
        row(phone, "Number of Farm icons 6 entered").wait_for()
        phone.shot("sheet-values-unknown-key-removed")
        context.close()
    finally:
        server.stop()
    assert read_values(tmp_path / "sheet-values.json") == {"A": {"icons:farm": 6}}  # the file of earlier versions, kept on
