"""The live sheet's rules: ``apply(state, action)`` for 15 rounds of sheet A.

Pure: the state given is never changed; a refused action raises RulesError (its
``where``: the player) in the player's words, ``UnknownPrintedValue`` when play needs a
printed value nobody has entered yet. Citations: rulebook = shared/rules/
gone-with-the-beans.txt, design = shared/design/gone-with-the-beans.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sheets.errors import RulesError, parse_entry, parse_setup
from sheets.gone_with_the_beans import engine as scorer
from sheets.gone_with_the_beans import scorefile
from sheets.gone_with_the_beans.live.materials import NOTHING, Materials, check_payment, propose
from sheets.gone_with_the_beans.live.model import (
    ACTION,
    Action,
    AddHayShed,
    Build,
    EnterDpIcons,
    EnterPrintedValue,
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
    shown,
    spec,
)
from sheets.gone_with_the_beans.scoring import PlayerSheet, horse_riding_level
from sheets.gone_with_the_beans.sheets import (
    EXTRA_INCOME_MOVES,
    HAY_ACTION_USES_PER_ROW,
    HAY_SHED_GAIN,
    PROVINCES,
    ROUND_DECKS,
    ROUNDS,
    SPECIAL_CARD_GAINS,
    SPECIAL_CARD_OPTIONS,
    TOP_DECK_CARDS,
    Facility,
)
from sheets.results import GameResult

GAME_ID = "gone-with-the-beans-live"
LIVE_SHEETS = ("A",)  # B, C and D: their differences are still to come
ZOODAI, BEANZANTINE = "zoodai", "beanzantine"
ACTION_NAMES = {"build": "build", "hay-action": "Hay action", "milestone": "milestone", "hay-shed": "Hay Shed"}


def _one_of(ids: Iterable[str]) -> str:
    return ", ".join(ids)


# --- Setup -------------------------------------------------------------------------------


def new_game(setup: dict[str, Any]) -> State:
    """Round 0: sheets, provinces, the setup Farms, the Starting Point card's Hay, the map."""
    parsed = parse_setup(Setup, setup, name_place=True)
    sheet = scorer.sheet_named(parsed.sheet)
    if sheet.letter not in LIVE_SHEETS:
        raise RulesError(f"the live sheet plays sheet {_one_of(LIVE_SHEETS)} so far; "
                         f"sheet {sheet.letter} can be scored at the end of the game")
    for index, _field, reason in scorer.setup_problems(parsed.players):
        raise RulesError(reason, f"player {index + 1}" if index is not None else None)
    if parsed.deck not in ROUND_DECKS:
        raise RulesError(f'"{parsed.deck}" is not a Round card deck; one of {_one_of(ROUND_DECKS)}')
    order = tuple(parsed.map)
    if not consistent(order):
        offered = " or ".join(" > ".join(PROVINCES[p].name for p in o) for o in map_orders())
        raise RulesError(f"that is not the Bean World map's clockwise order; the rulebook allows {offered}")
    start = parsed.starting_point
    if start.first_province not in PROVINCES:
        raise RulesError(f'"{start.first_province}" is not a province; one of {_one_of(PROVINCES)}')
    events = []
    players = []
    for entry in parsed.players:
        name, province = entry.name.strip(), entry.province
        if province not in start.hay:
            raise RulesError(f"the Starting Point card's Hay for {PROVINCES[province].name} is missing", name)
        hay = start.hay[province]
        if hay < 0:
            raise RulesError(f"{hay} Hay for {PROVINCES[province].name}: Hay cannot be negative", name)
        kept = min(hay, sheet.hay_shed_capacity)
        player = PlayerState(
            name=name,
            province=province,
            materials=Materials(hay=kept),
            built=tuple((f.id, scorer.built_at_setup(sheet, province, f)) for f in sheet.facilities),
            hay_actions=tuple((r.id, 0) for r in sheet.hay_actions),
            hay_lost=hay - kept,
        )
        events.append(f"{name}: {kept} Hay from the Ruler's Starting Point card")
        if hay > kept:
            events.append(f"{name}: {hay - kept} Hay lost (the Hay Shed holds {sheet.hay_shed_capacity})")
        players.append(player)
    printed = []
    for key, value in parsed.printed.items():  # remembered from earlier games on this sheet
        try:
            printed.append(PrintedValue(key=key, value=check(sheet, key, value, least_icons=least_icons(players, key))))
        except RulesError as exc:
            raise RulesError(f"remembered sheet values: {exc.reason}") from None
    return State(sheet=sheet.letter, deck=parsed.deck, map=order, ruler=start.first_province,
                 players=tuple(players), printed=tuple(printed), events=tuple(events))


