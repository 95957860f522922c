"""What a state allows a player (the game contract's ``allowed``, issue 30): every button
says what ``why_not`` says of the actions it stands for, across random play and whole games
on every sheet letter; equal grounds (the table and the player's own sheet) give equal
answers; and the offers the screen used to decide itself are the engine's: Beanzantine's
build, the payment proposed (on B with Beanichalcum for the travel when only that pays),
C's Bridges."""

from __future__ import annotations

from typing import Any

import pytest
from testkit.gwtb_live_play import ENTERED, ENTERED_BY_SHEET, card, enter, game, give, setup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_gwtb_live_properties import an_action

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import (
    RULES,
    AddHayShed,
    Allowed,
    BonusesDue,
    Build,
    Due,
    ExecuteContract,
    Forgo,
    HayActionTaken,
    Materials,
    Milestone,
    Needed,
    Refused,
    State,
    UnknownPrintedValue,
    allowed,
    apply,
    grounds,
    needs,
    new_game,
    parse_action,
    why_none_of,
    why_not,
)
from sheets.gone_with_the_beans.live.allowed import refusals
from sheets.gone_with_the_beans.sheets import PROVINCES, ROUND_DECKS
from testkit.gwtb_live_play import BRIDGES, FIRST_TRIES, PLAYERS, THEN_TRIES


def agrees(state: State, name: str, seen: dict[Any, Allowed]) -> Allowed:
    """``allowed(state, name)``: each offer's reason is what why_not says of its actions,
    each payment is for an action offered; an answer given before for equal grounds is
    this one."""
    answer = allowed(state, name)
    offered = set()
    for offer, tries in refusals(answer):
        assert offer.reason == why_none_of(state, tries), offer
        if offer.pays:
            offered.add(offer.action)
    assert offered <= {p.asked for p in answer.payments}
    key = grounds(state, name)
    assert key is not None
    if key in seen:
        assert seen[key] == answer
    seen[key] = answer
    return answer


@settings(max_examples=12, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.data(), st.permutations(list(PROVINCES)), st.integers(1, 3), st.sampled_from(list(ROUND_DECKS)))
def test_random_play_every_button_agrees_with_why_not_and_equal_grounds_answer_alike(data, provinces, count, deck):
    names = ["Ann", "Ben", "Cleo"][:count]
    hay = {p: data.draw(st.integers(0, 35)) for p in PROVINCES}
    state = new_game({**setup(*zip(names, provinces), deck=deck, hay=hay), "printed": ENTERED})
    seen: dict[Any, Allowed] = {}
    for _ in range(data.draw(st.integers(10, 60))):
        action = parse_action(data.draw(an_action(state)))
        for name in names:  # another player's entry leaves the answer as it was: asked again, the same
            agrees(state, name, seen)
        assert allowed(state, "").special_card == why_not(state, parse_action({"kind": "reveal", "card": {
            "special": True}}))
        try:
            state = apply(state, action)
        except RulesError:
            continue


def needs_agrees(state: State, action: Any) -> State:
    """``needs`` says before the entry what the entry says: the printed value it asks, the
    bonus it earns still to choose, the rules' refusal, or nothing (then it is made)."""
    missing = needs(state, action)
    try:
        made = apply(state, action)
    except UnknownPrintedValue as exc:
        assert missing == Needed(exc.key, exc.place)
    except BonusesDue as exc:
        assert missing == Due(exc.field, exc.due, exc.left, exc.title)
    except RulesError as exc:
        assert missing == Refused(exc.reason)
    else:
        assert missing is None
        return made
    return state


@settings(max_examples=12, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.data(), st.permutations(list(PROVINCES)), st.integers(1, 3), st.sets(st.sampled_from(sorted(ENTERED))))
def test_random_play_what_an_entry_still_needs_is_said_before_it(data, provinces, count, unknown):
    """Random play with some printed values not entered yet (design page, "Printed values
    the rulebook does not give": asked when play first needs them): before every entry the
    engine says what it still needs, and the entry agrees; a value asked is then entered."""
    names = ["Ann", "Ben", "Cleo"][:count]
    state = new_game({**setup(*zip(names, provinces)), "printed": {k: v for k, v in ENTERED.items()
                                                                    if k not in unknown}})
    for _ in range(data.draw(st.integers(10, 60))):
        action = parse_action(data.draw(an_action(state)))
        missing = needs(state, action)
        state = needs_agrees(state, action)
        if isinstance(missing, Needed):
            state = apply(state, parse_action({"kind": "printed-value", "key": missing.key,
                                               "value": ENTERED[missing.key]}))


