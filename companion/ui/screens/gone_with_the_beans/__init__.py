"""Gone with the Beans: "Score a finished game" on a phone.

Setup picks the sheet (A-D) and the players with their provinces (``setup``). The play
screen (``play``) is one player's paper sheet at a time, then the final table. Every tap is
one engine action; every number shown comes from the engine's result, and what may be
entered (the areas a sheet has, how low and high a count goes, a tick the rules refuse)
from its ``allowed``. The play screen renders from one typed view of the game (``view``)
and hands its pieces slices of it; how a sheet's parts are drawn is in ``parts``.
"""

from __future__ import annotations

from companion.ui.components.sheet_scoring import sheet_name
from companion.ui.kit import GameScreens
from companion.ui.screens.gone_with_the_beans.play import Play
from companion.ui.screens.gone_with_the_beans.setup import Setup
from sheets.gone_with_the_beans import State
from sheets.i18n import N_

SCREENS = GameScreens[State](
    setup=Setup,
    play=Play,
    title=lambda state: sheet_name(state.rules),
    blurb=N_("Score finished sheets A-D (solitaire or more players): winner or solitaire rating."),
    heading=N_("Gone with the Beans: score the sheets"),
)
