"""Issue 19: Bohnanza and Space Beans on a German phone. The words are German, the beans
are named as printed on the German cards, and a rule the engine refuses is said in German
(a disabled button's reason, a refusal). Looked at as the longest German words would clip:
390x844, dark, 150 % text, the most players each game takes (Bohnanza 5, Space Beans 6)."""

from __future__ import annotations

import pytest

from companion.session import Games
from companion.storage import open_repository
from sheets.bohnanza import RULES as BOHNANZA
from sheets.space_beans import RULES as SPACE_BEANS
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone
from tests.e2e.test_space_beans_ui import PLAYERS, SEED, answer, dialog_text, lay, tap, trophy

pytestmark = pytest.mark.e2e

FIVE = ["Annegret", "Bartholomäus", "Cordula", "Dietrich", "Eleonore"]  # Bohnanza: 3 to 5 players
SIX = ["Annegret", "Bartholomäus", "Cordula", "Dietrich", "Eleonore", "Friedhelm"]
FONT_150 = "document.addEventListener('DOMContentLoaded', () => {document.documentElement.style.fontSize = '24px';});"


def plant(player: str, field: int, bean: str, count: int) -> dict:
    return {"kind": "plant", "player": player, "field": field, "bean": bean, "count": count}


@pytest.fixture
def games_in_play(tmp_path):
    """A Bohnanza game: Annegret grows 12 Blue Beans in field 1 and sold 6 Stink Beans for 2
    coins; a Space Beans game of six with trophies and an open collection each, and one in
    which Allister's trophies have reached 30."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    bohnanza = games.new_game(BOHNANZA.id, {"players": FIVE})
    for action in [plant("Annegret", 1, "blue", 12), plant("Annegret", 2, "stink", 6),
                   {"kind": "harvest", "player": "Annegret", "field": 2}, plant("Bartholomäus", 1, "black-eyed", 3)]:
        games.dispatch(bohnanza, action)
    space = games.new_game(SPACE_BEANS.id, {"players": SIX})
    for action in [
        *trophy("Annegret", "moonbohnen", 2, 4), *trophy("Bartholomäus", "beanliens", 3, 5, 6),
        lay("Annegret", "open", "moonbohnen", 5, 7), lay("Bartholomäus", "open", "darth-beans", 4),
        lay("Cordula", "open", "centauribohnen", 6, 6), lay("Dietrich", "open", "bohrion", 8),
        lay("Eleonore", "open", "bluebeans", 1, 9), lay("Friedhelm", "open", "klingbohnen", 2),
    ]:
        games.dispatch(space, action)
    reached = games.new_game(SPACE_BEANS.id, {"players": PLAYERS})  # Allister's close-out reaches 31
    for action in [*SEED, {"kind": "close-out", "player": "Allister"}]:
        games.dispatch(reached, action)
    repo.close()
    server = Server(tmp_path).start()
    yield server, bohnanza, (space, reached)
    server.stop()


def german_phone(browser, server) -> tuple[Phone, object]:
    context = browser.new_context(viewport=PHONE, locale="de-DE", color_scheme="dark")
    context.add_init_script(FONT_150)
    return Phone(context.new_page(), server.url), context


def test_bohnanza_in_german(browser, games_in_play):
    """Coins are Taler, fields Bohnenfelder, passes Durchgänge; the beans by their German
    card names in German plurals ("12 Blaue Bohnen"); the third field's button is disabled
    with the engine's German reason; planting another bean is refused in German."""
    server, bohnanza, _space = games_in_play
    phone, context = german_phone(browser, server)
    try:
        phone.open(f"/game/{bohnanza}")
        phone.see("Bohnanza – Durchgang 1/3")  # the title bar, as a German reads it (issue 32)
        phone.see("Durchgang 1 von 3")  # the draw pile's own line says it in full
        phone.see("Annegret hat 2 Taler; das 3. Bohnenfeld kostet 3")  # the disabled button's reason
        assert phone.button("3. Bohnenfeld kaufen (3 Taler)").get_attribute("aria-disabled") == "true"
        phone.text("Bohnenfeld 1: 12 Blaue Bohnen").first.wait_for(state="attached")
        phone.shot("german-bohnanza-dark-150")

        phone.tap("Auf Bohnenfeld 1 anbauen")
        phone.button("Blaue Bohne").and_(phone.page.locator("[aria-current=true]")).wait_for()  # already chosen
        phone.tap("Rote Bohne")
        phone.reveal(phone.button("12 Rote Bohnen auf Bohnenfeld 1 anbauen"))
        phone.page.get_by_role("group", name="Bohnenfeld 1: 12 Blaue Bohnen. Tippe an, wie viele du anbaust.",
                               exact=False).wait_for()
        phone.see("Auf Bohnenfeld 1 wächst Blaue Bohne; ernte es, bevor du Rote Bohne anbaust")
        assert phone.button("1 Rote Bohne auf Bohnenfeld 1 anbauen").get_attribute("aria-disabled") == "true"
        phone.shot("german-bohnanza-plant-refused-dark-150")
        phone.tap("Abbrechen")

        phone.click(phone.chip("Bartholomäus · 0"))
        phone.tap("Bohnenfeld 1 ernten")
        phone.reveal(phone.button("Ernte bestätigen"))
        phone.see("3 Augenbohnen bringen 1 Taler; 2 auf den Ablagestapel.")
        phone.page.get_by_role("group", name="Bohnometer, Taler für Bohnen: 1 für 2 · 2 für 4 · 3 für 5 · 4 für 6",
                               exact=False).wait_for()
        phone.shot("german-bohnanza-harvest-dark-150")
        phone.tap("Ernte bestätigen")
        phone.see("Bartholomäus hat 3 Augenbohnen geerntet: +1 Taler")  # the snackbar
        assert phone.text("Bean").count() == 0  # no English bean name on a German phone

        phone.tap("Nachziehstapel aufgebraucht: Durchgang 2 beginnen")
        phone.see("Durchgang 2 beginnen? Der Ablagestapel wird gemischt und ist der neue Nachziehstapel.")
        phone.tap("Durchgang 2 beginnen")  # the next pass asks first (issue 32)
        phone.see("Durchgang 2: Der Ablagestapel ist der neue Nachziehstapel")
        phone.tap("Nachziehstapel aufgebraucht: Durchgang 3 beginnen")
        phone.tap("Durchgang 3 beginnen")
        phone.see("Bohnanza – Durchgang 3/3")
        phone.tap("Nachziehstapel aufgebraucht: Spiel beenden")
        phone.see("Schlussernte: Jedes Bohnenfeld wird verkauft")
        phone.reveal(phone.button("Abbrechen"))
        phone.see("Annegret +4 (insgesamt 6 Taler): 12 Blaue Bohnen")  # bohnanza.md: 10 Blue Beans sell for 4
        phone.shot("german-bohnanza-end-harvest-dark-150")
        phone.tap("Spiel beenden")
        phone.see("Annegret gewinnt mit 6 Taler")
        phone.see("Bohnanza – Spielende")
        phone.shot("german-bohnanza-over-dark-150")
    finally:
        context.close()