@pytest.mark.parametrize("letter", ["A", "B", "C", "D"])
def test_whole_games_on_each_letter_every_button_agrees_with_why_not(letter):
    """Five rounds on each letter: every player's buttons (and what they ask) against
    why_not; after a player's entry the others' grounds and answers stay as they were."""
    state = new_game({**setup(*PLAYERS, sheet=letter, bridges=BRIDGES if letter == "C" else None),
                      "printed": ENTERED_BY_SHEET[letter]})
    seen: dict[Any, Allowed] = {}
    for _number in range(1, 6):
        state = apply(state, card("farm", 5))
        for name, _ in PLAYERS:
            before = {other: grounds(state, other) for other, _ in PLAYERS if other != name}
            agrees(state, name, seen)
            offered = [parse_action({**t, "player": name}) for t in FIRST_TRIES[letter] + THEN_TRIES]
            taken = next((a for a in offered if why_not(state, a) is None), None)
            try:
                state = apply(state, taken) if taken else state
            except RulesError:
                pass
            if not state.player(name).actions:
                state = apply(state, AddHayShed(player=name))
            if state.player(name).due:
                assert allowed(state, name).forgo is not None  # "let it pass" while owed
                state = apply(state, Forgo(player=name))
            for other, key in before.items():
                assert grounds(state, other) == key
                agrees(state, other, seen)


def test_the_table_and_a_name_not_playing_weigh_the_whole_state():
    state = apply(game(("Ann", "zoodai")), card("farm", 3))
    assert grounds(state, "") is None and grounds(state, "Zoe") is None
    assert allowed(state, "Zoe") == allowed(state, "") == Allowed(player="", special_card=why_not(
        state, parse_action({"kind": "reveal", "card": {"special": True}})))
    assert RULES.allowed is allowed and RULES.grounds is grounds


def test_a_copy_made_by_model_copy_is_not_taken_for_the_state_it_copies():
    """Grounds are hashed once per state and kept on it; a test's copy with another
    warehouse has grounds of its own."""
    state = apply(game(("Ann", "zoodai")), card("farm", 3))
    key = grounds(state, "Ann")
    richer = give(state, "Ann", thaler=9, bean=9)
    assert grounds(richer, "Ann") != key
    assert allowed(richer, "Ann") != allowed(state, "Ann")


def kinds_of(answer: Allowed) -> list[str]:
    return [o.kind for o in answer.actions]


def test_beanzantine_is_offered_its_build_only_while_it_changes_something():
    """Rulebook, Province Abilities, Beanzantine: once per game, as if the Ruler token were
    there: offered while unused and the Ruler elsewhere (no Bridge on sheet A anyway)."""
    state = give(apply(game(("Ann", "beanzantine"), first="tachiopi"), card("market", 0)), "Ann", thaler=2)
    answer = allowed(state, "Ann")
    beanzantine = [o for o in answer.actions if o.kind == "beanzantine"]
    assert [o.action.facility for o in beanzantine if isinstance(o.action, Build)] == [
        f.id for f in state.rules.facilities]
    market = next(o for o in beanzantine if isinstance(o.action, Build) and o.action.facility == "market")
    assert market.reason is None and market.pays
    paid = answer.payment(Build(player="Ann", facility="market", beanzantine=True))
    assert paid is not None and paid.proposed == Materials(thaler=2)  # the Market's upper field, no travel
    at_home = give(apply(game(("Ann", "beanzantine"), first="beanzantine"), card("market", 0)), "Ann", thaler=2)
    assert "beanzantine" not in kinds_of(allowed(at_home, "Ann"))
    built = apply(state, Build(player="Ann", facility="market", beanzantine=True))
    assert "beanzantine" not in kinds_of(allowed(built, "Ann"))
    assert "beanzantine" not in kinds_of(allowed(apply(game(("Ann", "cashew")), card("market", 0)), "Ann"))


def test_the_payment_proposed_and_what_is_missing():
    """The payment screen's proposal is the engine's (materials.propose); a build that
    cannot be paid says what is missing instead."""
    state = give(apply(game(("Ann", "macadimia")), card("market", 0)), "Ann", thaler=2)
    farm = allowed(state, "Ann").payment(Build(player="Ann", facility="farm"))
    assert farm is not None and farm.proposed is None
    assert farm.short == "Building a Farm costs 1 Bean + 2 Thaler; you have 2 Thaler: 1 Bean missing"
    rich = give(state, "Ann", thaler=2, bean=1)
    farm = allowed(rich, "Ann").payment(Build(player="Ann", facility="farm"))
    assert farm is not None and farm.proposed == Materials(bean=1, thaler=2) and farm.short is None
    assert farm.what == "Building a Farm" and farm.has == Materials(bean=1, thaler=2)


def test_a_printed_value_not_known_yet_is_asked_before_the_payment():
    state = give(apply(game(("Ann", "macadimia"), known=False), card("market", 0)), "Ann", thaler=9)
    farm = allowed(state, "Ann").payment(Build(player="Ann", facility="market"))
    assert farm is not None and farm.needs is not None and farm.needs.key.startswith("building-cost:market")


