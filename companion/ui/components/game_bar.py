"""The app bar's actions on every game screen: this phone's seat, Undo and Redo."""

from __future__ import annotations

import flet as ft

from companion.session import PhoneGames
from companion.ui.components.common import icon_button
from companion.ui.components.seats import SeatButton
from companion.ui.hooks import notify


def game_bar(games: PhoneGames, game_id: str) -> list[ft.Control]:
    """This phone's seat at the table, Undo and Redo (any number of steps, kept across
    restarts; at a table, this seat's own entries).

    Memoized pieces: on the many changes that leave them as they were, no phone at the
    table rebuilds them."""
    return [
        SeatButton(games, game_id, games.my_seat(game_id)),
        HistoryButton(games, game_id, False, not games.can_undo(game_id)),
        HistoryButton(games, game_id, True, not games.can_redo(game_id)),
    ]


@ft.component
def _HistoryButton(games: PhoneGames, game_id: str, redo: bool, disabled: bool) -> ft.Control:
    """Undo (or Redo) in the app bar; a refusal is told in a snackbar."""

    def run(_: object) -> None:
        try:
            (games.redo if redo else games.undo)(game_id)
        except ValueError as exc:  # a RulesError: nothing of this seat's to undo
            notify(str(exc))

    return icon_button(ft.Icons.REDO if redo else ft.Icons.UNDO, "Redo" if redo else "Undo", run, disabled)


HistoryButton = ft.memo(_HistoryButton)
