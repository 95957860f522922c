"""Paying: substitutions, what is missing, the proposed payment, a chosen payment.

Citations: rulebook = shared/rules/gone-with-the-beans.txt ("Substituting Materials",
"Details on Hay Actions" example); issue 7 "Paying".
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import (
    Materials,
    check_payment,
    covers,
    missing,
    propose,
)
from sheets.gone_with_the_beans.live.materials import payments, rates
from sheets.gone_with_the_beans.sheets import SHEET_B, SHEET_D, SUBSTITUTIONS

M = Materials
FARM = M(bean=1, thaler=2)  # rulebook: "a Farm with the building cost of 1 Bean and 2 Thaler"


def test_substitution_rates_are_the_rulebooks():
    """Rulebook, Substituting Materials: 9 Hay for 1 Worker, 6 Hay for 1 Bean, 3 Hay for
    1 Thaler, 1 Worker for 1 Bean, and 1 Bean for 1 Thaler."""
    assert set(SUBSTITUTIONS) == {("hay", "worker", 9), ("hay", "bean", 6), ("hay", "thaler", 3),
                                  ("worker", "bean", 1), ("bean", "thaler", 1)}


@pytest.mark.parametrize("cost, payment", [
    (M(worker=1), M(hay=9)),
    (M(bean=1), M(hay=6)),
    (M(thaler=1), M(hay=3)),
    (M(bean=1), M(worker=1)),
    (M(thaler=1), M(bean=1)),
    (M(worker=1, bean=2, thaler=3), M(hay=9 + 12 + 9)),
])
def test_each_substitution_pays(cost, payment):
    """Rulebook, Substituting Materials: "without limit, so long as you have such
    substitute materials"."""
    assert covers(cost, payment)


@pytest.mark.parametrize("cost, payment, short", [
    (M(worker=1), M(hay=8), M(worker=1)),
    (M(worker=1), M(bean=1), M(worker=1)),  # a Bean never stands in for a Worker
    (M(bean=1), M(thaler=5), M(bean=1)),  # nor a Thaler for a Bean
    (M(hay=2), M(thaler=1), M(hay=2)),  # nothing stands in for Hay
    (M(thaler=1), M(worker=1), M(thaler=1)),  # a Worker never pays a Thaler (design page, gaps 17)
    (FARM, M(thaler=2), M(bean=1)),
    (M(bean=2, thaler=1), M(hay=7), M(bean=1, thaler=1)),
])
def test_missing_names_what_is_not_covered(cost, payment, short):
    assert missing(cost, payment) == short


def test_the_rulebooks_example_of_a_farm_two_roads_away():
    """Rulebook, Details on Hay Actions: after the 8 Hay, Player A pays 2 Bean + 1 Thaler
    travel and 1 Bean + 2 Thaler for the Farm; with exactly that, the proposal is that."""
    cost = M(bean=2, thaler=1) + FARM
    assert propose(M(bean=3, thaler=3), cost) == M(bean=3, thaler=3)


def test_the_proposal_keeps_the_most_value():
    """Issue 7: the app proposes the payment that keeps the most value. A Worker paid for
    a Bean loses 3 Hay of value; 6 Hay paid for it loses none."""
    assert propose(M(worker=1, hay=6), M(bean=1)) == M(hay=6)
    assert propose(M(worker=1, hay=5), M(bean=1)) == M(worker=1)
    # Same value either way: keep the Hay (it stands in for anything, a Thaler for nothing)
    assert propose(M(thaler=1, hay=3), M(thaler=1)) == M(thaler=1)


def test_no_payment_when_the_warehouse_cannot_cover_it():
    assert propose(M(thaler=1), FARM) is None
    with pytest.raises(RulesError, match=r"^Building a Farm costs 1 Bean \+ 2 Thaler; you have 1 Thaler "
                                         r"\(1 Bean \+ 1 Thaler missing\)$"):
        check_payment("Building a Farm", FARM, M(thaler=1), None)


def test_a_chosen_payment_that_does_not_cover_says_what_is_missing():
    with pytest.raises(RulesError, match=r"1 Bean \+ 2 Thaler; 2 Thaler leaves 1 Bean missing"):
        check_payment("Building a Farm", FARM, M(bean=1, thaler=5), M(thaler=2))


def test_a_chosen_payment_must_be_in_the_warehouse():
    with pytest.raises(RulesError, match=r"you offer 1 Bean \+ 2 Thaler but have 1 Bean \+ 1 Thaler "
                                         r"\(1 Thaler short\)"):
        check_payment("Building a Farm", FARM, M(bean=1, thaler=1), FARM)


def test_a_chosen_payment_pays_no_more_than_needed():
    with pytest.raises(RulesError, match=r"pays more than needed \(1 Hay could stay\)"):
        check_payment("Building a Farm", FARM, M(bean=1, hay=9), M(bean=1, hay=7))


def test_a_chosen_substitution_is_taken():
    """The player may change the proposal (issue 7): 3 Hay for a Thaler, a Worker for the Bean."""
    have = M(worker=1, thaler=1, hay=3)
    assert check_payment("Building a Farm", FARM, have, M(worker=1, thaler=1, hay=3)) == have


