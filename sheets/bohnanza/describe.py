"""An entry of Bohnanza in a player's words (what Undo says it took back)."""

from __future__ import annotations

from sheets.bohnanza.beans import count_of, label
from sheets.bohnanza.engine import (
    Action, BuyField, DeckExhausted, EnterBeanometer, FinalCount, Harvest, Plant, State, TellHand,
)
from sheets.i18n import _, ngettext
from sheets.names import isolated


def describe(state: State, action: Action) -> str:
    """"Ann planted 2 Red Beans on field 1", "Ben harvested field 2", ..."""
    if isinstance(action, Plant):
        return _("{player} planted {beans} on field {field}").format(
            player=isolated(action.player), beans=count_of(action.bean, action.count), field=action.field)
    if isinstance(action, Harvest):
        return _("{player} harvested field {field}").format(player=isolated(action.player), field=action.field)
    if isinstance(action, BuyField):
        return _("{player} bought the third bean field").format(player=isolated(action.player))
    if isinstance(action, DeckExhausted):
        return _("the end of a pass through the deck")
    if isinstance(action, EnterBeanometer):
        return _("the beanometer of {bean}").format(bean=label(action.bean))
    if isinstance(action, FinalCount):
        return _("the final count")
    if isinstance(action, TellHand):
        return ngettext("{player} holds {n} card in hand", "{player} holds {n} cards in hand", action.cards).format(
            player=isolated(action.player), n=action.cards)
    return _("an entry for the whole table")
