"""Issue 19: each phone speaks its own language, checked in process (testkit/screen.py):
a phone whose browser prefers German reads every screen in German, an English phone at
the same game stays English, a refusal is said in each phone's words, and a phone's own
choice is kept in its browser. (How German words are drawn at 150 % text is the browser
tests' part: tests/e2e/test_german_ui.py.)"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from companion import i18n
from companion.i18n import translations
from companion.session import Games, PhoneGames
from companion.sheet_values import SheetValuesService
from companion.storage import open_repository
from companion.ui.app import make_main
from sheets.bohnanza import RULES as BOHNANZA
from sheets.gone_with_the_beans.live import RULES as LIVE, map_orders
from sheets.gone_with_the_beans.sheets import SHEETS
from sheets.i18n import _, using
from sheets.nicht_die_bohne import DECK, RULES as NDB
from sheets.space_beans import RULES as SPACE_BEANS
from testkit.gwtb_live_play import ENTERED, setup
from testkit.screen import Screen, Tables, at_a_players_pace
from tests.companion.test_space_beans_screens import PLAYERS, SEED, every_bean_on_the_table
from companion.storage.sheet_values import SheetValues

GERMAN = ("de-DE", "de")
ENGLISH = ("en-US", "en")


@pytest.fixture
def games(tmp_path: Path) -> Iterator[Games]:
    repo = open_repository(tmp_path)
    yield at_a_players_pace(Games(repo))
    repo.close()


def names(phone: Screen, *players: str, label: str) -> None:
    for number, name in enumerate(players, 1):
        if number > 3:
            phone.tap({"Spieler": "Spieler hinzufügen", "Player": "Add player"}[label])
        phone.type_into(f"{label} {number}", name)


def test_a_german_phone_and_an_english_phone_at_one_game(games: Games) -> None:
    main = make_main(games)
    with Tables() as table:
        german = table.open(main, "/new", "german", GERMAN)
        english = table.open(main, "/new/nicht-die-bohne", "english", ENGLISH)
        german.see("Neues Spiel")
        german.tap("Nicht die Bohne!", exact=False)
        german.see("Spieler in Sitzreihenfolge, 3 bis 6.")
        names(german, "Alex", "Alex", "Beate", label="Spieler")
        german.tap("Spiel starten")
        german.see("Spieler 2: Alex ist doppelt genannt")  # the engine's refusal, said for this phone

        english.see("Players in seating order, 3 to 6.")
        names(english, "Alex", "Alex", "Beate", label="Player")
        english.tap("Start game")
        english.see("player 2: Alex is named twice")
        german.see("Spieler 2: Alex ist doppelt genannt")  # the German phone's words stay its own

        german.type_into("Spieler 2", "Claudia")
        german.tap("Spiel starten")
        assert re.fullmatch(r"/game/\w+", german.route)
        game = german.route.split("/game/")[1]
        german.button("Rückgängig")

        english.go(f"/game/{game}")  # the game the German phone started, in English here
        english.button("Undo")
        english.see("Alex")
        assert not english.find("Rückgängig")


def test_the_language_chosen_on_a_phone_is_kept_there(games: Games) -> None:
    """A German browser chooses English in the app bar: the app speaks English from then
    on, also after a reload, while another German phone stays German."""
    main = make_main(games)
    with Tables() as table:
        chooser = table.open(main, "/new", "chooser", GERMAN)
        chooser.see("Neues Spiel")
        chooser.says("Sprache: Deutsch")
        chooser.tap("English")  # the item of the app bar's language menu
        chooser.see("New game")
        chooser.see("Language: English")

        chooser = table.reload(chooser, main, "/new")  # the choice was kept on this phone
        chooser.see("New game")
        other = table.open(main, "/new", "other", GERMAN)
        other.see("Neues Spiel")


def day_of(created: str, language: str) -> str:
    """The day a game started as a phone of ``language`` reads it on Home."""
    return i18n.day(datetime.fromisoformat(created).astimezone(), language)


SIX = ["Annegret", "Bartholomäus", "Cordula", "Dietrich", "Eleonore", "Fay"]
THREE = ["Ann", "Bo", "Cy"]


def deal(seed: int) -> dict[str, list[str]]:
    deck = sorted(str(c) for c in DECK.elements())
    random.Random(seed).shuffle(deck)
    return {p: deck[i * 20:(i + 1) * 20] for i, p in enumerate(THREE)}


def test_home_in_german_and_in_english_at_once(tmp_path: Path) -> None:
    """A German phone reads Home in German and dates the German way ("30. Nov. 2026"),
    while an English phone reads the same games in English: a game in play with six
    players (Fay leads), a finished one, one in the bin and a damaged one set aside."""
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    playing = games.new_game(NDB.id, {"players": SIX})
    games.dispatch(playing, {"kind": "take-card", "round": 1, "player": "Fay", "card": "red-7"})
    finished = games.new_game(NDB.id, {"players": THREE})
    for n in (1, 2, 3):
        for player, cards in deal(n).items():
            games.dispatch(finished, {"kind": "enter-cards", "round": n, "player": player, "cards": cards})
    games.bin.delete(games.new_game(NDB.id, {"players": THREE}), host=True)
    damaged = games.new_game(NDB.id, {"players": SIX})
    created = {s.id: s.created for s in games.summaries()}[playing]
    repo.close()
    (tmp_path / "games" / f"{damaged}.json").write_bytes(b"\x00{not json")
    for backup in (tmp_path / "games").glob(f"{damaged}.json.bak*"):
        backup.unlink()
    repo = open_repository(tmp_path)
    main = make_main(at_a_players_pace(Games(repo)))
    try:
        with Tables() as table:
            german = table.open(main, "/", "host", GERMAN, host=True)  # the serving machine's browser
            english = table.open(main, "/", "english", ENGLISH)
            german.see("Weiterspielen")
            german.see(f"{day_of(created, 'de')}, ")
            assert re.fullmatch(r"\d{1,2}\. \w+\.? \d{4}", day_of(created, "de"))  # "30. Nov. 2026"
            german.see("Läuft, Fay führt")
            german.see("Beendete Spiele")
            german.see("Gewinner: ")
            for button in ("Neues Spiel", "Punktedatei oder Sicherung importieren", "Bogenwerte", "Wiederherstellen"):
                german.button(button)
            for words in ("Beiseitegelegt (beschädigt)", "Ein beschädigtes Spiel", "Papierkorb (30 Tage aufbewahrt)",
                          "die Kommandozeile hat es gelöscht"):
                german.see(words)

            english.see("Resume")
            english.see(f"{day_of(created, 'en')}, ")
            english.see("In play, Fay leads")
            assert not english.says("Weiterspielen")
            english.see("Set aside (damaged)")
            english.see("deleted by the command line")

            german.tap(re.compile(r"^Spiel löschen: Nicht die Bohne!: Ann, Bo und Cy, "))  # the finished one
            german.see("Dieses Spiel löschen?")
            german.see("Es wartet 30 Tage lang im Papierkorb auf dieser Seite")
            german.tap("Löschen")
            german.see("gelöscht: 30 Tage im Papierkorb")  # the notice, with Undo
            english.see("deleted by a phone")  # the same deletion, in the English phone's words
            german.see("ein Handy hat es gelöscht")
            assert finished

            german.go("/game/nosuch00")  # an address no game has: no id is read out
            german.see("An dieser Adresse ist kein Spiel gespeichert")
            assert not german.says("nosuch00")
    finally:
        repo.close()


PAD = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn"]


def colour_tab(phone: Screen, colour: str) -> None:
    """The colour tab ("Blau: 0"), by its German name."""
    phone.tap(re.compile(rf"^{colour}: "))


def tap_all(phone: Screen, player: str, cards: list[str]) -> None:
    for card in cards:
        phone.tap(card)
    phone.see(f"{player} {len(cards)}/10", exact=True)


def test_a_german_phone_plays_a_round_of_nicht_die_bohne_and_is_refused_in_german(games: Games) -> None:
    """Issue 19: a German phone (six players) starts Nicht die Bohne! and enters round 1 by
    taps with the German card names (Blau 1, Grün Nicht die Bohne, Gelb Verdoppler); a card
    already taken (Game Play, 2. Take One Card) is refused in German, while an English
    phone at the same game reads the same refusal in English and enters its player's cards
    in English. Who starts round 2 (the Bean chip, Game End) is asked and told in each
    phone's words; the Seats screen is German too."""
    main = make_main(games)
    with Tables() as table:
        german = table.open(main, "/new", "german", GERMAN)
        german.tap("Nicht die Bohne!", exact=False)
        names(german, *PAD, label="Spieler")
        german.tap("Spiel starten")
        german.see("Runde 1")
        game = german.route.rsplit("/", 1)[-1]
        for name in ("Blau: 0", "Gelb: 0", "Blau 1", "Blau 10", "Blau Nicht die Bohne", "Blau Verdoppler",
                     "Blau Plus/Minus mehr"):
            german.button(name)

        tap_all(german, "Anna", [f"Blau {n}" for n in range(1, 11)])
        assert german.chip("Ben 0/10").selected  # the next player still entering
        german.tap("Blau 3")  # Anna took it: struck out, and a tap says who has it
        german.see("Blau 3 wurde in dieser Runde schon von Anna genommen")

        english = table.open(main, f"/game/{game}", "english", ENGLISH)
        english.see("Round 1")
        english.tap("blue 3")
        english.see("blue 3 is already taken by Anna in this round")
        colour_tab(english, "Red")
        english.tap("Ben 0/10")
        for n in range(1, 11):
            english.tap(f"red {n}")
        english.see("Ben 10/10")
        assert not english.says("wurde in dieser Runde", exact=False)
        german.see("Ben 10/10")  # the English phone's entries, here in German
        assert not german.says("already taken")
        german.see("Blau 3 wurde in dieser Runde schon von Anna genommen")  # its own words stay

        german.tap("Cleo 0/10")
        colour_tab(german, "Grün")
        tap_all(german, "Cleo", [f"Grün {n}" for n in range(1, 11)])
        colour_tab(german, "Gelb")
        tap_all(german, "Dirk", [f"Gelb {n}" for n in range(1, 11)])
        for colour in ("Gelb", "Blau", "Rot", "Grün"):
            colour_tab(german, colour)
            for card in (f"{colour} Nicht die Bohne", f"{colour} Verdoppler"):
                german.tap(card)
        german.see("zählt 0, verdoppelt")  # what Grün's Nicht die Bohne and Verdoppler do
        german.tap("Grün Plus/Minus mehr")
        german.tap("Grün Plus/Minus mehr")
        german.see("Eva 10/10")
        german.tap("Finn nimmt den Rest der Karten (10 Karten)")
        german.see("Runde 1 ist vollständig")

        german.see("Wer beginnt Runde 2? Wer hat in Runde 1 zuletzt den Bohnenchip genommen?")
        german.button("Blau 10")  # the keypad stays, with the question above it (Anna holds nothing yet: blue)
        german.tap("Eva beginnt Runde 2")
        german.see("Eva beginnt Runde 2: Eva hat in Runde 1 zuletzt den Bohnenchip genommen.")
        english.see("Eva starts round 2: Eva took the Bean chip last in round 1.")

        german.tap("Blau 1")  # round 2 has begun: round 1 is finished
        german.see("Anna 1/10")
        german.tap("Runde 1")
        german.see("Runde 1 ist beendet.")
        german.tap("Anna 10/10")
        german.see("Runde 1 ist beendet. Anna: Blau 1, 2, 3, 4, 5, 6, 7, 8, 9, 10.")
        german.tap("Runde 1 korrigieren")
        german.see("Runde 1 – Korrektur")
        german.button("Runde 1 speichern")
        german.tap("Abbrechen")

        german.go(f"/game/{game}/seats")
        german.see("Plätze am Tisch")
        german.tap("Als Anna hinsetzen")
        german.type_into("PIN für den Platz von Anna", "1234")
        german.tap("Platz von Anna nehmen")
        german.see("Dieses Handy sitzt auf dem Platz von Anna.")
        german.button("Notiz speichern")
        german.go(f"/game/{game}")
        german.button("Platz: Anna")  # the app bar's seat button


