"""Nicht die Bohne!: the score pad (rulebook: shared/rules/nicht-die-bohne.txt)."""

from __future__ import annotations

from sheets.nicht_die_bohne import engine, scorefile
from sheets.nicht_die_bohne.cards import DECK, HAND_SIZES, Card, Colour, parse_card
from sheets.nicht_die_bohne.engine import (
    CorrectRound, EnterCards, RecordChip, ReturnCard, Setup, State, TakeCard,
)
from sheets.game import EngineRules, offers_pending, table_entry
from sheets.i18n import N_


# The round entry is the table's: any seat may enter any player's cards.
RULES = EngineRules(
    id=engine.GAME_ID, title=N_("Nicht die Bohne!"),
    new_game=engine.new_game, parse_action=engine.parse_action, apply=engine.apply,
    is_over=engine.is_over, result=engine.result, players=engine.players, allowed=offers_pending,
    read=scorefile.read, export=scorefile.export, import_file=scorefile.import_file,
    owner=table_entry,
)

__all__ = [
    "RULES", "DECK", "HAND_SIZES", "Card", "Colour", "parse_card",
    "CorrectRound", "EnterCards", "RecordChip", "ReturnCard", "Setup", "State", "TakeCard",
]