def test_on_b_beanichalcum_pays_the_travel_when_only_that_pays_the_build():
    """Design page, gaps 4: 1 Beanichalcum pays the travel for 2 roads. A build that the
    warehouse pays only so is offered so; the payment offers the other way beside it."""
    state = give(apply(game(("Ann", "zoodai"), sheet="B"), card("market", 0)), "Ann", bean=1, thaler=2, beanichalcum=1)
    farm = Build(player="Ann", facility="farm")
    answer = allowed(state, "Ann")
    offer = answer.offer(farm)
    assert offer is not None and offer.reason is None
    paid = answer.payment(farm)
    assert paid is not None and paid.action == farm.changed(beanichalcum_travel=True)
    assert paid.proposed == Materials(bean=1, thaler=2, beanichalcum=1) and paid.other == farm
    printed = answer.payment(farm.changed(beanichalcum_travel=True))
    assert printed is not None and printed.other == farm  # "Pay the travel as printed"


def test_on_c_a_bridge_asks_which_province_it_joins():
    """Rulebook, Differences on Sheet C: a Bridge joins your province (or one joined
    already) to an adjacent one; the button asks which, each option paid first."""
    state = give(apply(game(("Ann", "cashew"), sheet="C", bridges={"Ann": "ammond"}, first="cashew"),
                       card("farm", 0)), "Ann", thaler=9)
    answer = allowed(state, "Ann")
    bridge = answer.offer(Build(player="Ann", facility="bridge"))
    assert bridge is not None and bridge.then is not None and bridge.then.ask == "bridge"
    provinces = [p for p, _o in bridge.then.options]
    assert "ammond" not in provinces and "cashew" not in provinces and provinces
    assert all(o.pays and answer.payment(o.action) is not None for _p, o in bridge.then.options
               if isinstance(o.action, Build))


def test_the_milestone_button_asks_which_bonus_and_d_offers_each_gained_contract():
    state = apply(game(("Ann", "zoodai"), sheet="D"), card("farm", 0))
    answer = allowed(state, "Ann")
    milestone = next(o for o in answer.actions if o.kind == "milestone")
    assert milestone.then is not None and milestone.then.ask == "milestone"
    assert [b for b, _o in milestone.then.options] == [b.id for b in state.rules.milestone_bonuses]
    assert all(isinstance(o.action, Milestone) for _b, o in milestone.then.options)
    assert answer.contracts == ()
    gained = state.model_copy(update={"players": tuple(p.model_copy(update={"contracts_gained": ("n1",)})
                                                       for p in state.players)})
    contracts = allowed(gained, "Ann").contracts
    assert [o.action for o in contracts] == [ExecuteContract(player="Ann", contract="n1")]
    assert contracts[0].pays


def test_a_hay_action_that_builds_asks_which_facility():
    state = apply(game(("Ann", "zoodai")), card("farm", 0))
    travel = allowed(state, "Ann").offer(HayActionTaken(player="Ann", row="travel"))
    assert travel is not None and travel.then is not None and travel.then.ask == "facility"
    assert [f for f, _o in travel.then.options] == [f.id for f in state.rules.facilities]


def test_a_build_nobody_can_pay_is_refused_before_its_icons_are_asked_for():
    """Issue 32, fewer wasted taps: the Market's costs are known but not its number of
    icons; a warehouse that cannot pay the cost (rulebook: Build a Facility, pay the
    building cost and the travel cost) is refused before the tap, saying what is missing;
    one that can pay is asked for the icons when it builds, as before."""
    known = {k: v for k, v in ENTERED.items() if not k.startswith("icons:")}
    state = apply(enter(new_game(setup(("Ann", "macadimia"))), known), card("market", 0))
    poor = give(state, "Ann", thaler=1)
    market = Build(player="Ann", facility="market")
    offer = allowed(poor, "Ann").offer(market)
    assert offer is not None
    assert offer.reason == "Building a Market costs 2 Thaler; you have 1 Thaler (1 Thaler missing)"
    assert why_not(poor, market) == offer.reason
    rich = give(state, "Ann", thaler=2)
    offer = allowed(rich, "Ann").offer(market)
    assert offer is not None and offer.reason is None
    with pytest.raises(UnknownPrintedValue) as asked:
        apply(rich, market.changed(payment=Materials(thaler=2)))
    assert asked.value.key == "icons:market"


def test_the_milestone_button_asks_for_the_numbers_before_the_bonus():
    """Issue 32: on sheet A the numbers of the "No. of facilities" field are not stated;
    the milestone button asks for them first (they decide whether a milestone is in
    reach), then it is refused with the reason or asks which bonus."""
    known = {k: v for k, v in ENTERED.items() if k != "milestones"}
    state = apply(enter(new_game(setup(("Ann", "macadimia"))), known), card("market", 0))
    milestone = next(o for o in allowed(state, "Ann").actions if o.kind == "milestone")
    assert milestone.reason is None and milestone.needs is not None and milestone.needs.key == "milestones"
    entered = enter(state, ["milestones"])  # 2, 4, 6, ...: 1 Farm built
    milestone = next(o for o in allowed(entered, "Ann").actions if o.kind == "milestone")
    assert milestone.needs is None
    assert milestone.reason == "the next milestone needs 2 facilities built; you have built 1"
    on_d = apply(game(("Ann", "zoodai"), sheet="D"), card("farm", 0))  # D states its numbers (1, 3, 5, 7)
    assert next(o for o in allowed(on_d, "Ann").actions if o.kind == "milestone").needs is None
