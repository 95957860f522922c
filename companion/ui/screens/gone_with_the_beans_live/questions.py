"""The live sheet's questions as a pure step function: what a tap still needs before it is
an entry, the next question to show, and the entry to make once nothing is missing.

``next_step(pending, event, state, allowed)`` takes the question open on one sheet (None:
none), what the player did (``Event``), the game as it stands and what the rules allow
that sheet's player now (the engine's ``allowed``, kept by the session), and returns a
``Step``: the question to show next, the entry to send, or the rules' refusal. Everything
it knows of the rules is the engine's answer before the entry: a button's ``Offer`` (its
reason, the value it asks first, its choice, its payment), ``Allowed.payment`` and, for
an action as it stands, ``needs`` (a printed value to read off the sheet, what it earns
still to choose, or why not). No Flet here, no exceptions for the flow, no flags: the play
screen keeps one pending question per sheet and calls this on each tap and each change.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheets.gone_with_the_beans.live import (
    Action, Allowed, Choice, Due, EnterPrintedValue, Needed, Offer, Paid, Payment, PlayerAction, Refused, Reveal,
    State, needs, paid_first, payment_of,
)

# -- what is pending on a sheet -----------------------------------------------------------------


@dataclass(frozen=True)
class Tap:
    """A player's button (an action as the rules offer it now: its value, choice or payment first)."""

    action: PlayerAction


@dataclass(frozen=True)
class Pay:
    """Show the payment of a build or a Contract (on B also the other way of paying the travel)."""

    paid: Paid


@dataclass(frozen=True)
class Send:
    """An entry as it stands (paid as composed, the Round card, the DP icons): made once nothing is missing."""

    action: Action


@dataclass(frozen=True)
class Pick:
    """An option of the open question: a choice's option or a bonus."""

    option: str


@dataclass(frozen=True)
class ValueEntered:
    """The printed value asked for was entered (the game now holds it, unless it was refused)."""


@dataclass(frozen=True)
class Cancel:
    """The player closes the open question."""


@dataclass(frozen=True)
class Changed:
    """The game changed (another phone, an Undo): is the open question still the one to ask?"""


Event = Tap | Pay | Send | Pick | ValueEntered | Cancel | Changed


@dataclass(frozen=True)
class AskValue:
    """A printed value play needs now; once entered, ``then`` runs again."""

    needs: Needed
    then: Tap | Pay | Send


@dataclass(frozen=True)
class AskPayment:
    """The payment of a build or a Contract, proposed by the engine, for the player to check."""

    payment: Payment


@dataclass(frozen=True)
class AskBonus:
    """What ``action`` earns, still to choose (``due``); the ids chosen so far are in the action."""

    action: PlayerAction
    due: Due

    @property
    def picked(self) -> tuple[str, ...]:
        chosen: tuple[str, ...] = getattr(self.action, self.due.field)
        return chosen

    @property
    def options(self) -> tuple[str, ...]:
        return tuple(b for b in self.due.left if b not in self.picked)


@dataclass(frozen=True)
class AskChoice:
    """What a button asks before its action (a facility, a Milestone Bonus, a province);
    ``button``: the action of the offer that opened it."""

    choice: Choice
    button: PlayerAction


Pending = AskValue | AskPayment | AskBonus | AskChoice


@dataclass(frozen=True)
class Step:
    """What comes of an event: the question now open (None: none), the entry to make, or
    why the rules refuse the tap (the question it came from stays)."""

    pending: Pending | None
    send: Action | None = None
    refusal: str | None = None


def owner(action: Action) -> str:
    """Whose sheet an entry's question stays with ("": the table's)."""
    return "" if isinstance(action, (Reveal, EnterPrintedValue)) else action.player


# -- the step function --------------------------------------------------------------------------


def next_step(pending: Pending | None, event: Event, state: State, allowed: Allowed | None) -> Step:
    """The question after ``event`` on the sheet where ``pending`` is open; ``allowed``: what
    the rules allow that sheet's player in ``state`` (None: the table's question)."""
    if isinstance(event, Cancel):
        return Step(None)
    if isinstance(event, Changed):
        return _settled(pending, state, allowed)
    if isinstance(event, ValueEntered):
        if not isinstance(pending, AskValue) or pending.needs.key not in state.entered:
            return Step(pending)  # nothing was asked, or the value was refused: the question stays
        return _run(None, pending.then, state, allowed)
    if isinstance(event, Pick):
        return _pick(pending, event.option, state, allowed)
    return _run(pending, event, state, allowed)


