"""Bohnanza: each player's coins and fields on a phone, and the table's deck passes.

One player at a time (picked at the top): coins in large type, then the fields. A field
is planted through its own "Plant" panel (the bean, then one tap on how many) and
harvested through a preview of what the engine would pay; buying the third field shows
the engine's refusal in words when it is not allowed. Below, the draw pile's pass
1/2/3, shared by the table; the third exhaustion ends the game after showing the
end-of-game harvest. Every answer (payouts, refusals, the end) comes from the engine
(``allowed``), through the screen's one typed view (``view.py``).

Modules: ``view`` (the typed view), ``look`` (colours, words, small controls), ``taps``
(the typed handlers), ``fields`` and ``table`` (the pieces), ``play`` (the screen).
"""

from __future__ import annotations

from companion.ui.kit import GameScreens
from companion.ui.screens.bohnanza.look import BEAN_COLOURS
from companion.ui.screens.bohnanza.play import Play, title
from companion.ui.screens.bohnanza.setup import Setup
from sheets.bohnanza import State
from sheets.i18n import N_

SCREENS = GameScreens[State](
    setup=Setup,
    play=Play,
    title=title,
    blurb=N_("2–7 players (3–5 with the 1997 rules): coins and bean fields per player, harvests by the "
             "beanometer, passes through the deck."),
)

__all__ = ["BEAN_COLOURS", "SCREENS"]
