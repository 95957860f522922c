"""The live sheet's setup, state and actions: frozen pydantic models, JSON-able.

Setup (a dict, as every game's ``new_game`` takes it)::

    {"sheet": "A",                                                  # A, B, C or D
     "players": [{"name": "Ann", "province": "zoodai"}, ...],       # 1 = solitaire; on C
                                                                    # also "bridge": "tachiopi"
     "deck": "basic" | "two-specials" | "three-specials",           # Round card deck
     "starting_point": {"first_province": "macadimia",              # the revealed
                        "hay": {"zoodai": 12, "cashew": 9, ...}},   # Starting Point card
     "map": ["zoodai", "tachiopi", "cashew", "ammond", "macadimia", "beanzantine"],
     "printed": {"icons:farm": 6, ...}}                            # optional, remembered

``printed``: values entered at earlier games on this sheet letter, checked like an entry.

``map`` is the Bean World map clockwise, as the table confirmed it: any rotation of one
of ``map_orders()``.
"""

from __future__ import annotations

from functools import cached_property
from itertools import permutations
from typing import Annotated, Any, Literal

from pydantic import Field, NonNegativeInt, StrictBool, StrictInt, StrictStr, TypeAdapter

from sheets.gone_with_the_beans.engine import SetupPlayer
from sheets.gone_with_the_beans.live.events import Event
from sheets.gone_with_the_beans.live.materials import Materials
from sheets.gone_with_the_beans.live.printed import Value
from sheets.gone_with_the_beans.sheets import (
    EXTRA_INCOME_MOVES,
    MAP_ROADS,
    PROVINCES,
    SHEETS,
    Sheet,
    SheetLetter,
)
from sheets.model import Frozen, Hashed
from sheets.results import position_of


# --- The Bean World map (design page, gaps 7) --------------------------------------------


def roads(order: tuple[str, ...], a: str, b: str) -> int:
    """Roads between two provinces, the shorter way round (rulebook: Travel cost)."""
    step = (order.index(b) - order.index(a)) % len(order)
    return min(step, len(order) - step)


def _canonical(order: tuple[str, ...]) -> tuple[str, ...]:
    start = order.index(EXTRA_INCOME_MOVES[0][0])
    return order[start:] + order[:start]


def consistent(order: tuple[str, ...]) -> bool:
    """The rulebook's map facts hold: the Extra Income moves are one clockwise step
    (Tachiopi follows Zoodai, Macadimia follows Ammond); Zoodai is 2 roads from Macadimia."""
    if sorted(order) != sorted(PROVINCES):
        return False
    follows = all(order[(order.index(a) + 1) % len(order)] == b for a, b in EXTRA_INCOME_MOVES)
    return follows and all(roads(order, a, b) == n for a, b, n in MAP_ROADS)


def map_orders() -> tuple[tuple[str, ...], ...]:
    """The clockwise orders the table may confirm, each starting at Zoodai."""
    found = {_canonical(p) for p in permutations(PROVINCES) if consistent(p)}
    return tuple(sorted(found))


# --- Setup -------------------------------------------------------------------------------


class StartingPoint(Frozen):
    first_province: StrictStr
    hay: dict[StrictStr, StrictInt]


class LivePlayer(SetupPlayer):
    bridge: StrictStr | None = None  # sheet C: the adjacent province the setup Bridge joins


class Setup(Frozen):
    sheet: StrictStr
    players: tuple[LivePlayer, ...]
    deck: StrictStr = "basic"
    starting_point: StartingPoint
    map: tuple[StrictStr, ...]
    printed: dict[StrictStr, Any] = {}  # printed values the table entered in earlier games


# --- State -------------------------------------------------------------------------------


class RoundCard(Frozen):
    """A revealed Round card: a facility and Hay, or the special card."""

    special: StrictBool = False
    facility: StrictStr | None = None
    hay: StrictInt | None = None


