"""Nicht die Bohne!: the score pad on a phone.

The round table mirrors the paper pad (positive, negative, total per round and player).
Below it, one player's collected cards for one round are tapped in from the four colour
rows. Every tap is committed; cards another player took this round are shown as taken,
and a card the rules refuse says the engine's reason (``RULES.allowed``).

``view``: the typed view every phone renders; ``play``: the play screen and its round;
``hand``: a player's chip and cards; ``keypad``: the colour tabs and card tiles; ``pad``:
the paper pad; ``taps``: the screen's typed taps.
"""

from __future__ import annotations

import flet as ft

from companion.ui.components.players import PlayersSetup
from companion.ui.kit import GameScreens
from companion.ui.screens.nicht_die_bohne.hand import FinishedHand, Hand, PlayerChip, PlayerChips
from companion.ui.screens.nicht_die_bohne.keypad import BEAN_COLOURS
from companion.ui.screens.nicht_die_bohne.pad import LastEntry, Pad, PadRow, Result
from companion.ui.screens.nicht_die_bohne.play import Play, Starter
from companion.ui.screens.nicht_die_bohne.view import PadView, view
from sheets.i18n import N_, _
from sheets.nicht_die_bohne import RULES, State


def Setup(game: str) -> ft.Control:
    control: ft.Control = PlayersSetup(game, 3, 6)  # rulebook: 3 - 6 players
    return control


def title(_state: State) -> str:
    return _(RULES.title)


SCREENS = GameScreens[State](
    setup=Setup,
    play=Play,
    title=title,
    blurb=N_("3-6 players, 3 rounds: the score pad with Nullifier, Doubler and Plus/Minus."),
)

__all__ = [
    "SCREENS", "BEAN_COLOURS", "PadView", "view",
    "Play", "Starter", "PlayerChip", "PlayerChips", "Hand", "FinishedHand", "Pad", "PadRow", "Result", "LastEntry",
]
