"""Issue 48's small things that cost a tap each time at a real table."""

from __future__ import annotations

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