def test_space_beans_in_german(browser, games_in_play):
    """Trophäen, Sammlungen, the leader and the turn in German, the beans as printed; a card
    the supply rule refuses is said in German, and a valueless close-out is refused in German."""
    server, _bohnanza, (space, reached) = games_in_play
    phone, context = german_phone(browser, server)
    try:
        phone.open(f"/game/{space}")
        phone.see("Es führt Bartholomäus mit 3")
        phone.see("Offen: Moonbohnen 5, 7")
        phone.see("noch 27")
        phone.shot("german-space-beans-dark-150")

        # Issue 32: the phone the table shares shows a secret collection to its player alone.
        tap(phone, "Eintragen für Friedhelm")
        tap(phone, "Geheime Sammlung von Friedhelm eintragen")
        assert "Nur Friedhelm schaut hin" in dialog_text(phone)
        answer(phone, "Zeigen")
        tap(phone, "Neue geheime Sammlung")
        tap(phone, "Moonbohnen")
        phone.see("Tippe die Werte der ausgelegten Karten an.")
        tap(phone, "Wert 2")  # Annegret's trophy: the only Moonbohnen 2
        phone.see("Moonbohnen 2: die einzige Karte liegt schon auf dem Tisch")
        assert phone.button("1 Karte auslegen").get_attribute("aria-disabled") == "true"
        phone.shot("german-space-beans-refused-dark-150")

        tap(phone, "Eintragen für Bartholomäus")
        tap(phone, "Darth Beans ernten (1 Karte)")
        text = dialog_text(phone)
        assert "Darth Beans von Bartholomäus ernten?" in text
        assert "Kein Wert: Keine Karte ist eine 1" in text
        assert ("die offene Sammlung von Bartholomäus (Darth Beans 4) hat 1 Karte und keine 1: Sie ist nichts "
                "wert und wird nur geerntet, wenn es sein muss") in text
        phone.page.wait_for_timeout(400)  # let the dialog fade in, for the picture
        phone.shot("german-space-beans-close-out-dark-150")

        last = Phone(context.new_page(), server.url).open(f"/game/{reached}")
        last.see("Die Trophäen von Allister haben 31 erreicht: Das Spiel endet am Ende des Zuges von Allister.")
        last.button("Ende des Zuges von Allister: Spiel beenden").wait_for()
        last.shot("german-space-beans-reached-dark-150")
    finally:
        context.close()
