"""Gone with the Beans, the live sheet: 15 rounds on sheet A with every rule checked.

``new_game(setup)``, ``apply(state, action)``, ``is_over``, ``result``; see model.py for
the setup and the actions, printed.py for the printed values play asks for,
materials.py for paying.
"""

from sheets.gone_with_the_beans.live.engine import (
    apply,
    export,
    is_over,
    new_game,
    parse_action,
    result,
    scored_sheet,
)
from sheets.gone_with_the_beans.live.materials import (
    Materials,
    check_payment,
    covers,
    missing,
    propose,
)
from sheets.gone_with_the_beans.live.model import (
    AddHayShed,
    Build,
    EnterDpIcons,
    EnterPrintedValue,
    HayActionTaken,
    Milestone,
    Reveal,
    RoundCard,
    SpecialIncome,
    State,
    map_orders,
    roads,
)
from sheets.gone_with_the_beans.live.printed import UnknownPrintedValue

__all__ = [
    "AddHayShed", "Build", "EnterDpIcons", "EnterPrintedValue", "HayActionTaken", "Materials", "Milestone",
    "Reveal", "RoundCard", "SpecialIncome", "State", "UnknownPrintedValue", "apply", "check_payment",
    "covers", "export", "is_over", "map_orders", "missing", "new_game", "parse_action", "propose", "result",
    "roads", "scored_sheet",
]