@pytest.mark.parametrize("have, payment", [
    (M(bean=1, thaler=2, hay=6), M(thaler=2, hay=6)),  # Hay for the Bean the player has
    (M(bean=1, worker=1, thaler=2), M(worker=1, thaler=2)),  # a Worker for it
    (M(bean=3, thaler=2), M(bean=3)),  # Beans for the Thaler the player has
])
def test_a_substitute_only_for_a_material_the_player_lacks(have, payment):
    """Rulebook, Substituting Materials: "If you do not have enough required materials to
    pay, you can substitute other materials for them": with the Farm's 1 Bean (and 2
    Thaler) in the warehouse, paying for them with something else is refused."""
    with pytest.raises(RulesError, match=r"you may substitute only for what you lack"):
        check_payment("Building a Farm", FARM, have, payment)


def test_the_proposal_substitutes_only_for_what_is_lacking():
    """Rulebook, Substituting Materials: a Bean in the warehouse pays for the Bean, even
    where 6 Hay would keep more value; only the missing Thaler is substituted."""
    assert propose(M(bean=1, thaler=1, hay=12), FARM) == M(bean=1, thaler=1, hay=3)
    # Both Thaler lacking: 6 Hay keep more value than the spare Bean and 3 Hay.
    assert propose(M(bean=2, hay=12), FARM) == M(bean=1, hay=6)


def test_substitutions_are_the_direct_pairs_only():
    """Design page, gaps 17: "Substitutions are the rulebook's direct pairs only, no chains:
    ... for a Worker 9 Hay (a Worker never pays a Thaler)". An entry stored before that
    reading is paid as it was recorded (``chained``)."""
    assert not covers(M(thaler=1), M(worker=1))
    assert propose(M(worker=1), M(thaler=1)) is None
    assert propose(M(worker=1, bean=1), M(bean=1, thaler=1)) is None
    with pytest.raises(RulesError, match=r"1 Worker leaves 1 Thaler missing"):
        check_payment("it", M(thaler=1), M(worker=1), M(worker=1))
    old = rates(SUBSTITUTIONS, chained=True)
    assert covers(M(thaler=1), M(worker=1), old)
    assert check_payment("it", M(thaler=1), M(worker=1), M(worker=1), old) == M(worker=1)


def test_sheet_d_pays_2_hay_for_a_thaler_and_bean_and_worker_substitute_for_nothing():
    """Rulebook, Differences on Sheet D: "You can pay 2 Hay as a substitute for 1 Thaler.
    Unlike those on other sheets, Bean and Worker cannot substitute for other materials";
    design page, gaps 17: "On D: 2 Hay for a Thaler instead of 3, 6 Hay for a Bean and 9 Hay
    for a Worker still hold"."""
    d = rates(SHEET_D.substitutions)
    assert covers(M(thaler=4), M(thaler=1, hay=6), d)
    assert not covers(M(thaler=1), M(bean=1), d) and not covers(M(bean=1), M(worker=1), d)
    assert covers(M(bean=1), M(hay=6), d) and not covers(M(bean=1), M(hay=5), d)
    assert covers(M(worker=1), M(hay=9), d) and not covers(M(worker=1), M(hay=8), d)
    assert propose(M(thaler=2, hay=9, bean=5), M(thaler=4), d) == M(thaler=2, hay=4)
    # Contract normal-1 (1 Worker + 4 Thaler) without a Worker: 9 Hay for it
    assert propose(M(thaler=4, hay=10), M(worker=1, thaler=4), d) == M(thaler=4, hay=9)


def test_sheet_b_a_beanichalcum_stands_in_for_a_worker_only():
    """Rulebook, Differences on Sheet B: "It can also be used to substitute for 1 Worker"."""
    b = rates(SHEET_B.substitutions)
    assert covers(M(worker=1), M(beanichalcum=1), b)
    assert not covers(M(bean=1), M(beanichalcum=1), b)
    assert not covers(M(worker=1), M(beanichalcum=1))  # not on sheet A
    # The proposal keeps the Beanichalcum (it scores) while Hay can pay.
    assert propose(M(beanichalcum=1, hay=9), M(worker=1), b) == M(hay=9)
    assert propose(M(beanichalcum=1, hay=8), M(worker=1), b) == M(beanichalcum=1)


amounts = st.builds(M, thaler=st.integers(0, 6), bean=st.integers(0, 6), worker=st.integers(0, 4),
                    hay=st.integers(0, 40))


@given(amounts, amounts)
def test_the_proposal_is_a_valid_payment_of_the_least_value(have, cost):
    """Whatever the warehouse and cost: the proposal is accepted as a chosen payment, and
    no valid payment spends less value."""
    proposed = propose(have, cost)
    if proposed is None:
        assert not covers(cost, have)
        return
    assert check_payment("it", cost, have, proposed) == proposed
    assert all(proposed.value <= other.value for other in payments(have, cost))
