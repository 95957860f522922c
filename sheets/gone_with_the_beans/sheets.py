"""Gone with the Beans: the four game sheets as data (rulebook: shared/rules/gone-with-the-beans.txt).

Every printed value lives here once. Sheet A is written out in full; B, C and D are A
with their differences (rulebook: "Differences on Sheet B/C/D"). A value the rulebook
does not state (shared/design/gone-with-the-beans.md, "Printed values the rulebook does
not give") is ``None`` (``UNKNOWN``): the app asks the table for it, never guesses it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from collections.abc import Callable
from typing import Literal, Mapping

from sheets.i18n import N_, _, ngettext

UNKNOWN = None  # a printed value the rulebook does not state

SheetLetter = Literal["A", "B", "C", "D"]


@dataclass(frozen=True)
class Cost:
    """Materials to pay (or gain): Thaler, Bean, Worker, Hay."""

    thaler: int = 0
    bean: int = 0
    worker: int = 0
    hay: int = 0
    beanichalcum: int = 0  # sheet B's material


@dataclass(frozen=True)
class Table:
    """A scoring table: ``points[n - 1]`` for a count of n; 0 for none.

    Beyond the printed rows the last row holds: A's DP table says "10 or more"; for the
    other tables that is the design page's reading (gaps, 3).
    """

    points: tuple[int, ...]

    def points_for(self, count: int) -> int:
        if count <= 0:
            return 0
        return self.points[min(count, len(self.points)) - 1]


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    ability: str
    free_farms_at_setup: int = 0  # Tachiopi builds a Farm for free at setup
    gain_per_build: Cost = Cost()  # Cashew: 1 Hay each time you build a facility
    once_per_game: bool = False  # Beanzantine, Zoodai: the ability is used once


@dataclass(frozen=True)
class Facility:
    id: str
    name: str
    plural: str
    icons: int | None = UNKNOWN  # how many icons the row has
    # The building cost; the Market has two fields: ``building_cost`` applies when the
    # Ruler token is in your province (upper), ``building_cost_ruler_elsewhere`` otherwise.
    building_cost: Cost | None = UNKNOWN
    building_cost_ruler_elsewhere: Cost | None = UNKNOWN
    has_two_costs: bool = False
    hay_income: tuple[int, ...] | None = UNKNOWN  # Hay below each icon (Income)
    extra_income: tuple[Cost, ...] | None = UNKNOWN  # below each icon (Extra Income)
    built_at_setup: int = 0  # before any province ability
    on_build: str | None = None  # what each build also gives
    completion_bonus: str | None = None  # sheet D: all icons of the row built
    gives_development_bonus: bool = False  # Silo, House (design page, gaps 5)
    gain_on_build: Cost = Cost()  # the live sheet: B's Silo 1 Beanichalcum; D's House, Silo, Stable
    completion_gain: Cost = Cost()  # D: the completion bonus's materials, gained at once
    completion_due: str | None = None  # D: the completion bonus's action, resolved at once


@dataclass(frozen=True)
class HayAction:
    id: str
    hay: int  # the Hay paid, printed left of the row
    effect: str
    third_use: str  # what the 3rd use gives besides the effect
    gain: Cost = Cost()  # the materials the effect gives (the live sheet)
    removes_roads: int = 0  # "remove the travel cost for 1 road and build a facility"
    contract: Literal["normal", "advanced"] | None = None  # D: the effect gains a Contract
    third_use_gain: Cost = Cost()  # D: besides the effect on the 3rd use
    third_use_contract: Literal["normal", "advanced"] | None = None  # D
    third_use_milestone: bool = False  # D: achieve a milestone (if its condition is met)
    third_use_development_bonus: bool = True  # A-C, but C's rising Thaler row
    builds: Literal["twice", "anywhere"] | None = None  # C: build twice (Ruler home), or anywhere
    thaler_by_use: tuple[int, ...] = ()  # C: the Thaler gained on the 1st, 2nd, 3rd use
    third_use_free_bridge: bool = False  # C's rising Thaler row


@dataclass(frozen=True)
class MilestoneBonus:
    id: str
    effect: str
    points: int  # at the end of the game
    gain: Cost = Cost()  # the materials gained at once (the live sheet)
    builds: str | None = None  # a facility built for free, a building action
    contract: Literal["normal", "advanced"] | None = None  # D: gains a Contract


@dataclass(frozen=True)
class DevelopmentBonus:
    id: str
    effect: str
    points: int = 0  # at the end of the game, per ``per_facility`` built when set
    per_facility: str | None = None
    gain: Cost = Cost()  # the materials gained at once (the live sheet)

    def points_for(self, built: Mapping[str, int]) -> int:
        return self.points * (built.get(self.per_facility, 0) if self.per_facility else 1)


@dataclass(frozen=True)
class Contract:
    """Sheet D: gained, then executed once by paying ``cost``; scores only when executed."""

    id: str
    kind: Literal["normal", "advanced"]
    cost: Cost
    reward: str | None  # gained immediately on execution
    points: int  # at the end of the game, per ``per_facility`` built when set
    per_facility: str | None = None
    gain: Cost = Cost()  # the reward's materials (the live sheet)

    def points_for(self, built: Mapping[str, int]) -> int:
        return self.points * (built.get(self.per_facility, 0) if self.per_facility else 1)


@dataclass(frozen=True)
class Sheet:
    letter: SheetLetter
    title: str
    facilities: tuple[Facility, ...]
    hay_actions: tuple[HayAction, ...]
    milestone_bonuses: tuple[MilestoneBonus, ...]
    development_bonuses: tuple[DevelopmentBonus, ...] | None  # None: the sheet has none (D)
    contracts: tuple[Contract, ...] | None  # None: the sheet has none (A-C)
    development_passport: Table | None  # DP icons -> points; None on B
    beanichalcum: Table | None  # Beanichalcum gained -> points; B only
    horse_riding: Table | None  # Horse-Riding Level -> points; None on D
    milestone_condition: str
    milestone_thresholds: tuple[int, ...] | None  # None: not stated (A-C)
    hay_action_thaler_by_use: tuple[int, ...] | None = None  # D: +3, 0, -3 Thaler
    travel_cost_per_road_by_level: Mapping[int, Cost | None] | None = None  # A-C
    travel_cost_by_roads: Mapping[int, Cost] | None = None  # D: fixed, in Thaler
    hay_shed_capacity: int = 30
    extra_hay_sheds: int = 2
    extra_hay_shed_capacity: int | None = UNKNOWN
    province_abilities: Mapping[str, str] = field(default_factory=dict)  # changed abilities
    # The live sheet's rules of each sheet, as data:
    substitutions: tuple[tuple[str, str, int], ...] = ()  # (paid, instead of, how many paid for one)
    beanichalcum_travel_roads: int | None = None  # B: 1 Beanichalcum pays this many roads' travel
    milestone_gain: Mapping[str, Cost] = field(default_factory=dict)  # province -> gained per milestone

    def facility(self, facility_id: str) -> Facility | None:
        return next((f for f in self.facilities if f.id == facility_id), None)

    def hay_action(self, row_id: str) -> HayAction | None:
        return next((r for r in self.hay_actions if r.id == row_id), None)

    def milestone_bonus(self, bonus_id: str) -> MilestoneBonus | None:
        return next((b for b in self.milestone_bonuses if b.id == bonus_id), None)

    def development_bonus(self, bonus_id: str) -> DevelopmentBonus | None:
        return next((b for b in self.development_bonuses or () if b.id == bonus_id), None)

    def contract(self, contract_id: str) -> Contract | None:
        return next((c for c in self.contracts or () if c.id == contract_id), None)

    @property
    def max_milestones(self) -> int | None:
        """Milestone squares on the sheet, where the rulebook states them (D: 4)."""
        return len(self.milestone_thresholds) if self.milestone_thresholds else None


# --- Provinces (rulebook: Province Abilities) -------------------------------------------

PROVINCES: Mapping[str, Province] = MappingProxyType({p.id: p for p in (
    Province("tachiopi", "Tachiopi", N_("Build a Farm for free at setup: 2 Farms from the start."),
             free_farms_at_setup=1),
    Province("cashew", "Cashew", N_("Gain 1 Hay each time you build a facility."),
             gain_per_build=Cost(hay=1)),
    Province("ammond", "Ammond", N_("At the end of the game, 1 pt for every 2 times you used a Hay action.")),
    Province("macadimia", "Macadimia", N_("Gain 3 Bean each time you achieve a milestone.")),  # Sheet.milestone_gain
    Province("beanzantine", "Beanzantine",
             N_("Once per game, build in Beanzantine as if the Ruler token were there."),
             once_per_game=True),
    Province("zoodai", "Zoodai", N_("Once per game, perform your chosen action twice in a row."),
             once_per_game=True),
)})

AMMOND = "ammond"
HAY_ACTIONS_PER_AMMOND_POINT = 2  # rulebook: Additional Points for Ammond

DISTINCT_PROVINCES_UP_TO = 6  # rulebook: with 7 or more players, provinces may repeat

# --- Tables shared by the sheets (rulebook: End of the Game, Solitaire Rules) -------------

HAY_ACTION_USE_POINTS = Table((2, 4, 7))  # uses of one row -> points
HAY_ACTION_USES_PER_ROW = 3  # "Each action can be performed up to 3 times."
HORSE_RIDING = Table((0, 6, 12, 18))  # Horse-Riding Level 1..4 -> points
HORSE_RIDING_START_LEVEL = 1
HORSE_RIDING_TOP_LEVEL = 4

# Solitaire: (lowest total, rating), best first. "The above rating applies to all sheets."
SOLITAIRE_RATINGS: tuple[tuple[int, str], ...] = (
    (90, N_("Bean Incarnate")),
    (81, N_("Inherit the Beans")),
    (69, N_("Founder of Bean Enterprise")),
    (57, N_("Leader of a Bean Farmers Association")),
    (45, N_("Ordinary Bean Farmer")),
    (0, N_("You'll do better next time")),
)


def solitaire_rating(total: int) -> str:
    """The rulebook's rating for a solitaire total (Solitaire Rules)."""
    return next(title for lowest, title in SOLITAIRE_RATINGS if total >= lowest or lowest == 0)