def parse_action(data: Any) -> Action:
    return parse_entry(ACTION, data)


# --- Materials in and out (rulebook: How to Use the Materials) ---------------------------


class Step:
    """One action's work on one player: the player so far and what happened, in words."""

    def __init__(self, state: State, player: PlayerState):
        self.state = state
        self.sheet = state.rules
        self.player = player
        self.events: list[str] = []

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

    def gain(self, materials: Materials, why: str) -> None:
        """Thaler, Bean, Worker without limit; Hay up to the sheds, the rest lost."""
        if materials.empty:
            return
        have = self.player.materials + materials
        capacity = self.capacity()
        lost = max(0, have.hay - capacity)
        self.update(materials=have.changed(hay=have.hay - lost),
                    hay_lost=self.player.hay_lost + lost)
        self.events.append(f"{self.player.name}: +{materials} ({why})")
        if lost:
            self.events.append(f"{self.player.name}: {lost} Hay lost (the Hay Sheds hold {capacity})")

    def pay(self, materials: Materials, why: str) -> None:
        self.update(materials=self.player.materials.minus(materials))
        self.events.append(f"{self.player.name}: paid {materials} ({why})")


def _facility(step: Step, facility_id: str | None) -> Facility:
    facility = step.sheet.facility(facility_id) if facility_id is not None else None
    if facility is None:
        raise RulesError(f'"{facility_id}" is not a facility; one of {_one_of(f.id for f in step.sheet.facilities)}')
    return facility


def building_cost(step: Step, facility: Facility, ruler_at: str) -> Materials:
    """The cost at the row's left end; the Market's upper field when the Ruler token is in
    your province, else its bottom field (rulebook: Building cost)."""
    if facility.has_two_costs:
        field = "upper" if ruler_at == step.player.province else "lower"
        return step.materials(f"building-cost:{facility.id}:{field}")
    return step.materials(f"building-cost:{facility.id}")


def travel_cost(step: Step, roads_to_pay: int) -> Materials:
    """Per road at your Horse-Riding Level (1 + Stables built; design page, gaps 6)."""
    if roads_to_pay == 0:
        return NOTHING
    level = horse_riding_level(step.player.count("stable"))
    return step.materials(f"travel:{level}").times(roads_to_pay)


def build_cost(step: Step, facility: Facility, roads_removed: int, beanzantine: bool) -> tuple[str, Materials]:
    """What building ``facility`` costs in all: the building cost plus travel by roads to
    the Ruler (the shorter way round) beyond the roads removed (rulebook: Travel cost)."""
    ruler_at = step.player.province if beanzantine else step.state.ruler
    distance = roads(step.state.map, step.player.province, ruler_at)
    to_pay = max(0, distance - roads_removed)
    cost = building_cost(step, facility, ruler_at)
    travel = travel_cost(step, to_pay)
    what = f"Building a {facility.name}"
    if to_pay:
        what += f" with travel for {to_pay} road{'s' if to_pay > 1 else ''} ({travel})"
    return what, cost + travel


def build(step: Step, facility_id: str, *, free: bool = False, roads_removed: int = 0,
          beanzantine: bool = False, payment: Materials | None = None) -> int:
    """Build one facility (rulebook: Build a Facility); the Development Bonuses it earns."""
    facility = _facility(step, facility_id)
    built = step.player.count(facility.id)
    icons = step.number(f"icons:{facility.id}")
    if built >= icons:
        raise RulesError(f"all {icons} {facility.name} icons are built")
    if beanzantine:
        if step.player.province != BEANZANTINE or free:
            raise RulesError("only Beanzantine may build as if the Ruler token were in its province")
        if step.player.ability_used:
            raise RulesError("Beanzantine's ability is used already; it works once per game")
        step.update(ability_used=True)
    if not free:
        what, cost = build_cost(step, facility, roads_removed, beanzantine)
        paid = check_payment(what, cost, step.player.materials, payment)
        step.pay(paid, f"{facility.name}")
        # The special card's removed road serves one build: "you must pay the travel cost
        # for building each facility" (rulebook: Travel cost).
        step.update(roads_removed=0)
    step.update(built=tuple((f, n + 1 if f == facility.id else n) for f, n in step.player.built))
    step.events.append(f"{step.player.name}: built {facility.name} {built + 1}" + (" for free" if free else ""))
    step.gain(Materials.of(PROVINCES[step.player.province].gain_per_build), "Cashew: a facility built")
    return 1 if facility.gives_development_bonus else 0


