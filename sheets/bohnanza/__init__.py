"""Bohnanza: fields, harvests, coins and deck passes (rulebook: shared/rules/bohnanza.txt)."""

from __future__ import annotations

from typing import Any

from sheets.bohnanza import engine, scorefile
from sheets.bohnanza.beans import BEANS, DECK_SIZE, Bean, Beanometer, Pile, label, payout
from sheets.bohnanza.engine import (
    BuyField, DeckExhausted, FinalCount, Harvest, HarvestPreview, Plant, PlayerCount, Setup, State,
    preview_harvest,
)
from sheets.game import player_entry
from sheets.results import GameResult


class Bohnanza:
    id = scorefile.GAME
    title = "Bohnanza"

    new_game = staticmethod(engine.new_game)
    parse_action = staticmethod(engine.parse_action)
    apply = staticmethod(engine.apply)
    is_over = staticmethod(engine.is_over)
    result = staticmethod(engine.result)
    export = staticmethod(scorefile.export)
    import_file = staticmethod(scorefile.import_file)
    owner = staticmethod(player_entry)  # deck passes, final counts, finish: shared

    def score_file(self, data: dict[str, Any]) -> GameResult:
        return engine.result(scorefile.read(data))


RULES = Bohnanza()

__all__ = [
    "RULES", "BEANS", "DECK_SIZE", "Bean", "Beanometer", "Pile", "label", "payout",
    "BuyField", "DeckExhausted", "FinalCount", "Harvest", "HarvestPreview", "Plant", "PlayerCount",
    "Setup", "State", "preview_harvest",
]