# -- Bohnanza and Space Beans on a German phone ----------------------------------------------

FIVE = ["Annegret", "Bartholomäus", "Cordula", "Dietrich", "Eleonore"]  # Bohnanza: 3 to 5 players
SPACE_SIX = ["Annegret", "Bartholomäus", "Cordula", "Dietrich", "Eleonore", "Friedhelm"]


def plant(player: str, field: int, bean: str, count: int) -> dict[str, object]:
    return {"kind": "plant", "player": player, "field": field, "bean": bean, "count": count}


def test_bohnanza_in_german(games: Games) -> None:
    """Coins are Taler, fields Bohnenfelder, passes Durchgänge; the beans by their German
    card names in German plurals ("12 Blaue Bohnen"); the third field's button is disabled
    with the engine's German reason; planting another bean is refused in German."""
    bohnanza = games.new_game(BOHNANZA.id, {"players": FIVE})
    for action in [plant("Annegret", 1, "blue", 12), plant("Annegret", 2, "stink", 6),
                   {"kind": "harvest", "player": "Annegret", "field": 2}, plant("Bartholomäus", 1, "black-eyed", 3)]:
        games.dispatch(bohnanza, action)
    with Tables() as table:
        phone = table.open(make_main(games), f"/game/{bohnanza}", "german", GERMAN)
        phone.see("Bohnanza – Durchgang\u00a01/3")  # the title bar (issue 32); "Durchgang 1/3" never split (issue 48)
        phone.see("Durchgang 1 von 3")  # the draw pile's own line says it in full
        phone.see("Annegret hat 2 Taler; das 3. Bohnenfeld kostet 3")  # the disabled button's reason
        assert phone.button("3. Bohnenfeld kaufen (3 Taler)").disabled
        phone.see("Bohnenfeld 1: 12 Blaue Bohnen")

        phone.tap("Auf Bohnenfeld 1 anbauen")
        phone.tap("Rote Bohne")
        phone.see("Bohnenfeld 1: 12 Blaue Bohnen. Tippe an, wie viele du anbaust.")
        phone.see("Auf Bohnenfeld 1 wächst Blaue Bohne; ernte es, bevor du Rote Bohne anbaust")
        assert phone.button("1 Rote Bohne auf Bohnenfeld 1 anbauen").disabled
        assert phone.button("12 Rote Bohnen auf Bohnenfeld 1 anbauen").disabled
        phone.tap("Abbrechen")

        phone.tap("Bartholomäus · 0")
        phone.tap("Bohnenfeld 1 ernten")
        phone.see("3 Augenbohnen bringen 1 Taler; 2 auf den Ablagestapel.")
        phone.see("Bohnometer, Taler für Bohnen: 1 für 2 · 2 für 4 · 3 für 5 · 4 für 6")
        phone.tap("Ernte bestätigen")
        phone.see("Bartholomäus hat 3 Augenbohnen geerntet: +1 Taler")  # the snackbar
        assert not phone.says("Bean")  # no English bean name on a German phone

        phone.tap("Nachziehstapel aufgebraucht: Durchgang 2 beginnen")
        phone.see("Durchgang 2 beginnen? Der Ablagestapel wird gemischt und ist der neue Nachziehstapel.")
        phone.tap("Durchgang 2 beginnen")  # the next pass asks first (issue 32)
        phone.see("Durchgang 2: Der Ablagestapel ist der neue Nachziehstapel")
        phone.tap("Nachziehstapel aufgebraucht: Durchgang 3 beginnen")
        phone.tap("Durchgang 3 beginnen")
        phone.see("Bohnanza – Durchgang\u00a03/3")
        phone.tap("Nachziehstapel aufgebraucht: Spiel beenden")
        phone.see("Schlussernte: Jedes Bohnenfeld wird verkauft")
        phone.see("Annegret +4 (insgesamt 6 Taler): 12 Blaue Bohnen")  # bohnanza.md: 10 Blue Beans sell for 4
        phone.tap("Spiel beenden")
        phone.see("Annegret gewinnt mit 6 Taler")
        phone.see("Bohnanza – Spielende")