# Substituting Materials: (paid, instead of, how many paid for one). Sheets A-C.
SUBSTITUTIONS: tuple[tuple[str, str, int], ...] = (
    ("hay", "worker", 9), ("hay", "bean", 6), ("hay", "thaler", 3),
    ("worker", "bean", 1), ("bean", "thaler", 1),
)

# --- Sheet A "Bean Land" ------------------------------------------------------------------

FARM = Facility("farm", N_("Farm"), N_("Farms"), built_at_setup=1)
MARKET = Facility("market", N_("Market"), N_("Markets"), has_two_costs=True)
HOUSE = Facility("house", N_("House"), N_("Houses"), on_build=N_("a Development Bonus"),
                 gives_development_bonus=True)
SILO = Facility("silo", N_("Silo"), N_("Silos"), on_build=N_("a Development Bonus"),
                gives_development_bonus=True)
STABLE = Facility("stable", N_("Stable"), N_("Stables"), on_build=N_("Horse-Riding Level +1"))

# "2 Farms", "1 Market": a count of a facility in the phone's language ("2 Bauernhöfe").
COUNTED: Mapping[str, Callable[[int], str]] = MappingProxyType({
    "farm": lambda n: ngettext("{n} Farm", "{n} Farms", n),
    "market": lambda n: ngettext("{n} Market", "{n} Markets", n),
    "house": lambda n: ngettext("{n} House", "{n} Houses", n),
    "silo": lambda n: ngettext("{n} Silo", "{n} Silos", n),
    "stable": lambda n: ngettext("{n} Stable", "{n} Stables", n),
    "bridge": lambda n: ngettext("{n} Bridge", "{n} Bridges", n),
})
# What a build is called where its cost is told: "Building a Farm costs ..." (German needs
# each facility's own article: "Einen Bauernhof zu bauen kostet ...").
BUILDING: Mapping[str, str] = MappingProxyType({
    "farm": N_("Building a Farm"), "market": N_("Building a Market"), "house": N_("Building a House"),
    "silo": N_("Building a Silo"), "stable": N_("Building a Stable"), "bridge": N_("Building a Bridge"),
})


