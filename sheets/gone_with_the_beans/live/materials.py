"""Materials, costs and paying them (rulebook: How to Use the Materials; Substituting Materials).

Pure functions over ``Materials``: whether a payment covers a cost with a sheet's
substitutions (``Rates``), what is missing when it does not, and the payment the app
proposes: the one that keeps the most value. "If you do not have enough required
materials to pay, you can substitute": a payment always pays each material the player
has of it first (up to the cost), and substitutes only for the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product

from pydantic import NonNegativeInt

from sheets.errors import RulesError
from sheets.gone_with_the_beans.sheets import SUBSTITUTIONS, Cost
from sheets.i18n import N_, _, ngettext
from sheets.model import Frozen


# The order a player reads them in (the rulebook: "1 Bean, 1 Thaler and 1 Hay").
KINDS = ("worker", "bean", "thaler", "hay", "beanichalcum")
# The warehouse as the phone's sheet shows it, tile by tile (Beanichalcum, on sheet B only, apart).
WAREHOUSE = ("thaler", "bean", "worker", "hay")
# Their names, English (N_: translated where shown); a count of each in the phone's
# language. The rulebook's English counts them unchanged ("2 Bean", "2 Worker"); German
# counts "1 Bohne, 2 Bohnen".
NAMES = {"worker": N_("Worker"), "bean": N_("Bean"), "thaler": N_("Thaler"), "hay": N_("Hay"),
         "beanichalcum": N_("Beanichalcum")}
COUNTED: dict[str, Callable[[int], str]] = {
    "worker": lambda n: ngettext("{n} Worker", "{n} Worker", n),
    "bean": lambda n: ngettext("{n} Bean", "{n} Bean", n),
    "thaler": lambda n: ngettext("{n} Thaler", "{n} Thaler", n),
    "hay": lambda n: ngettext("{n} Hay", "{n} Hay", n),
    "beanichalcum": lambda n: ngettext("{n} Beanichalcum", "{n} Beanichalcum", n),
}


def amount(kind: str, n: int) -> str:
    """ "2 Bean" of one material, in the phone's language ("2 Bohnen"), also "0 Hay"."""
    return COUNTED[kind](n).format(n=n)


# Beanichalcum scores at the end (sheet B): the proposal spends it last.
BEANICHALCUM_VALUE = 30


@dataclass(frozen=True)
class Rates:
    """A sheet's substitutions (sheets.py ``Sheet.substitutions``), read for paying."""

    substitutions: tuple[tuple[str, str, int], ...]
    # Chained one for one (a Worker for a Thaler through a Bean): only for entries stored
    # before the design page's reading 17 (the direct pairs only, no chains).
    chained: bool = False
    hay_rate: dict[str, int] = field(init=False)  # instead of -> Hay paid for one
    stands_in: dict[str, tuple[str, ...]] = field(init=False)  # instead of -> one-for-one sources

    def __post_init__(self) -> None:
        subs = self.substitutions
        hay = {instead: paid for source, instead, paid in subs if source == "hay"}
        direct: dict[str, list[str]] = {}
        for source, instead, paid in subs:
            if source != "hay" and paid == 1:
                direct.setdefault(instead, []).append(source)
        # The rulebook's direct pairs only (design page, gaps 17: "a Worker never pays a
        # Thaler"); Beanichalcum only ever for what it names (gaps 4).
        chains: dict[str, tuple[str, ...]] = {}
        for instead, sources in direct.items():
            found = list(sources)
            for source in sources if self.chained else ():
                found += [s for s in direct.get(source, ()) if s != "beanichalcum" and s not in found]
            chains[instead] = tuple(found)
        object.__setattr__(self, "hay_rate", hay)
        object.__setattr__(self, "stands_in", chains)

    def value(self, materials: Materials) -> int:
        """Worth in Hay by the Hay rates (A: 9, 6, 3 Hay for a Worker, Bean, Thaler);
        a material Hay does not stand in for is worth as much as a Worker."""
        top = max(self.hay_rate.values(), default=1)
        worth = {**{k: self.hay_rate.get(k, top) for k in KINDS}, "hay": 1, "beanichalcum": BEANICHALCUM_VALUE}
        return sum(worth[k] * getattr(materials, k) for k in KINDS)


@lru_cache(maxsize=None)
def rates(substitutions: tuple[tuple[str, str, int], ...], chained: bool = False) -> Rates:
    """A sheet's substitutions for paying; ``chained``: as entries stored before reading 17 were paid."""
    return Rates(substitutions, chained)


