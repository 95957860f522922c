"""Gone with the Beans, the live sheet: 15 rounds on sheet A, B, C or D with every rule checked.

``new_game(setup)``, ``apply(state, action)``, ``rounds_played`` (after round 15),
``is_over`` (and every sheet's DP icons counted), ``result``; ``allowed(state, player)``
what a player may do now, every button with its reason and the offers that go with them
(allowed.py); see model.py for the setup and the actions, printed.py for the printed
values play asks for, materials.py for paying.
"""

from __future__ import annotations

from typing import Any, NoReturn

from sheets.errors import ScoreFileError
from sheets.game import EngineRules, Phase
from sheets.gone_with_the_beans.live import engine
from sheets.gone_with_the_beans.live.allowed import (
    CONTRACTS_FIRST,
    Allowed,
    Choice,
    Due,
    Missing,
    Needed,
    Offer,
    Paid,
    Payment,
    Refused,
    allowed,
    grounds,
    needs,
    paid_first,
    payment_of,
)
from sheets.gone_with_the_beans.live.engine import (
    ACTION_NAMES,
    CONTRACT_TITLES,
    DUE_NAMES,
    BonusesDue,
    apply,
    bridge_options,
    contract_quote,
    counts_dp_icons,
    hay_capacity,
    export,
    is_over,
    new_game,
    parse_action,
    quote,
    result,
    rounds_played,
    scored_sheet,
    why_none_of,
    why_not,
)
from sheets.gone_with_the_beans.live.describe import describe
from sheets.gone_with_the_beans.live.events import said as said_event
from sheets.gone_with_the_beans.live.materials import (
    KINDS,
    NAMES,
    WAREHOUSE,
    Materials,
    check_payment,
    covers,
    missing,
    propose,
    rates,
)
from sheets.gone_with_the_beans.live.model import (
    Action,
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
    PlayerAction,
    PlayerState,
    map_orders,
    roads,
)
from sheets.gone_with_the_beans.live.printed import NotAPrintedValue, UnknownPrintedValue, keys, said, shown, spec
from sheets.gone_with_the_beans.live.printed import check as check_printed_value
from sheets.gone_with_the_beans.scoring import horse_riding_level
from sheets.gone_with_the_beans.sheets import (
    DECK_NAMES,
    HAY_ACTION_USES_PER_ROW,
    HAY_SHED_GAIN,
    ROUND_DECKS,
    ROUNDS,
    SPECIAL_CARD_OPTIONS,
)
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
    is_over=engine.is_over, result=engine.result, players=engine.players, allowed=allowed, grounds=grounds,
    read=no_live_file, export=engine.export, import_file=no_live_file,
    describe=describe, phase=Phase("round", engine.round_of),
    holdings=engine.materials_of,
)

__all__ = [
    "NotAPrintedValue", "check_printed_value",
    "RULES",
    "ACTION_NAMES", "CONTRACT_TITLES", "CONTRACTS_FIRST", "DECK_NAMES", "DUE_NAMES", "HAY_ACTION_USES_PER_ROW",
    "HAY_SHED_GAIN", "KINDS", "NAMES", "WAREHOUSE",
    "ROUND_DECKS", "ROUNDS",
    "SPECIAL_CARD_OPTIONS",
    "Action", "AddHayShed", "Allowed", "BonusesDue", "Build", "Choice", "Due", "EnterDpIcons", "EnterPrintedValue",
    "ExecuteContract", "Forgo", "HayActionTaken", "Materials", "Milestone", "Missing", "Needed", "Offer", "Paid",
    "Payment", "PlayerAction", "PlayerState", "Refused", "Reveal", "RoundCard", "SpecialIncome", "State",
    "UnknownPrintedValue",
    "allowed", "apply", "bridge_options", "check_payment", "contract_quote", "counts_dp_icons", "covers", "export",
    "grounds", "hay_capacity", "is_over", "keys", "map_orders", "missing", "needs", "new_game", "paid_first",
    "parse_action", "payment_of", "propose",
    "quote", "rates", "result", "roads", "rounds_played", "said", "said_event", "scored_sheet", "shown", "spec",
    "horse_riding_level", "why_none_of", "why_not",
]
