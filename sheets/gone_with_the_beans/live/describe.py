"""An entry of the live sheet in a player's words (what Undo and the timeline say):
"Ben built: Farm (paid 1 Bean + 2 Thaler)", "Ann took a Hay action (2 Hay)"."""

from __future__ import annotations

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live.engine import CONTRACT_TITLES, apply
from sheets.gone_with_the_beans.live.materials import Materials
from sheets.gone_with_the_beans.live.model import (
    Action, AddHayShed, Build, EnterDpIcons, EnterPrintedValue, ExecuteContract, Forgo, HayActionTaken, Milestone,
    Reveal, SpecialIncome, State,
)
from sheets.gone_with_the_beans.live.printed import spec
from sheets.i18n import _, ngettext
from sheets.names import isolated


def describe(state: State, action: Action) -> str:
    """The entry as made in ``state``."""
    sheet = state.rules
    if isinstance(action, Build):
        facility = sheet.facility(action.facility)
        name = _(facility.name) if facility is not None else action.facility
        paid = _paid(state, action)
        if paid is None:
            return _("{player} built: {facility}").format(player=isolated(action.player), facility=name)
        return _("{player} built: {facility} (paid {cost})").format(player=isolated(action.player), facility=name,
                                                                   cost=paid.said)
    if isinstance(action, HayActionTaken):
        row = sheet.hay_action(action.row)
        hay = row.hay if row is not None else 0
        built = sheet.facility(action.facility) if action.facility else None
        if built is not None:
            return _("{player} took a Hay action ({hay} Hay) and built: {facility}").format(
                player=isolated(action.player), hay=hay, facility=_(built.name))
        return _("{player} took a Hay action ({hay} Hay)").format(player=isolated(action.player), hay=hay)
    if isinstance(action, Milestone):
        return _("{player} achieved a milestone").format(player=isolated(action.player))
    if isinstance(action, AddHayShed):
        return _("{player} added a Hay Shed").format(player=isolated(action.player))
    if isinstance(action, SpecialIncome):
        return _("{player} took the special card's income").format(player=isolated(action.player))
    if isinstance(action, ExecuteContract):
        contract = sheet.contract(action.contract)
        title = _(CONTRACT_TITLES[contract.kind]) if contract is not None else action.contract
        return _("{player} executed a {contract}").format(player=isolated(action.player), contract=title)
    if isinstance(action, Forgo):
        return _("{player} let an owed action pass").format(player=isolated(action.player))
    if isinstance(action, EnterDpIcons):
        return ngettext("{player}: {n} DP icon filled", "{player}: {n} DP icons filled", action.filled).format(
            player=isolated(action.player), n=action.filled)
    if isinstance(action, Reveal):  # which card (issue 48: the timeline said only "revealed")
        card = action.card
        facility = sheet.facility(card.facility) if card.facility else None
        shown = (_("the special card") if card.special or card.facility is None
                 else _("{facility}, {hay} Hay").format(facility=_(facility.name) if facility else card.facility,
                                                      hay=card.hay or 0))
        return _("Round {number}: Round card revealed: {card}").format(number=state.round + 1, card=shown)
    if isinstance(action, EnterPrintedValue):  # which value, and what it reads
        try:
            place = spec(sheet, action.key).place
        except RulesError:  # a key this version does not know
            place = action.key
        return _("Read off the sheet: {place}: {value}").format(place=place, value=_printed(action.value))
    return _("an entry for the whole table")


def _printed(value: object) -> str:
    """A printed value as a player reads it: a number, numbers, or materials."""
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        try:
            return Materials.model_validate(value).said
        except ValueError:
            return str(value)
    return value.said if isinstance(value, Materials) else str(value)


def _paid(state: State, action: Build) -> Materials | None:
    """What the build took from its player's materials (None: nothing, or it gave some too)."""
    if action.payment is not None:
        return action.payment
    try:
        after = apply(state, action).player(action.player).materials
    except RulesError:
        return None
    before = state.player(action.player).materials
    if not before.covers_each(after) or before == after:
        return None
    return before.minus(after)