class PlayerState(Frozen):
    name: str
    province: str
    materials: Materials
    built: tuple[tuple[str, int], ...]  # every facility of the sheet: icons built
    hay_actions: tuple[tuple[str, int], ...]  # every hay-action row: uses, 0 to 3
    hay_sheds: NonNegativeInt = 0  # added Hay Sheds, 0 to 2
    milestones: NonNegativeInt = 0  # milestone squares filled
    milestone_bonuses: tuple[str, ...] = ()
    development_bonuses: tuple[str, ...] = ()
    ability_used: bool = False  # Zoodai's or Beanzantine's once-per-game ability
    hay_lost: NonNegativeInt = 0  # Hay beyond the sheds, all game
    dp_icons: NonNegativeInt | None = None  # entered after round 15
    # This round:
    actions: tuple[str, ...] = ()  # the kinds taken (two only with Zoodai's ability)
    special_option: str | None = None  # the special card's option chosen
    roads_removed: NonNegativeInt = 0  # travel removed for this round's build
    # Sheets B-D:
    beanichalcum_gained: NonNegativeInt = 0  # B: all game, spent or not
    bridges: tuple[str, ...] = ()  # C: the provinces your Bridges join to yours
    contracts_gained: tuple[str, ...] = ()  # D
    contracts_executed: tuple[str, ...] = ()  # D
    due: tuple[str, ...] = ()  # D: a completion bonus's action, resolved before anything else

    def count(self, facility: str) -> int:
        return dict(self.built)[facility]

    @property
    def facilities_built(self) -> int:
        return sum(n for _, n in self.built)

    def uses(self, row: str) -> int:
        return dict(self.hay_actions)[row]


class PrintedValue(Frozen):
    key: str
    value: Value


class State(Frozen):
    sheet: SheetLetter
    deck: str
    map: tuple[str, ...]  # clockwise
    ruler: str  # the province the Ruler token is in
    round: int = 0  # 0: before the first card is revealed
    cards: tuple[RoundCard, ...] = ()  # revealed, round 1 first
    players: tuple[PlayerState, ...]
    printed: tuple[PrintedValue, ...] = ()  # entered printed values, by key
    events: tuple[Event, ...] = ()  # what the last step did, said where shown (events.said)

    @property
    def rules(self) -> Sheet:
        return SHEETS[self.sheet]

    @property
    def card(self) -> RoundCard | None:
        return self.cards[-1] if self.cards else None

    @cached_property
    def entered(self) -> dict[str, Value]:
        """The entered printed values by key, built once for this state (play looks values up
        many times a tap; not a field, so neither compared nor dumped). Do not change it."""
        return {p.key: p.value for p in self.printed}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def player(self, name: str) -> PlayerState:
        return self.players[position_of(self.names, name)]

    @cached_property
    def worked_out(self) -> dict[str, tuple[PlayerState | None, tuple[object, ...], Hashed]]:
        """What play works out once for this very state (``allowed.grounds``: each player's
        grounds, hashed once). Not a field: neither compared, dumped nor copied into a
        changed state; a value kept here says what it was made of, so that a copy made
        with ``model_copy`` (tests) does not take it for its own."""
        return {}


# --- Actions -----------------------------------------------------------------------------


class Reveal(Frozen):
    """The table: the Round card revealed; starts the round (Ruler, Extra Income, Income)."""

    kind: Literal["reveal"] = "reveal"
    card: RoundCard


class EnterPrintedValue(Frozen):
    """The table: a printed value the rulebook does not state, read off the sheet; again
    to correct it."""

    kind: Literal["printed-value"] = "printed-value"
    key: StrictStr
    value: Any


class SpecialIncome(Frozen):
    kind: Literal["special-income"] = "special-income"
    player: StrictStr
    option: StrictStr  # thaler, hay, travel, hay-shed


