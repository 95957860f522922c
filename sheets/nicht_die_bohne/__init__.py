"""Nicht die Bohne!: the score pad (rulebook: shared/rules/nicht-die-bohne.txt)."""

from __future__ import annotations

from sheets.nicht_die_bohne import engine, scorefile
from sheets.nicht_die_bohne.allowed import Allowed, CardOffer, HandOffer, StarterOffer, allowed, hand_offer
from sheets.nicht_die_bohne.describe import describe
from sheets.nicht_die_bohne.cards import (
    DECK, HAND_SIZES, Card, Colour, cards_text, colour_name, face_name, parse_card,
)
from sheets.nicht_die_bohne.engine import (
    ROUNDS, Action, CorrectRound, EnterCards, RecordChip, ReturnCard, Round, Setup, State, TakeCard,
)
from sheets.nicht_die_bohne.scoring import ColourScore, RoundScore, round_score
from sheets.game import EngineRules, Phase, table_entry
from sheets.i18n import N_


# The round entry is the table's: any seat may enter any player's cards.
RULES = EngineRules(
    id=engine.GAME_ID, title=N_("Nicht die Bohne!"),
    new_game=engine.new_game, parse_action=engine.parse_action, apply=engine.apply,
    is_over=engine.is_over, result=engine.result, players=engine.players, allowed=allowed,
    read=scorefile.read, export=scorefile.export, import_file=scorefile.import_file,
    owner=table_entry, describe=describe, phase=Phase("round", engine.round_of),
)

__all__ = [
    "RULES", "ROUNDS", "DECK", "HAND_SIZES", "Card", "Colour", "parse_card", "cards_text", "colour_name", "face_name",
    "Action", "CorrectRound", "EnterCards", "RecordChip", "ReturnCard", "Round", "Setup", "State", "TakeCard",
    "Allowed", "CardOffer", "HandOffer", "StarterOffer", "allowed", "hand_offer",
    "ColourScore", "RoundScore", "round_score",
]
