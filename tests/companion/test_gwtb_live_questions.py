"""The live sheet's questions as a pure step function (issue 45), without Flet: what a tap
still needs comes from the engine before the entry (its offers, ``needs``), the next
question follows from the open one and the event, and an entry is sent only once nothing
is missing. Design page (shared/design/gone-with-the-beans.md), "Printed values the
rulebook does not give": a value the rulebook does not state is asked of the player where
play first needs it, described by where it is printed, checked, never invented.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from companion.ui.screens.gone_with_the_beans_live.questions import (
    AskBonus, AskChoice, AskPayment, AskValue, Cancel, Changed, Event, Pay, Pending, Pick, Send, Step, Tap,
    ValueEntered, next_step, owner,
)
from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import (
    AddHayShed, Build, Due, EnterPrintedValue, HayActionTaken, Materials, Milestone, Needed, State, allowed, apply,
    new_game, why_not,
)
from testkit.gwtb_live_play import ENTERED, card, enter, give, setup

UNKNOWN = ("hay-shed", "milestones")  # left for the player to read off the sheet in these tests


def round_one(*unknown: str) -> State:
    """Ann (Macadimia, where the Ruler starts: no travel) and Ben, round 1 revealed; every
    test value entered but those whose keys start with ``unknown``."""
    state = new_game(setup(("Ann", "macadimia"), ("Ben", "zoodai")))
    state = enter(state, [k for k in ENTERED if not k.startswith(unknown)] if unknown else None)
    return apply(state, card("farm", 3))


def step(pending: Pending | None, event: Event, state: State, player: str = "Ann") -> Step:
    return next_step(pending, event, state, allowed(state, player))


def value_entered(state: State, key: str) -> State:
    return apply(state, EnterPrintedValue(key=key, value=ENTERED[key]))


def test_a_value_play_needs_is_asked_where_it_is_printed_then_the_tap_is_sent():
    """Add a Hay Shed: its capacity is not stated (design page, "Printed values the rulebook
    does not give"): asked first, described by its place; once entered, the entry goes."""
    state = round_one(*UNKNOWN)
    shed = AddHayShed(player="Ann")
    asked = step(None, Tap(shed), state)
    assert asked == Step(AskValue(Needed("hay-shed:1", "Hay the added Hay Shed 1 holds, Sheet A"), Send(shed)))
    state = value_entered(state, "hay-shed:1")
    assert step(asked.pending, ValueEntered(), state) == Step(None, send=shed)
    assert apply(state, shed).player("Ann").hay_sheds == 1


def test_a_value_the_rules_refuse_leaves_the_question_open():
    """A value that cannot be printed there is refused by the engine (nothing changes), and
    the question stays: nothing is invented in its place."""
    state = round_one(*UNKNOWN)
    asked = step(None, Tap(AddHayShed(player="Ann")), state).pending
    with pytest.raises(RulesError, match="enter 1 to 30"):
        apply(state, EnterPrintedValue(key="hay-shed:1", value=0))
    assert step(asked, ValueEntered(), state) == Step(asked)


def test_a_refused_tap_says_the_rules_reason_and_sends_nothing():
    state = apply(round_one(), AddHayShed(player="Ann"))
    shed = AddHayShed(player="Ann")
    refused = step(None, Tap(shed), state)
    assert refused == Step(None, refusal=why_not(state, shed))
    assert refused.refusal is not None and "one action per round" in refused.refusal


def two_built(state: State) -> State:
    """Round 1 played: Ann builds a Market (2 Thaler: the Ruler is in her province), her
    second facility beside the setup Farm; Ben gains a Worker; round 2 revealed."""
    state = apply(give(state, "Ann", thaler=2), Build(player="Ann", facility="market"))
    state = apply(state, HayActionTaken(player="Ben", row="worker"))
    return apply(state, card("farm", 3))


def test_the_milestone_asks_for_the_sheets_numbers_first_then_for_the_bonus():
    """The milestone button: the sheet's numbers decide whether it is allowed, so they come
    before the choice of a Milestone Bonus (issue 32); then the chosen bonus is the entry."""
    state = two_built(round_one(*UNKNOWN))
    button = Milestone(player="Ann", bonus="")
    asked = step(None, Tap(button), state)
    assert asked == Step(AskValue(Needed("milestones", 'the numbers in the "No. of facilities" field, left to right, '
                                                      "Sheet A"), Tap(button)))
    state = value_entered(state, "milestones")  # 2, 4, 6, ...: the setup Farm and the Market reach 2
    choice = step(asked.pending, ValueEntered(), state)
    assert isinstance(choice.pending, AskChoice) and choice.pending.choice.ask == "milestone"
    assert choice.send is None and choice.refusal is None
    assert step(choice.pending, Pick("thaler"), state) == Step(None, send=Milestone(player="Ann", bonus="thaler"))


def test_a_milestone_out_of_reach_is_refused_once_the_numbers_are_known():
    """Rulebook, Achieve a Milestone: the lowest unfilled number against the facilities
    built; with only the setup Farm, the numbers entered refuse the button, no bonus asked."""
    state = round_one(*UNKNOWN)
    asked = step(None, Tap(Milestone(player="Ann", bonus="")), state).pending
    state = value_entered(state, "milestones")
    assert step(asked, ValueEntered(), state) == Step(
        None, refusal="the next milestone needs 2 facilities built; you have built 1")


def test_a_build_shows_its_payment_then_asks_for_the_development_bonus_it_earns():
    """A Silo gives a Development Bonus (design page, reading 5): the payment first (the
    engine's proposal), then the bonus, then the entry with both."""
    state = give(round_one(), "Ann", thaler=9, bean=9, worker=2, hay=10)
    silo = Build(player="Ann", facility="silo")
    paying = step(None, Tap(silo), state)
    assert isinstance(paying.pending, AskPayment)
    assert paying.pending.payment.proposed == Materials(thaler=2, bean=2)
    paid = silo.changed(payment=paying.pending.payment.proposed)
    bonus = step(paying.pending, Send(paid), state)
    assert isinstance(bonus.pending, AskBonus) and bonus.send is None
    assert (bonus.pending.due.field, bonus.pending.due.due, bonus.pending.due.title) == (
        "development_bonuses", 1, "Development Bonus")
    assert step(bonus.pending, Pick("no-such-bonus"), state) == Step(bonus.pending)  # not an option: stays
    made = step(bonus.pending, Pick("worker"), state)
    assert made == Step(None, send=paid.changed(development_bonuses=("worker",)))
    assert apply(state, made.send).player("Ann").development_bonuses == ("worker",)  # type: ignore[arg-type]


def test_a_payment_the_rules_refuse_keeps_the_payment_open_with_the_reason():
    """Paying too little: the engine's reason, and the payment stays to be changed."""
    state = give(round_one(), "Ann", thaler=1, bean=2, hay=5)
    silo = Build(player="Ann", facility="silo")
    paying = step(None, Tap(silo), state)
    assert isinstance(paying.pending, AskPayment)
    short = step(paying.pending, Send(silo.changed(payment=Materials(thaler=1, bean=2))), state)
    assert short.pending == paying.pending and short.send is None
    assert short.refusal is not None and "missing" in short.refusal


def test_a_build_the_warehouse_cannot_pay_says_what_is_missing_and_asks_nothing():
    state = give(round_one(), "Ann")
    refused = step(None, Tap(Build(player="Ann", facility="silo")), state)
    assert refused.pending is None and refused.send is None
    assert refused.refusal is not None and "missing" in refused.refusal


def test_two_development_bonuses_are_chosen_one_after_the_other():
    """The travel row's 3rd use building a Silo: the Silo's bonus and the 3rd use's (design
    page, reading 5; rulebook, the 3rd use of each Hay action); each chosen in turn, the
    entry once both are."""
    state = round_one()
    ann = state.player("Ann")
    used = tuple((row, 2 if row == "travel" else n) for row, n in ann.hay_actions)
    state = give(state.model_copy(update={"players": (ann.model_copy(update={"hay_actions": used}),
                                                      *state.players[1:])}), "Ann", thaler=9, bean=9, hay=10)
    built = HayActionTaken(player="Ann", row="travel", facility="silo")
    paying = step(None, Tap(built), state)
    assert isinstance(paying.pending, AskPayment)
    first = step(paying.pending, Send(built), state)
    assert isinstance(first.pending, AskBonus) and first.pending.due.due == 2 and first.pending.picked == ()
    second = step(first.pending, Pick("worker"), state)
    assert isinstance(second.pending, AskBonus) and second.pending.picked == ("worker",)
    assert "worker" not in second.pending.options
    made = step(second.pending, Pick("bean"), state)
    assert made == Step(None, send=built.changed(development_bonuses=("worker", "bean")))


@pytest.mark.parametrize("opened", ["value", "payment", "bonus", "choice"])
def test_cancel_closes_any_question_and_sends_nothing(opened):
    state = give(round_one(*UNKNOWN), "Ann", thaler=9, bean=9, hay=10)
    offers = allowed(state, "Ann")
    silo = Build(player="Ann", facility="silo")
    milestone = offers.offer(Milestone(player="Ann", bonus=""))
    payment = offers.payment(silo)
    assert milestone is not None and milestone.then is not None and payment is not None
    pending: Pending = {
        "value": AskValue(Needed("hay-shed:1", "Hay the added Hay Shed 1 holds, Sheet A"), Send(AddHayShed(player="Ann"))),
        "payment": AskPayment(payment),
        "bonus": AskBonus(silo, Due("development_bonuses", 1, ("worker",), "Development Bonus")),
        "choice": AskChoice(milestone.then, milestone.action),
    }[opened]
    assert step(pending, Cancel(), state) == Step(None)


def test_a_value_entered_on_another_phone_makes_the_question_moot_and_sends_nothing():
    """Another phone enters the asked value: the question goes, and this phone sends no
    entry it was not tapped for (the player taps again)."""
    state = round_one(*UNKNOWN)
    asked = step(None, Tap(AddHayShed(player="Ann")), state).pending
    assert step(asked, Changed(), state) == Step(asked)  # nothing changed: the same question
    assert step(asked, Changed(), value_entered(state, "hay-shed:1")) == Step(None)


def test_a_value_entered_elsewhere_goes_on_to_the_next_question_of_the_same_tap():
    """The milestone's numbers entered on another phone: the choice of the bonus follows."""
    state = two_built(round_one(*UNKNOWN))
    asked = step(None, Tap(Milestone(player="Ann", bonus="")), state).pending
    assert isinstance(asked, AskValue)
    after = step(asked, Changed(), value_entered(state, "milestones"))
    assert isinstance(after.pending, AskChoice) and after.pending.choice.ask == "milestone"
    assert after.send is None and after.refusal is None


def test_a_bonus_question_goes_when_another_phone_made_the_action():
    """The same player's action made on another phone (no seats taken): the bonus question
    of this phone is moot: the rules refuse a second action."""
    state = give(round_one(), "Ann", thaler=9, bean=9, hay=10)
    silo = Build(player="Ann", facility="silo", payment=Materials(thaler=2, bean=2))
    asked = step(None, Send(silo), state).pending
    assert isinstance(asked, AskBonus)
    assert step(asked, Changed(), state) == Step(asked)
    elsewhere = apply(state, AddHayShed(player="Ann"))
    assert step(asked, Changed(), elsewhere) == Step(None)


def test_an_open_payment_follows_a_changed_warehouse():
    """Ann's warehouse changed on another phone (an Undo, a Contract): the payment shown is
    the engine's proposal for the warehouse now."""
    state = give(round_one(), "Ann", thaler=9, bean=9, hay=10)
    silo = Build(player="Ann", facility="silo")
    asked = step(None, Pay(silo), state).pending
    assert isinstance(asked, AskPayment)
    poorer = give(state, "Ann", thaler=1, bean=2, hay=10)
    after = step(asked, Changed(), poorer)
    assert isinstance(after.pending, AskPayment) and after.pending.payment.has == Materials(thaler=1, bean=2, hay=10)
    assert step(asked, Changed(), give(state, "Ann")) == Step(None)  # nothing left to pay with


def test_the_round_cards_income_asks_the_table_for_the_hay_below_the_icon():
    """Income: the Hay below the rightmost built Farm icon is not stated: the table's
    question (no player's sheet), then the Round card goes."""
    state = new_game(setup(("Ann", "macadimia")))
    reveal = card("farm", 3)
    assert owner(reveal) == "" and owner(AddHayShed(player="Ann")) == "Ann"
    asked = next_step(None, Send(reveal), state, allowed(state, ""))
    assert asked == Step(AskValue(Needed("hay-income:farm:1", "Hay below Farm icon 1 (Income), Sheet A"),
                                  Send(reveal)))
    state = value_entered(state, "hay-income:farm:1")
    assert next_step(asked.pending, ValueEntered(), state, allowed(state, "")) == Step(None, send=reveal)


def test_the_step_function_is_fed_by_the_engine_alone():
    """Tested without Flet: the module imports nothing but the engine's face (no flet, no
    session, no screen), so the flow is a function of the engine's answers."""
    tree = ast.parse(Path(sys.modules[next_step.__module__].__file__ or "").read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert imported == {"__future__", "dataclasses", "sheets.gone_with_the_beans.live"}