class Build(Frozen):
    kind: Literal["build"] = "build"
    player: StrictStr
    facility: StrictStr
    payment: Materials | None = None  # None: the proposed payment
    beanzantine: StrictBool = False  # Beanzantine's ability: as if the Ruler were there
    development_bonuses: tuple[StrictStr, ...] = ()  # chosen for a Silo or House
    beanichalcum_travel: StrictBool = False  # B: 1 Beanichalcum pays the travel for 2 roads
    bridge_to: StrictStr | None = None  # C: the province a Bridge joins
    contracts: tuple[StrictStr, ...] = ()  # D: the Normal Contract after the travel row's waiting build, 3rd use
    as_recorded: StrictBool = False  # stored before issue 31 (AS_RECORDED_KINDS): read as recorded


class HayActionTaken(Frozen):
    kind: Literal["hay-action"] = "hay-action"
    player: StrictStr
    row: StrictStr
    # The ``travel`` row builds; on D None: the build waits while Contracts are executed (reading 8)
    facility: StrictStr | None = None
    payment: Materials | None = None  # that build's cost, beyond the row's Hay
    beanzantine: StrictBool = False
    development_bonuses: tuple[StrictStr, ...] = ()  # 3rd use; a Silo or House built
    beanichalcum_travel: StrictBool = False
    bridge_to: StrictStr | None = None  # C: the Bridge built (or the rising row's free one)
    contracts: tuple[StrictStr, ...] = ()  # D: the Contracts gained, in the order they come
    milestone_bonuses: tuple[StrictStr, ...] = ()  # D: the milestone of the 3rd use
    as_recorded: StrictBool = False  # stored before issue 31 (AS_RECORDED_KINDS): read as recorded


class Milestone(Frozen):
    kind: Literal["milestone"] = "milestone"
    player: StrictStr
    bonus: StrictStr  # the Milestone Bonus chosen
    contracts: tuple[StrictStr, ...] = ()  # D: the Contract a bonus gains
    bridge_to: StrictStr | None = None  # C: the free Bridge's province
    as_recorded: StrictBool = False  # stored before issue 31 (AS_RECORDED_KINDS): read as recorded


class AddHayShed(Frozen):
    kind: Literal["hay-shed"] = "hay-shed"
    player: StrictStr


class EnterDpIcons(Frozen):
    """After round 15: the filled Development Passport icons, counted on the sheet (the
    network of DP icons is not stated by the rulebook)."""

    kind: Literal["dp-icons"] = "dp-icons"
    player: StrictStr
    filled: StrictInt


class ExecuteContract(Frozen):
    """Sheet D: any time, not an action: pay a gained Contract's cost, gain its reward."""

    kind: Literal["contract"] = "contract"
    player: StrictStr
    contract: StrictStr
    payment: Materials | None = None  # None: the proposed payment


class Forgo(Frozen):
    """Let an owed action pass (D's completion bonus or 3rd-use milestone, C's second
    build): only when it cannot be performed (design page, reading 9)."""

    kind: Literal["forgo"] = "forgo"
    player: StrictStr
    development_bonuses: tuple[StrictStr, ...] = ()  # C: the 3rd "build twice" gives its bonus even so
    contracts: tuple[StrictStr, ...] = ()  # D: the travel row's 3rd use gives its Normal Contract even so
    as_recorded: StrictBool = False  # stored before issue 31 (AS_RECORDED_KINDS): read as recorded


# The design page's readings 4 (Beanichalcum only for what the player lacks), 8 and 9 (a
# Contract executed in the middle of an action; an owed action passes only when it cannot
# be performed), 16 (a free Farm or Bridge only where the player may build) and 17 (no
# chained substitutions) hold for entries made since issue 31. An entry of these kinds
# stored before has no ``as_recorded`` key: ``parse_action`` reads it as recorded (True),
# by the rules it was made under, so every stored game folds to the states it had.
AS_RECORDED_KINDS = ("build", "hay-action", "milestone", "forgo")

PlayerAction = (SpecialIncome | Build | HayActionTaken | Milestone | AddHayShed | EnterDpIcons
                | ExecuteContract | Forgo)  # a player's own
Action = Annotated[Reveal | EnterPrintedValue | PlayerAction, Field(discriminator="kind")]
ACTION: TypeAdapter[Action] = TypeAdapter(Action)
