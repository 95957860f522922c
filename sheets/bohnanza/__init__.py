"""Bohnanza: fields, harvests, coins and deck passes (rulebook: shared/rules/bohnanza.txt)."""

from __future__ import annotations

from sheets.bohnanza import engine, scorefile
from sheets.bohnanza.allowed import (
    COUNTS, Allowed, DeckOffer, EndSale, FarmerOffers, FieldOffer, PlantOffer, allowed, allowed_by_seat, end_sales,
)
from sheets.bohnanza.beans import BEANS, Bean, Beanometer, Pile, count_of, label, name, payout
from sheets.bohnanza.decks import DECK_NAMES, PLAYERS, Deck, Table, table_for
from sheets.bohnanza.describe import describe
from sheets.bohnanza.engine import (
    Action, BeanField, BuyField, DeckExhausted, EnterBeanometer, Farmer, FinalCount, HandRefused, Harvest,
    HarvestPreview, Plant, PlayerCount, Setup, State, TellHand, UnknownBeanometer, entered_rows, preview_harvest,
    tied_for_most,
)
from sheets.game import EngineRules, Phase

# An entry is its player's (the action's `player`); the deck, the final count and
# finishing the game are the table's.
RULES: EngineRules[State, Action, Allowed] = EngineRules(
    id=engine.GAME_ID, title="Bohnanza",
    new_game=engine.new_game, parse_action=engine.parse_action, apply=engine.apply,
    is_over=engine.is_over, result=engine.result, players=engine.players, allowed=allowed,
    read=scorefile.read, export=scorefile.export, import_file=scorefile.import_file, describe=describe,
    phase=Phase("pass", engine.pass_of),
)

__all__ = [
    "RULES", "BEANS", "Bean", "Beanometer", "Pile", "count_of", "label", "name", "payout",
    "DECK_NAMES", "PLAYERS", "Deck", "Table", "table_for",
    "Action", "BeanField", "BuyField", "DeckExhausted", "EnterBeanometer", "Farmer", "FinalCount", "Harvest",
    "HandRefused", "HarvestPreview", "Plant", "PlayerCount", "Setup", "State", "TellHand", "UnknownBeanometer",
    "entered_rows", "preview_harvest", "tied_for_most",
    "COUNTS", "Allowed", "DeckOffer", "EndSale", "FarmerOffers", "FieldOffer", "PlantOffer",
    "allowed", "allowed_by_seat", "end_sales",
]