def count_of(facility: Facility, number: int) -> str:
    """ "1 Farm", "2 Farms", in the phone's language."""
    return COUNTED[facility.id](number).format(n=number)


def building(facility: Facility) -> str:
    """ "Building a Farm", in the phone's language."""
    return _(BUILDING[facility.id])


DEVELOPMENT_BONUS_ON_THIRD_USE = N_("a Development Bonus")

SHEET_A = Sheet(
    letter="A",
    title=N_("Bean Land"),
    facilities=(
        # "builds a Farm with the building cost of 1 Bean and 2 Thaler" (Details on Hay Actions)
        replace(FARM, building_cost=Cost(bean=1, thaler=2)),
        MARKET, HOUSE, SILO, STABLE,
    ),
    hay_actions=(
        HayAction("thaler", 10, N_("Gain 7 Thaler."), DEVELOPMENT_BONUS_ON_THIRD_USE, Cost(thaler=7)),
        HayAction("bean", 8, N_("Gain 2 Bean."), DEVELOPMENT_BONUS_ON_THIRD_USE, Cost(bean=2)),
        HayAction("travel", 8, N_("Remove the travel cost for 1 road and build a facility."),
                  DEVELOPMENT_BONUS_ON_THIRD_USE, removes_roads=1),
        HayAction("worker", 6, N_("Gain 1 Worker."), DEVELOPMENT_BONUS_ON_THIRD_USE, Cost(worker=1)),
    ),
    milestone_bonuses=(
        MilestoneBonus("free-farm", N_("Build 1 Farm for free (a building action)."), 3, builds="farm"),
        MilestoneBonus("thaler", N_("Gain 5 Thaler."), 5, Cost(thaler=5)),
        MilestoneBonus("bean", N_("Gain 2 Bean."), 7, Cost(bean=2)),
        MilestoneBonus("hay", N_("Gain 4 Hay."), 8, Cost(hay=4)),
        MilestoneBonus("worker", N_("Gain 1 Worker."), 9, Cost(worker=1)),
        MilestoneBonus("points", N_("Earn 12 pt."), 12),
    ),
    development_bonuses=(
        DevelopmentBonus("worker", N_("Gain 1 Worker."), gain=Cost(worker=1)),
        DevelopmentBonus("hay", N_("Gain 3 Hay."), gain=Cost(hay=3)),
        DevelopmentBonus("thaler", N_("Gain 4 Thaler."), gain=Cost(thaler=4)),
        DevelopmentBonus("mixed", N_("Gain 1 Bean, 1 Thaler and 1 Hay."), gain=Cost(bean=1, thaler=1, hay=1)),
        DevelopmentBonus("bean", N_("Gain 2 Bean."), gain=Cost(bean=2)),
        DevelopmentBonus("farm-points", N_("2 pt per Farm built."), 2, "farm"),
        DevelopmentBonus("market-points", N_("3 pt per Market built."), 3, "market"),
        DevelopmentBonus("house-points", N_("3 pt per House built."), 3, "house"),
        DevelopmentBonus("silo-points", N_("3 pt per Silo built."), 3, "silo"),
        DevelopmentBonus("stable-points", N_("4 pt per Stable built."), 4, "stable"),
    ),
    contracts=None,
    development_passport=Table((1, 3, 6, 10, 15, 21, 28, 36, 45, 55)),  # "10 or more: 55"
    beanichalcum=None,
    horse_riding=HORSE_RIDING,
    milestone_condition=N_("facilities built (the Farms built at setup count)"),
    milestone_thresholds=UNKNOWN,
    travel_cost_per_road_by_level=MappingProxyType(
        {1: Cost(bean=2, thaler=1), 2: UNKNOWN, 3: UNKNOWN, 4: UNKNOWN}
    ),
    substitutions=SUBSTITUTIONS,
    milestone_gain=MappingProxyType({"macadimia": Cost(bean=3)}),  # Province Abilities, Macadimia
)

