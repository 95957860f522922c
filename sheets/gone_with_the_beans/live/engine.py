"""The live sheet's rules: ``apply(state, action)`` for 15 rounds of sheet A, B, C or D.

A sheet's differences are data (sheets.py: its facilities, Hay action rows, bonuses,
substitutions, travel) read by the few small rules below; there is one engine.

Pure: the state given is never changed; a refused action raises RulesError (its
``where``: the player) in the player's words, ``UnknownPrintedValue`` when play needs a
printed value nobody has entered yet, ``BonusesDue`` when the player has a choice to
make. Citations: rulebook = shared/rules/gone-with-the-beans.txt, design =
shared/design/gone-with-the-beans.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sheets.errors import RulesError, parse_entry, parse_setup
from sheets.game import Holdings
from sheets.gone_with_the_beans import engine as scorer
from sheets.gone_with_the_beans import scorefile
from sheets.gone_with_the_beans.reachable import dp_icons_refusal
from sheets.gone_with_the_beans.live.events import Amount, Either, Event, Place, counted, event, word
from sheets.gone_with_the_beans.live.materials import (
    KINDS,
    NAMES,
    NOTHING,
    WAREHOUSE,
    Materials,
    Rates,
    amount,
    check_payment,
    covers,
    propose,
    rates,
)
from sheets.gone_with_the_beans.live.model import (
    ACTION,
    AS_RECORDED_KINDS,
    Action,
    AddHayShed,
    Build,
    EnterDpIcons,
    EnterPrintedValue,
    ExecuteContract,
    Forgo,
    HayActionTaken,
    Milestone,
    PlayerAction,
    PlayerState,
    PrintedValue,
    Reveal,
    RoundCard,
    Setup,
    SpecialIncome,
    State,
    consistent,
    map_orders,
    roads,
)
from sheets.gone_with_the_beans.live.printed import (
    MOST,
    UnknownPrintedValue,
    Value,
    check,
    lookup,
)
from sheets.gone_with_the_beans.scoring import PlayerSheet, horse_riding_level
from sheets.gone_with_the_beans.sheets import (
    DECK_NAMES,
    EXTRA_INCOME_MOVES,
    HAY_ACTION_USES_PER_ROW,
    HAY_SHED_GAIN,
    PROVINCES,
    ROUND_DECKS,
    ROUNDS,
    SPECIAL_CARD_GAINS,
    SPECIAL_CARD_OPTIONS,
    TOP_DECK_CARDS,
    Contract,
    Cost,
    Facility,
    HayAction,
    building,
)
from sheets.i18n import N_, _, ngettext
from sheets.names import isolated
from sheets.results import GameResult

GAME_ID = "gone-with-the-beans-live"
LIVE_SHEETS = ("A", "B", "C", "D")
ZOODAI, BEANZANTINE = "zoodai", "beanzantine"
# The words below are English (N_), stored in events; translated where shown: _(ACTION_NAMES[kind]).
ACTION_NAMES = {"build": N_("build"), "hay-action": N_("Hay action"), "milestone": N_("milestone"),
                "hay-shed": N_("Hay Shed")}
# An action owed at once (D's completion bonuses, C's second build): the kinds that resolve it.
# "build+bonus": C's second build of the 3rd "build twice", then its Development Bonus.
# "milestone": D's Advanced row, 3rd use, and "build+contract" (or "build"): D's travel row,
# waiting for Contracts executed (design page, reading 8); the latter's 3rd use then gains
# its Normal Contract.
DUE_KINDS = {"hay-action": ("hay-action",), "build": ("build",), "build+bonus": ("build",),
             "build+contract": ("build",),
             "hay-shed-or-milestone": ("hay-shed", "milestone"), "milestone": ("milestone",)}
DUE_NAMES = {"hay-action": N_("a Hay action"), "build": N_("a build"),
             "build+bonus": N_("a build, then a Development Bonus"),
             "build+contract": N_("a build, then a Normal Contract"),
             "hay-shed-or-milestone": N_("a Hay Shed or a milestone"), "milestone": N_("a milestone")}
BUILDS_OWED = ("build", "build+bonus", "build+contract")
CONTRACT_TITLES = {"normal": N_("Normal Contract"), "advanced": N_("Advanced Contract")}


def contract_name(contract: Contract) -> Event:
    """A Contract as the sheet prints it, by its kind and its cost (printed at its top; a
    Contract has no name or number): "Normal Contract (1 Worker + 2 Hay)"."""
    return event(N_("{contract} ({cost})"), contract=word(CONTRACT_TITLES[contract.kind]),
                 cost=Materials.of(contract.cost))
MILESTONE_BONUS, DEVELOPMENT_BONUS = scorer.MILESTONE_BONUS, scorer.DEVELOPMENT_BONUS  # BonusesDue titles
# An action's choice fields, as a refusal names them.
CHOICE_FIELDS = {"contracts": N_("contracts"), "milestone_bonuses": N_("milestone bonuses")}


def _one_of(ids: Iterable[str]) -> str:
    return ", ".join(ids)


def _players(names: Iterable[str]) -> str:
    return ", ".join(map(isolated, names))


# --- Setup -------------------------------------------------------------------------------


def new_game(setup: dict[str, Any]) -> State:
    """Round 0: sheets, provinces, the setup Farms (and C's Bridge), the Starting Point
    card's Hay, the map."""
    parsed = parse_setup(Setup, setup, name_place=True)
    sheet = scorer.sheet_named(parsed.sheet)
    if sheet.letter not in LIVE_SHEETS:
        raise RulesError(_("the live sheet plays sheet {letters} so far; "
                           "sheet {letter} can be scored at the end of the game").format(
            letters=_one_of(LIVE_SHEETS), letter=sheet.letter))
    for index, _field, reason in scorer.setup_problems(parsed.players):
        raise RulesError(reason, scorer.player_at(index))
    if parsed.deck not in ROUND_DECKS:
        raise RulesError(_('"{deck}" is not a Round card deck; one of {decks}').format(
            deck=parsed.deck, decks=_one_of(ROUND_DECKS)))
    order = tuple(parsed.map)
    if not consistent(order):
        offered = _(" or ").join(" > ".join(PROVINCES[p].name for p in o) for o in map_orders())
        raise RulesError(_("that is not the Bean World map's clockwise order; the rulebook allows {orders}").format(
            orders=offered))
    start = parsed.starting_point
    if start.first_province not in PROVINCES:
        raise RulesError(_('"{province}" is not a province; one of {provinces}').format(
            province=start.first_province, provinces=_one_of(PROVINCES)))
    events: list[Event] = []
    players = []
    for entry in parsed.players:
        name, province = entry.name.strip(), entry.province
        if province not in start.hay:
            raise RulesError(_("the Starting Point card's Hay for {province} is missing").format(
                province=PROVINCES[province].name), name)
        hay = start.hay[province]
        if hay < 0:
            raise RulesError(_("{hay} Hay for {province}: Hay cannot be negative").format(
                hay=hay, province=PROVINCES[province].name), name)
        bridges = setup_bridge(sheet.letter, order, province, entry.bridge, name)
        kept = min(hay, sheet.hay_shed_capacity)
        player = PlayerState(
            name=name,
            province=province,
            materials=Materials(hay=kept),
            built=tuple((f.id, scorer.built_at_setup(sheet, province, f)) for f in sheet.facilities),
            hay_actions=tuple((r.id, 0) for r in sheet.hay_actions),
            hay_lost=hay - kept,
            bridges=bridges,
        )
        events.append(event(N_("{player}: {hay} from the Ruler's Starting Point card"), player=name,
                            hay=Amount(kind="hay", n=kept)))
        if hay > kept:
            events.append(event(N_("{player}: {hay} lost (the Hay Shed holds {capacity})"), player=name,
                                hay=Amount(kind="hay", n=hay - kept), capacity=sheet.hay_shed_capacity))
        if bridges:  # the Cashew player gains no Hay for it (rulebook: Differences on Sheet C)
            events.append(event(N_("{player}: the setup Bridge joins {province}"), player=name,
                                province=PROVINCES[bridges[0]].name))
        players.append(player)
    printed = []
    for key, value in parsed.printed.items():  # remembered from earlier games on this sheet
        try:
            printed.append(PrintedValue(key=key, value=check(sheet, key, value, least_icons=least_icons(players, key))))
        except RulesError as exc:
            raise RulesError(_("remembered sheet values: {reason}").format(reason=exc.reason)) from None
    return State(sheet=sheet.letter, deck=parsed.deck, map=order, ruler=start.first_province,
                 players=tuple(players), printed=tuple(printed), events=tuple(events))


def setup_bridge(letter: str, order: tuple[str, ...], province: str, bridge: str | None,
                 name: str) -> tuple[str, ...]:
    """Sheet C: "build the first Bridge for free, between your province and an adjacent
    province"; the other sheets have no Bridge."""
    if letter != "C":
        if bridge is not None:
            raise RulesError(_("sheet {letter} has no Bridges").format(letter=letter), name)
        return ()
    adjacent = [p for p in order if roads(order, province, p) == 1]
    if bridge not in adjacent:
        raise RulesError(_("choose the province the setup Bridge joins: one of {provinces}").format(
            provinces=_one_of(PROVINCES[p].name for p in adjacent)), name)
    return (bridge,)


def parse_action(data: Any) -> Action:
    """An entry; one of ``AS_RECORDED_KINDS`` stored before issue 31 is read as recorded (model.py)."""
    return parse_entry(ACTION, data, since=("as_recorded", AS_RECORDED_KINDS, True))


# --- Materials in and out (rulebook: How to Use the Materials) ---------------------------


class BonusesDue(RulesError):
    """The action earns something the player has not chosen yet: ``due`` of ``left``
    (ids), to go into the action's ``field`` (Development Bonuses; on D a Contract or a
    Milestone Bonus); the app asks and sends the action again with them. ``title`` is
    English (N_: DEVELOPMENT_BONUS, MILESTONE_BONUS, a CONTRACT_TITLES value), translated
    where shown; ``reason`` is in the phone's language."""

    def __init__(self, reason: str, due: int, left: tuple[str, ...], where: str | None = None,
                 field: str = "development_bonuses", title: str = DEVELOPMENT_BONUS):
        self.due = due
        self.left = left
        self.field = field
        self.title = title
        super().__init__(reason, where)


class Step:
    """One action's work on one player: the player so far and what happened, in words."""

    def __init__(self, state: State, player: PlayerState, chosen: dict[str, tuple[str, ...]] | None = None,
                 quick: bool = False, as_recorded: bool = False):
        self.state = state
        # Only whether the rules allow the action (why_not): a proposed payment is checked
        # for "can this be paid" alone, never searched for the best one.
        self.quick = quick
        self.sheet = state.rules
        # An entry stored before readings 4, 16 and 17 (parse_action): the rules then.
        self.as_recorded = as_recorded
        self.rates: Rates = rates(self.sheet.substitutions, chained=as_recorded)
        self.player = player
        self.events: list[Event] = []  # said where shown (events.said)
        # Choices the action carries for what it gains on the way (D: Contracts, the
        # milestone of a 3rd use), taken in the order they come.
        self.chosen = {field: list(ids) for field, ids in (chosen or {}).items()}
        # Readings 8 and 9 held: False for an entry stored before them (model.AS_RECORDED_KINDS).
        self.held = not as_recorded

    def value(self, key: str) -> Value:
        return lookup(self.sheet, self.state.entered, key)

    # The kind of each key's value is its spec's (printed.spec): a number, materials, numbers.
    def number(self, key: str) -> int:
        value = self.value(key)
        if not isinstance(value, int):
            raise TypeError(f"{key} is not a number")
        return value

    def materials(self, key: str) -> Materials:
        value = self.value(key)
        if not isinstance(value, Materials):
            raise TypeError(f"{key} is not materials")
        return value

    def numbers(self, key: str) -> tuple[int, ...]:
        value = self.value(key)
        if not isinstance(value, tuple):
            raise TypeError(f"{key} is not numbers")
        return value

    def update(self, **changes: Any) -> None:
        self.player = self.player.changed(**changes)

    def capacity(self) -> int:
        """30 Hay, plus each added Hay Shed's printed capacity."""
        extra = sum(self.number(f"hay-shed:{n}") for n in range(1, self.player.hay_sheds + 1))
        return self.sheet.hay_shed_capacity + extra

    def gain(self, materials: Materials, why: Event) -> None:
        """Thaler, Bean, Worker, Beanichalcum without limit; Hay up to the sheds, the rest lost."""
        if materials.empty:
            return
        have = self.player.materials + materials
        capacity = self.capacity()
        lost = max(0, have.hay - capacity)
        self.update(materials=have.changed(hay=have.hay - lost), hay_lost=self.player.hay_lost + lost,
                    beanichalcum_gained=self.player.beanichalcum_gained + materials.beanichalcum)
        self.events.append(event(N_("{player}: +{materials} ({why})"), player=self.player.name,
                                 materials=materials, why=why))
        if lost:
            self.events.append(event(N_("{player}: {hay} lost (the Hay Sheds hold {capacity})"),
                                     player=self.player.name, hay=Amount(kind="hay", n=lost), capacity=capacity))

    def pay(self, materials: Materials, why: Event) -> None:
        self.update(materials=self.player.materials.minus(materials))
        self.events.append(event(N_("{player}: paid {materials} ({why})"), player=self.player.name,
                                 materials=materials, why=why))

    def payment(self, what: str, cost: Materials, payment: Materials | None) -> Materials:
        """The payment taken for ``cost`` (materials.check_payment); when only asked whether
        the action is allowed, a proposal is "can it be paid" and what the player has of
        the cost stands for it."""
        have = self.player.materials
        if self.quick and payment is None:
            if not covers(cost, have, self.rates):
                check_payment(what, cost, have, None, self.rates)  # raises, saying what is missing
            return have.least(cost)
        return check_payment(what, cost, have, payment, self.rates)

    def choose(self, field: str, title: str, left: Iterable[str], why: str) -> str:
        """The next id chosen for ``field``, one of ``left``; BonusesDue asks for it.
        ``title``: English (N_); ``why``: in the phone's language."""
        options = tuple(left)
        queue = self.chosen.setdefault(field, [])
        if not queue:
            raise BonusesDue(_("{why}: choose a {title}, one of {options}").format(
                why=why, title=_(title), options=_one_of(options)), 1, options, field=field, title=title)
        pick = queue.pop(0)
        if pick not in options:
            raise RulesError(_('"{pick}" is not a {title} left to gain; choose from {options}').format(
                pick=pick, title=_(title), options=_one_of(options)))
        return pick

    def home(self) -> tuple[str, ...]:
        """Your province and, on C, those your Bridges join: "These connected provinces
        all count as your province" (rulebook: Differences on Sheet C)."""
        return (self.player.province, *self.player.bridges)


def _facility(step: Step, facility_id: str | None) -> Facility:
    facility = step.sheet.facility(facility_id) if facility_id is not None else None
    if facility is None:
        raise RulesError(_('"{facility}" is not a facility; one of {facilities}').format(
            facility=facility_id, facilities=_one_of(f.id for f in step.sheet.facilities)))
    return facility


def building_cost(step: Step, facility: Facility, ruler_at: str) -> Materials:
    """The cost at the row's left end; the Market's upper field when the Ruler token is in
    your province, else its bottom field (rulebook: Building cost)."""
    if facility.has_two_costs:
        field = "upper" if ruler_at in step.home() else "lower"
        return step.materials(f"building-cost:{facility.id}:{field}")
    return step.materials(f"building-cost:{facility.id}")


def travel_cost(step: Step, roads_to_pay: int) -> Materials:
    """A-C: per road at your Horse-Riding Level (1 + Stables built; design page, gaps 6).
    D: "4 Thaler for 1 road, 7 Thaler for 2 roads and 9 Thaler for 3 roads"."""
    if roads_to_pay == 0:
        return NOTHING
    if step.sheet.travel_cost_by_roads:
        return Materials.of(step.sheet.travel_cost_by_roads[roads_to_pay])
    level = horse_riding_level(step.player.count("stable"))
    return step.materials(f"travel:{level}").times(roads_to_pay)


def ruler_away_on_c(step: Step, ruler_at: str) -> Event:
    """Why sheet C builds nothing now (said in each phone's language)."""
    return event(N_("on sheet C you build only while the Ruler token is in your province "
                    "({home}); it is in {ruler}"),
                 home=Either(names=tuple(PROVINCES[p].name for p in step.home())), ruler=PROVINCES[ruler_at].name)


def build_cost(step: Step, facility: Facility, roads_removed: int, beanzantine: bool,
               anywhere: bool = False, beanichalcum_travel: bool = False) -> tuple[str, Materials]:
    """What building ``facility`` costs in all: the building cost plus travel by roads to
    the Ruler (the shorter way round) beyond the roads removed (rulebook: Travel cost).
    Sheet C has no travel: it builds only while the Ruler is in your province or one your
    Bridge joins (``anywhere``: a Hay action or bonus that builds even so)."""
    ruler_at = step.player.province if beanzantine else step.state.ruler
    what = building(facility)
    if beanichalcum_travel and step.sheet.beanichalcum_travel_roads is None:
        raise RulesError(_("sheet {letter} has no Beanichalcum").format(letter=step.sheet.letter))
    if step.sheet.letter == "C":  # rulebook: Differences on Sheet C, New Rules for Building
        if ruler_at not in step.home() and not anywhere:
            raise RulesError(ruler_away_on_c(step, ruler_at).said)
        return what, building_cost(step, facility, ruler_at)
    to_pay = max(0, roads(step.state.map, step.player.province, ruler_at) - roads_removed)
    cost = building_cost(step, facility, ruler_at)
    by = step.sheet.beanichalcum_travel_roads
    if beanichalcum_travel and by is not None:  # design page, gaps 4
        if to_pay < by:
            raise RulesError(ngettext("1 Beanichalcum pays the travel cost for {by} roads; this build travels {roads}",
                                      "1 Beanichalcum pays the travel cost for {by} roads; this build travels {roads}",
                                      to_pay).format(by=by, roads=to_pay))
        if not step.as_recorded:
            # "only when the player lacks what it replaces": some material of the travel
            lacks_travel(step, cost, travel_cost(step, to_pay))
        rest = travel_cost(step, to_pay - by)  # "a build 3 roads away pays its third road as usual"
        said = ngettext("{what} with travel for {by} road (1 Beanichalcum)",
                        "{what} with travel for {by} roads (1 Beanichalcum)", by).format(what=what, by=by)
        if to_pay > by:
            said = ngettext("{what}, and {roads} road more ({travel})", "{what}, and {roads} roads more ({travel})",
                            to_pay - by).format(what=said, roads=to_pay - by, travel=rest.said)
        return said, cost + rest + Materials(beanichalcum=1)
    travel = travel_cost(step, to_pay)
    if to_pay:
        what = ngettext("{what} with travel for {roads} road ({travel})",
                        "{what} with travel for {roads} roads ({travel})", to_pay).format(
            what=what, roads=to_pay, travel=travel.said)
    return what, cost + travel


def lacks_travel(step: Step, cost: Materials, travel: Materials) -> None:
    """Sheet B: 1 Beanichalcum pays a build's travel only when the player lacks some
    material of it beside the building cost (design page, gaps 4; rulebook, Substituting
    Materials: "If you do not have enough required materials to pay"); raises RulesError."""
    have = step.player.materials
    if all(getattr(have, k) >= getattr(cost, k) + getattr(travel, k) for k in KINDS if getattr(travel, k)):
        raise RulesError(_("you have the travel cost's {travel}: pay it; 1 Beanichalcum stands in only "
                           "for what you lack").format(travel=travel.said))


def bridge(step: Step, facility: Facility, bridge_to: str | None) -> str | None:
    """Sheet C: a Bridge joins your province (or one joined already) to an adjacent one
    not joined yet; no other facility names a province."""
    if facility.id != "bridge":
        if bridge_to is not None:
            raise RulesError(_("a {facility} joins no province; only a Bridge does").format(
                facility=_(facility.name)))
        return None
    options = bridge_options(step.state, step.player.name)
    if not options:
        raise RulesError(_("choose the province the Bridge joins: none is left"))
    if bridge_to not in options:
        raise RulesError(_("choose the province the Bridge joins: one of {provinces}").format(
            provinces=_one_of(PROVINCES[p].name for p in options)))
    return bridge_to


def bridge_options(state: State, name: str) -> tuple[str, ...]:
    """Sheet C: the provinces a new Bridge of ``name`` may join: adjacent to their
    province or one joined already, not joined yet (map order)."""
    player = state.player(name)
    home = (player.province, *player.bridges)
    return tuple(p for p in state.map if p not in home and any(roads(state.map, h, p) == 1 for h in home))


def build(step: Step, facility_id: str, *, free: bool = False, roads_removed: int = 0,
          beanzantine: bool = False, payment: Materials | None = None, anywhere: bool = False,
          bridge_to: str | None = None, beanichalcum_travel: bool = False) -> int:
    """Build one facility (rulebook: Build a Facility); the Development Bonuses it earns."""
    facility = _facility(step, facility_id)
    built = step.player.count(facility.id)
    # The number of icons not known yet: asked once nothing known refuses the build (a
    # build nobody can pay is refused before it asks; issue 32, fewer wasted taps).
    unknown_icons: UnknownPrintedValue | None = None
    try:
        icons = step.number(f"icons:{facility.id}")
    except UnknownPrintedValue as exc:
        unknown_icons, icons = exc, built + 1
    if built >= icons:
        raise RulesError(ngettext("the {icons} {facility} icon is built", "all {icons} {facility} icons are built",
                                  icons).format(icons=icons, facility=_(facility.name)))
    joins = bridge(step, facility, bridge_to)
    if beanzantine:
        if step.player.province != BEANZANTINE or free:
            raise RulesError(_("only Beanzantine may build as if the Ruler token were there"))
        if step.player.ability_used:
            raise RulesError(_("Beanzantine's ability is used already; it works once per game"))
        if step.state.ruler == BEANZANTINE:  # the ability would change nothing: it stays
            step.events.append(event(N_("{player}: the Ruler token is in Beanzantine already; "
                                        "Beanzantine's ability is not needed and stays for later"),
                                     player=step.player.name))
            beanzantine = False
        elif not beanzantine_changes(step, facility, roads_removed, anywhere):  # design page, gaps 12
            step.events.append(event(N_("{player}: Beanzantine's ability changes nothing for this build "
                                        "and stays for later"), player=step.player.name))
            beanzantine = False
        else:
            step.update(ability_used=True)
    if free:
        if payment is not None or beanichalcum_travel:
            raise RulesError(_("the {facility} is built for free: nothing to pay").format(facility=_(facility.name)))
        if unknown_icons is not None:
            raise unknown_icons
    else:
        try:
            what, cost = build_cost(step, facility, roads_removed, beanzantine, anywhere, beanichalcum_travel)
        except UnknownPrintedValue:
            if unknown_icons is not None:  # asked in the sheet's order: the icons first
                raise unknown_icons from None
            raise
        if unknown_icons is not None:
            if not covers(cost, step.player.materials, step.rates):
                check_payment(what, cost, step.player.materials, None, step.rates)  # raises, saying what is missing
            raise unknown_icons
        paid = step.payment(what, cost, payment)
        step.pay(paid, word(facility.name))
        # The special card's removed road serves one build: "you must pay the travel cost
        # for building each facility" (rulebook: Travel cost).
        step.update(roads_removed=0)
    step.update(built=tuple((f, n + 1 if f == facility.id else n) for f, n in step.player.built))
    if joins:
        text = (N_("{player}: built {facility} {n} for free, joining {province}") if free
                else N_("{player}: built {facility} {n}, joining {province}"))
    else:
        text = N_("{player}: built {facility} {n} for free") if free else N_("{player}: built {facility} {n}")
    step.events.append(event(text, player=step.player.name, facility=word(facility.name), n=built + 1,
                             province=PROVINCES[joins].name if joins else ""))
    if joins:
        step.update(bridges=step.player.bridges + (joins,))
    step.gain(Materials.of(PROVINCES[step.player.province].gain_per_build), word(N_("Cashew: a facility built")))
    step.gain(Materials.of(facility.gain_on_build), event(N_("a {facility} built"), facility=word(facility.name)))
    if built + 1 == icons and facility.completion_bonus:
        completion_bonus(step, facility)
    return 1 if facility.gives_development_bonus else 0


def beanzantine_changes(step: Step, facility: Facility, roads_removed: int, anywhere: bool) -> bool:
    """Whether building as if the Ruler were in Beanzantine changes this build: it may build
    only so, or it costs less (design page, gaps 12: "A Beanzantine-style ability that
    changes nothing for a build is not used up by it"). A value not known yet counts as a
    change (the ability is used, as before)."""
    try:
        _what, without = build_cost(step, facility, roads_removed, False, anywhere)
        _what, with_it = build_cost(step, facility, roads_removed, True, anywhere)
    except RulesError:  # refused without it (C), or a printed value not entered yet
        return True
    return without != with_it


def free_build_refusal(step: Step, facility_id: str, anywhere: bool) -> Event | None:
    """Why a free build (a Milestone Bonus, C's 3rd rising-Thaler use) cannot be made now, or
    None: every icon built, no province left for a Bridge, or on C the Ruler elsewhere
    (design page, gaps 16: it "builds only where the player may build")."""
    facility = _facility(step, facility_id)
    icons = step.number(f"icons:{facility.id}")
    if step.player.count(facility.id) >= icons:
        return counted("the {icons} {facility} icon is built", "all {icons} {facility} icons are built",
                       icons, icons=icons, facility=word(facility.name))
    if facility.id == "bridge" and not bridge_options(step.state, step.player.name):
        return word(N_("every adjacent province is joined already"))
    if step.sheet.letter == "C" and not anywhere and step.state.ruler not in step.home():
        return ruler_away_on_c(step, step.state.ruler)
    return None


def free_bridge_passes(state: State, name: str) -> bool:
    """Whether a free Bridge of ``name`` would pass now (no province left, every icon built):
    then its bonus asks for no province. False while the number of icons is not known yet."""
    step = Step(state, state.player(name))
    try:
        return free_build_refusal(step, "bridge", True) is not None
    except UnknownPrintedValue:
        return False


def free_build(step: Step, facility_id: str, bridge_to: str | None, anywhere: bool) -> None:
    """A free build where the player may build; when it cannot be made, it passes (design
    page, gaps 16). An entry stored before that reading builds as it was recorded: anywhere."""
    refusal = None if step.as_recorded else free_build_refusal(step, facility_id, anywhere)
    if refusal is None:
        build(step, facility_id, free=True, anywhere=anywhere or step.as_recorded, bridge_to=bridge_to)
        return
    facility = _facility(step, facility_id)
    if bridge_to is not None:
        raise RulesError(_("the free {facility} cannot be built: {reason}").format(
            facility=_(facility.name), reason=refusal.said))
    step.events.append(event(N_("{player}: the free {facility} cannot be built ({reason}); it passes"),
                             player=step.player.name, facility=word(facility.name), reason=refusal))


def owe(step: Step, due: str) -> None:
    """An action the player resolves next, before anything else."""
    step.update(due=(due, *step.player.due))


def completion_bonus(step: Step, facility: Facility) -> None:
    """Sheet D, Building Completion Bonus: every icon of a row built: its materials at
    once, then its action before anything else ("It must be resolved immediately"). A Hay
    action the player has not the Hay for passes (rulebook: the Stable example)."""
    if facility.completion_bonus is None:  # the caller checks: only D's rows have one
        return
    step.events.append(event(N_("{player}: {facility} Completion Bonus: {bonus}"), player=step.player.name,
                             facility=word(facility.name), bonus=word(facility.completion_bonus)))
    step.gain(Materials.of(facility.completion_gain),
              event(N_("{facility} Completion Bonus"), facility=word(facility.name)))
    due = facility.completion_due
    if due == "hay-action":
        rows = [r for r in step.sheet.hay_actions if step.player.uses(r.id) < HAY_ACTION_USES_PER_ROW]
        if not any(step.player.materials.hay >= r.hay for r in rows) and not (
                rows and step.held and contract_hay_left(step)):
            step.events.append(event(N_("{player}: not enough Hay for a Hay action; the bonus passes without it"),
                                     player=step.player.name))
            return
    if due:
        owe(step, due)


def contract_hay_left(step: Step) -> bool:
    """A gained Contract not executed yet whose reward is Hay: executed first, it may
    supply an owed Hay action's Hay (design page, readings 8 and 9)."""
    return any(c.id in step.player.contracts_gained and c.id not in step.player.contracts_executed
               and Materials.of(c.gain).hay for c in step.sheet.contracts or ())


def development_bonuses(step: Step, earned: int, chosen: tuple[str, ...], why: str) -> None:
    """One Development Bonus per ``earned``, each not yet gained, while any is left; its
    effect at once (rulebook: Gaining a Development Bonus)."""
    left = {b.id: b for b in step.sheet.development_bonuses or () if b.id not in step.player.development_bonuses}
    due = min(earned, len(left))
    if len(chosen) != due:
        if due == 0:
            raise RulesError(_("no Development Bonus is due (all are gained)") if earned
                             else _("no Development Bonus is due"))
        raise BonusesDue(ngettext("{why} gives {due} Development Bonus: choose {due} of {options}",
                                  "{why} gives {due} Development Bonuses: choose {due} of {options}", due).format(
            why=why, due=due, options=_one_of(left)), due, tuple(left))
    for bonus_id in chosen:
        bonus = left.pop(bonus_id, None)
        if bonus is None:
            gained = bonus_id in step.player.development_bonuses
            raise RulesError((_('"{bonus}" is already gained; choose from {options}') if gained
                              else _('"{bonus}" is not a Development Bonus; choose from {options}')).format(
                bonus=bonus_id, options=_one_of(left)))
        step.update(development_bonuses=step.player.development_bonuses + (bonus_id,))
        step.events.append(event(N_("{player}: Development Bonus {effect}"), player=step.player.name,
                                 effect=word(bonus.effect)))
        step.gain(Materials.of(bonus.gain), word(DEVELOPMENT_BONUS))


def gain_contract(step: Step, kind: str, why: str) -> None:
    """Sheet D, Contract: "You can gain an available type of Contract that you have not
    gained"; with none of that kind left, nothing."""
    title = CONTRACT_TITLES[kind]
    left = [c.id for c in step.sheet.contracts or () if c.kind == kind and c.id not in step.player.contracts_gained]
    if not left:
        step.events.append(event(N_("{player}: every {title} is gained already"), player=step.player.name,
                                 title=word(title)))
        return
    pick = step.choose("contracts", title, left, why)
    step.update(contracts_gained=step.player.contracts_gained + (pick,))
    gained = step.sheet.contract(pick)
    assert gained is not None  # one of the sheet's
    step.events.append(event(N_("{player}: gained {contract}"), player=step.player.name,
                             contract=contract_name(gained)))


def add_hay_shed(step: Step) -> None:
    """Fill the next Hay Shed while fewer than 2 are added, then gain 2 Hay (rulebook:
    Add a Hay Shed)."""
    if step.player.hay_sheds < step.sheet.extra_hay_sheds:
        step.number(f"hay-shed:{step.player.hay_sheds + 1}")  # its capacity, asked now
        step.update(hay_sheds=step.player.hay_sheds + 1)
        step.events.append(event(N_("{player}: Hay Shed {n} added"), player=step.player.name,
                                 n=step.player.hay_sheds))
    else:
        step.events.append(event(N_("{player}: both extra Hay Sheds are added; only the Hay is gained"),
                                 player=step.player.name))
    step.gain(Materials.of(HAY_SHED_GAIN), word(ACTION_NAMES["hay-shed"]))


# --- The round (rulebook: How to Play) ----------------------------------------------------


def done(player: PlayerState) -> bool:
    """The player's action is taken and nothing it brought is still owed."""
    return bool(player.actions) and not player.due


def round_over(state: State) -> bool:
    return all(done(p) for p in state.players)


def rounds_played(state: State) -> bool:
    """After the action of round 15: the sheets' DP icons are counted next (not on B)."""
    return state.round == ROUNDS and round_over(state)


def players(state: State) -> tuple[str, ...]:
    return state.names


def counts_dp_icons(state: State) -> bool:
    """Sheet B scores no Development Passport (rulebook: Differences on Sheet B)."""
    return state.rules.development_passport is not None


def is_over(state: State) -> bool:
    """Round 15 is played and every sheet's Development Passport icons are counted."""
    return rounds_played(state) and (not counts_dp_icons(state) or all(p.dp_icons is not None for p in state.players))


def _check_card(state: State, card: RoundCard, number: int) -> tuple[Facility, int] | None:
    """A facility and its Hay, or a special card the deck still holds in this part of it
    (rulebook: Forming a Deck of Round Cards; Variant Rules). The card's facility and Hay;
    None for the special card."""
    top = number <= TOP_DECK_CARDS
    part = range(1, TOP_DECK_CARDS + 1) if top else range(TOP_DECK_CARDS + 1, ROUNDS + 1)
    holds = ROUND_DECKS[state.deck][0 if top else 1]
    seen = sum(c.special for i, c in enumerate(state.cards, start=1) if i in part)
    cards = (_('the "{deck}" deck\'s top {n} cards (rounds {first}-{last})') if top
             else _('the "{deck}" deck\'s bottom {n} cards (rounds {first}-{last})')).format(
        deck=_(DECK_NAMES[state.deck]), n=len(part), first=part[0], last=part[-1])
    if card.special:
        if card.facility is not None or card.hay is not None:
            raise RulesError(_("the special card shows no facility or Hay"))
        if seen >= holds:
            raise RulesError(ngettext("{cards} hold {holds} special card, all revealed already",
                                      "{cards} hold {holds} special cards, all revealed already", holds).format(
                cards=cards, holds=holds) if holds else _("{cards} hold 0 special cards").format(cards=cards))
        return None
    if holds - seen >= part[-1] - number + 1:
        raise RulesError(_("round {number} must be a special card: {cards} hold {holds}, "
                           "{left} not yet revealed").format(number=number, cards=cards, holds=holds, left=holds - seen))
    if card.facility is None or card.hay is None:
        raise RulesError(_("a Round card shows a facility and Hay; enter both (or the special card)"))
    facility = state.rules.facility(card.facility)
    if facility is None:
        raise RulesError(_('"{facility}" is not a facility; one of {facilities}').format(
            facility=card.facility, facilities=_one_of(f.id for f in state.rules.facilities)))
    if not 0 <= card.hay <= MOST:
        raise RulesError(_("{hay} Hay: a Round card prints 0 to {most}").format(hay=card.hay, most=MOST))
    return facility, card.hay


def reveal(state: State, action: Reveal) -> State:
    """Card Reveal, then the Action Phase's first two steps for everyone: the Ruler moves
    one province clockwise from round 2 (Extra Income on the two marked moves), Income."""
    if state.round >= ROUNDS:
        raise RulesError(_("the game ends after round {rounds}").format(rounds=ROUNDS))
    waiting = [p.name for p in state.players if not p.actions]
    owing = [_("{player} owes {action}").format(player=isolated(p.name), action=_(DUE_NAMES[p.due[0]]))
             for p in state.players if p.due]
    if state.round and waiting:
        raise RulesError(ngettext("round {round} is not over: {players} has not taken an action",
                                  "round {round} is not over: {players} have not taken an action",
                                  len(waiting)).format(round=state.round, players=_players(waiting)))
    if state.round and owing:
        raise RulesError(_("round {round} is not over: {owing}").format(round=state.round, owing=_one_of(owing)))
    number = state.round + 1
    shown = _check_card(state, action.card, number)
    ruler = state.ruler
    events = [event(N_("Round {round}: {facility}, {hay}"), round=number, facility=word(shown[0].name),
                    hay=Amount(kind="hay", n=shown[1])) if shown
              else event(N_("Round {round}: the special card"), round=number)]
    extra = False
    if number > 1:
        ruler = state.map[(state.map.index(ruler) + 1) % len(state.map)]
        extra = (state.ruler, ruler) in EXTRA_INCOME_MOVES
        events.append(event(N_("The Ruler moves to {province}: Extra Income") if extra
                            else N_("The Ruler moves to {province}"), province=PROVINCES[ruler].name))
    moved = state.changed(round=number, ruler=ruler, cards=state.cards + (action.card,))
    players = []
    for player in state.players:
        step = Step(moved, player.changed(actions=(), special_option=None, roads_removed=0))
        try:
            if extra:  # per facility type, below the rightmost built icon
                for facility in state.rules.facilities:
                    built = player.count(facility.id)
                    if built:
                        step.gain(step.materials(f"extra-income:{facility.id}:{built}"),
                                  event(N_("Extra Income, {facility} {n}"), facility=word(facility.name), n=built))
            if shown:
                row, card_hay = shown
                built = player.count(row.id)
                hay = step.number(f"hay-income:{row.id}:{built}") if built else card_hay
                step.gain(Materials(hay=hay), word(N_("Income")))
        except UnknownPrintedValue as exc:
            raise UnknownPrintedValue(exc.key, exc.place, player.name) from None
        players.append(step.player)
        events.extend(step.events)
    return moved.changed(players=tuple(players), events=tuple(events))


def _may_act(state: State, player: PlayerState, kind: str) -> str:
    """How this action is taken: "action" (the round's), "zoodai" (Zoodai's ability: the
    same action again) or "due" (what a bonus owes); raises when the player may not act."""
    card = state.card
    if card is None:  # round 0
        raise RulesError(_("no Round card is revealed yet"))
    if player.due:
        owed = player.due[0]
        if kind in DUE_KINDS[owed]:
            return "due"
        raise RulesError(_("first {action}, owed at once").format(action=_(DUE_NAMES[owed])))
    if card.special and player.special_option is None:
        raise RulesError(_("round {round} has the special card: choose its income "
                           "({options}) before your action").format(
            round=state.round, options=_one_of(SPECIAL_CARD_OPTIONS)))
    if not player.actions:
        return "action"
    taken = _("you have taken your action this round ({action}); one action per round").format(
        action=_(ACTION_NAMES[player.actions[0]]))
    if player.province == ZOODAI:
        if player.ability_used:
            raise RulesError(_("{taken}; Zoodai's ability is used already (once per game)").format(taken=taken))
        if player.actions == (kind,):
            return "zoodai"
        raise RulesError(_("{taken}; Zoodai's ability repeats that same action").format(taken=taken))
    raise RulesError(taken)


def special_income(step: Step, action: SpecialIncome) -> None:
    """The special card: instead of the normal income, one of four options."""
    state = step.state
    if state.card is None or not state.card.special:
        raise RulesError(_("round {round}'s card is not the special card").format(round=state.round))
    if step.player.special_option is not None:
        raise RulesError(_("you chose the special card's {option} already").format(
            option=repr(step.player.special_option)))
    if step.player.actions:
        raise RulesError(_("income comes before the action"))
    if action.option not in SPECIAL_CARD_OPTIONS:
        raise RulesError(_('"{option}" is not an option of the special card; one of {options}').format(
            option=action.option, options=_one_of(SPECIAL_CARD_OPTIONS)))
    step.update(special_option=action.option)
    if action.option == "travel" and step.sheet.letter == "C":
        step.events.append(event(N_("{player}: removing the travel cost has no effect on sheet C"),
                                 player=step.player.name))
    elif action.option == "travel":  # for this round's build
        step.update(roads_removed=step.player.roads_removed + 1)
        step.events.append(event(N_("{player}: the travel cost for 1 road is removed this round"),
                                 player=step.player.name))
    elif action.option == "hay-shed":
        add_hay_shed(step)
    else:
        step.gain(Materials.of(SPECIAL_CARD_GAINS[action.option]), word(N_("special card")))


def row_builds(row: HayAction) -> bool:
    return bool(row.removes_roads or row.builds)


def thaler_by_use(step: Step, uses: int) -> None:
    """Sheet D: "you gain 3 Thaler at the first time you perform it, you do not gain any
    Thaler at the second time, and you lose 3 Thaler at the third time ... less than 3
    Thaler ... pay all that money"."""
    change = (step.sheet.hay_action_thaler_by_use or (0, 0, 0))[uses - 1]
    if change > 0:
        step.gain(Materials(thaler=change), event(N_("Hay action, use {use}"), use=uses))
    elif change < 0:
        lost = min(-change, step.player.materials.thaler)
        if lost:
            step.pay(Materials(thaler=lost), event(N_("Hay action, use {use}"), use=uses))


def hay_action(step: Step, action: HayActionTaken) -> None:
    """Pay the row's Hay, fill its leftmost square, its effect; the 3rd use gives its
    extra after the effect (rulebook: Perform a Hay Action; Details; D: Order to Resolve
    the Hay action)."""
    row = step.sheet.hay_action(action.row)
    if row is None:
        raise RulesError(_('"{row}" is not a Hay action; one of {rows}').format(
            row=action.row, rows=_one_of(r.id for r in step.sheet.hay_actions)))
    effect = _(row.effect)
    uses = step.player.uses(row.id)
    if uses >= HAY_ACTION_USES_PER_ROW:
        raise RulesError(_('"{effect}" is used {uses} times; each Hay action at most {most}').format(
            effect=effect, uses=uses, most=HAY_ACTION_USES_PER_ROW))
    have = step.player.materials.hay
    if have < row.hay:
        raise RulesError(_('the Hay action "{effect}" costs {cost}; you have {have}').format(
            effect=effect, cost=amount("hay", row.hay), have=amount("hay", have)))
    waits = action.facility is None and waits_for_contracts(step, row)
    if (action.facility is not None or waits) != row_builds(row):
        raise RulesError((_('"{effect}" builds a facility: choose one') if row_builds(row)
                          else _('"{effect}" builds nothing')).format(effect=effect))
    if not row_builds(row) and (action.payment is not None or action.beanzantine or action.beanichalcum_travel):
        raise RulesError(_('"{effect}" pays nothing but its Hay').format(effect=effect))
    third = uses + 1 == HAY_ACTION_USES_PER_ROW
    if action.bridge_to is not None and not row_builds(row) and not (third and row.third_use_free_bridge):
        raise RulesError(_('"{effect}" builds no Bridge').format(effect=effect))
    step.pay(Materials(hay=row.hay), event(N_("Hay action: {effect}"), effect=word(row.effect)))
    step.update(hay_actions=tuple((r, n + 1 if r == row.id else n) for r, n in step.player.hay_actions))
    thaler_by_use(step, uses + 1)
    earned = 0
    if action.facility is not None:  # the row builds (checked above)
        earned += build(step, action.facility, roads_removed=step.player.roads_removed + row.removes_roads,
                        beanzantine=action.beanzantine, payment=action.payment, anywhere=row.builds == "anywhere",
                        bridge_to=action.bridge_to if row_builds(row) else None,
                        beanichalcum_travel=action.beanichalcum_travel)
        if row.builds == "twice":  # C: the second build is owed next; a 3rd use's bonus after it
            owe(step, "build+bonus" if third and row.third_use_development_bonus else "build")
    elif waits:  # D: the build waits while Contracts are executed (reading 8), its road removed
        step.update(roads_removed=step.player.roads_removed + row.removes_roads)
        owe(step, "build+contract" if third and row.third_use_contract else "build")
        step.events.append(event(N_("{player}: the build waits: execute Contracts first, then build "
                                    "(the travel for 1 road is removed)"), player=step.player.name))
    step.gain(Materials.of(row.gain), event(N_("Hay action: {effect}"), effect=word(row.effect)))
    if row.thaler_by_use:
        step.gain(Materials(thaler=row.thaler_by_use[uses]), event(N_("Hay action: use {use}"), use=uses + 1))
    if row.contract:
        gain_contract(step, row.contract, _('"{effect}"').format(effect=effect))
    if third:
        step.gain(Materials.of(row.third_use_gain), event(N_('"{effect}" 3rd use'), effect=word(row.effect)))
        third_use = _('"{effect}" 3rd use').format(effect=effect)
        if row.third_use_contract and not waits:  # else after the waiting build
            gain_contract(step, row.third_use_contract, third_use)
        if row.third_use_milestone:
            refusal = milestone_refusal(step)
            if refusal and step.held and not action.milestone_bonuses and milestone_within_reach(step):
                # Contracts may be executed before the milestone is checked (reading 8): owed
                owe(step, "milestone")
                step.events.append(event(N_("{player}: the 3rd use's milestone waits: execute Contracts first, "
                                            "then achieve it (or let it pass when it cannot be)"),
                                         player=step.player.name))
            elif refusal:
                step.events.append(event(N_("{player}: no milestone on the 3rd use: {reason}"),
                                         player=step.player.name, reason=refusal))
            else:
                left = [b.id for b in step.sheet.milestone_bonuses if b.id not in step.player.milestone_bonuses]
                bonus = step.choose("milestone_bonuses", MILESTONE_BONUS, left, third_use)
                achieve_milestone(step, bonus, None)
        if row.third_use_free_bridge:  # "You can build this Bridge even when the Ruler token is not in your province"
            if action.bridge_to is None and (step.as_recorded or free_build_refusal(step, "bridge", True) is None):
                raise RulesError(_('"{effect}" 3rd use builds 1 Bridge for free: choose the province it joins').format(
                    effect=effect))
            free_build(step, "bridge", action.bridge_to, anywhere=True)
        if row.third_use_development_bonus and row.builds != "twice":
            earned += 1
    development_bonuses(step, earned, action.development_bonuses,
                        _('"{effect}" use {use}').format(effect=effect, use=uses + 1))


def milestone_refused(step: Step) -> str | None:
    """Why the next milestone cannot be achieved now, in the phone's language, or None."""
    refusal = milestone_refusal(step)
    return refusal.said if refusal else None


def milestone_refusal(step: Step) -> Event | None:
    """Why the next milestone cannot be achieved now, or None (rulebook: Achieve a
    Milestone: the lowest unfilled number against the facilities built, the setup Farms
    (and C's setup Bridge) included; D: against the Contracts executed)."""
    numbers = step.numbers("milestones")
    filled = step.player.milestones
    if filled >= len(numbers):
        return counted("all milestones are achieved ({n} on the sheet)",
                       "all milestones are achieved ({n} on the sheet)", len(numbers), n=len(numbers))
    if step.sheet.contracts is not None:
        # D: 'the "No. of Contracts to execute" row ... If you have filled an equal or more
        # number of Contracts' (our reading: executed Contracts, the row's name)
        executed = len(step.player.contracts_executed)
        if executed < numbers[filled]:
            return counted("the next milestone needs {need} Contract executed; you have executed {done}",
                           "the next milestone needs {need} Contracts executed; you have executed {done}",
                           numbers[filled], need=numbers[filled], done=executed)
    elif step.player.facilities_built < numbers[filled]:
        return counted("the next milestone needs {need} facility built; you have built {done}",
                       "the next milestone needs {need} facilities built; you have built {done}",
                       numbers[filled], need=numbers[filled], done=step.player.facilities_built)
    if not [b for b in step.sheet.milestone_bonuses if b.id not in step.player.milestone_bonuses]:
        return word(N_("every Milestone Bonus is gained"))
    return None


def travel_third_use(step: Step) -> str:
    """Why the waiting build's Normal Contract is gained: the travel row's 3rd use."""
    row = next(r for r in step.sheet.hay_actions if r.removes_roads)
    return _('"{effect}" 3rd use').format(effect=_(row.effect))


def waits_for_contracts(step: Step, row: HayAction) -> bool:
    """D's travel row may leave its build waiting while Contracts are executed (reading 8):
    an entry held to it, with a gained Contract not executed yet."""
    return bool(row.removes_roads and step.sheet.contracts is not None and step.held
                and set(step.player.contracts_gained) - set(step.player.contracts_executed))


def milestone_within_reach(step: Step) -> bool:
    """D: the next milestone is short only of Contracts executed, and the gained ones not
    executed yet would make it up (whether they can be paid is the player's to find)."""
    numbers = step.numbers("milestones")
    filled = step.player.milestones
    if step.sheet.contracts is None or filled >= len(numbers):
        return False
    if not [b for b in step.sheet.milestone_bonuses if b.id not in step.player.milestone_bonuses]:
        return False
    return len(step.player.contracts_gained) >= numbers[filled]


def achieve_milestone(step: Step, bonus_id: str, bridge_to: str | None) -> None:
    """Fill the lowest unfilled number, then one Milestone Bonus not yet gained."""
    numbers = step.numbers("milestones")
    filled = step.player.milestones
    bonus = step.sheet.milestone_bonus(bonus_id)
    left = [b.id for b in step.sheet.milestone_bonuses if b.id not in step.player.milestone_bonuses]
    if bonus is None or bonus.id not in left:
        gained = bonus is not None
        raise RulesError((_('"{bonus}" is already gained; choose from {options}') if gained
                          else _('"{bonus}" is not a Milestone Bonus; choose from {options}')).format(
            bonus=bonus_id, options=_one_of(left)))
    step.update(milestones=filled + 1, milestone_bonuses=step.player.milestone_bonuses + (bonus.id,))
    step.events.append(event(N_("{player}: milestone {n} achieved; {effect}"), player=step.player.name,
                             n=numbers[filled], effect=word(bonus.effect)))
    step.gain(Materials.of(step.sheet.milestone_gain.get(step.player.province, Cost())),
              event(N_("{province}: a milestone"), province=PROVINCES[step.player.province].name))
    step.gain(Materials.of(bonus.gain), word(MILESTONE_BONUS))
    if bonus.builds:  # free, a building action; C's Bridge anywhere, a Farm where you may build
        free_build(step, bonus.builds, bridge_to, anywhere=bonus.builds == "bridge")
    elif bridge_to is not None:
        raise RulesError(_('"{bonus}" builds no Bridge').format(bonus=bonus.id))
    if bonus.contract:
        gain_contract(step, bonus.contract, _('"{effect}"').format(effect=_(bonus.effect)))


def milestone(step: Step, action: Milestone) -> None:
    """Rulebook: Achieve a Milestone."""
    reason = milestone_refused(step)
    if reason:
        raise RulesError(reason)
    achieve_milestone(step, action.bonus, action.bridge_to)


def execute_contract(step: Step, action: ExecuteContract) -> None:
    """Sheet D, Executing Contracts: any gained Contract, once, at any time until the
    score calculation (not an action), by paying its cost; its reward at once."""
    contract: Contract | None = step.sheet.contract(action.contract)
    if step.sheet.contracts is None:
        raise RulesError(_("sheet {letter} has no Contracts; only sheet D has them").format(letter=step.sheet.letter))
    if contract is None:
        raise RulesError(_('"{contract}" is not a Contract; one of {contracts}').format(
            contract=action.contract, contracts=_one_of(c.id for c in step.sheet.contracts)))
    if contract.id not in step.player.contracts_gained:
        raise RulesError(_("{contract} is not gained; gain it first").format(contract=contract_name(contract).said))
    if contract.id in step.player.contracts_executed:
        raise RulesError(_("{contract} is executed already; each is executed once").format(
            contract=contract_name(contract).said))
    if step.player.dp_icons is not None:
        raise RulesError(_("the Development Passport icons are counted: the scores are calculated"))
    cost = Materials.of(contract.cost)
    title = word(CONTRACT_TITLES[contract.kind])  # its cost is said beside it
    paid = step.payment(title.said, cost, action.payment)
    step.pay(paid, title)
    step.update(contracts_executed=step.player.contracts_executed + (contract.id,))
    step.events.append(event(N_("{player}: executed {contract}"), player=step.player.name,
                             contract=contract_name(contract)))
    step.gain(Materials.of(contract.gain), title)


def _turn(step: Step, action: PlayerAction) -> None:
    if isinstance(action, SpecialIncome):
        special_income(step, action)
        return
    if isinstance(action, ExecuteContract):
        if step.state.round == 0:
            raise RulesError(_("no Round card is revealed yet"))
        execute_contract(step, action)
        return
    if isinstance(action, EnterDpIcons):
        if not counts_dp_icons(step.state):
            raise RulesError(_("sheet {letter} scores no Development Passport").format(letter=step.sheet.letter))
        if not rounds_played(step.state):
            raise RulesError(_("Development Passport icons are counted after round {rounds}").format(rounds=ROUNDS))
        if not 0 <= action.filled <= MOST:
            raise RulesError(_("{filled} Development Passport icons: enter 0 to {most}").format(
                filled=action.filled, most=MOST))
        # what the sheet can fill (design page, gaps 11)
        gained = step.player.development_bonuses if step.sheet.contracts is None else step.player.contracts_executed
        refusal = dp_icons_refusal(step.sheet, action.filled, len(gained), len(step.player.bridges))
        if refusal:
            raise RulesError(refusal)
        step.update(dp_icons=action.filled)
        return
    if isinstance(action, Forgo):
        if not step.player.due:
            raise RulesError(_("nothing is owed to let pass"))
        passed = step.player.due[0]
        if step.held:
            refusal = owed_performable(step.state, step.player, passed)
            if refusal:
                raise RulesError(refusal)
        step.events.append(event(N_("{player}: lets {owed} pass"), player=step.player.name,
                                 owed=word(DUE_NAMES["build" if passed in BUILDS_OWED else passed])))
        step.update(due=step.player.due[1:])
        if passed in BUILDS_OWED and step.held:  # a travel road removed for it serves no other build
            step.update(roads_removed=0)
        if passed == "build+contract":
            gain_contract(step, "normal", travel_third_use(step))
        development_bonuses(step, 1 if passed == "build+bonus" else 0, action.development_bonuses,
                            _("Building twice, 3rd use"))
        return
    owed = step.player.due[0] if step.player.due else None
    how = _may_act(step.state, step.player, action.kind)
    if how == "zoodai":
        step.update(ability_used=True)
        step.events.append(event(N_("{player}: Zoodai's ability, the action again"), player=step.player.name))
    if how == "due":
        step.update(due=step.player.due[1:])
    else:
        step.update(actions=step.player.actions + (action.kind,))
    if isinstance(action, Build):
        earned = build(step, action.facility, roads_removed=step.player.roads_removed,
                       beanzantine=action.beanzantine, payment=action.payment, bridge_to=action.bridge_to,
                       beanichalcum_travel=action.beanichalcum_travel)
        if how == "due" and owed == "build+bonus":  # "after you build a facility twice"
            earned += 1
        if how == "due" and owed == "build+contract":  # "after removing the travel cost ... and building"
            gain_contract(step, "normal", travel_third_use(step))
        development_bonuses(step, earned, action.development_bonuses, building(_facility(step, action.facility)))
    elif isinstance(action, HayActionTaken):
        hay_action(step, action)
    elif isinstance(action, Milestone):
        milestone(step, action)
    elif isinstance(action, AddHayShed):
        add_hay_shed(step)
    else:  # pragma: no cover
        raise TypeError(f"unhandled action {action!r}")
    for field, left in step.chosen.items():
        if left:
            raise RulesError(_("nothing to choose for {field}: {choices} not due").format(
                field=_(CHOICE_FIELDS.get(field, field)), choices=_one_of(left)))


def owed_candidates(state: State, player: PlayerState, owed: str) -> Iterable[PlayerAction]:
    """The actions that would perform what ``player`` owes (a build of each facility, each
    Hay action row, each Milestone Bonus left, a Hay Shed)."""
    name, sheet = player.name, state.rules
    kinds = DUE_KINDS[owed]
    if "build" in kinds:
        for facility in sheet.facilities:
            if facility.id == "bridge":
                yield from (Build(player=name, facility="bridge", bridge_to=p) for p in bridge_options(state, name))
            else:
                yield Build(player=name, facility=facility.id)
    if "hay-action" in kinds:
        for row in sheet.hay_actions:
            if row_builds(row):
                yield from (HayActionTaken(player=name, row=row.id, facility=f.id) for f in sheet.facilities
                            if f.id != "bridge")
            else:
                yield HayActionTaken(player=name, row=row.id)
    if "hay-shed" in kinds:
        yield AddHayShed(player=name)
    if "milestone" in kinds:
        yield from (Milestone(player=name, bonus=b.id) for b in sheet.milestone_bonuses
                    if b.id not in player.milestone_bonuses)


def owed_performable(state: State, player: PlayerState, owed: str) -> str | None:
    """Why what ``player`` owes may not be let pass: it can be performed now (design page,
    reading 9: "must be performed when it can be; it passes only when it cannot"; the
    player had the chance to execute Contracts first). None: it cannot, it passes."""
    for candidate in owed_candidates(state, player, owed):
        try:
            apply(state, candidate, quick=True)
        except (UnknownPrintedValue, BonusesDue):
            pass  # allowed once the value is entered or the choice made
        except RulesError:
            continue
        named = DUE_NAMES["build" if owed in BUILDS_OWED else owed]
        return _("{owed} can be performed now; an owed action passes only when it cannot").format(owed=_(named))
    return None


def least_icons(players: Iterable[PlayerState], key: str) -> int:
    """For ``icons:<facility>``: the most icons of that row any player has built already
    (a sheet prints at least as many); 0 for any other key."""
    name, _, facility = key.partition(":")
    return max((dict(p.built).get(facility, 0) for p in players), default=0) if name == "icons" else 0


def enter_printed_value(state: State, action: EnterPrintedValue) -> State:
    """Checked for sense, kept in the state by key; entered again, it is corrected."""
    value = check(state.rules, action.key, action.value, least_icons=least_icons(state.players, action.key))
    text = N_("{place}: {value} (corrected)") if action.key in state.entered else N_("{place}: {value} (entered)")
    printed = tuple(p for p in state.printed if p.key != action.key) + (PrintedValue(key=action.key, value=value),)
    return state.changed(printed=printed, events=(event(text, place=Place(letter=state.sheet, key=action.key),
                                                          value=value),))


def _chosen(action: PlayerAction) -> dict[str, tuple[str, ...]]:
    if isinstance(action, (Build, Forgo)):
        return {"contracts": action.contracts}
    if isinstance(action, HayActionTaken):
        return {"contracts": action.contracts, "milestone_bonuses": action.milestone_bonuses}
    if isinstance(action, Milestone):
        return {"contracts": action.contracts}
    return {}


def apply(state: State, action: Action, quick: bool = False) -> State:
    """The state after ``action``; raises RulesError and leaves ``state`` as it was.
    ``quick``: only to learn whether it is allowed (see Step)."""
    if isinstance(action, Reveal):
        return reveal(state, action)
    if isinstance(action, EnterPrintedValue):
        return enter_printed_value(state, action)
    player = state.player(action.player)
    step = Step(state, player, _chosen(action), quick, getattr(action, "as_recorded", False))
    try:
        _turn(step, action)
    except UnknownPrintedValue as exc:
        raise UnknownPrintedValue(exc.key, exc.place, player.name) from None
    except BonusesDue as exc:
        raise BonusesDue(exc.reason, exc.due, exc.left, player.name, exc.field, exc.title) from None
    except RulesError as exc:
        raise RulesError(exc.reason, player.name) from None
    players = tuple(step.player if p.name == player.name else p for p in state.players)
    return state.changed(players=players, events=tuple(step.events))


# --- What the app shows before a tap ----------------------------------------------------


def quote(state: State, action: Build | HayActionTaken) -> tuple[str, Materials, Materials, Materials | None]:
    """For the payment screen of a build (or of a Hay action's build): what it is in
    words, its whole cost, what the player has to pay it with (after the row's Hay), and
    the proposed payment (None: they cannot pay). Raises UnknownPrintedValue like apply."""
    player = state.player(action.player)
    step = Step(state, player)
    removed, have, anywhere = player.roads_removed, player.materials, False
    if isinstance(action, HayActionTaken):
        row = step.sheet.hay_action(action.row)
        removed += row.removes_roads if row else 0
        anywhere = row is not None and row.builds == "anywhere"
        have = have.changed(hay=max(0, have.hay - (row.hay if row else 0)))
    what, cost = build_cost(step, _facility(step, action.facility), removed, action.beanzantine, anywhere,
                            action.beanichalcum_travel)
    return what, cost, have, propose(have, cost, step.rates)


def contract_quote(state: State, name: str, contract_id: str) -> tuple[str, Materials, Materials, Materials | None]:
    """The same for executing a Contract."""
    contract = state.rules.contract(contract_id)
    if contract is None:
        raise RulesError(_('"{contract}" is not a Contract').format(contract=contract_id))
    have = state.player(name).materials
    cost = Materials.of(contract.cost)
    return _(CONTRACT_TITLES[contract.kind]), cost, have, propose(have, cost, rates(state.rules.substitutions))


def hay_capacity(state: State, name: str) -> int:
    """The Hay the player's sheds hold: 30 plus each added shed's entered capacity."""
    return Step(state, state.player(name)).capacity()


def why_not(state: State, action: Action) -> str | None:
    """Why the rules refuse ``action`` now, in the player's words; None when they allow
    it, or would once a printed value is entered or a choice is made. Worked out anew at
    every call: what a state allows a player, every button at once, is ``allowed``
    (allowed.py), which the session keeps."""
    try:
        apply(state, action, quick=True)
    except (UnknownPrintedValue, BonusesDue):
        return None
    except RulesError as exc:
        return exc.reason
    return None


def why_none_of(state: State, actions: Iterable[Action]) -> str | None:
    """Why the rules refuse every one of ``actions`` (the first one's reason); None when
    any is allowed. A button that opens a choice (which bonus, which facility to travel
    to) is allowed when one of its choices is."""
    reasons = [why_not(state, action) for action in actions]
    return reasons[0] if reasons and None not in reasons else None


# --- The end (rulebook: End of the Game; Solitaire Rules) ---------------------------------


def scored_sheet(state: State) -> scorer.State:
    """The sheets the live game produced, as the end-game scorer reads them."""
    sheet = state.rules
    return scorer.State(
        sheet=state.sheet,
        players=tuple(
            PlayerSheet(
                name=p.name, province=p.province, facilities=p.built, dp_icons=p.dp_icons or 0,
                beanichalcum=p.beanichalcum_gained,
                milestone_bonuses=tuple(b.id for b in sheet.milestone_bonuses if b.id in p.milestone_bonuses),
                development_bonuses=tuple(b.id for b in sheet.development_bonuses or ()
                                          if b.id in p.development_bonuses),
                contracts=tuple(c.id for c in sheet.contracts or () if c.id in p.contracts_executed),
                hay_actions=p.hay_actions,
            )
            for p in state.players
        ),
        finished=is_over(state),
    )


def export(state: State) -> dict[str, Any]:
    """The finished game as a ``beans-score/1`` file: the scorer's file of its sheets.
    A game in play has no final score yet: RulesError."""
    if not is_over(state):
        raise RulesError((_("the game is not over: it exports once round {rounds} is played and every sheet's "
                            "Development Passport icons are counted") if counts_dp_icons(state)
                          else _("the game is not over: it exports once round {rounds} is played")).format(
            rounds=ROUNDS))
    return scorefile.export(scored_sheet(state))


def result(state: State) -> GameResult:
    """The scorer's breakdown, ranks, winners and solitaire rating; winners once round 15
    is played and every player's Development Passport icons are entered."""
    return scorer.result(scored_sheet(state))


def round_of(state: State) -> int:
    """The round the game is in, 0 before the first Round card (the timeline's phase)."""
    return state.round


def materials_of(state: State) -> Holdings:
    """Every player's materials as they stand (the timeline charts them at the end of each
    round): the warehouse in the order of its tiles, and Beanichalcum on the sheet that has
    it. On the table for every phone to see."""
    kinds = WAREHOUSE + (("beanichalcum",) if state.rules.beanichalcum is not None else ())
    return tuple((p.name, tuple((NAMES[k], getattr(p.materials, k)) for k in kinds)) for p in state.players)
