"""Space Beans on phone-sized screens: close-outs, a secret collection kept private on a
phone the whole table shares, and the end of the game, against the engine and the rulebook
(shared/rules/space-beans.txt).

The game is seeded so that Allister is 2 points from 30 and holds the collections of the
rulebook's end-of-game example: six Klingbohnen 1, 4, 4, 5, 7, 9 (face down).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.session import Games
from companion.storage import open_repository
from sheets.space_beans import RULES, Collection, close_out
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

PLAYERS = ["Allister", "Beth", "Cyd"]


def lay(player: str, which: str, bean: str, *values: int) -> dict:
    return {"kind": "lay", "player": player, "collection": which, "new": True, "bean": bean, "values": list(values)}


def trophy(player: str, bean: str, *values: int) -> list[dict]:
    """A collection laid and closed out: the first value becomes the trophy."""
    return [lay(player, "open", bean, *values), {"kind": "close-out", "player": player}]


SEED = [
    # Allister: trophies 9 + 8 + 6 + 5 = 28.
    *trophy("Allister", "beanliens", 9, 1, 2, 3, 4, 4, 5, 5, 6),
    *trophy("Allister", "moonbohnen", 8, 1, 2, 3, 4, 4, 5, 5),
    *trophy("Allister", "bluebeans", 6, 1, 2, 3, 4, 4),
    *trophy("Allister", "bohrion", 5, 1, 2, 3, 4),
    # Beth: a 9; Cyd: a 4 from a collection with two 4s (only one is kept).
    *trophy("Beth", "bohrion", 9, 4, 5, 6, 6, 7, 7, 8, 8),
    *trophy("Cyd", "centauribohnen", 4, 4, 5, 5),
    # Londo's open collection (Example 2a), the rulebook's end-game Klingbohnen face down.
    lay("Allister", "open", "centauribohnen", 3, 6, 7),
    lay("Allister", "secret", "klingbohnen", 1, 4, 4, 5, 7, 9),
    # Jean-Luc's valueless four Klingbohnen (Example 3) beside a secret "1".
    lay("Beth", "open", "klingbohnen", 2, 3, 6, 8),
    lay("Beth", "secret", "darth-beans", 1),
    # Cyd: one collection of three and no 3.
    lay("Cyd", "open", "bluebeans", 5, 7, 9),
]


def seed_game(data_dir: Path) -> str:
    repo = open_repository(data_dir)
    games = Games(repo)
    game_id = games.new_game(RULES.id, {"players": PLAYERS})
    for action in SEED:
        games.dispatch(game_id, action)
    repo.close()
    return game_id


def stored_state(data_dir: Path, game_id: str):
    repo = open_repository(data_dir, read_only=True)
    try:
        return Games(repo).state(game_id)
    finally:
        repo.close()


@pytest.fixture
def seeded(tmp_path):
    game_id = seed_game(tmp_path)
    server = Server(tmp_path).start()
    yield server, game_id
    server.stop()


def new_phone(browser, server: Server, game_id: str, dark: bool = False) -> tuple[object, Phone]:
    context = browser.new_context(viewport=PHONE, color_scheme="dark" if dark else "light")
    phone = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
    phone.see("Leader:")
    return context, phone


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


def test_close_outs_privacy_and_the_end_of_a_game(browser, seeded):
    server, game_id = seeded
    table_ctx, table = new_phone(browser, server, game_id)  # the phone the table shares (nobody sits)
    beth_ctx, beth = new_phone(browser, server, game_id)  # another phone: it shows nothing face down either
    # Issue 32: who a phone is has one place, its seat; no "I am ..." on the screen.
    assert table.button("I am Beth").count() == 0 and table.text("This phone belongs to").count() == 0

    # At a glance: public trophy piles and points, distance from 30, the leader.
    table.see("Leader: Allister with 28")
    table.see("2 to go")
    table.see("21 to go")
    table.see("26 to go")
    table.see("Secret: 6 cards, face down")
    assert table.text("Klingbohnen 1, 4").count() == 0  # Allister's secret cards stay hidden
    table.shot("space-beans-table")

    # A forced close-out (rulebook, Example 3: Jean-Luc's four Klingbohnen without a 4).
    tap(table, "Record for Beth")
    tap(table, "Close out Klingbohnen (4 cards)")
    text = dialog_text(table)
    expected = close_out(Collection(bean="klingbohnen", values=(2, 3, 6, 8)))
    assert expected.value == 0 and expected.trophy is None
    assert "No value: no card is a 4" in text
    assert "Trophy: none" in text
    assert "Discard pile: Klingbohnen 2, Klingbohnen 3, Klingbohnen 6, Klingbohnen 8" in text
    assert table.button("Close out").count() == 0
    shot(table, "space-beans-forced")
    answer(table, "Forced close-out")
    table.see("Open: Darth Beans 1")  # the secret collection turned face up

    # Turns (rulebook, Gameplay: "Turns pass clockwise"): the close-out began Beth's turn,
    # so nobody else closes out or lays before Beth's lay; the engine says why.
    table.see("Beth's turn")
    tap(table, "Record for Cyd")
    table.see("Cyd · it is Beth's turn")
    table.see("It is Beth's turn")
    assert table.button("Lay cards").count() == 0
    tap(table, "Close out Bluebeans (3 cards)")
    assert "It is Beth's turn" in dialog_text(table)
    answer(table, "Cancel")

    # Beth lays (action 3, the last recorded action of her turn): the turn passes to the left,
    # to Cyd, and the table's phone follows it.
    tap(table, "Record for Beth")
    tap(table, "Value 3")
    tap(table, "Lay 1 card")
    table.see("Open: Darth Beans 1, 3")
    table.see("Cyd's turn")
    beth.see("Cyd's turn")

    # With one collection a valueless close-out is never forced: the engine says why.
    tap(table, "Close out Bluebeans (3 cards)")
    text = dialog_text(table)
    assert "No value: no card is a 3" in text
    assert "closed out only when forced" in text
    assert table.button("Forced close-out").count() == 0
    answer(table, "Cancel")
    tap(table, "Value 4")
    tap(table, "Lay 1 card")
    table.see("Open: Bluebeans 5, 7, 9, 4")
    table.see("Allister's turn")

    # Issue 32: the shared phone shows Allister's secret collection to him alone, when asked,
    # and hides it again once an entry is made. Then Londo's close-out (Example 2a): three
    # Centauribohnen with the "3" are worth 3; the 3 is the trophy, 6 and 7 discarded.
    tap(table, "Record for Allister")
    tap(table, "Record Allister's secret collection")
    assert "only Allister looks" in dialog_text(table)
    answer(table, "Show")
    table.see("Secret: Klingbohnen 1, 4, 4, 5, 7, 9")
    assert beth.text("Klingbohnen 1, 4").count() == 0  # the other phone shows nothing of it
    tap(table, "Close out Centauribohnen (3 cards)")
    text = dialog_text(table)
    expected = close_out(Collection(bean="centauribohnen", values=(3, 6, 7)))
    assert (expected.value, expected.trophy.label) == (3, "Centauribohnen 3")
    assert f"Worth {expected.value}" in text
    assert f"Trophy: {expected.trophy.label}" in text
    assert "Discard pile: Centauribohnen 6, Centauribohnen 7" in text
    assert "Allister's trophy points: 28 now, 31 after" in text
    assert "the game ends at the end of this turn" in text
    shot(table, "space-beans-close-out")
    answer(table, "Close out")
    table.see("Allister's trophies reached 31: the game ends at the end of Allister's turn.")
    table.see("Open: Klingbohnen 1, 4, 4, 5, 7, 9")  # turned face up

    # End of Game: "The game ends at the end of the turn of the player whose trophy collection
    # is worth at least 30 points": nobody else plays; Allister may still close out and lays once.
    table.see("Nobody else plays; Allister may still close out, then lays once, which ends the turn.")
    beth.see("Nobody else plays; Allister may still close out, then lays once")
    for phone in (table, beth):
        assert phone.button("Record for Beth").count() == 0 and phone.button("Record for Cyd").count() == 0
    shot(table, "space-beans-last-turn")

    # Still his turn: he starts a new (secret) collection of two Darth Beans, looking alone.
    tap(table, "Record Allister's secret collection")
    answer(table, "Show")
    tap(table, "New secret collection")
    tap(table, "Darth Beans")
    tap(table, "Value 2")
    tap(table, "Value 8")
    table.see("Allister's secret collection: Darth Beans 2, 8")
    # Values picked are marked; "To lay" and the Lay button are on the screen after the last value.
    assert table.button("Value 2").get_attribute("aria-current") == "true"
    assert table.button("Value 3").get_attribute("aria-current") != "true"
    for words in (table.text("To lay: Darth Beans 2, 8").first, table.button("Lay 2 cards")):
        box = words.bounding_box()
        assert box is not None and box["y"] >= 56 and box["y"] + box["height"] <= PHONE["height"], box
    tap(table, "Lay 2 cards")
    table.see("Secret: 2 cards, face down")  # hidden again once entered
    assert table.text("Darth Beans 2").count() == 0
    # The lay ended his turn: only the way to the end of the game is left.
    table.see("Allister has laid: the turn is over.")
    for name in ("New secret collection", "Close out Klingbohnen (6 cards)", "Lay cards"):
        assert table.button(name).count() == 0

    # Beth's phone sees the end coming and the secret collection's size, never its cards.
    beth.see("Allister's trophies reached 31")
    beth.see("Secret: 2 cards, face down")
    assert beth.text("Darth Beans 2").count() == 0
    beth.shot("space-beans-beth")

    # The end (rulebook, End of Game, Allister's example): 31 + 3 + 0 + 2 = 36.
    tap(table, "End of Allister's turn: end the game")
    table.see("Allister wins with 36")
    table.shot("space-beans-final")
    result = RULES.result(stored_state(server.data_dir, game_id))
    assert result.winners == ("Allister",)
    allister = next(p for p in result.players if p.name == "Allister")
    assert allister.breakdown == {"trophies": 31, "bohnus": 3, "collections": 2, "total": 36}
    for phone in (table, beth):
        phone.see("Allister wins with 36")
        for p in result.players:
            b = p.breakdown
            phone.see(f"Trophies {b['trophies']} · Bohnus {b['bohnus']} · Collections {b['collections']}")
        phone.see("6 cards, no 6: no value, all discarded")
        phone.see("2 cards with a 2: trophy Darth Beans 2; discard Darth Beans 8")  # revealed to all
    beth.shot("space-beans-final-beth")
    table_ctx.close()
    beth_ctx.close()


SIX = ["Allister", "Beth", "Cyd", "Dana", "Ezri", "Finn"]
FONT_150 = "document.addEventListener('DOMContentLoaded', () => {document.documentElement.style.fontSize = '24px';});"
BEAN_IDS = re.compile(r"klingbohnen|darth-beans|beanliens|centauribohnen|bohrion|moonbohnen|bluebeans")


@pytest.fixture
def six_players(tmp_path):
    """Six players, every bean on the table: trophies and open collections in all seven colours."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = games.new_game(RULES.id, {"players": SIX})
    for action in [
        *trophy("Allister", "moonbohnen", 2, 4), *trophy("Beth", "beanliens", 3, 5, 6),
        lay("Allister", "open", "moonbohnen", 5, 7), lay("Beth", "open", "darth-beans", 4),
        lay("Cyd", "open", "centauribohnen", 6, 6), lay("Dana", "open", "bohrion", 8),
        lay("Ezri", "open", "bluebeans", 1, 9), lay("Finn", "open", "klingbohnen", 2),
    ]:
        games.dispatch(game_id, action)
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
        shot(phone, "space-beans-six-new-collection-dark-150")
    finally:
        context.close()