# --- Sheet B "Space Minerals Came Flying": A plus Beanichalcum, no Development Passport ---

SHEET_B = replace(
    SHEET_A,
    letter="B",
    title=N_("Space Minerals Came Flying"),
    # Farm's cost is stated only in Sheet A's example.
    facilities=(FARM, MARKET, HOUSE, replace(SILO, on_build=N_("1 Beanichalcum and a Development Bonus"),
                                             gain_on_build=Cost(beanichalcum=1)), STABLE),
    # The Beanichalcum row is a fifth row (design page, gaps 1).
    hay_actions=SHEET_A.hay_actions + (
        HayAction("beanichalcum", 10, N_("Gain 1 Beanichalcum."), DEVELOPMENT_BONUS_ON_THIRD_USE,
                  Cost(beanichalcum=1)),
    ),
    milestone_bonuses=SHEET_A.milestone_bonuses + (
        MilestoneBonus("beanichalcum", N_("Gain 1 Beanichalcum."), 0, Cost(beanichalcum=1)),
    ),
    development_bonuses=(SHEET_A.development_bonuses or ()) + (
        DevelopmentBonus("beanichalcum", N_("Gain 1 Beanichalcum."), gain=Cost(beanichalcum=1)),
    ),
    development_passport=None,
    beanichalcum=Table((0, 2, 5, 9, 14, 20, 27, 35, 44)),
    # "1 Beanichalcum for 1 Worker"; "to pay the travel cost for 2 roads" (design page, gaps 4)
    substitutions=SUBSTITUTIONS + (("beanichalcum", "worker", 1),),
    beanichalcum_travel_roads=2,
)