def test_space_beans_in_german(games: Games) -> None:
    """Trophäen, Sammlungen, the leader and the turn in German, the beans as printed; a card
    the supply rule refuses is said in German, and a valueless close-out is refused in German."""
    space = every_bean_on_the_table(games, SPACE_SIX)
    reached = games.new_game(SPACE_BEANS.id, {"players": PLAYERS})
    for action in [*SEED, {"kind": "close-out", "player": "Allister"}]:
        games.dispatch(reached, action)
    main = make_main(games)
    with Tables() as table:
        phone = table.open(main, f"/game/{space}", "german", GERMAN)
        phone.see("Es führt Bartholomäus mit 3")
        phone.see("Offen: Moonbohnen 5, 7")
        phone.see("noch 27")

        # Issue 32: the phone the table shares shows a secret collection to its player alone.
        phone.tap("Eintragen für Friedhelm")
        phone.tap("Geheime Sammlung von Friedhelm eintragen")
        phone.see("Nur Friedhelm schaut hin")
        phone.tap("Zeigen")
        phone.tap("Neue geheime Sammlung")
        phone.tap("Moonbohnen")
        phone.see("Tippe die Werte der ausgelegten Karten an.")
        phone.tap("Wert 2")  # Annegret's trophy: the only Moonbohnen 2
        phone.see("Moonbohnen 2: die einzige Karte liegt schon auf dem Tisch")
        assert phone.button("1 Karte auslegen").disabled

        phone.tap("Eintragen für Bartholomäus")
        phone.tap("Darth Beans ernten (1 Karte)")
        phone.see("Darth Beans von Bartholomäus ernten?")
        phone.see("Kein Wert: Keine Karte ist eine 1")
        phone.see("die offene Sammlung von Bartholomäus (Darth Beans 4) hat 1 Karte und keine 1: Sie ist nichts "
                  "wert und wird nur geerntet, wenn es sein muss")

        last = table.open(main, f"/game/{reached}", "german", GERMAN)
        last.see("Die Trophäen von Allister haben 31 erreicht: Das Spiel endet am Ende des Zuges von Allister.")
        last.button("Ende des Zuges von Allister: Spiel beenden")


