"""Nicht die Bohne!: the score pad (rulebook: shared/rules/nicht-die-bohne.txt)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from sheets.nicht_die_bohne import engine, scorefile
from sheets.nicht_die_bohne.cards import DECK, HAND_SIZES, Card, Colour, parse_card
from sheets.nicht_die_bohne.engine import (
    CorrectRound, EnterCards, RecordChip, ReturnCard, Setup, State, TakeCard,
)
from sheets.errors import RulesError, first_problem
from sheets.results import GameResult


class NichtDieBohne:
    id = "nicht-die-bohne"
    title = "Nicht die Bohne!"

    def new_game(self, setup: dict[str, Any]) -> State:
        try:
            parsed = Setup.model_validate(setup)
        except ValidationError as exc:
            raise RulesError(first_problem(exc)) from None
        return State(players=parsed.players)

    parse_action = staticmethod(engine.parse_action)
    apply = staticmethod(engine.apply)
    is_over = staticmethod(engine.is_over)
    result = staticmethod(engine.result)
    export = staticmethod(scorefile.export)
    import_file = staticmethod(scorefile.import_file)

    @staticmethod
    def owner(action: Any) -> None:
        """The round entry is the table's: any seat may enter any player's cards."""
        return None

    def score_file(self, data: dict[str, Any]) -> GameResult:
        return engine.result(scorefile.read(data))


RULES = NichtDieBohne()

__all__ = [
    "RULES", "DECK", "HAND_SIZES", "Card", "Colour", "parse_card",
    "CorrectRound", "EnterCards", "RecordChip", "ReturnCard", "Setup", "State", "TakeCard",
]
