"""A game that is not at its address: deleted (the phone goes Home, told who deleted it
and that the host can restore it), or never stored here. Never its id: a phone names no
game by its id. Shared by the game's screens (play, seats)."""

from __future__ import annotations

import flet as ft

from companion.storage import GameNotFound, StorageError
from companion.ui.components.common import screen
from companion.ui.hooks import go, notify
from sheets.i18n import _


def no_game_here() -> str:
    """Why a game's address shows nothing (never its id: a phone names no game by its id)."""
    return _("No game is stored at this address: it may have been deleted and left the bin, or it was "
             "played with another computer's Bean Counter.")


def deleted_words(deleted_by: str) -> str:
    """Who deleted the game, and that it is in the bin on Home."""
    return _("{who} deleted this game: it is in the bin on Home, restorable").format(
        who=f"{deleted_by[:1].upper()}{deleted_by[1:]}")


@ft.component
def Deleted(route: str, deleted_by: str) -> ft.View:
    """A game deleted while this phone showed it: Home, saying who and that it can come back."""
    said = deleted_words(deleted_by)

    def leave() -> None:
        go("/")
        notify(said)

    ft.use_effect(leave, [])
    return screen(route, _("Game deleted"), [ft.Text(said)])


def not_here(route: str, deleted_by: str | None, problem: StorageError) -> ft.View:
    """The screen at ``route`` of a game that cannot be shown: deleted (``deleted_by``), not
    found, or the storage's own words for any other problem (they name no id)."""
    if deleted_by is not None:
        return Deleted(route, deleted_by)
    said = no_game_here() if isinstance(problem, GameNotFound) else str(problem)
    return screen(route, _("Game not found"), [ft.Text(said)])