class BonusesDue(RulesError):
    """The action earns Development Bonuses the player has not chosen yet: ``due`` of
    ``left`` (ids); the app asks and sends the action again with them."""

    def __init__(self, reason: str, due: int, left: tuple[str, ...], where: str | None = None):
        self.due = due
        self.left = left
        super().__init__(reason, where)


def development_bonuses(step: Step, earned: int, chosen: tuple[str, ...], why: str) -> None:
    """One Development Bonus per ``earned``, each not yet gained, while any is left; its
    effect at once (rulebook: Gaining a Development Bonus)."""
    left = {b.id: b for b in step.sheet.development_bonuses or () if b.id not in step.player.development_bonuses}
    due = min(earned, len(left))
    if len(chosen) != due:
        if due == 0:
            raise RulesError("no Development Bonus is due" + (" (all are gained)" if earned else ""))
        raise BonusesDue(f"{why} gives {due} Development Bonus{'es' if due > 1 else ''}: "
                         f"choose {due} of {_one_of(left)}", due, tuple(left))
    for bonus_id in chosen:
        bonus = left.pop(bonus_id, None)
        if bonus is None:
            gained = bonus_id in step.player.development_bonuses
            raise RulesError(f'"{bonus_id}" is {"already gained" if gained else "not a Development Bonus"}; '
                             f"choose from {_one_of(left)}")
        step.update(development_bonuses=step.player.development_bonuses + (bonus_id,))
        step.events.append(f"{step.player.name}: Development Bonus {bonus.effect}")
        step.gain(Materials.of(bonus.gain), "Development Bonus")


def add_hay_shed(step: Step) -> None:
    """Fill the next Hay Shed while fewer than 2 are added, then gain 2 Hay (rulebook:
    Add a Hay Shed)."""
    if step.player.hay_sheds < step.sheet.extra_hay_sheds:
        step.number(f"hay-shed:{step.player.hay_sheds + 1}")  # its capacity, asked now
        step.update(hay_sheds=step.player.hay_sheds + 1)
        step.events.append(f"{step.player.name}: Hay Shed {step.player.hay_sheds} added")
    else:
        step.events.append(f"{step.player.name}: both extra Hay Sheds are added; only the Hay is gained")
    step.gain(Materials.of(HAY_SHED_GAIN), "Hay Shed")


# --- The round (rulebook: How to Play) ----------------------------------------------------


def round_over(state: State) -> bool:
    return all(p.actions for p in state.players)


def rounds_played(state: State) -> bool:
    """After the action of round 15: the sheets' DP icons are counted next."""
    return state.round == ROUNDS and round_over(state)


def players(state: State) -> tuple[str, ...]:
    return state.names


def is_over(state: State) -> bool:
    """Round 15 is played and every sheet's Development Passport icons are counted."""
    return rounds_played(state) and all(p.dp_icons is not None for p in state.players)