# --- Sheet C "Provinces along Rivers": Bridges, four new Hay actions ----------------------

BRIDGE = Facility("bridge", N_("Bridge"), N_("Bridges"), built_at_setup=1,
                  on_build=N_("connects your province with an adjacent one"))

SHEET_C = replace(
    SHEET_A,
    letter="C",
    title=N_("Provinces along Rivers"),
    facilities=(FARM, MARKET, HOUSE, SILO, STABLE, BRIDGE),
    hay_actions=(  # replace A's four (design page, gaps 1)
        HayAction("build-twice", 10, N_("Build a facility twice (the Ruler token in your province)."),
                  DEVELOPMENT_BONUS_ON_THIRD_USE, builds="twice"),
        HayAction("build", 8, N_("Build a facility, even when the Ruler token is not in your province."),
                  DEVELOPMENT_BONUS_ON_THIRD_USE, builds="anywhere"),
        HayAction("thaler-falling", 8, N_("Gain 7, 6, 5 Thaler on the 1st, 2nd, 3rd use."),
                  DEVELOPMENT_BONUS_ON_THIRD_USE, thaler_by_use=(7, 6, 5)),
        HayAction("thaler-rising", 6, N_("Gain 4, 5, 6 Thaler on the 1st, 2nd, 3rd use."),
                  N_("Build 1 Bridge for free (a building action, anywhere)."), third_use_development_bonus=False,
                  thaler_by_use=(4, 5, 6), third_use_free_bridge=True),
    ),
    milestone_bonuses=SHEET_A.milestone_bonuses + (
        MilestoneBonus("free-bridge", N_("Build 1 Bridge for free (a building action, anywhere)."), 0,
                       builds="bridge"),
    ),
    development_passport=Table((1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105)),
    milestone_condition=N_("facilities built, Bridges included (the setup Farms and Bridge count)"),
    travel_cost_per_road_by_level=None,  # C: build only when the Ruler is in your province
)

