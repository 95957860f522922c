"""Space Beans: the score sheet (rulebook: shared/rules/space-beans.txt)."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from sheets.errors import RulesError
from sheets.game import player_entry
from sheets.results import GameResult
from sheets.space_beans import engine, scorefile
from sheets.space_beans.cards import BEAN_NAMES, DECK, Bean, Card, Collection, check_supply
from sheets.space_beans.engine import CloseOut, EndGame, Lay, PlayerSheet, Setup, State, seen_by
from sheets.space_beans.scoring import BOHNUS, END_AT, CloseOutResult, close_out


class SpaceBeans:
    id = engine.GAME_ID
    title = "Space Beans"

    def new_game(self, setup: dict[str, Any]) -> State:
        try:
            parsed = Setup.model_validate(setup)
        except ValidationError as exc:
            raise RulesError(exc.errors()[0]["msg"].removeprefix("Value error, ")) from None
        return engine.new_state(parsed)

    parse_action = staticmethod(engine.parse_action)
    apply = staticmethod(engine.apply)
    is_over = staticmethod(engine.is_over)
    result = staticmethod(engine.result)
    export = staticmethod(scorefile.export)
    import_file = staticmethod(scorefile.import_file)

    @staticmethod
    def owner(action: Any) -> str | None:
        """Laying and closing out are a player's own; the end of the game is the table's."""
        return None if isinstance(action, EndGame) else player_entry(action)

    def score_file(self, data: dict[str, Any]) -> GameResult:
        return engine.result(scorefile.read(data))


RULES = SpaceBeans()

__all__ = [
    "RULES", "BEAN_NAMES", "BOHNUS", "DECK", "END_AT", "Bean", "Card", "CloseOut", "CloseOutResult",
    "Collection", "EndGame", "Lay", "PlayerSheet", "Setup", "State", "check_supply", "close_out",
    "seen_by",
]