def _check_card(state: State, card: RoundCard, number: int) -> tuple[Facility, int] | None:
    """A facility and its Hay, or a special card the deck still holds in this part of it
    (rulebook: Forming a Deck of Round Cards; Variant Rules). The card's facility and Hay;
    None for the special card."""
    top = number <= TOP_DECK_CARDS
    part = range(1, TOP_DECK_CARDS + 1) if top else range(TOP_DECK_CARDS + 1, ROUNDS + 1)
    holds = ROUND_DECKS[state.deck][0 if top else 1]
    seen = sum(c.special for i, c in enumerate(state.cards, start=1) if i in part)
    cards = f"the {state.deck} deck's {'top' if top else 'bottom'} {len(part)} cards (rounds {part[0]}-{part[-1]})"
    if card.special:
        if card.facility is not None or card.hay is not None:
            raise RulesError("the special card shows no facility or Hay")
        if seen >= holds:
            raise RulesError(f"{cards} hold {holds} special card{'s' if holds != 1 else ''}"
                             + (", all revealed already" if holds else ""))
        return None
    if holds - seen >= part[-1] - number + 1:
        raise RulesError(f"round {number} must be a special card: {cards} hold {holds}, "
                         f"{holds - seen} not yet revealed")
    if card.facility is None or card.hay is None:
        raise RulesError("a Round card shows a facility and Hay; enter both (or the special card)")
    facility = state.rules.facility(card.facility)
    if facility is None:
        raise RulesError(f'"{card.facility}" is not a facility; one of {_one_of(f.id for f in state.rules.facilities)}')
    if not 0 <= card.hay <= MOST:
        raise RulesError(f"{card.hay} Hay: a Round card prints 0 to {MOST}")
    return facility, card.hay


def reveal(state: State, action: Reveal) -> State:
    """Card Reveal, then the Action Phase's first two steps for everyone: the Ruler moves
    one province clockwise from round 2 (Extra Income on the two marked moves), Income."""
    if state.round >= ROUNDS:
        raise RulesError(f"the game ends after round {ROUNDS}")
    waiting = [p.name for p in state.players if not p.actions]
    if state.round and waiting:
        raise RulesError(f"round {state.round} is not over: {_one_of(waiting)} "
                         f"{'has' if len(waiting) == 1 else 'have'} not taken an action")
    number = state.round + 1
    shown = _check_card(state, action.card, number)
    ruler = state.ruler
    events = [f"Round {number}: " + (f"{shown[0].name}, {shown[1]} Hay" if shown else "the special card")]
    extra = False
    if number > 1:
        ruler = state.map[(state.map.index(ruler) + 1) % len(state.map)]
        extra = (state.ruler, ruler) in EXTRA_INCOME_MOVES
        events.append(f"The Ruler moves to {PROVINCES[ruler].name}" + (": Extra Income" if extra else ""))
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
                                  f"Extra Income, {facility.name} {built}")
            if shown:
                row, card_hay = shown
                built = player.count(row.id)
                hay = step.number(f"hay-income:{row.id}:{built}") if built else card_hay
                step.gain(Materials(hay=hay), "Income")
        except UnknownPrintedValue as exc:
            raise UnknownPrintedValue(exc.key, exc.place, player.name) from None
        players.append(step.player)
        events.extend(step.events)
    return moved.changed(players=tuple(players), events=tuple(events))


def _may_act(state: State, player: PlayerState, kind: str) -> bool:
    """Whether this action uses Zoodai's ability; raises when the player may not act."""
    card = state.card
    if card is None:  # round 0
        raise RulesError("no Round card is revealed yet")
    if card.special and player.special_option is None:
        raise RulesError(f"round {state.round} has the special card: choose its income "
                         f"({_one_of(SPECIAL_CARD_OPTIONS)}) before your action")
    if not player.actions:
        return False
    taken = f"you have taken your action this round ({ACTION_NAMES[player.actions[0]]}); one action per round"
    if player.province == ZOODAI:
        if player.ability_used:
            raise RulesError(f"{taken}; Zoodai's ability is used already (once per game)")
        if player.actions == (kind,):
            return True
        raise RulesError(f"{taken}; Zoodai's ability repeats that same action")
    raise RulesError(taken)


def special_income(step: Step, action: SpecialIncome) -> None:
    """The special card: instead of the normal income, one of four options."""
    state = step.state
    if state.card is None or not state.card.special:
        raise RulesError(f"round {state.round}'s card is not the special card")
    if step.player.special_option is not None:
        raise RulesError(f"you chose the special card's {step.player.special_option!r} already")
    if step.player.actions:
        raise RulesError("income comes before the action")
    if action.option not in SPECIAL_CARD_OPTIONS:
        raise RulesError(f'"{action.option}" is not an option of the special card; one of '
                         f"{_one_of(SPECIAL_CARD_OPTIONS)}")
    step.update(special_option=action.option)
    if action.option == "travel":  # for this round's build
        step.update(roads_removed=step.player.roads_removed + 1)
        step.events.append(f"{step.player.name}: the travel cost for 1 road is removed this round")
    elif action.option == "hay-shed":
        add_hay_shed(step)
    else:
        step.gain(Materials.of(SPECIAL_CARD_GAINS[action.option]), "special card")