# --- Sheet D "Contract between Families": Contracts replace Development Bonuses -----------

SHEET_D = replace(
    SHEET_A,
    letter="D",
    title=N_("Contract between Families"),
    facilities=(  # costs are in money on D and not stated
        replace(FARM, completion_bonus=N_("Perform a Hay action and gain 1 Worker and 6 Hay."),
                completion_gain=Cost(worker=1, hay=6), completion_due="hay-action"),
        replace(MARKET, completion_bonus=N_("Build a facility and gain 1 Bean and 7 Thaler."),
                completion_gain=Cost(bean=1, thaler=7), completion_due="build"),
        replace(HOUSE, on_build=N_("1 Bean"), completion_bonus=N_("Add a Hay Shed or achieve a milestone."),
                gives_development_bonus=False, gain_on_build=Cost(bean=1), completion_due="hay-shed-or-milestone"),
        replace(SILO, on_build=N_("1 Bean"), completion_bonus=N_("Build a facility."),
                gives_development_bonus=False, gain_on_build=Cost(bean=1), completion_due="build"),
        replace(STABLE, icons=2, on_build=N_("1 Worker"), completion_bonus=N_("Perform a Hay action."),
                gain_on_build=Cost(worker=1), completion_due="hay-action"),
    ),
    hay_actions=(  # replace A's four (design page, gaps 1)
        HayAction("advanced-contract", 10, N_("Gain 1 Advanced Contract."),
                  N_("Achieve a milestone (if its condition is met)."), contract="advanced",
                  third_use_milestone=True, third_use_development_bonus=False),
        HayAction("normal-contract", 8, N_("Gain 1 Normal Contract."), N_("Gain 1 Bean."), contract="normal",
                  third_use_gain=Cost(bean=1), third_use_development_bonus=False),
        HayAction("worker", 8, N_("Gain 1 Worker."), N_("Gain 1 Normal Contract."), Cost(worker=1),
                  third_use_contract="normal", third_use_development_bonus=False),
        HayAction("travel", 6, N_("Remove the travel cost for 1 road and build a facility."),
                  N_("Gain 1 Normal Contract."), removes_roads=1, third_use_contract="normal",
                  third_use_development_bonus=False),
    ),
    milestone_bonuses=SHEET_A.milestone_bonuses + (
        MilestoneBonus("advanced-contract", N_("Gain 1 Advanced Contract."), 7, contract="advanced"),
        MilestoneBonus("normal-contract", N_("Gain 1 Normal Contract."), 8, contract="normal"),
    ),
    development_bonuses=None,
    contracts=(
        Contract("normal-1", "normal", Cost(worker=1, thaler=4), N_("Gain 4 Hay."), 5, gain=Cost(hay=4)),
        Contract("normal-2", "normal", Cost(bean=1, hay=1, thaler=2), N_("Gain 3 Thaler."), 6, gain=Cost(thaler=3)),
        Contract("normal-3", "normal", Cost(bean=1, hay=2), N_("Gain 5 Thaler."), 4, gain=Cost(thaler=5)),
        Contract("normal-4", "normal", Cost(bean=1, thaler=4), N_("Gain 4 Hay."), 4, gain=Cost(hay=4)),
        Contract("normal-5", "normal", Cost(worker=1, hay=2), N_("Gain 5 Thaler."), 5, gain=Cost(thaler=5)),
        Contract("advanced-market", "advanced", Cost(bean=2, hay=1), None, 3, "market"),
        Contract("advanced-house", "advanced", Cost(worker=2, thaler=2), None, 5, "house"),
        Contract("advanced-silo", "advanced", Cost(worker=2, hay=1), None, 6, "silo"),
        Contract("advanced-stable", "advanced", Cost(bean=1, worker=1, thaler=2), None, 7, "stable"),
    ),
    development_passport=Table((1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66)),
    horse_riding=None,  # "There is no Horse-Riding Level on Sheet D."
    milestone_condition=N_("Normal and Advanced Contracts"),
    milestone_thresholds=(1, 3, 5, 7),
    hay_action_thaler_by_use=(3, 0, -3),
    travel_cost_per_road_by_level=None,
    travel_cost_by_roads=MappingProxyType({1: Cost(thaler=4), 2: Cost(thaler=7), 3: Cost(thaler=9)}),
    province_abilities=MappingProxyType({"macadimia": N_("Gain 3 Thaler each time you achieve a milestone.")}),
    # Differences in Substituting Materials: "2 Hay as a substitute for 1 Thaler"; "Bean and
    # Worker cannot substitute for other materials"; 6 Hay for a Bean and 9 Hay for a Worker
    # still hold (design page, gaps 17)
    substitutions=(("hay", "thaler", 2), ("hay", "bean", 6), ("hay", "worker", 9)),
    milestone_gain=MappingProxyType({"macadimia": Cost(thaler=3)}),
)

