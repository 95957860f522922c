"""Issue 19 in a real browser: a phone whose browser prefers German (its own
``navigator.languages``) opens in German, and the longer German words fit a phone at 150 %
text in dark mode: Nicht die Bohne!'s keypad for six players stays on the screen, and the
live sheet's action buttons keep to the phone's width. What the German screens say and do
is checked in process: tests/companion/test_german_screens.py."""

from __future__ import annotations

import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.storage.sheet_values import SheetValues
from sheets.gone_with_the_beans.live import RULES as LIVE
from sheets.gone_with_the_beans.sheets import SHEETS
from sheets.nicht_die_bohne import RULES as NDB
from testkit.browser import FONT_150, PHONE, Server
from testkit.gwtb_live_play import ENTERED, setup
from tests.companion.test_german_screens import german
from tests.e2e.conftest import Phone
from tests.e2e.test_nicht_die_bohne_ui import on_screen

pytestmark = pytest.mark.e2e

PAD = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn"]
LIVE_SIX = [("Annegret", "macadimia"), ("Bartholomäus", "tachiopi"), ("Cordula", "cashew"),
            ("Dietrich", "ammond"), ("Eleonore", "beanzantine"), ("Friedrich", "zoodai")]
WORKER = next(row for row in SHEETS["A"].hay_actions if row.effect.startswith("Gain 1 Worker"))


@pytest.fixture
def games(tmp_path):
    """Six players at Nicht die Bohne! and at the live sheet (sheet A, round 1 revealed)."""
    SheetValues(tmp_path).replace("A", ENTERED)
    repo = open_repository(tmp_path)
    table = Games(repo)
    pad = table.new_game(NDB.id, {"players": PAD})
    live = table.new_game(LIVE.id, {**setup(*LIVE_SIX, hay={p: 12 for _n, p in LIVE_SIX}), "printed": ENTERED})
    table.dispatch(live, {"kind": "reveal", "card": {"facility": "farm", "hay": 3}})
    repo.close()
    server = Server(tmp_path).start()
    yield server, pad, live
    server.stop()


def fits(phone: Phone, name: str) -> None:
    """The button is on the phone's width, not wider (a German label grows it downwards)."""
    box = phone.reveal(phone.button(name).first)
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (name, box)


def test_a_german_browser_reads_german_words_that_fit_the_phone(browser, games):
    server, pad, live = games
    context = browser.new_context(viewport=PHONE, locale="de-DE", color_scheme="dark")
    context.add_init_script(FONT_150)
    try:
        phone = Phone(context.new_page(), server.url).open(f"/game/{pad}")
        phone.see("Runde 1")  # German: the browser's own languages asked for it
        for name in ("Blau: 0", "Gelb: 0", "Blau 1", "Blau 10", "Blau Nicht die Bohne", "Blau Verdoppler",
                     "Blau Plus/Minus mehr"):
            assert on_screen(phone, phone.button(name)), name
        phone.shot("german-ndb-six-players-dark-150")

        phone.open(f"/game/{live}")
        phone.see("Deine Aktion in dieser Runde")
        fits(phone, f"{german(WORKER.effect).rstrip('.')} (6 Heu, 0 von 3 genutzt)")
        fits(phone, "Einen Heuschuppen dazubauen (+2 Heu)")
        phone.shot("german-gwtb-round-1-dark-150")
    finally:
        context.close()
