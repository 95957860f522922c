"""What a state of the live sheet allows one player (the game contract's ``allowed``): every
action button with the rules' reason (None: allowed), and the offers that go with them:
what a button asks next (the facility a Hay action builds, the province a Bridge joins, the
Milestone Bonus), the payment proposed for a build or a Contract (B: with Beanichalcum for
the travel when only that pays it), Beanzantine's build as if the Ruler were there; and,
for an action as it stands, what it still needs before it is an entry (``needs``: a
printed value, a bonus to choose, or the refusal), so an app asks before it sends.

Pure: worked out from the state alone. The answer weighs only the table (sheet, map,
Ruler, round, cards, printed values) and that player's own state (``grounds``), never
another player's or the events; the session keeps it by those grounds, so Ben's answer
is not worked out again when Ann's entry changes the state. A rule that comes to read
another player's sheet or the events must add it to ``grounds``: the random-play test
compares ``allowed`` with ``why_not`` and equal grounds with equal answers.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import Literal

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live.engine import (
    BEANZANTINE,
    BonusesDue,
    apply,
    bridge_options,
    contract_quote,
    free_bridge_passes,
    quote,
    why_not,
)
from sheets.gone_with_the_beans.live.materials import NOTHING, Materials, missing, rates
from sheets.gone_with_the_beans.live.model import (
    Action,
    AddHayShed,
    Build,
    ExecuteContract,
    Forgo,
    HayActionTaken,
    Milestone,
    PlayerAction,
    PlayerState,
    Reveal,
    RoundCard,
    SpecialIncome,
    State,
)
from sheets.gone_with_the_beans.live.printed import UnknownPrintedValue, lookup
from sheets.gone_with_the_beans.sheets import HAY_ACTION_USES_PER_ROW, SPECIAL_CARD_OPTIONS
from sheets.i18n import _
from sheets.model import Hashed

Paid = Build | HayActionTaken | ExecuteContract  # an action whose cost the player pays, as proposed or as chosen
OfferKind = Literal["income", "build", "beanzantine", "hay-action", "milestone", "hay-shed", "forgo", "contract"]
Ask = Literal["facility", "bridge", "milestone"]
SPECIAL_CARD = Reveal(card=RoundCard(special=True))
CONTRACTS_FIRST = "contracts-first"  # D's travel row: an option that leaves the build waiting


@dataclass(frozen=True)
class Needed:
    """A printed value play needs before it can go on: its key and where it is printed."""

    key: str
    place: str


@dataclass(frozen=True)
class Due:
    """What an action earns that the player has not chosen yet: ``due`` of ``left`` (ids)
    into the action's ``field`` (Development Bonuses; on D a Contract or a Milestone
    Bonus), the ids chosen so far already in it. ``title`` is English (N_), translated
    where shown."""

    field: str
    due: int
    left: tuple[str, ...]
    title: str


@dataclass(frozen=True)
class Refused:
    """Why the rules refuse an action whatever is chosen or entered for it."""

    reason: str


# What an action still needs before it is an entry (``needs``); None: nothing, make it.
Missing = Needed | Due | Refused | None


@dataclass(frozen=True)
class Payment:
    """What paying for ``asked`` comes to: ``action`` is what is paid (on B the same build
    with 1 Beanichalcum for the travel when only that pays it), ``what`` it is in words, its
    whole ``cost``, what the player ``has`` to pay it with and the ``proposed`` payment.
    When proposed is None: ``refusal``, why the rules refuse it whatever is paid, or
    ``short``, what the warehouse lacks; or ``needs``, a printed value to enter first.
    ``other``: the same build with its travel paid the other way (B), offered beside the
    payment."""

    asked: Paid
    action: Paid
    what: str = ""
    cost: Materials = NOTHING
    has: Materials = NOTHING
    proposed: Materials | None = None
    refusal: str | None = None
    short: str | None = None
    needs: Needed | None = None
    other: Build | HayActionTaken | None = None


@dataclass(frozen=True)
class Offer:
    """One button: ``action`` is what its tap sends (or starts: paid first when ``pays``;
    when ``then``, a choice comes first, whose options fill it in). ``reason``: why the
    rules refuse it now, None when allowed: the first reason of ``tries``, the actions it
    stands for, when ``why_not`` refuses every one of them (a button that opens a choice
    is allowed when one of its choices is; B's build when it is, with or without
    Beanichalcum for the travel). ``uses``: a Hay action's uses so far. ``needs``: a
    printed value the button asks for before its choice, as whether it is allowed depends
    on it (the milestone's numbers: a milestone out of reach is refused before a bonus is
    chosen); then the button is tapped again."""

    kind: OfferKind
    action: PlayerAction
    reason: str | None
    tries: tuple[PlayerAction, ...]
    pays: bool = False
    then: Choice | None = None
    uses: int = 0
    needs: Needed | None = None


@dataclass(frozen=True)
class Choice:
    """What a button asks before its action: ``ask`` ("facility", "bridge", "milestone"),
    each option an id (a facility, a province, a Milestone Bonus) and its offer."""

    ask: Ask
    options: tuple[tuple[str, Offer], ...]


@dataclass(frozen=True)
class Allowed:
    """What ``player`` may do now ("": the table, whose one button is the special Round
    card). ``income``: the special card's options, chosen before the action (then
    ``actions`` is empty); ``actions``: the round's action (or what is ``owed`` at once,
    which ``forgo`` lets pass when it cannot be performed), in the sheet's order; ``taken``: this round's action kinds;
    ``contracts``: D's gained Contracts not executed yet; ``payments``: every payment a
    button or a choice may start, by the action asked."""

    player: str
    special_card: str | None = None
    income: tuple[Offer, ...] = ()
    actions: tuple[Offer, ...] = ()
    taken: tuple[str, ...] = ()
    owed: str | None = None
    forgo: Offer | None = None
    contracts: tuple[Offer, ...] = ()
    payments: tuple[Payment, ...] = ()

    def offer(self, action: PlayerAction) -> Offer | None:
        """The button whose tap sends (or starts) ``action``, if it is one of them now."""
        buttons = (*self.income, *self.actions, *self.contracts, *((self.forgo,) if self.forgo else ()))
        return next((o for o in buttons if o.action == action), None)

    def payment(self, action: Paid) -> Payment | None:
        """The payment ``action`` starts, if a button or a choice offers it now."""
        return next((p for p in self.payments if p.asked == action), None)


def grounds(state: State, player: str) -> Hashable | None:
    """What ``allowed(state, player)`` weighs: the table and that player's own state,
    hashed once per state (kept on the state, checked against what it was made of); a
    name not playing (the table's ""): None, the whole state."""
    if player not in state.names:
        return None
    me = state.player(player)
    table = (state.sheet, state.map, state.ruler, state.round, state.cards, state.printed)
    kept = state.worked_out
    hit = kept.get(player)
    if hit is not None and hit[0] is me and all(a is b for a, b in zip(hit[1], table)):
        return hit[2]
    made = kept.get("")
    if made is None or not all(a is b for a, b in zip(made[1], table)):
        made = (None, table, Hashed(table))
        kept[""] = made
    found = Hashed((made[2], me))
    kept[player] = (me, table, found)
    return found


class _Asking:
    """One call's work: ``why_not`` asked once per action, payments gathered as offered."""

    def __init__(self, state: State, player: PlayerState) -> None:
        self.state = state
        self.player = player
        self.name = player.name
        self.sheet = state.rules
        self.reasons: dict[PlayerAction, str | None] = {}
        self.payments: dict[Paid, Payment] = {}

    def why_not(self, action: PlayerAction) -> str | None:
        if action not in self.reasons:
            self.reasons[action] = why_not(self.state, action)
        return self.reasons[action]

    def why_none_of(self, actions: Iterable[PlayerAction]) -> str | None:
        """The first one's reason when every one is refused (a button that opens a choice
        is allowed when one of its choices is); None when any is allowed."""
        reasons = [self.why_not(a) for a in actions]
        return reasons[0] if reasons and None not in reasons else None

    def offer(self, kind: OfferKind, action: PlayerAction, tries: tuple[PlayerAction, ...] | None = None,
              then: Choice | None = None, uses: int = 0, refused: str | None = None) -> Offer:
        """A button standing for ``tries`` (``action`` alone by default); ``refused``: the
        reason when it stands for none."""
        tries = (action,) if tries is None else tries
        reason = self.why_none_of(tries) if tries else refused
        paid = paid_first(action) if then is None else None
        if paid is not None:
            self.pay(paid)
            return Offer(kind, action, reason, tries, pays=True, uses=uses)
        return Offer(kind, action, reason, tries, then=then, uses=uses)

    def pay(self, asked: Paid) -> None:
        """The payment ``asked`` starts and, on B, those of the build it pays instead and
        of its other way of paying the travel (offered beside it)."""
        if asked in self.payments:
            return
        found = self.payments[asked] = payment_of(self.state, asked)
        for more in (found.action, found.other):
            if more is not None and more not in self.payments:
                self.payments[more] = payment_of(self.state, more)

    def bridges(self, kind: OfferKind, base: Build | HayActionTaken | Milestone) -> Choice:
        """The provinces a Bridge may join, each ``base`` joining it (a build paid first)."""
        options: list[tuple[str, Offer]] = []
        for province in bridge_options(self.state, self.name):
            options.append((province, self.offer(kind, base.changed(bridge_to=province))))
        return Choice("bridge", tuple(options))


def paid_first(action: Action) -> Paid | None:
    """The action, if the player pays it before it is made (a build, a Hay action's build,
    a Contract): its payment is proposed first and may be changed; None otherwise."""
    if isinstance(action, (Build, ExecuteContract)) or isinstance(action, HayActionTaken) and action.facility is not None:
        return action
    return None


def needs(state: State, action: Action) -> Missing:
    """What ``action`` still needs before it is an entry, said before it is made: a printed
    value nobody has entered (``Needed``: asked of the player, never invented; design page,
    "Printed values the rulebook does not give"), what it earns still to choose (``Due``),
    or the rules' refusal (``Refused``); None when it can be made now."""
    try:
        apply(state, action, quick=True)
    except UnknownPrintedValue as exc:
        return Needed(exc.key, exc.place)
    except BonusesDue as exc:
        return Due(exc.field, exc.due, exc.left, exc.title)
    except RulesError as exc:
        return Refused(exc.reason)
    return None


def payment_of(state: State, asked: Paid) -> Payment:
    """What paying for ``asked`` comes to (``Payment``)."""
    sheet = state.rules
    try:
        if isinstance(asked, ExecuteContract):
            what, cost, has, proposed = contract_quote(state, asked.player, asked.contract)
        else:
            what, cost, has, proposed = quote(state, asked)
    except UnknownPrintedValue as exc:
        return Payment(asked, asked, needs=Needed(exc.key, exc.place))
    except RulesError as exc:
        return Payment(asked, asked, refusal=exc.reason)
    other: Build | HayActionTaken | None = None
    if sheet.beanichalcum_travel_roads and not isinstance(asked, ExecuteContract):
        toggled = asked.changed(beanichalcum_travel=not asked.beanichalcum_travel)
        try:
            other_quote = quote(state, toggled)
            other = toggled
        except RulesError:
            other_quote = None
        if proposed is None and not asked.beanichalcum_travel and other_quote is not None \
                and other_quote[3] is not None:  # B: 1 Beanichalcum for the travel makes it payable
            what, cost, has, proposed = other_quote
            return Payment(asked, toggled, what, cost, has, proposed, other=asked)
    if proposed is None:
        short = missing(cost, has, rates(sheet.substitutions))
        return Payment(asked, asked, what, cost, has, None, other=other, short=_(
            "{what} costs {cost}; you have {have}: {short} missing").format(
            what=what, cost=cost.said, have=has.said, short=short.said))
    return Payment(asked, asked, what, cost, has, proposed, other=other)


def allowed(state: State, player: str) -> Allowed:
    """What ``player`` may do now (``Allowed``); the table's ("" or a name not playing):
    whether the special Round card may be revealed."""
    if player not in state.names:
        return Allowed(player="", special_card=why_not(state, SPECIAL_CARD))
    me = state.player(player)
    asking = _Asking(state, me)
    contracts = tuple(asking.offer("contract", ExecuteContract(player=player, contract=c))
                      for c in me.contracts_gained if c not in me.contracts_executed)
    if state.card is not None and state.card.special and me.special_option is None and not me.due:
        income = tuple(asking.offer("income", SpecialIncome(player=player, option=o)) for o in SPECIAL_CARD_OPTIONS)
        return Allowed(player=player, income=income, taken=me.actions, contracts=contracts,
                       payments=tuple(asking.payments.values()))
    owed = me.due[0] if me.due else None
    actions = (*builds(asking), *hay_actions(asking), milestone(asking),
               asking.offer("hay-shed", AddHayShed(player=player)))
    # "Let it pass": only what cannot be performed (design page, reading 9)
    forgo = asking.offer("forgo", Forgo(player=player)) if owed else None
    return Allowed(player=player, actions=actions, taken=me.actions, owed=owed, forgo=forgo,
                   contracts=contracts, payments=tuple(asking.payments.values()))


def builds(asking: _Asking) -> list[Offer]:
    """A button per facility; Beanzantine's player, while the ability is unused and the
    Ruler elsewhere, one more per facility as if the Ruler were in Beanzantine."""
    sheet, me, name = asking.sheet, asking.player, asking.name
    offers = [build_offer(asking, Build(player=name, facility=f.id)) for f in sheet.facilities]
    if me.province == BEANZANTINE and not me.ability_used and asking.state.ruler != BEANZANTINE:
        offers += [build_offer(asking, Build(player=name, facility=f.id, beanzantine=True))
                   for f in sheet.facilities if f.id != "bridge"]
    return offers


def build_offer(asking: _Asking, action: Build) -> Offer:
    """A build, paid first; C's Bridge asks first which province it joins; on B the
    build is allowed when it is with 1 Beanichalcum for the travel."""
    kind: OfferKind = "beanzantine" if action.beanzantine else "build"
    if action.facility == "bridge":
        then = asking.bridges(kind, action)
        return asking.offer(kind, action, options_of(then), then=then,
                            refused=_("every adjacent province is joined already"))
    if asking.sheet.beanichalcum_travel_roads:
        return asking.offer(kind, action, (action, action.changed(beanichalcum_travel=True)))
    return asking.offer(kind, action)


def options_of(choice: Choice, leave_out: str | None = None) -> tuple[PlayerAction, ...]:
    return tuple(o.action for option, o in choice.options if option != leave_out)


def hay_actions(asking: _Asking) -> list[Offer]:
    """A button per Hay action row: one that builds asks which facility (allowed when it
    can build any but a Bridge; on D with gained Contracts also CONTRACTS_FIRST: the build
    waits while they are executed); the 3rd use of C's rising row asks where its free Bridge
    goes."""
    sheet, name = asking.sheet, asking.name
    offers = []
    for row in sheet.hay_actions:
        uses = asking.player.uses(row.id)
        plain = HayActionTaken(player=name, row=row.id)
        if row.removes_roads or row.builds:
            options: list[tuple[str, Offer]] = []
            for facility in sheet.facilities:
                action = plain.changed(facility=facility.id)
                if facility.id == "bridge":  # which province it joins comes first
                    then = asking.bridges("hay-action", action)
                    options.append((facility.id, asking.offer("hay-action", action, options_of(then), then=then,
                                                              refused=_("no province left for a Bridge"))))
                else:
                    options.append((facility.id, asking.offer("hay-action", action)))
            if row.removes_roads and sheet.contracts is not None and asking.player.contracts_gained:
                # D: the build may wait while Contracts are executed (design page, reading 8)
                options.append((CONTRACTS_FIRST, asking.offer("hay-action", plain)))
            choice = Choice("facility", tuple(options))
            offers.append(asking.offer("hay-action", plain, options_of(choice, leave_out="bridge"), then=choice,
                                       uses=uses))
        elif row.third_use_free_bridge and uses == HAY_ACTION_USES_PER_ROW - 1 \
                and not free_bridge_passes(asking.state, name):  # else it passes, asking nothing (gaps 16)
            then = asking.bridges("hay-action", plain)
            offers.append(asking.offer("hay-action", plain, options_of(then), then=then, uses=uses,
                                       refused=_("no province left for a Bridge")))
        else:
            offers.append(asking.offer("hay-action", plain, uses=uses))
    return offers


def milestone(asking: _Asking) -> Offer:
    """The milestone button asks which Milestone Bonus (one that builds a Bridge, where);
    its action names no bonus yet. Allowed when one of the bonuses left is."""
    sheet, me, name = asking.sheet, asking.player, asking.name
    options: list[tuple[str, Offer]] = []
    for bonus in sheet.milestone_bonuses:
        if bonus.id in me.milestone_bonuses:
            continue
        action = Milestone(player=name, bonus=bonus.id)
        if bonus.builds == "bridge" and not free_bridge_passes(asking.state, name):  # else it passes (gaps 16)
            then = asking.bridges("milestone", action)
            options.append((bonus.id, asking.offer("milestone", action, options_of(then), then=then,
                                                   refused=_("no province left for a Bridge"))))
        else:
            options.append((bonus.id, asking.offer("milestone", action)))
    tries = tuple(Milestone(player=name, bonus=b) for b, _o in options)
    offer = asking.offer("milestone", Milestone(player=name, bonus=""), tries, then=Choice("milestone", tuple(options)),
                         refused=_("every Milestone Bonus is gained"))
    if offer.reason is None:  # the numbers first: whether a milestone is in reach (issue 32)
        try:
            lookup(sheet, asking.state.entered, "milestones")
        except UnknownPrintedValue as exc:
            return replace(offer, needs=Needed(exc.key, exc.place))
    return offer


def refusals(answer: Allowed) -> Iterable[tuple[Offer, tuple[PlayerAction, ...]]]:
    """Every offer of ``answer`` (its buttons and what they ask) with the actions it stands
    for: its reason is what ``why_none_of`` says of them (tests compare them)."""
    stack = [*answer.income, *answer.actions, *answer.contracts, *((answer.forgo,) if answer.forgo else ())]
    while stack:
        offer = stack.pop()
        if offer.then is not None:
            stack += [o for _id, o in offer.then.options]
        yield offer, offer.tries
