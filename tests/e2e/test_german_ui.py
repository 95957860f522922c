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
from tests.e2e.conftest import PHONE, Phone, Server

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
        german.button("Punktedatei importieren").wait_for()
        german.button("Bogenwerte").wait_for()
        german.shot("german-home-dark")
        to_the_end(german)  # the list builds only what is on screen
        german.see("Beiseitegelegt (beschädigt)")
        german.see("Ein beschädigtes Spiel")
        german.see("Papierkorb (30 Tage aufbewahrt)")
        said(german, "über die Kommandozeile gelöscht")
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

        german.tap(f"Spiel {finished} löschen")
        german.see("Dieses Spiel löschen?")
        german.see("Es wartet 30 Tage lang im Papierkorb auf dieser Seite", exact=False)
        german.shot("german-home-delete-dark")
        german.tap("Löschen")
        german.shot("german-home-deleted-dark")
        said(german, "gelöscht: 30 Tage im Papierkorb")  # the notice, with Undo
        to_the_end(english)
        said(english, "deleted by a phone")  # the same deletion, in the English phone's words
        to_the_end(german)
        said(german, "über ein Handy gelöscht")

        german.open("/game/nosuch00")  # an address no game has: no id is read out
        german.see("An dieser Adresse ist kein Spiel gespeichert", exact=False)
        assert german.text("nosuch00").count() == 0
    finally:
        german_context.close()
        english_context.close()
