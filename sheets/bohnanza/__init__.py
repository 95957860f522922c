"""Bohnanza: fields, harvests, coins and deck passes (rulebook: shared/rules/bohnanza.txt)."""

from __future__ import annotations

from sheets.bohnanza import engine, scorefile
from sheets.bohnanza.beans import BEANS, DECK_SIZE, Bean, Beanometer, Pile, label, payout
from sheets.bohnanza.engine import (
    BuyField, DeckExhausted, FinalCount, Harvest, HarvestPreview, Plant, PlayerCount, Setup, State,
    preview_harvest,
)
from sheets.game import EngineRules, offers_pending


# An entry is its player's (the action's `player`); the deck, the final count and
# finishing the game are the table's.
RULES = EngineRules(
    id=engine.GAME_ID, title="Bohnanza",
    new_game=engine.new_game, parse_action=engine.parse_action, apply=engine.apply,
    is_over=engine.is_over, result=engine.result, players=engine.players, allowed=offers_pending,
    read=scorefile.read, export=scorefile.export, import_file=scorefile.import_file,
)

__all__ = [
    "RULES", "BEANS", "DECK_SIZE", "Bean", "Beanometer", "Pile", "label", "payout",
    "BuyField", "DeckExhausted", "FinalCount", "Harvest", "HarvestPreview", "Plant", "PlayerCount",
    "Setup", "State", "preview_harvest",
]
