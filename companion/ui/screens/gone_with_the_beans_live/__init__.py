"""Gone with the Beans on the live sheet: sheets A-D, round by round (issues 7, 16, 30).

Setup (setup.py): the sheet letter, players and provinces (on C each setup Bridge), the
Round-card deck, the revealed Starting Point card and the Bean World map's clockwise
order. Play (play.py): the round (table.py), then one player's sheet at a time: its
materials and rows (rows.py), one button per action the rules allow now (actions.py), and
what a tap still needs, asked there and then (questions.py: a pure step function from the
engine's offers to the next question or the entry; question_panels.py: its panels). It renders one typed view of
the state per phone (view.py). After round 15 the end-game scorer's breakdown and table.
Every rule is the engine's (sheets/gone_with_the_beans/live: ``allowed``); this screen
only shows it.
"""

from __future__ import annotations

from companion.ui.kit import GameScreens
from companion.ui.screens.gone_with_the_beans_live.play import Play
from companion.ui.screens.gone_with_the_beans_live.setup import Setup
from sheets.gone_with_the_beans.live import State
from sheets.i18n import N_, _


def title(state: State) -> str:
    return _("Sheet {letter}").format(letter=state.rules.letter)


SCREENS = GameScreens(
    setup=Setup,
    play=Play,
    title=title,
    blurb=N_("Play sheet A, B, C or D round by round: costs, payments, income and every rule checked; "
             "scored at the end."),
)

__all__ = ["SCREENS"]
