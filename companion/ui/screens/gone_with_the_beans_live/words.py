"""The live sheet's words: provinces, the deck, materials, Contracts, bonuses and the
action buttons' labels, in the phone's language."""

from __future__ import annotations

from companion.ui.components.sheet_scoring import plain, pt
from sheets.gone_with_the_beans import PROVINCES, Sheet
from sheets.gone_with_the_beans.live import (
    CONTRACT_TITLES, DECK_NAMES, HAY_ACTION_USES_PER_ROW, HAY_SHED_GAIN, KINDS, NAMES, ROUND_DECKS,
    SPECIAL_CARD_OPTIONS, AddHayShed, Build, ExecuteContract, HayActionTaken, Materials, Milestone, Offer,
    SpecialIncome,
)
from sheets.i18n import _, ngettext


def deck_label(deck: str) -> str:
    specials = sum(ROUND_DECKS[deck])
    return ngettext("{deck}: {n} special card", "{deck}: {n} special cards", specials).format(
        deck=_(DECK_NAMES[deck]), n=specials)


def province(province_id: str) -> str:
    """A province's name as the phone reads it."""
    return _(PROVINCES[province_id].name)


def arrow(order: tuple[str, ...]) -> str:
    return " > ".join(province(p) for p in order)


def kinds(sheet: Sheet) -> tuple[str, ...]:
    """The materials the sheet has (Beanichalcum only on B)."""
    return tuple(k for k in KINDS if k != "beanichalcum" or sheet.beanichalcum is not None)


def substitutions_text(sheet: Sheet) -> str:
    return _("Substitutions, only for what you lack: {substitutions}.").format(substitutions=", ".join(
        _("{n} {material} for 1 {instead}").format(n=paid, material=_(NAMES[source]), instead=_(NAMES[instead]))
        for source, instead, paid in sheet.substitutions))


def contract_text(sheet: Sheet, contract_id: str) -> str:
    contract = sheet.contract(contract_id)
    assert contract is not None  # the engine gains only the sheet's Contracts
    points = (_("{points} pt per {facility}").format(points=contract.points,
                                                     facility=_(contract.per_facility.capitalize()))
              if contract.per_facility else pt(contract.points))
    cost = Materials.of(contract.cost)
    title = _(CONTRACT_TITLES[contract.kind])  # as printed: its kind, then its cost (no name, no number)
    if contract.reward:
        return _("{contract}: pay {cost}; {reward}, {points}").format(
            contract=title, cost=cost.said, reward=plain(contract.reward), points=points)
    return _("{contract}: pay {cost}; {points}").format(contract=title, cost=cost.said, points=points)


def milestone_bonus_text(sheet: Sheet, bonus_id: str) -> str:
    bonus = sheet.milestone_bonus(bonus_id)
    assert bonus is not None  # one of the sheet's
    return f"{plain(bonus.effect)} · {pt(bonus.points)}"


def option_text(sheet: Sheet, field: str, option: str) -> str:
    """What a player reads for a choice an action asks for."""
    if field == "contracts":
        return contract_text(sheet, option)
    if field == "milestone_bonuses":
        return milestone_bonus_text(sheet, option)
    bonus = sheet.development_bonus(option)
    assert bonus is not None  # one of the sheet's
    return plain(bonus.effect)


def facility_name(sheet: Sheet, facility_id: str) -> str:
    facility = sheet.facility(facility_id)
    assert facility is not None  # one of the sheet's
    return _(facility.name)


def label(sheet: Sheet, offer: Offer) -> str:
    """An action button's words."""
    action = offer.action
    if isinstance(action, SpecialIncome):
        return plain(SPECIAL_CARD_OPTIONS[action.option])
    if isinstance(action, Build):
        return (_("Build {facility} as if the Ruler were in Beanzantine") if action.beanzantine
                else _("Build {facility}")).format(facility=facility_name(sheet, action.facility))
    if isinstance(action, HayActionTaken):
        row = sheet.hay_action(action.row)
        assert row is not None  # one of the sheet's
        return _("{action} ({hay} Hay, used {uses} of {most})").format(
            action=plain(row.effect), hay=row.hay, uses=offer.uses, most=HAY_ACTION_USES_PER_ROW)
    if isinstance(action, Milestone):
        return _("Achieve a milestone")
    if isinstance(action, AddHayShed):
        return _("Add a Hay Shed (+{hay} Hay)").format(hay=HAY_SHED_GAIN.hay)
    if isinstance(action, ExecuteContract):
        return _("Execute {contract}").format(contract=contract_text(sheet, action.contract))
    return _("Let it pass")
