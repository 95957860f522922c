"""Nicht die Bohne!: the score pad (rulebook: shared/rules/nicht-die-bohne.txt)."""

from __future__ import annotations

from sheets.nicht_die_bohne import engine, scorefile
from sheets.nicht_die_bohne.cards import DECK, HAND_SIZES, Card, Colour, parse_card
from sheets.nicht_die_bohne.engine import (
    CorrectRound, EnterCards, RecordChip, ReturnCard, Setup, State, TakeCard,
)
from sheets.game import EngineRules, table_entry


# The round entry is the table's: any seat may enter any player's cards.
RULES = EngineRules("nicht-die-bohne", "Nicht die Bohne!", engine, scorefile, owner=table_entry)

__all__ = [
    "RULES", "DECK", "HAND_SIZES", "Card", "Colour", "parse_card",
    "CorrectRound", "EnterCards", "RecordChip", "ReturnCard", "Setup", "State", "TakeCard",
]
