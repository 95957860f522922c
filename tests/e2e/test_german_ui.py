"""Issue 19: each phone speaks its own language. A phone whose browser prefers German
opens in German, an English one at the same game stays English, and a phone's choice in
the app bar is remembered on that phone."""

from __future__ import annotations

import random
import re
from datetime import datetime

import pytest

from companion import i18n
from companion.session import Games
from companion.storage import open_repository
from sheets.nicht_die_bohne import DECK, RULES as NDB
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone
from tests.e2e.test_nicht_die_bohne_ui import FONT_150, on_screen

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


def day_of(created: str, language: str) -> str:
    """The day a game started as a phone of ``language`` reads it on Home."""
    return i18n.day(datetime.fromisoformat(created).astimezone(), language)


@pytest.fixture
def stored_games(tmp_path):
    """Home's every section: a game in play with six players (Fay leads), a finished one,
    one in the bin and a damaged one set aside; and its server."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    playing = games.new_game(NDB.id, {"players": SIX})
    games.dispatch(playing, {"kind": "take-card", "round": 1, "player": "Fay", "card": "red-7"})
    finished = games.new_game(NDB.id, {"players": THREE})
    for n in (1, 2, 3):
        for player, cards in deal(n).items():
            games.dispatch(finished, {"kind": "enter-cards", "round": n, "player": player, "cards": cards})
    games.delete(games.new_game(NDB.id, {"players": THREE}), host=True)
    damaged = games.new_game(NDB.id, {"players": SIX})
    created = {s.id: s.created for s in games.summaries()}
    repo.close()
    (tmp_path / "games" / f"{damaged}.json").write_bytes(b"\x00{not json")
    for backup in (tmp_path / "games").glob(f"{damaged}.json.bak*"):
        backup.unlink()
    server = Server(tmp_path).start()
    yield server, created[playing], finished
    server.stop()


SIX = ["Annegret", "Bartholomäus", "Cordula", "Dietrich", "Eleonore", "Fay"]
THREE = ["Ann", "Bo", "Cy"]


def deal(seed: int) -> dict[str, list[str]]:
    deck = sorted(str(c) for c in DECK.elements())
    random.Random(seed).shuffle(deck)
    return {p: deck[i * 20:(i + 1) * 20] for i, p in enumerate(THREE)}


def to_the_end(phone: Phone) -> None:
    phone.page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
    for _ in range(6):
        phone.page.mouse.wheel(0, 600)
        phone.page.wait_for_timeout(150)


def said(phone: Phone, words: str) -> None:
    """``words`` shown in a tile that also holds a button (its words are the tile's label)."""
    phone.page.get_by_label(words, exact=False).first.wait_for()


def test_home_in_german_and_in_english_at_once(browser, stored_games):
    """A German phone reads Home in German, dates the German way ("30. Nov. 2026"), while
    an English phone reads the same games in English. Dark, 150 % text, six players:
    the longer German words must not clip."""
    server, created, finished = stored_games
    german, german_context = phone_in(browser, server, "de-DE", color_scheme="dark")
    german_context.add_init_script("document.addEventListener('DOMContentLoaded', () => "
                                   "{document.documentElement.style.fontSize = '24px';});")
    english, english_context = phone_in(browser, server, "en-GB")
    try:
        german.open("/")
        german.see("Weiterspielen")
        german.button(f"{day_of(created, 'de')}, ", exact=False).first.wait_for()
        assert re.fullmatch(r"\d{1,2}\. \w+\.? \d{4}", day_of(created, "de"))  # "30. Nov. 2026"
        german.button("Läuft, Fay führt", exact=False).first.wait_for()
        german.see("Beendete Spiele")
        german.button("Gewinner: ", exact=False).first.wait_for()
        german.button("Neues Spiel").wait_for()
        german.button("Punktedatei oder Sicherung importieren").wait_for()  # the serving machine
        german.button("Bogenwerte").wait_for()
        german.shot("german-home-dark")
        to_the_end(german)  # the list builds only what is on screen
        german.see("Beiseitegelegt (beschädigt)")
        german.see("Ein beschädigtes Spiel")
        german.see("Papierkorb (30 Tage aufbewahrt)")
        said(german, "die Kommandozeile hat es gelöscht")
        german.button("Wiederherstellen").wait_for()
        german.shot("german-home-bin-dark")

        english.open("/")
        english.see("Resume")
        english.button(f"{day_of(created, 'en')}, ", exact=False).first.wait_for()
        english.button("In play, Fay leads", exact=False).first.wait_for()
        assert english.text("Weiterspielen").count() == 0
        to_the_end(english)
        english.see("Set aside (damaged)")
        said(english, "deleted by the command line")

        german.tap(f"Spiel löschen: Nicht die Bohne!: {', '.join(THREE)}, ", exact=False)  # the finished one
        german.see("Dieses Spiel löschen?")
        german.see("Es wartet 30 Tage lang im Papierkorb auf dieser Seite", exact=False)
        german.shot("german-home-delete-dark")
        german.tap("Löschen")
        german.shot("german-home-deleted-dark")
        said(german, "gelöscht: 30 Tage im Papierkorb")  # the notice, with Undo
        to_the_end(english)
        said(english, "deleted by a phone")  # the same deletion, in the English phone's words
        to_the_end(german)
        said(german, "ein Handy hat es gelöscht")

        german.open("/game/nosuch00")  # an address no game has: no id is read out
        german.see("An dieser Adresse ist kein Spiel gespeichert", exact=False)
        assert german.text("nosuch00").count() == 0
    finally:
        german_context.close()
        english_context.close()


# -- Nicht die Bohne! played on a German phone (issue 19) ------------------------------------

PAD = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn"]


def colour_tab(phone: Phone, colour: str) -> None:
    """The colour tab ("Blau: 0"), by its German name."""
    phone.click(phone.page.get_by_role("button", name=re.compile(rf"^{colour}: ")))


def tap_all(phone: Phone, player: str, names: list[str]) -> None:
    for name in names:
        phone.tap(name)
    phone.chip(f"{player} {len(names)}/10").wait_for(timeout=15_000)


def test_a_german_phone_plays_a_round_of_nicht_die_bohne_and_is_refused_in_german(browser, server):
    """Issue 19: a German phone (dark, 150 % text, six players) starts Nicht die Bohne! and
    enters round 1 by taps with the German card names (Blau 1, Grün Nicht die Bohne, Gelb
    Verdoppler), the keypad on screen without scrolling; a card already taken (Game Play,
    2. Take One Card) is refused in German, while an English phone at the same game reads
    the same refusal in English and enters its player's cards in English. Who starts
    round 2 (the Bean chip, Game End) is asked and told in each phone's words; the Seats
    screen is German too."""
    german, german_context = phone_in(browser, server, "de-DE", color_scheme="dark")
    german_context.add_init_script(FONT_150)
    english, english_context = phone_in(browser, server, "en-GB")
    try:
        german.open("/new")
        german.tap("Nicht die Bohne!", exact=False)
        names(german, *PAD, label="Spieler")
        german.tap("Spiel starten")
        german.see("Runde 1")
        game = german.page.url.rsplit("/", 1)[-1]
        for name in ("Blau: 0", "Gelb: 0", "Blau 1", "Blau 10", "Blau Nicht die Bohne", "Blau Verdoppler",
                     "Blau Plus/Minus mehr"):
            assert on_screen(german, german.button(name)), name
        german.shot("german-ndb-six-players-dark-150")

        tap_all(german, "Anna", [f"Blau {n}" for n in range(1, 11)])
        german.chip("Ben 0/10").and_(german.page.locator("[aria-checked=true]")).wait_for(timeout=15_000)
        german.tap("Blau 3")  # Anna took it: struck out, and a tap says who has it
        german.see("Blau 3 wurde in dieser Runde schon von Anna genommen")
        german.shot("german-ndb-refusal-dark-150")

        english.open(f"/game/{game}")
        english.see("Round 1")
        english.tap("blue 3")
        english.see("blue 3 is already taken by Anna in this round")
        colour_tab(english, "Red")
        tap_all(english, "Ben", [f"red {n}" for n in range(1, 11)])
        assert english.text("wurde in dieser Runde").count() == 0
        german.chip("Ben 10/10").wait_for(timeout=15_000)  # the English phone's entries, here in German
        assert german.text("already taken").count() == 0
        german.see("Blau 3 wurde in dieser Runde schon von Anna genommen")  # its own words stay

        german.click(german.chip("Cleo 0/10"))
        colour_tab(german, "Grün")
        tap_all(german, "Cleo", [f"Grün {n}" for n in range(1, 11)])
        colour_tab(german, "Gelb")
        tap_all(german, "Dirk", [f"Gelb {n}" for n in range(1, 11)])
        specials = []
        for colour in ("Gelb", "Blau", "Rot", "Grün"):
            colour_tab(german, colour)
            for card in (f"{colour} Nicht die Bohne", f"{colour} Verdoppler"):
                german.tap(card)
            specials += [f"{colour} Nicht die Bohne", f"{colour} Verdoppler"]
        german.see("zählt 0, verdoppelt")  # what Grün's Nicht die Bohne and Verdoppler do
        german.tap("Grün Plus/Minus mehr")
        german.tap("Grün Plus/Minus mehr")
        german.chip("Eva 10/10").wait_for(timeout=15_000)
        german.reveal(german.button("Finn nimmt den Rest der Karten (10 Karten)"))
        german.shot("german-ndb-rest-of-deck-dark-150")
        german.tap("Finn nimmt den Rest der Karten (10 Karten)")
        german.see("Runde 1 ist vollständig")

        german.see("Wer beginnt Runde 2? Wer hat in Runde 1 zuletzt den Bohnenchip genommen?")
        assert on_screen(german, german.button("Grün 10"))  # with the question above it
        german.shot("german-ndb-round-2-question-dark-150")
        german.tap("Eva beginnt Runde 2")
        german.see("Eva beginnt Runde 2: Eva hat in Runde 1 zuletzt den Bohnenchip genommen.")
        english.see("Eva starts round 2: Eva took the Bean chip last in round 1.")
        german.shot("german-ndb-round-2-told-dark-150")

        german.tap("Grün 1")  # round 2 has begun: round 1 is finished
        german.chip("Anna 1/10").wait_for(timeout=15_000)
        german.tap("Runde 1")
        german.see("Runde 1 ist beendet.")
        german.click(german.chip("Anna 10/10"))
        german.see("Runde 1 ist beendet. Anna: Blau 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.")
        german.shot("german-ndb-round-1-finished-dark-150")
        german.tap("Runde 1 korrigieren")
        german.see("Runde 1 – Korrektur")
        german.reveal(german.button("Runde 1 speichern"))
        german.shot("german-ndb-correcting-dark-150")
        german.tap("Abbrechen")

        german.open(f"/game/{game}/seats")
        german.see("Plätze am Tisch")
        german.tap("Als Anna hinsetzen")
        german.type_into("PIN für den Platz von Anna", "1234")
        german.reveal(german.button("Platz von Anna nehmen"))
        german.shot("german-seats-pin-dark-150")
        german.tap("Platz von Anna nehmen")
        german.see("Dieses Handy sitzt auf dem Platz von Anna.")
        german.reveal(german.button("Notiz speichern"))
        german.shot("german-seats-dark-150")
        german.open(f"/game/{game}")
        german.button("Platz: Anna").wait_for()  # the app bar's seat button
    finally:
        german_context.close()
        english_context.close()
