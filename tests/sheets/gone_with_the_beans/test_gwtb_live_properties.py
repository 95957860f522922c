"""Random play (hypothesis): invariants hold after every accepted action, a refused
action leaves the state as it was, what the buttons say before a tap (``why_not``, of
which ``allowed`` is made: test_gwtb_live_allowed.py) agrees with the tap, and
replaying the action log (as JSON) gives the same state (architecture.md: pure apply;
issue 7 "Tests").
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import BonusesDue, UnknownPrintedValue, apply, new_game, parse_action, why_not
from sheets.gone_with_the_beans.live.engine import Step, rounds_played
from sheets.gone_with_the_beans.sheets import (
    HAY_ACTION_USES_PER_ROW,
    PROVINCES,
    ROUND_DECKS,
    SHEET_A,
    SPECIAL_CARD_OPTIONS,
)
from testkit.gwtb_live_play import ENTERED, setup

FACILITIES = [f.id for f in SHEET_A.facilities]
ROWS = [r.id for r in SHEET_A.hay_actions]
MILESTONE_BONUSES = [b.id for b in SHEET_A.milestone_bonuses]
DEVELOPMENT_BONUSES = [b.id for b in SHEET_A.development_bonuses]


@st.composite
def an_action(draw, state):
    """Any action a phone might send now: often legal, sometimes not."""
    waiting = [p.name for p in state.players if not p.actions]
    who = draw(st.sampled_from(waiting or [p.name for p in state.players]))
    if not waiting or state.round == 0:
        kinds = ["reveal"] * 6 + ["hay-shed"]  # mostly the next round
    elif state.card.special and next(p for p in state.players if p.name == who).special_option is None:
        kinds = ["special-income"] * 6 + ["build"]  # mostly its income first
    else:
        kinds = ["build", "build", "hay-action", "hay-action", "milestone", "hay-shed", "reveal"]
    kind = draw(st.sampled_from(kinds))
    if kind == "reveal":
        if draw(st.integers(0, 4)) == 0:
            return {"kind": "reveal", "card": {"special": True}}
        return {"kind": "reveal", "card": {"facility": draw(st.sampled_from(FACILITIES)),
                                           "hay": draw(st.integers(0, 8))}}
    if kind == "special-income":
        return {"kind": kind, "player": who, "option": draw(st.sampled_from(list(SPECIAL_CARD_OPTIONS)))}
    if kind == "hay-shed":
        return {"kind": kind, "player": who}
    if kind == "milestone":
        return {"kind": kind, "player": who, "bonus": draw(st.sampled_from(MILESTONE_BONUSES))}
    me = next(p for p in state.players if p.name == who)
    left = [b for b in DEVELOPMENT_BONUSES if b not in me.development_bonuses]
    bonuses = left[: draw(st.integers(0, 2))]
    if kind == "build":
        return {"kind": kind, "player": who, "facility": draw(st.sampled_from(FACILITIES)),
                "beanzantine": draw(st.booleans()), "development_bonuses": bonuses}
    row = draw(st.sampled_from(ROWS))
    action = {"kind": kind, "player": who, "row": row, "development_bonuses": bonuses}
    if row == "travel":
        action["facility"] = draw(st.sampled_from(FACILITIES))
    return action


def check_invariants(state):
    for p in state.players:
        step = Step(state, p)
        assert 0 <= p.materials.hay <= step.capacity()
        assert all(0 <= uses <= HAY_ACTION_USES_PER_ROW for _, uses in p.hay_actions)
        assert len(p.actions) <= (2 if p.province == "zoodai" else 1)
        assert 0 <= p.hay_sheds <= SHEET_A.extra_hay_sheds
        assert len(set(p.development_bonuses)) == len(p.development_bonuses)
        assert len(set(p.milestone_bonuses)) == len(p.milestone_bonuses) == p.milestones
    assert sum(c.special for c in state.cards) <= sum(ROUND_DECKS[state.deck])
    assert 0 <= state.round <= 15


@pytest.mark.slow("60 random live-sheet games of up to 15 rounds, each replayed from its log")
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.permutations(list(PROVINCES)), st.integers(1, 3), st.sampled_from(list(ROUND_DECKS)))
def test_random_play_keeps_the_invariants_and_replays(data, provinces, count, deck):
    names = ["Ann", "Ben", "Cleo"][:count]
    hay = {p: data.draw(st.integers(0, 35)) for p in PROVINCES}
    game_setup = setup(*zip(names, provinces), deck=deck, hay=hay)
    state = new_game(game_setup)
    log = [{"kind": "printed-value", "key": key, "value": value} for key, value in ENTERED.items()]
    for data_action in log:
        state = apply(state, parse_action(data_action))
    for _ in range(data.draw(st.integers(10, 200))):
        action = parse_action(data.draw(an_action(state)))
        before = state.model_dump()
        verdict = why_not(state, action)
        try:
            state = apply(state, action)
        except (UnknownPrintedValue, BonusesDue):  # allowed once the value is entered or the choice made
            assert verdict is None
            assert state.model_dump() == before
            continue
        except RulesError as exc:
            assert verdict == exc.reason
            assert state.model_dump() == before
            continue
        assert verdict is None
        log.append(action.model_dump(mode="json"))
        check_invariants(state)
    replayed = new_game(game_setup)
    for entry in log:
        replayed = apply(replayed, parse_action(entry))
    assert replayed == state
    assert rounds_played(state) == (state.round == 15 and all(p.actions for p in state.players))