def hay_action(step: Step, action: HayActionTaken) -> None:
    """Pay the row's Hay, fill its leftmost square, its effect; the 3rd use gives a
    Development Bonus after the effect (rulebook: Perform a Hay Action; Details)."""
    row = step.sheet.hay_action(action.row)
    if row is None:
        raise RulesError(f'"{action.row}" is not a Hay action; one of {_one_of(r.id for r in step.sheet.hay_actions)}')
    uses = step.player.uses(row.id)
    if uses >= HAY_ACTION_USES_PER_ROW:
        raise RulesError(f'"{row.effect}" is used {uses} times; each Hay action at most {HAY_ACTION_USES_PER_ROW}')
    have = step.player.materials.hay
    if have < row.hay:
        raise RulesError(f'the Hay action "{row.effect}" costs {row.hay} Hay; you have {have} Hay')
    if (action.facility is not None) != bool(row.removes_roads):
        raise RulesError(f'"{row.effect}" builds a facility: choose one' if row.removes_roads
                         else f'"{row.effect}" builds nothing')
    if not row.removes_roads and (action.payment is not None or action.beanzantine):
        raise RulesError(f'"{row.effect}" pays nothing but its Hay')
    step.pay(Materials(hay=row.hay), f"Hay action: {row.effect}")
    step.update(hay_actions=tuple((r, n + 1 if r == row.id else n) for r, n in step.player.hay_actions))
    earned = 0
    if action.facility is not None:  # the row removes roads and builds (checked above)
        earned += build(step, action.facility, roads_removed=step.player.roads_removed + row.removes_roads,
                        beanzantine=action.beanzantine, payment=action.payment)
    step.gain(Materials.of(row.gain), f"Hay action: {row.effect}")
    if uses + 1 == HAY_ACTION_USES_PER_ROW:
        earned += 1
    development_bonuses(step, earned, action.development_bonuses, f'"{row.effect}" {uses + 1}. use')


def milestone(step: Step, action: Milestone) -> None:
    """The lowest unfilled number against the facilities built (the setup Farms count),
    then one Milestone Bonus not yet gained (rulebook: Achieve a Milestone)."""
    numbers = step.numbers("milestones")
    filled = step.player.milestones
    if filled >= len(numbers):
        raise RulesError(f"all milestones are achieved ({len(numbers)} on the sheet)")
    built = step.player.facilities_built
    if built < numbers[filled]:
        raise RulesError(f"the next milestone needs {numbers[filled]} facilities built; you have built {built}")
    bonus = step.sheet.milestone_bonus(action.bonus)
    left = [b.id for b in step.sheet.milestone_bonuses if b.id not in step.player.milestone_bonuses]
    if bonus is None or bonus.id not in left:
        gained = bonus is not None
        raise RulesError(f'"{action.bonus}" is {"already gained" if gained else "not a Milestone Bonus"}; '
                         f"choose from {_one_of(left)}")
    step.update(milestones=filled + 1, milestone_bonuses=step.player.milestone_bonuses + (bonus.id,))
    step.events.append(f"{step.player.name}: milestone {numbers[filled]} achieved; {bonus.effect}")
    step.gain(Materials.of(PROVINCES[step.player.province].gain_per_milestone), "Macadimia: a milestone")
    step.gain(Materials.of(bonus.gain), "Milestone Bonus")
    if bonus.builds:
        build(step, bonus.builds, free=True)


def _turn(step: Step, action: PlayerAction) -> None:
    if isinstance(action, SpecialIncome):
        special_income(step, action)
        return
    if isinstance(action, EnterDpIcons):
        if not rounds_played(step.state):
            raise RulesError(f"Development Passport icons are counted after round {ROUNDS}")
        if not 0 <= action.filled <= MOST:
            raise RulesError(f"{action.filled} Development Passport icons: enter 0 to {MOST}")
        step.update(dp_icons=action.filled)
        return
    zoodai = _may_act(step.state, step.player, action.kind)
    if zoodai:
        step.update(ability_used=True)
        step.events.append(f"{step.player.name}: Zoodai's ability, the action again")
    step.update(actions=step.player.actions + (action.kind,))
    if isinstance(action, Build):
        earned = build(step, action.facility, roads_removed=step.player.roads_removed,
                       beanzantine=action.beanzantine, payment=action.payment)
        development_bonuses(step, earned, action.development_bonuses, f"a {_facility(step, action.facility).name}")
    elif isinstance(action, HayActionTaken):
        hay_action(step, action)
    elif isinstance(action, Milestone):
        milestone(step, action)
    elif isinstance(action, AddHayShed):
        add_hay_shed(step)
    else:  # pragma: no cover
        raise TypeError(f"unhandled action {action!r}")


