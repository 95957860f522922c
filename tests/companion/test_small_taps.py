"""Issue 48's small things that cost a tap each time at a real table."""

from __future__ import annotations

import re

import flet as ft

from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from testkit.screen import Tables


def test_add_player_focuses_the_new_field(tmp_path):
    """"Add player" did not focus the new field: one more tap before typing the name."""
    games = Games(open_repository(tmp_path))
    try:
        with Tables() as table:
            phone = table.open(make_main(games), "/new/nicht-die-bohne", "a phone")
            fields = [c for c in phone.visible() if isinstance(c, ft.TextField)]
            assert [f.autofocus for f in fields][:1] == [True]  # the first name, as the setup opens
            count = len(fields)
            phone.tap("Add player")
            fields = [c for c in phone.visible() if isinstance(c, ft.TextField)]
            assert len(fields) == count + 1
            assert fields[-1].label == f"Player {count + 1}" and fields[-1].autofocus is True
    finally:
        games.repo.close()


def test_the_keypad_opens_on_the_colour_a_player_last_used_else_the_first_they_hold(tmp_path):
    """The keypad stayed on the previous player's colour: one more tap for each player."""
    games = Games(open_repository(tmp_path))
    game_id = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]})
    games.dispatch(game_id, {"kind": "take-card", "round": 1, "player": "Cy", "card": "green-4"})
    try:
        with Tables() as table:
            phone = table.open(make_main(games), f"/game/{game_id}", "a phone")
            assert phone.find("blue 1") and not phone.find("red 1")  # Ann holds nothing yet: blue
            phone.tap(re.compile(r"^Red"))
            assert phone.find("red 1")
            phone.send(phone.chip(re.compile(r"^Cy ")))
            assert phone.find("green 1") and not phone.find("red 1")  # the first colour Cy holds
            phone.send(phone.chip(re.compile(r"^Ben ")))
            assert phone.find("blue 1")  # Ben holds nothing: blue
            phone.send(phone.chip(re.compile(r"^Ann ")))
            assert phone.find("red 1") and not phone.find("blue 1")  # the colour Ann last used
    finally:
        games.repo.close()


def test_the_past_view_draws_no_live_keys(tmp_path):
    """The read-only past view drew a live-looking keypad whose taps were refused in red:
    its keys are drawn disabled, and the way back to now stays."""
    games = Games(open_repository(tmp_path))
    game_id = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]})
    for card in ("blue-1", "blue-2"):
        games.dispatch(game_id, {"kind": "take-card", "round": 1, "player": "Ann", "card": card})
    try:
        with Tables() as table:
            phone = table.open(make_main(games), f"/game/{game_id}/at/1", "a phone")
            assert phone.button("blue 3").disabled and phone.button(re.compile(r"^Red")).disabled
            now = table.open(make_main(games), f"/game/{game_id}", "another phone")
            assert not now.button("blue 3").disabled  # the game as it is now takes taps
    finally:
        games.repo.close()
