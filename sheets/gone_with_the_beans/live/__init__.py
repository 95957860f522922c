"""Gone with the Beans, the live sheet: 15 rounds on sheet A, B, C or D with every rule checked.

``new_game(setup)``, ``apply(state, action)``, ``rounds_played`` (after round 15),
``is_over`` (and every sheet's DP icons counted), ``result``; see model.py for
the setup and the actions, printed.py for the printed values play asks for,
materials.py for paying.
"""

from __future__ import annotations

from typing import Any, NoReturn

from sheets.errors import ScoreFileError
from sheets.game import EngineRules, offers_pending
from sheets.gone_with_the_beans.live import engine
from sheets.gone_with_the_beans.live.engine import (
    BonusesDue,
    apply,
    bridge_options,
    contract_quote,
    hay_capacity,
    export,
    is_over,
    new_game,
    parse_action,
    quote,
    result,
    rounds_played,
    scored_sheet,
    shared_by_grounds,
    why_none_of,
    why_not,
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
    ExecuteContract,
    Forgo,
    HayActionTaken,
    Milestone,
    Reveal,
    RoundCard,
    SpecialIncome,
    State,
    map_orders,
    roads,
)
from sheets.gone_with_the_beans.live.printed import UnknownPrintedValue, keys, said, shown, spec
from sheets.i18n import N_, _


def no_live_file(data: dict[str, Any]) -> NoReturn:
    """A live sheet has no score file of its own: its finished game exports as the
    scorer's "gone-with-the-beans" file, which is scored and imported as a scored game."""
    raise ScoreFileError("game", _("a Gone with the Beans score file imports as a scored game, not a live sheet"))


# A stored kind of its own: its finished game exports as the scorer's "gone-with-the-beans"
# score file, which imports back as a scored game. The round card, the Ruler's moves and
# printed values are the table's entries; everything else is its player's own.
RULES = EngineRules(
    id=engine.GAME_ID, title=N_("Gone with the Beans: live sheet"),
    new_game=engine.new_game, parse_action=engine.parse_action, apply=engine.apply,
    is_over=engine.is_over, result=engine.result, players=engine.players, allowed=offers_pending,
    read=no_live_file, export=engine.export, import_file=no_live_file,
    why_not=engine.why_not,
)

__all__ = [
    "RULES",
    "AddHayShed", "BonusesDue", "Build", "EnterDpIcons", "EnterPrintedValue", "ExecuteContract", "Forgo",
    "HayActionTaken", "Materials",
    "Milestone", "Reveal", "RoundCard", "SpecialIncome", "State", "UnknownPrintedValue",
    "apply", "bridge_options", "check_payment", "contract_quote", "covers", "export", "hay_capacity", "is_over", "keys", "map_orders", "missing",
    "new_game", "parse_action", "propose", "quote", "result", "roads", "rounds_played", "said", "scored_sheet", "shown",
    "shared_by_grounds", "spec", "why_none_of", "why_not",
]