def _run(pending: Pending | None, event: Tap | Pay | Send, state: State, allowed: Allowed | None) -> Step:
    if isinstance(event, Tap):
        offer = find_offer(allowed, event.action)
        if offer is not None:
            return _tapped(pending, offer, state, allowed)
        paid = paid_first(event.action)  # not offered now (the game moved on): the engine says why
        return _pay(pending, paid, state, allowed) if paid is not None else _send(pending, event.action, state)
    if isinstance(event, Pay):
        return _pay(pending, event.paid, state, allowed)
    return _send(pending, event.action, state)


def _tapped(pending: Pending | None, offer: Offer, state: State, allowed: Allowed | None) -> Step:
    """A button or a choice's option, as the rules offer it: refused, a value it asks
    first, its choice, its payment, or the entry."""
    if offer.reason is not None:
        return Step(pending, refusal=offer.reason)
    if offer.needs is not None:  # a value that decides whether the button is allowed: first
        return Step(AskValue(offer.needs, Tap(offer.action)))
    if offer.then is not None:
        return Step(AskChoice(offer.then, offer.action))
    paid = paid_first(offer.action)
    if paid is not None and offer.pays:
        return _pay(pending, paid, state, allowed)
    return _send(pending, offer.action, state)


def _pay(pending: Pending | None, paid: Paid, state: State, allowed: Allowed | None) -> Step:
    """The cost and the payment the engine proposes; a printed value first if unknown; what
    is missing (and no payment) when the warehouse cannot pay."""
    payment = (allowed.payment(paid) if allowed is not None else None) or payment_of(state, paid)
    if payment.needs is not None:
        return Step(AskValue(payment.needs, Pay(paid)))
    if payment.refusal is not None:
        return Step(pending, refusal=payment.refusal)
    if payment.proposed is None:
        return Step(None, refusal=payment.short)
    return Step(AskPayment(payment))


def _send(pending: Pending | None, action: Action, state: State) -> Step:
    """The entry, once the engine says nothing is missing; else what it still needs."""
    missing = needs(state, action)
    if missing is None:
        return Step(None, send=action)
    if isinstance(missing, Refused):
        return Step(pending, refusal=missing.reason)
    if isinstance(missing, Needed):
        return Step(AskValue(missing, Send(action)))
    if isinstance(action, (Reveal, EnterPrintedValue)):  # the table's entries earn nothing
        return Step(pending, send=action)
    return Step(AskBonus(action, missing))


def _pick(pending: Pending | None, option: str, state: State, allowed: Allowed | None) -> Step:
    """An option of the open choice (its offer, as a button), or the next bonus chosen
    (then what the action still needs: another bonus, or nothing)."""
    if isinstance(pending, AskChoice):
        offer = dict(pending.choice.options).get(option)
        return _tapped(pending, offer, state, allowed) if offer is not None else Step(pending)
    if isinstance(pending, AskBonus) and option in pending.options:
        chosen = pending.action.changed(**{pending.due.field: (*pending.picked, option)})
        return _send(pending, chosen, state)
    return Step(pending)


def find_offer(allowed: Allowed | None, action: PlayerAction) -> Offer | None:
    """The offer of ``action`` now: a button, or an option of a button's choice."""
    if allowed is None:
        return None
    found = allowed.offer(action)
    if found is not None:
        return found
    stack = [o for o in (*allowed.income, *allowed.actions, *allowed.contracts) if o.then is not None]
    while stack:
        offer = stack.pop()
        for _option, inner in offer.then.options if offer.then is not None else ():
            if inner.action == action:
                return inner
            if inner.then is not None:
                stack.append(inner)
    return None


def _settled(pending: Pending | None, state: State, allowed: Allowed | None) -> Step:
    """The open question after another change of the game: the same while it still is the
    one to ask; else the question that follows from the same tap, or none. A change
    elsewhere never sends an entry from this phone, nor shows a refusal on it."""
    if pending is None:
        return Step(None)
    if isinstance(pending, AskValue):
        if pending.needs.key not in state.entered:
            return Step(pending)
        after = _run(None, pending.then, state, allowed)  # entered on another phone: go on as if here
    elif isinstance(pending, AskPayment):
        after = _pay(None, pending.payment.asked, state, allowed)
    elif isinstance(pending, AskBonus):
        missing = needs(state, pending.action)
        return Step(AskBonus(pending.action, missing) if isinstance(missing, Due) else None)
    else:
        offer = find_offer(allowed, pending.button)
        if offer is None or offer.reason is not None or offer.then is None:
            return Step(None)
        return Step(AskChoice(offer.then, pending.button))
    return Step(after.pending if after.send is None and after.refusal is None else None)
