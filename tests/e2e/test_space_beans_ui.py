"""Space Beans on a phone-sized screen in a browser: six players' beans in readable colours,
a secret collection's dialog and values drawn, the Lay button on the screen after the
last value, and the next turn on the screen after the lay (it stays where the player was). The seed below (Allister 2 points from 30, holding the collections of the
rulebook's end-of-game example) is played in process, close-outs, privacy, turns and the
end: tests/companion/test_space_beans_screens.py.
"""

from __future__ import annotations

import re
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.session import Games
from companion.storage import open_repository
from testkit.browser import FONT_150, PHONE, Server
from tests.companion.test_space_beans_screens import every_bean_on_the_table
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

def tap(phone: Phone, name: str) -> None:
    """Tap a button, first scrolling it clear of the app bar and of a snackbar at the bottom."""
    target = phone.button(name).first
    target.wait_for(timeout=15_000)
    last = None
    for _ in range(30):
        box = target.bounding_box()
        if box is None or box == last:
            break
        if box["y"] < 64:
            step = -200
        elif box["y"] + box["height"] > PHONE["height"] - 72:
            step = 200
        else:
            break
        last = box
        phone.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
        phone.page.mouse.wheel(0, step)
        phone.page.wait_for_timeout(150)
    target.click()


def dialog_text(phone: Phone) -> str:
    dialog = phone.page.get_by_role("alertdialog")
    dialog.wait_for(timeout=15_000)
    return dialog.inner_text()


def answer(phone: Phone, name: str) -> None:
    """Tap a dialog's button until the dialog closes: it takes no taps while it fades in,
    and its barrier takes the screen's taps while it fades out (its words already gone)."""
    dialog = phone.page.get_by_role("alertdialog")
    for _ in range(5):
        tap(phone, name)
        try:
            dialog.wait_for(state="detached", timeout=5_000)
            phone.page.wait_for_timeout(400)  # the barrier's fade; a tap meanwhile is lost (seen under load)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"the dialog stayed open after tapping {name!r}")


def shot(phone: Phone, name: str) -> None:
    phone.page.wait_for_timeout(400)  # only for the picture: let a dialog finish fading in
    phone.shot(name)


SIX = ["Allister", "Beth", "Cyd", "Dana", "Ezri", "Finn"]
BEAN_IDS = re.compile(r"klingbohnen|darth-beans|beanliens|centauribohnen|bohrion|moonbohnen|bluebeans")


@pytest.fixture
def six_players(tmp_path):
    """Six players, every bean on the table: trophies and open collections in all seven colours."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = every_bean_on_the_table(games, SIX)
    repo.close()
    server = Server(tmp_path).start()
    yield server, game_id
    server.stop()


def test_six_players_read_bean_names_in_readable_colours(browser, six_players):
    """Issue 18: white on Moonbohnen's orange was 3.08:1 (now a checked pair of the colour
    table, tests/companion/test_colours.py); no bean is named by its file id. Looked at in
    dark mode at 150 % text."""
    server, game_id = six_players
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    context.add_init_script(FONT_150)
    try:
        phone = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
        phone.see("Leader: Beth with 3")
        phone.see("Open: Moonbohnen 5, 7")
        assert phone.text(BEAN_IDS).count() == 0
        shot(phone, "space-beans-six-dark-150")
        tap(phone, "Record for Finn")
        tap(phone, "Record Finn's secret collection")
        answer(phone, "Show")
        tap(phone, "New secret collection")
        tap(phone, "Moonbohnen")
        phone.see("Tap the values of the cards laid.")
        assert phone.text(BEAN_IDS).count() == 0
        tap(phone, "Value 6")
        tap(phone, "Value 8")
        # "To lay" and the Lay button are on the screen after the last value.
        for words in (phone.text("To lay: Moonbohnen 6, 8").first, phone.button("Lay 2 cards")):
            words.wait_for()
            box = words.bounding_box()
            assert box is not None and box["y"] >= 56 and box["y"] + box["height"] <= PHONE["height"], box
        shot(phone, "space-beans-six-new-collection-dark-150")
        # After the lay the screen stays where the player was (issue 48: it jumped to the
        # "Record for" list): the next player's turn is on the screen where the lay was.
        phone.button("Lay 2 cards").click()
        heading = phone.text(re.compile(r"^\u2068?Allister\u2069?'s turn$")).first
        heading.wait_for()
        phone.page.wait_for_timeout(400)  # whatever scrolls has scrolled
        shot(phone, "space-beans-six-after-a-lay-dark-150")
        box = heading.bounding_box()
        assert box is not None and box["y"] >= 56 and box["y"] + box["height"] <= PHONE["height"], box
    finally:
        context.close()
