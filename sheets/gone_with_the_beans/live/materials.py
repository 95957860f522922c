"""Materials, costs and paying them (rulebook: How to Use the Materials; Substituting Materials).

Pure functions over ``Materials``: what a cost is in words, whether a payment covers a
cost with the rulebook's substitutions, what is missing when it does not, and the
payment the app proposes: the one that keeps the most value.
"""

from __future__ import annotations

from itertools import product

from pydantic import NonNegativeInt

from sheets.errors import RulesError
from sheets.gone_with_the_beans.sheets import SUBSTITUTIONS, Cost
from sheets.model import Frozen


# The order a player reads them in (the rulebook: "1 Bean, 1 Thaler and 1 Hay").
KINDS = ("worker", "bean", "thaler", "hay")
NAMES = {"worker": "Worker", "bean": "Bean", "thaler": "Thaler", "hay": "Hay"}

HAY_RATE = {instead: paid for source, instead, paid in SUBSTITUTIONS if source == "hay"}
# One-for-one: which material may stand in for which ("1 Worker for 1 Bean, 1 Bean for
# 1 Thaler"); chained, a Worker stands in for a Thaler too.
STANDS_IN = {instead: source for source, instead, paid in SUBSTITUTIONS if source != "hay" and paid == 1}
# What one of each is worth, in Hay: the substitution rates (Hay is worth 1).
VALUE = {**HAY_RATE, "hay": 1}


class Materials(Frozen):
    """Thaler, Bean, Worker and Hay: what a player has, pays or gains."""

    thaler: NonNegativeInt = 0
    bean: NonNegativeInt = 0
    worker: NonNegativeInt = 0
    hay: NonNegativeInt = 0

    @classmethod
    def of(cls, cost: Cost) -> Materials:
        return cls(thaler=cost.thaler, bean=cost.bean, worker=cost.worker, hay=cost.hay)

    def __add__(self, other: Materials) -> Materials:
        return Materials(**{k: getattr(self, k) + getattr(other, k) for k in KINDS})

    def minus(self, other: Materials) -> Materials:
        """``self - other``; raises ValueError (pydantic) when any would go below 0."""
        return Materials(**{k: getattr(self, k) - getattr(other, k) for k in KINDS})

    def times(self, n: int) -> Materials:
        return Materials(**{k: getattr(self, k) * n for k in KINDS})

    def covers_each(self, other: Materials) -> bool:
        return all(getattr(self, k) >= getattr(other, k) for k in KINDS)

    @property
    def value(self) -> int:
        """Worth in Hay, by the substitution rates (9, 6, 3 Hay for a Worker, Bean, Thaler)."""
        return sum(VALUE[k] * getattr(self, k) for k in KINDS)

    @property
    def empty(self) -> bool:
        return not any(getattr(self, k) for k in KINDS)

    def __str__(self) -> str:
        parts = [f"{getattr(self, k)} {NAMES[k]}" for k in KINDS if getattr(self, k)]
        return " + ".join(parts) if parts else "nothing"


NOTHING = Materials()


def missing(cost: Materials, payment: Materials) -> Materials:
    """What ``payment`` leaves uncovered of ``cost`` after every substitution.

    Each material pays for itself first; a spare Worker stands in for a Bean, then a
    Thaler; a spare Bean for a Thaler; spare Hay for a Worker (9), a Bean (6), a Thaler
    (3). This order needs the least Hay, so NOTHING means the payment covers the cost.
    """
    need = {k: getattr(cost, k) for k in KINDS}
    spare = {k: getattr(payment, k) for k in KINDS}
    for kind in KINDS:  # each pays for itself
        used = min(need[kind], spare[kind])
        need[kind] -= used
        spare[kind] -= used
    for kind in ("bean", "thaler"):  # one for one, the nearest first (Bean, then Worker)
        source = STANDS_IN.get(kind)
        while source is not None and need[kind]:
            used = min(need[kind], spare[source])
            need[kind] -= used
            spare[source] -= used
            source = STANDS_IN.get(source)
    for kind in ("worker", "bean", "thaler"):  # spare Hay, at the dearest rate first
        used = min(need[kind], spare["hay"] // HAY_RATE[kind])
        need[kind] -= used
        spare["hay"] -= used * HAY_RATE[kind]
    return Materials(**need)


def covers(cost: Materials, payment: Materials) -> bool:
    return missing(cost, payment).empty


def more_than_needed(cost: Materials, payment: Materials) -> Materials:
    """Of each material, how many could be left out of a covering payment."""
    extra = {}
    for kind in KINDS:
        low, high = 0, getattr(payment, kind)
        while low < high:  # the most of ``kind`` that can go and the rest still covers
            mid = (low + high + 1) // 2
            if covers(cost, payment.minus(Materials(**{kind: mid}))):
                low = mid
            else:
                high = mid - 1
        extra[kind] = low
    return Materials(**extra)


def payments(have: Materials, cost: Materials) -> list[Materials]:
    """Every payment ``have`` can make that covers ``cost`` with nothing more than needed."""
    found = []
    for thaler, bean, worker in product(
        range(min(have.thaler, cost.thaler) + 1),
        range(min(have.bean, cost.bean + cost.thaler) + 1),
        range(min(have.worker, cost.worker + cost.bean + cost.thaler) + 1),
    ):
        without_hay = Materials(thaler=thaler, bean=bean, worker=worker)
        short = missing(cost, without_hay)
        hay = sum(HAY_RATE.get(k, 1) * getattr(short, k) for k in KINDS)
        if hay > have.hay:
            continue
        payment = without_hay + Materials(hay=hay)
        if covers(cost, payment) and more_than_needed(cost, payment).empty:
            found.append(payment)
    return found


def propose(have: Materials, cost: Materials) -> Materials | None:
    """The payment that keeps the most value (9/6/3/1 Hay for a Worker/Bean/Thaler/Hay);
    on a tie the one that spends the least Hay (Hay stands in for anything, Thaler for
    nothing), then the fewest Workers, then Beans. None when ``have`` cannot pay."""
    options = payments(have, cost)
    if not options:
        return None
    return min(options, key=lambda p: (p.value, p.hay, p.worker, p.bean, p.thaler))


def check_payment(what: str, cost: Materials, have: Materials, payment: Materials | None) -> Materials:
    """The payment to take for ``what`` (proposed when None); raises RulesError saying
    what is wrong: not enough materials, a payment that does not cover the cost (and what
    is missing), or one that pays more than needed."""
    if payment is None:
        proposed = propose(have, cost)
        if proposed is None:
            raise RulesError(f"{what} costs {cost}; you have {have}")
        return proposed
    if not have.covers_each(payment):
        short = Materials(**{k: max(0, getattr(payment, k) - getattr(have, k)) for k in KINDS})
        raise RulesError(f"{what}: you offer {payment} but have {have} ({short} short)")
    short = missing(cost, payment)
    if not short.empty:
        raise RulesError(f"{what} costs {cost}; {payment} leaves {short} missing")
    extra = more_than_needed(cost, payment)
    if not extra.empty:
        raise RulesError(f"{what} costs {cost}; {payment} pays more than needed ({extra} could stay)")
    return payment
