"""An entry of Space Beans in a player's words (what Undo and the timeline say). A card
laid face down is counted, never named: every phone reads these words."""

from __future__ import annotations

from sheets.i18n import _, ngettext
from sheets.names import isolated
from sheets.space_beans.cards import BEAN_NAMES, Collection
from sheets.space_beans.engine import Action, CloseOut, Lay, State
from sheets.space_beans.scoring import worth


def describe(state: State, action: Action) -> str:
    """"Ann laid Moonbohnen 3, 5 in her open collection", "Cy closed out Klingbohnen: trophy
    4", "Leia laid 1 card face down", in the state the entry was made in."""
    if isinstance(action, Lay):
        if action.collection == "secret":
            return ngettext("{player} laid {n} card face down", "{player} laid {n} cards face down",
                            len(action.values)).format(player=isolated(action.player), n=len(action.values))
        cards = Collection(bean=action.bean, values=action.values).label
        said = (_("{player} started an open collection: {cards}") if action.new
                else _("{player} added to the open collection: {cards}"))
        return said.format(player=isolated(action.player), cards=cards)
    if isinstance(action, CloseOut):
        collection = state.player(action.player).open_collection
        if collection is None:  # refused by the rules; said plainly all the same
            return _("{player} closed out").format(player=isolated(action.player))
        bean, value = BEAN_NAMES[collection.bean], worth(collection)
        if value:
            return _("{player} closed out {bean}: trophy {value}").format(player=isolated(action.player), bean=bean, value=value)
        return _("{player} closed out {bean}: no value, discarded").format(player=isolated(action.player), bean=bean)
    return _("{player}'s turn ended the game").format(player=isolated(action.player))