def least_icons(players: Iterable[PlayerState], key: str) -> int:
    """For ``icons:<facility>``: the most icons of that row any player has built already
    (a sheet prints at least as many); 0 for any other key."""
    name, _, facility = key.partition(":")
    return max((dict(p.built).get(facility, 0) for p in players), default=0) if name == "icons" else 0


def enter_printed_value(state: State, action: EnterPrintedValue) -> State:
    """Checked for sense, kept in the state by key; entered again, it is corrected."""
    value = check(state.rules, action.key, action.value, least_icons=least_icons(state.players, action.key))
    verb = "corrected" if action.key in state.entered else "entered"
    printed = tuple(p for p in state.printed if p.key != action.key) + (PrintedValue(key=action.key, value=value),)
    event = f"{spec(state.rules, action.key).place}: {shown(value)} ({verb})"
    return state.changed(printed=printed, events=(event,))


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises RulesError and leaves ``state`` as it was."""
    if isinstance(action, Reveal):
        return reveal(state, action)
    if isinstance(action, EnterPrintedValue):
        return enter_printed_value(state, action)
    player = state.player(action.player)
    step = Step(state, player)
    try:
        _turn(step, action)
    except UnknownPrintedValue as exc:
        raise UnknownPrintedValue(exc.key, exc.place, player.name) from None
    except BonusesDue as exc:
        raise BonusesDue(exc.reason, exc.due, exc.left, player.name) from None
    except RulesError as exc:
        raise RulesError(exc.reason, player.name) from None
    players = tuple(step.player if p.name == player.name else p for p in state.players)
    return state.changed(players=players, events=tuple(step.events))


# --- What the app shows before a tap ----------------------------------------------------


def quote(state: State, action: Build | HayActionTaken) -> tuple[str, Materials, Materials, Materials | None]:
    """For the payment screen of a build (or of the ``travel`` row's build): what it is in
    words, its whole cost, what the player has to pay it with (after the row's Hay), and
    the proposed payment (None: they cannot pay). Raises UnknownPrintedValue like apply."""
    player = state.player(action.player)
    step = Step(state, player)
    removed, have = player.roads_removed, player.materials
    if isinstance(action, HayActionTaken):
        row = step.sheet.hay_action(action.row)
        removed += row.removes_roads if row else 0
        have = have.changed(hay=max(0, have.hay - (row.hay if row else 0)))
    what, cost = build_cost(step, _facility(step, action.facility), removed, action.beanzantine)
    return what, cost, have, propose(have, cost)


def hay_capacity(state: State, name: str) -> int:
    """The Hay the player's sheds hold: 30 plus each added shed's entered capacity."""
    return Step(state, state.player(name)).capacity()


def why_not(state: State, action: Action) -> str | None:
    """Why the rules refuse ``action`` now, in the player's words; None when they allow
    it, or would once a printed value is entered or Development Bonuses are chosen."""
    try:
        apply(state, action)
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
    return scorer.State(
        sheet=state.sheet,
        players=tuple(
            PlayerSheet(
                name=p.name, province=p.province, facilities=p.built, dp_icons=p.dp_icons or 0,
                milestone_bonuses=p.milestone_bonuses,
                development_bonuses=tuple(b.id for b in state.rules.development_bonuses or ()
                                          if b.id in p.development_bonuses),
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
        raise RulesError(f"the game is not over: it exports once round {ROUNDS} is played and every "
                         "sheet's Development Passport icons are counted")
    return scorefile.export(scored_sheet(state))


def result(state: State) -> GameResult:
    """The scorer's breakdown, ranks, winners and solitaire rating; winners once round 15
    is played and every player's Development Passport icons are entered."""
    return scorer.result(scored_sheet(state))
