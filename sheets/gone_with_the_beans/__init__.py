"""Gone with the Beans: the end-game scorer for sheets A-D (rulebook: shared/rules/gone-with-the-beans.txt)."""

from __future__ import annotations

from typing import Any

from sheets.gone_with_the_beans import engine, scorefile
from sheets.gone_with_the_beans.engine import (
    Finish,
    MarkContract,
    MarkDevelopmentBonus,
    MarkMilestoneBonus,
    PlayerSheet,
    Reopen,
    SetBeanichalcum,
    SetDpIcons,
    SetFacility,
    SetHayActionUses,
    State,
)
from sheets.gone_with_the_beans.sheets import PROVINCES, SHEETS, UNKNOWN, Sheet, solitaire_rating
from sheets.game import player_entry
from sheets.results import GameResult


class GoneWithTheBeans:
    id = engine.GAME_ID
    title = "Gone with the Beans"

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


RULES = GoneWithTheBeans()

__all__ = [
    "RULES", "PROVINCES", "SHEETS", "UNKNOWN", "Sheet", "solitaire_rating",
    "Finish", "MarkContract", "MarkDevelopmentBonus", "MarkMilestoneBonus", "PlayerSheet",
    "Reopen", "SetBeanichalcum", "SetDpIcons", "SetFacility", "SetHayActionUses", "State",
]