SHEET_A_RATES = rates(SUBSTITUTIONS)


class Materials(Frozen):
    """Thaler, Bean, Worker, Hay (and sheet B's Beanichalcum): what a player has, pays or gains."""

    thaler: NonNegativeInt = 0
    bean: NonNegativeInt = 0
    worker: NonNegativeInt = 0
    hay: NonNegativeInt = 0
    beanichalcum: NonNegativeInt = 0

    @classmethod
    def of(cls, cost: Cost) -> Materials:
        return cls(thaler=cost.thaler, bean=cost.bean, worker=cost.worker, hay=cost.hay,
                   beanichalcum=cost.beanichalcum)

    def __add__(self, other: Materials) -> Materials:
        return Materials(**{k: getattr(self, k) + getattr(other, k) for k in KINDS})

    def minus(self, other: Materials) -> Materials:
        """``self - other``; raises ValueError (pydantic) when any would go below 0."""
        return Materials(**{k: getattr(self, k) - getattr(other, k) for k in KINDS})

    def times(self, n: int) -> Materials:
        return Materials(**{k: getattr(self, k) * n for k in KINDS})

    def least(self, other: Materials) -> Materials:
        """Of each material the smaller count."""
        return Materials(**{k: min(getattr(self, k), getattr(other, k)) for k in KINDS})

    def covers_each(self, other: Materials) -> bool:
        return all(getattr(self, k) >= getattr(other, k) for k in KINDS)

    @property
    def value(self) -> int:
        """Worth in Hay, by sheet A's substitution rates (9, 6, 3 Hay for a Worker, Bean, Thaler)."""
        return SHEET_A_RATES.value(self)

    @property
    def empty(self) -> bool:
        # Each field by name, not over KINDS: play asks this many times per entry.
        return not (self.thaler or self.bean or self.worker or self.hay or self.beanichalcum)

    def __str__(self) -> str:
        """In English, whatever the phone (a state's events keep the Materials: events.said)."""
        parts = [f"{getattr(self, k)} {NAMES[k]}" for k in KINDS if getattr(self, k)]
        return " + ".join(parts) if parts else "nothing"

    @property
    def said(self) -> str:
        """As the phone's player reads it: "1 Bean + 2 Thaler", "1 Bohne + 2 Taler"."""
        parts = [amount(k, getattr(self, k)) for k in KINDS if getattr(self, k)]
        return " + ".join(parts) if parts else _("nothing")


NOTHING = Materials()


