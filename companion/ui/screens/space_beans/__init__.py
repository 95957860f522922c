"""Space Beans: trophy piles, collections and the end of the game on a phone (``play``:
the play screen; ``view``: what it shows each phone; ``table`` and ``turn``: its pieces)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.components.players import PlayersSetup
from companion.ui.kit import GameScreens
from companion.ui.screens.space_beans.pieces import BEAN_COLOURS
from companion.ui.screens.space_beans.play import Play
from sheets.i18n import N_
from sheets.space_beans import RULES, State

_players_setup: Callable[[str, int, int], ft.Control] = PlayersSetup


def Setup(game: str) -> ft.Control:
    return _players_setup(game, 2, 6)  # rulebook: Players 2-6


SCREENS = GameScreens[State](
    setup=Setup,
    play=Play,
    title=lambda _state: RULES.title,
    blurb=N_("2-6 players: trophy piles, open and secret collections, close-outs and the race to 30."),
)

__all__ = ["BEAN_COLOURS", "SCREENS", "Play", "Setup"]
