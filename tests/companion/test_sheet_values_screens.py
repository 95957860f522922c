"""Sheet values on phones in process (issue 7, "Printed values"; design page, "Printed
values the rulebook does not give"; testkit/screen.py): a value entered in a live game is
corrected on the game's Sheet values screen, refused where the sheet cannot print it,
shown on every phone of the game, and remembered for the sheet letter. (The screen drawn
at 150 % text, dark, in a browser: tests/e2e/test_sheet_values_ui.py.)"""

from __future__ import annotations

from pathlib import Path

import flet as ft

from companion.session import Games, PhoneGames
from companion.sheet_values import SheetValuesService
from companion.storage import open_repository
from companion.ui.app import make_main
from sheets.gone_with_the_beans.live import RULES as LIVE
from testkit.gwtb_live_play import setup
from testkit.screen import Screen, Tables, at_a_players_pace


def field(phone: Screen, label: str) -> ft.TextField:
    (found, *_rest) = [c for c in phone.visible() if isinstance(c, ft.TextField) and c.label == label]
    return found


def test_correcting_an_entered_value_shows_on_every_phone_and_is_remembered(tmp_path: Path) -> None:
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    gid = games.new_game(LIVE.id, setup(("Ann", "zoodai"), ("Ben", "cashew")))
    values, anybody = SheetValuesService(games), PhoneGames(games, None)
    values.enter_in_game(anybody, gid, "icons:farm", 6)
    values.enter_in_game(anybody, gid, "building-cost:house", {"thaler": 3, "worker": 1})
    main = make_main(games)
    try:
        with Tables() as table:
            ann = table.open(main, f"/game/{gid}/values", "ann")
            # Ben comes the way a player does: from the live sheet, the link below its rows.
            ben = table.open(main, f"/game/{gid}", "ben")
            ben.tap("Sheet values")
            ben.see("This game, sheet A: Bean Land")
            ann.see("This game, sheet A: Bean Land")
            ann.see("2 from the rulebook, 2 entered, 26 not known yet")

            # A stated value is not offered for entry; an entered one opens its form in place.
            ann.tap("Number of Farm icons", exact=False)
            ann.see("number of Farm icons, Sheet A")  # where it is printed, in words
            assert field(ann, "Value").value == "6"
            ann.type_into("Value", "31")
            ann.tap("Save")
            ann.see("31 cannot be printed there; enter 1 to 30")  # the rules' reason; the input stays
            assert field(ann, "Value").value == "31"
            ann.type_into("Value", "5")
            ann.tap("Save")
            assert not [c for c in ann.visible() if isinstance(c, ft.TextField) and c.label == "Value"]
            ann.button("Number of Farm icons 5 entered", exact=False)
            ben.button("Number of Farm icons 5 entered", exact=False)  # Ben's phone shows it at once

            # The unknown House icons: entered from the same screen.
            ann.tap("Number of House icons", exact=False)
            ann.type_into("Value", "4")
            ann.tap("Save")
            ann.button("Number of House icons 4 entered", exact=False)

            # The sheet letter remembers both: the global screen, from Home.
            ann.go("/")
            ann.tap("Sheet values")
            ann.see("Sheet A: Bean Land")
            ann.button("Number of Farm icons 5 entered", exact=False)
            ann.button("Number of House icons 4 entered", exact=False)
            ann.button("House building cost 1 Worker + 3 Thaler entered", exact=False)
            # Materials: four fields, an empty one is 0.
            ann.tap("House building cost", exact=False)
            assert field(ann, "Thaler").value == "3"
            ann.type_into("Thaler", "4")
            ann.type_into("Worker", "")
            ann.tap("Save")
            ann.button("House building cost 4 Thaler entered", exact=False)
            ann.tap("Sheet B")
            ann.see("Sheet B: Space Minerals Came Flying")
    finally:
        repo.close()
