"""Space Beans played on phones in process (testkit/screen.py): close-outs, a secret
collection kept private on a phone the whole table shares, turns, and the end of a game,
against the engine and the rulebook (shared/rules/space-beans.txt). The browser draws the
dialogs and the values on a phone: tests/e2e/test_space_beans_ui.py.

The game is seeded so that Allister is 2 points from 30 and holds the collections of the
rulebook's end-of-game example: six Klingbohnen 1, 4, 4, 5, 7, 9 (face down)."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from sheets.space_beans import RULES, Collection, close_out
from testkit.screen import Screen, Tables, at_a_players_pace, said


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


def every_bean_on_the_table(games: Games, players: list[str]) -> str:
    """Six players, trophies and open collections in all seven colours."""
    a, b, c, d, e, f = players
    game_id = games.new_game(RULES.id, {"players": players})
    for action in [
        *trophy(a, "moonbohnen", 2, 4), *trophy(b, "beanliens", 3, 5, 6),
        lay(a, "open", "moonbohnen", 5, 7), lay(b, "open", "darth-beans", 4), lay(c, "open", "centauribohnen", 6, 6),
        lay(d, "open", "bohrion", 8), lay(e, "open", "bluebeans", 1, 9), lay(f, "open", "klingbohnen", 2),
    ]:
        games.dispatch(game_id, action)
    return game_id


def dialog_text(phone: Screen) -> str:
    dialogs = [c for c in phone.visible() if isinstance(c, ft.AlertDialog)]
    assert dialogs, f"no dialog is open; the screen says:\n{phone.text()}"
    return said(dialogs[-1])


def test_close_outs_privacy_and_the_end_of_a_game(tmp_path: Path) -> None:
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    game_id = games.new_game(RULES.id, {"players": PLAYERS})
    for action in SEED:
        games.dispatch(game_id, action)
    main = make_main(games)
    try:
        with Tables() as tables:
            table = tables.open(main, f"/game/{game_id}", "table")  # the phone the table shares (nobody sits)
            beth = tables.open(main, f"/game/{game_id}", "beth")  # another phone: nothing face down either
            # Issue 32: who a phone is has one place, its seat; no "I am ..." on the screen.
            assert not table.find("I am Beth") and not table.says("This phone belongs to")

            # At a glance: public trophy piles and points, distance from 30, the leader.
            for words in ("Leader: Allister with 28", "2 to go", "21 to go", "26 to go", "Secret: 6 cards, face down"):
                table.see(words)
            assert not table.says("Klingbohnen 1, 4")  # Allister's secret cards stay hidden

            # A forced close-out (rulebook, Example 3: Jean-Luc's four Klingbohnen without a 4).
            table.tap("Record for Beth")
            table.tap("Close out Klingbohnen (4 cards)")
            text = dialog_text(table)
            expected = close_out(Collection(bean="klingbohnen", values=(2, 3, 6, 8)))
            assert expected.value == 0 and expected.trophy is None
            assert "No value: no card is a 4" in text
            assert "Trophy: none" in text
            assert "Discard pile: Klingbohnen 2, Klingbohnen 3, Klingbohnen 6, Klingbohnen 8" in text
            assert not table.find("Close out")
            table.tap("Forced close-out")
            table.see("Open: Darth Beans 1")  # the secret collection turned face up

            # Turns (rulebook, Gameplay: "Turns pass clockwise"): the close-out began Beth's
            # turn, so nobody else closes out or lays before Beth's lay; the engine says why.
            table.see("Beth's turn")
            table.tap("Record for Cyd")
            table.see("Cyd · it is Beth's turn")
            table.see("It is Beth's turn")
            assert not table.find("Lay cards")
            table.tap("Close out Bluebeans (3 cards)")
            assert "It is Beth's turn" in dialog_text(table)
            table.tap("Cancel")

            # Beth lays (action 3, the last of her turn): the turn passes to the left, to Cyd,
            # and the table's phone follows it.
            table.tap("Record for Beth")
            table.tap("Value 3")
            table.tap("Lay 1 card")
            table.see("Open: Darth Beans 1, 3")
            table.see("Cyd's turn")
            beth.see("Cyd's turn")

            # With one collection a valueless close-out is never forced: the engine says why.
            table.tap("Close out Bluebeans (3 cards)")
            text = dialog_text(table)
            assert "No value: no card is a 3" in text
            assert "closed out only when forced" in text
            assert not table.find("Forced close-out")
            table.tap("Cancel")
            table.tap("Value 4")
            table.tap("Lay 1 card")
            table.see("Open: Bluebeans 5, 7, 9, 4")
            table.see("Allister's turn")

            # Issue 32: the shared phone shows Allister's secret collection to him alone, when
            # asked, and hides it again once an entry is made. Then Londo's close-out (Example
            # 2a): three Centauribohnen with the "3" are worth 3; the 3 is the trophy.
            table.tap("Record for Allister")
            table.tap("Record Allister's secret collection")
            assert "only Allister looks" in dialog_text(table)
            table.tap("Show")
            table.see("Secret: Klingbohnen 1, 4, 4, 5, 7, 9")
            assert not beth.says("Klingbohnen 1, 4")  # the other phone shows nothing of it
            table.tap("Close out Centauribohnen (3 cards)")
            text = dialog_text(table)
            expected = close_out(Collection(bean="centauribohnen", values=(3, 6, 7)))
            assert expected.trophy is not None and (expected.value, expected.trophy.label) == (3, "Centauribohnen 3")
            assert f"Worth {expected.value}" in text
            assert f"Trophy: {expected.trophy.label}" in text
            assert "Discard pile: Centauribohnen 6, Centauribohnen 7" in text
            assert "Allister's trophy points: 28 now, 31 after" in text
            assert "the game ends at the end of this turn" in text
            table.tap("Close out")
            table.see("Allister's trophies reached 31: the game ends at the end of Allister's turn.")
            table.see("Open: Klingbohnen 1, 4, 4, 5, 7, 9")  # turned face up

            # End of Game: "The game ends at the end of the turn of the player whose trophy
            # collection is worth at least 30 points": nobody else plays.
            table.see("Nobody else plays; Allister may still close out, then lays once, which ends the turn.")
            beth.see("Nobody else plays; Allister may still close out, then lays once")
            for phone in (table, beth):
                assert not phone.find("Record for Beth") and not phone.find("Record for Cyd")

            # Still his turn: he starts a new (secret) collection of two Darth Beans, looking alone.
            table.tap("Record Allister's secret collection")
            table.tap("Show")
            table.tap("New secret collection")
            table.tap("Darth Beans")
            table.tap("Value 2")
            table.tap("Value 8")
            table.see("Allister's secret collection: Darth Beans 2, 8")
            assert table.node("Value 2").selected and not table.node("Value 3").selected  # values picked are marked
            table.see("To lay: Darth Beans 2, 8")
            table.tap("Lay 2 cards")
            table.see("Secret: 2 cards, face down")  # hidden again once entered
            assert not table.says("Darth Beans 2")
            # The lay ended his turn: only the way to the end of the game is left.
            table.see("Allister has laid: the turn is over.")
            for name in ("New secret collection", "Close out Klingbohnen (6 cards)", "Lay cards"):
                assert not table.find(name)

            # Beth's phone sees the end coming and the secret collection's size, never its cards.
            beth.see("Allister's trophies reached 31")
            beth.see("Secret: 2 cards, face down")
            assert not beth.says("Darth Beans 2")

            # The end (rulebook, End of Game, Allister's example): 31 + 3 + 0 + 2 = 36.
            table.tap("End of Allister's turn: end the game")
            table.see("Allister wins with 36")
            result = RULES.result(games.state(game_id))
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
    finally:
        repo.close()
