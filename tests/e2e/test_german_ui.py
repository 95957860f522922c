"""Issue 19: each phone speaks its own language. A phone whose browser prefers German
opens in German, an English one at the same game stays English, and a phone's choice in
the app bar is remembered on that phone."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import PHONE, Phone

pytestmark = pytest.mark.e2e


def phone_in(browser, server, locale: str, **options) -> tuple[Phone, object]:
    context = browser.new_context(viewport=PHONE, locale=locale, **options)
    return Phone(context.new_page(), server.url), context


def names(phone: Phone, *players: str, label: str) -> None:
    for number, name in enumerate(players, 1):
        if number > 3:
            phone.tap({"Spieler": "Spieler hinzufügen", "Player": "Add player"}[label])
        phone.type_into(f"{label} {number}", name)


def test_a_german_phone_and_an_english_phone_at_one_game(browser, server):
    german, german_context = phone_in(browser, server, "de-DE")
    english, english_context = phone_in(browser, server, "en-US")
    try:
        german.open("/new")
        german.see("Neues Spiel")
        german.tap("Nicht die Bohne!", exact=False)
        german.see("Spieler in Sitzreihenfolge, 3 bis 6.")
        names(german, "Alex", "Alex", "Beate", label="Spieler")
        german.tap("Spiel starten")
        german.see("Spieler 2: Alex ist doppelt genannt")  # the engine's refusal, said for this phone

        english.open("/new/nicht-die-bohne")
        english.see("Players in seating order, 3 to 6.")
        names(english, "Alex", "Alex", "Beate", label="Player")
        english.tap("Start game")
        english.see("player 2: Alex is named twice")
        german.see("Spieler 2: Alex ist doppelt genannt")  # the German phone's words stay its own

        german.type_into("Spieler 2", "Claudia")
        german.tap("Spiel starten")
        german.page.wait_for_url(re.compile(r"/game/\w+$"))
        game = german.page.url.split("/game/")[1]
        german.button("Rückgängig").wait_for()
        german.shot("german-game")

        english.open(f"/game/{game}")  # the game the German phone started, in English here
        english.button("Undo").wait_for()
        english.see("Alex")
        assert english.button("Rückgängig").count() == 0
    finally:
        german_context.close()
        english_context.close()


def test_the_language_chosen_on_a_phone_is_kept_there(browser, server):
    """A German browser chooses English in the app bar: the app speaks English from then
    on, also after a reload, while another German phone stays German."""
    chooser, chooser_context = phone_in(browser, server, "de-DE", color_scheme="dark")
    other, other_context = phone_in(browser, server, "de-DE")
    try:
        chooser.open("/new")
        chooser.see("Neues Spiel")
        chooser.shot("german-new-game-dark")
        chooser.tap("Sprache: Deutsch")
        chooser.click(chooser.page.get_by_role("menuitemcheckbox", name="English"))
        chooser.see("New game")
        chooser.button("Language: English").wait_for()

        chooser.open("/new")  # a reload: the choice was kept on this phone
        chooser.see("New game")
        other.open("/new")
        other.see("Neues Spiel")
    finally:
        chooser_context.close()
        other_context.close()