SHEETS: Mapping[str, Sheet] = MappingProxyType({s.letter: s for s in (SHEET_A, SHEET_B, SHEET_C, SHEET_D)})

# --- Play, round by round (the live sheet; rulebook: How to Play) -------------------------

ROUNDS = 15  # "This game is played over 15 rounds."
# Forming a Deck of Round cards, and the Variant Rules: special cards in the top 7 cards
# (rounds 1-7) and in the bottom 8 (rounds 8-15); "the deck of fewer cards on top".
TOP_DECK_CARDS = 7
ROUND_DECKS: Mapping[str, tuple[int, int]] = MappingProxyType({
    "basic": (0, 1),  # 7 cards on the 8 with the one special card
    "two-specials": (1, 1),  # 6+1 on 7+1
    "three-specials": (1, 2),  # 6+1 on 6+2
})
# Each deck as a player names it (the Variant Rules' levels): translated where it is said.
DECK_NAMES: Mapping[str, str] = MappingProxyType({
    "basic": N_("Basic game"), "two-specials": N_("Easier"), "three-specials": N_("Easiest"),
})
# Extra Income: "each time the Ruler token moves from Zoodai to Tachiopi or from Ammond to
# Macadimia"; the map therefore has these two clockwise neighbours (design page, gaps 7).
EXTRA_INCOME_MOVES: tuple[tuple[str, str], ...] = (("zoodai", "tachiopi"), ("ammond", "macadimia"))
# Travel cost example: "The Ruler token is in Macadimia. Zoodai ... is 2 roads away."
MAP_ROADS: tuple[tuple[str, str, int], ...] = (("macadimia", "zoodai", 2),)
HAY_SHED_GAIN = Cost(hay=2)  # Add a Hay Shed: "you gain 2 Hay"
# Special card: "each player chooses one of the following four options"
SPECIAL_CARD_OPTIONS: Mapping[str, str] = MappingProxyType({
    "thaler": N_("Gain 3 Thaler."),
    "hay": N_("Gain 4 Hay."),
    "travel": N_("Remove the travel cost for 1 road."),
    "hay-shed": N_("Add a Hay Shed."),
})
SPECIAL_CARD_GAINS: Mapping[str, Cost] = MappingProxyType({"thaler": Cost(thaler=3), "hay": Cost(hay=4)})