# -- the live sheet on a German phone ---------------------------------------------------------

LIVE_SIX = [("Annegret", "macadimia", 12), ("Bartholomäus", "tachiopi", 12), ("Cordula", "cashew", 12),
            ("Dietrich", "ammond", 12), ("Eleonore", "beanzantine", 12), ("Friedrich", "zoodai", 12)]
WORKER = next(row for row in SHEETS["A"].hay_actions if row.effect.startswith("Gain 1 Worker"))


def german(message: str) -> str:
    """``message`` as a German phone reads it (the catalog's word, or English where it has none)."""
    with using(translations("de")):
        return _(message)


def arrow(order: tuple[str, ...]) -> str:
    return " > ".join(p.capitalize() for p in order)


def test_a_german_phone_sets_up_and_plays_round_1_of_the_live_sheet(tmp_path: Path) -> None:
    """Issue 19: a de-DE phone sets up sheet A for six and plays round 1 in German: the
    setup's sections and fields, the round's header and action buttons, a build the
    warehouse cannot pay (said in German), and, once an action is taken, why the others
    wait. The engine's own words are looked up in the German catalog."""
    SheetValues(tmp_path).replace("A", ENTERED)  # sheet A's printed values, as a table entered them
    repo = open_repository(tmp_path)
    try:
        with Tables() as table:
            phone = table.open(make_main(at_a_players_pace(Games(repo))), "/new", "german", GERMAN)
            phone.tap(german("Gone with the Beans: live sheet"), exact=False)
            phone.see("Spielbogen (alle spielen mit demselben Buchstaben)")
            phone.see("Spieler und ihre Provinzen (1 Spieler: Solospiel)")
            for number, (name, province, _hay) in enumerate(LIVE_SIX, start=1):
                if number > 2:
                    phone.tap("Spieler hinzufügen")
                phone.type_into(f"Spieler {number}", name)
                phone.tap(f"Spieler {number} {province.capitalize()}")
            phone.pick("Grundspiel: 1 Sonderkarte")
            phone.see("Startpunktkarte: die erste Provinz des Herrschers")
            phone.tap("Herrscher beginnt in Macadimia")
            for _name, province, hay in LIVE_SIX:
                phone.type_into(f"Heu {province.capitalize()}", str(hay))
            phone.tap("Spiel beginnen")
            phone.see("Bestätige die Reihenfolge der Bohnenwelt-Landkarte im Uhrzeigersinn")
            phone.tap(arrow(map_orders()[0]))
            phone.tap("Spiel beginnen")

            phone.see("Vor Runde 1")
            phone.see("Rundenkarte von Runde 1 aufdecken")
            phone.tap(f"Karte {german('Farm')}")
            phone.type_into("Heu der Karte", "3")
            phone.tap("Aufdecken")
            phone.see(re.compile(rf"^Runde 1 von 15: Herrscher in Macadimia; {german('Farm')} · 3 Heu"))
            phone.see("Deine Aktion in dieser Runde")
            phone.see(re.compile(r"^Material: 14 "))  # 12 Hay and round 1's income, 2 Hay
            # the warehouse's tiles say their word in their count's number (issue 48: "0 Bohne")
            phone.see("Bohnen", exact=True)
            assert not phone.says("Bohne", exact=True)
            phone.button("Einen Heuschuppen dazubauen (+2 Heu)")
            phone.button("Einen Meilenstein erreichen")
            phone.button(f"{german(WORKER.effect).rstrip('.')} (6 Heu, 0 von 3 genutzt)")
            assert phone.button(f"{german('Silo')} bauen").disabled  # 2 Bean + 2 Thaler, worth 18 Hay

            phone.tap(f"{german('Farm')} bauen")  # 1 Bean + 2 Thaler, paid with 12 of the 14 Hay
            phone.see(re.compile(r" kostet 1 "))
            phone.see("Du hast 14 ")
            phone.see("Ersatz, nur für das, was dir fehlt: ")
            phone.tap("Heu zahlen weniger")
            phone.tap("Zahlen und bauen")  # 11 Hay do not pay it: the engine refuses
            phone.see(re.compile(r"bei (.+ )?11 Heu fehlt noch: 1 Taler"))  # the engine's refusal, in German
            phone.tap("Heu zahlen mehr")
            phone.tap("Zahlen und bauen")
            phone.see(re.compile(r"^Material: 2 "))
            phone.see(f"{german('Farms')}: 2 von 6 gebaut")
            phone.see("Deine Aktion in dieser Runde: ")
            phone.see("Es fehlt noch die Aktion von Bartholomäus, Cordula, Dietrich, Eleonore und Friedrich")
    finally:
        repo.close()