def missing(cost: Materials, payment: Materials, subs: Rates = SHEET_A_RATES) -> Materials:
    """What ``payment`` leaves uncovered of ``cost`` after every substitution of ``subs``.

    Each material pays for itself first; then the one-for-one substitutions (A: a spare
    Worker for a Bean; a spare Bean for a Thaler; B: a Beanichalcum for a Worker); then spare Hay at the dearest rate first. This order needs the least Hay,
    so NOTHING means the payment covers the cost.
    """
    need = {k: getattr(cost, k) for k in KINDS}
    spare = {k: getattr(payment, k) for k in KINDS}
    for kind in KINDS:  # each pays for itself
        used = min(need[kind], spare[kind])
        need[kind] -= used
        spare[kind] -= used
    for kind in ("worker", "bean", "thaler"):  # one for one, the nearest first
        for source in subs.stands_in.get(kind, ()):
            used = min(need[kind], spare[source])
            need[kind] -= used
            spare[source] -= used
    for kind, rate in sorted(subs.hay_rate.items(), key=lambda item: -item[1]):  # the dearest first
        used = min(need[kind], spare["hay"] // rate)
        need[kind] -= used
        spare["hay"] -= used * rate
    return Materials(**need)


def covers(cost: Materials, payment: Materials, subs: Rates = SHEET_A_RATES) -> bool:
    """Whether ``payment`` pays ``cost``; with the warehouse as ``payment``: whether the
    player can pay at all (paying what they have first loses nothing)."""
    return missing(cost, payment, subs).empty


def more_than_needed(cost: Materials, payment: Materials, subs: Rates = SHEET_A_RATES) -> Materials:
    """Of each material, how many could be left out of a covering payment."""
    extra = {}
    for kind in KINDS:
        low, high = 0, getattr(payment, kind)
        while low < high:  # the most of ``kind`` that can go and the rest still covers
            mid = (low + high + 1) // 2
            if covers(cost, payment.minus(Materials(**{kind: mid})), subs):
                low = mid
            else:
                high = mid - 1
        extra[kind] = low
    return Materials(**extra)


def needless_substitute(cost: Materials, have: Materials, payment: Materials) -> str | None:
    """Why ``payment`` substitutes for a material the player has enough of, or None
    (rulebook, Substituting Materials: "If you do not have enough required materials to
    pay, you can substitute")."""
    for kind in KINDS:
        own = min(getattr(have, kind), getattr(cost, kind))
        if getattr(payment, kind) < own:
            return _("pay the {own} you have before substituting for {material}: "
                     "you may substitute only for what you lack").format(
                own=amount(kind, own), material=_(NAMES[kind]))
    return None


def payments(have: Materials, cost: Materials, subs: Rates = SHEET_A_RATES) -> list[Materials]:
    """Every payment ``have`` can make that covers ``cost``, pays what the player has of
    each material first and nothing more than needed. The search is over the few spare
    materials that may stand in for what is lacking, so it stays small."""
    own = have.least(cost)
    spare = have.minus(own)
    short = cost.minus(own)
    ranges: list[range] = []
    kinds = [k for k in ("worker", "bean", "beanichalcum")
             if any(k in sources for sources in subs.stands_in.values())]
    for kind in kinds:
        can_fill = sum(getattr(short, instead) for instead, sources in subs.stands_in.items() if kind in sources)
        ranges.append(range(min(getattr(spare, kind), can_fill) + 1))
    found = []
    for counts in product(*ranges):
        extra = Materials(**dict(zip(kinds, counts)))
        still = missing(cost, own + extra, subs)
        if any(getattr(still, k) and k not in subs.hay_rate for k in KINDS):
            continue
        hay = sum(subs.hay_rate.get(k, 0) * getattr(still, k) for k in KINDS)
        if hay > spare.hay:
            continue
        payment = own + extra + Materials(hay=hay)
        if covers(cost, payment, subs) and more_than_needed(cost, payment, subs).empty:
            found.append(payment)
    return found


def propose(have: Materials, cost: Materials, subs: Rates = SHEET_A_RATES) -> Materials | None:
    """The payment that keeps the most value (A: 9/6/3/1 Hay for a Worker/Bean/Thaler/Hay);
    on a tie the one that spends the least Hay (Hay stands in for anything, Thaler for
    nothing), then the fewest Workers, then Beans. None when ``have`` cannot pay."""
    if not covers(cost, have, subs):
        return None
    options = payments(have, cost, subs)
    if not options:
        return None
    return min(options, key=lambda p: (subs.value(p), p.hay, p.beanichalcum, p.worker, p.bean, p.thaler))


def check_payment(what: str, cost: Materials, have: Materials, payment: Materials | None,
                  subs: Rates = SHEET_A_RATES) -> Materials:
    """The payment to take for ``what`` (in the phone's language: "Building a Farm"; proposed
    when None); raises RulesError saying
    what is wrong: not enough materials, a payment that does not cover the cost (and what
    is missing), one that substitutes for what the player has, or pays more than needed."""
    if payment is None:
        proposed = propose(have, cost, subs)
        if proposed is None:
            short = missing(cost, have, subs)
            raise RulesError(_("{what} costs {cost}; you have {have} ({short} missing)").format(
                what=what, cost=cost.said, have=have.said, short=short.said))
        return proposed
    if not have.covers_each(payment):
        short = Materials(**{k: max(0, getattr(payment, k) - getattr(have, k)) for k in KINDS})
        raise RulesError(_("{what}: you offer {payment} but have {have} ({short} short)").format(
            what=what, payment=payment.said, have=have.said, short=short.said))
    short = missing(cost, payment, subs)
    if not short.empty:
        raise RulesError(_("{what} costs {cost}; {payment} leaves {short} missing").format(
            what=what, cost=cost.said, payment=payment.said, short=short.said))
    needless = needless_substitute(cost, have, payment)
    if needless:
        raise RulesError(_("{what} costs {cost}; {reason}").format(what=what, cost=cost.said, reason=needless))
    extra = more_than_needed(cost, payment, subs)
    if not extra.empty:
        raise RulesError(_("{what} costs {cost}; {payment} pays more than needed ({extra} could stay)").format(
            what=what, cost=cost.said, payment=payment.said, extra=extra.said))
    return payment
