"""An entry of the score pad in a player's words (what Undo says it took back)."""

from __future__ import annotations

from sheets.i18n import _
from sheets.names import isolated
from sheets.nicht_die_bohne.cards import cards_text
from sheets.nicht_die_bohne.engine import Action, CorrectRound, EnterCards, RecordChip, ReturnCard, State, TakeCard


def describe(state: State, action: Action) -> str:
    """"Ann took blue 3", "Ben gave back red Doubler", "Cy's cards of round 2: ..."."""
    if isinstance(action, TakeCard):
        return _("{player} took {card}").format(player=isolated(action.player), card=cards_text([action.card]))
    if isinstance(action, ReturnCard):
        return _("{player} gave back {card}").format(player=isolated(action.player), card=cards_text([action.card]))
    if isinstance(action, EnterCards):
        return _("{player}'s cards of round {n}: {cards}").format(
            player=isolated(action.player), n=action.round, cards=cards_text(action.cards) or "–")
    if isinstance(action, CorrectRound):
        if action.starter is not None:
            return _("the correction of round {n}, started by {player}").format(n=action.round, player=isolated(action.starter))
        return _("the correction of round {n}").format(n=action.round)
    if isinstance(action, RecordChip):  # the Bean chip of round n: who starts round n + 1 (issue 47)
        if action.player is None:
            return _("nobody told who starts round {n}").format(n=action.round + 1)
        return _("{player} starts round {number}").format(player=isolated(action.player), number=action.round + 1)
    return _("an entry for the whole table")