def test_a_german_phone_reads_sheet_values_in_german(games: Games) -> None:
    """Issue 19: the game's Sheet values in German on a German phone, where a value came from
    and the counts too; an English phone at the same game reads them in English."""
    gid = games.new_game(LIVE.id, setup(("Ann", "zoodai"), ("Ben", "cashew")))
    values, phone = SheetValuesService(games), PhoneGames(games, None)
    values.enter_in_game(phone, gid, "icons:farm", 6)
    values.enter_in_game(phone, gid, "building-cost:house", {"thaler": 3, "worker": 1})
    main = make_main(games)
    with Tables() as table:
        german_phone = table.open(main, f"/game/{gid}/values", "german", GERMAN)
        english = table.open(main, f"/game/{gid}/values", "english", ENGLISH)
        german_phone.see("Dieses Spiel, Bogen A: ")
        german_phone.see("2 aus der Spielregel, 2 eingetragen, 26 noch unbekannt. Eine Korrektur gilt für den Rest "
                         "dieses Spiels und wird für Bogen A gemerkt.")
        german_phone.button("Alle gemerkten Werte von Bogen A")
        german_phone.button("eingetragen", exact=False)
        english.see("2 from the rulebook, 2 entered, 26 not known yet")

        german_phone.go("/values/B")
        german_phone.see("Bogenwerte")
        german_phone.button("Bogen A")
        german_phone.see("Was du vom gedruckten Bogen einträgst, wird hier gemerkt; jedes neue Spiel auf Bogen B "
                         "beginnt damit.")
        german_phone.button("Exportieren")
