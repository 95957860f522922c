"""Gone with the Beans: the end-game scorer for sheets A-D (rulebook: shared/rules/gone-with-the-beans.txt)."""

from __future__ import annotations

from sheets.gone_with_the_beans import allowed, engine, scorefile
from sheets.gone_with_the_beans.allowed import Allowed, Count, Mark
from sheets.gone_with_the_beans.engine import (
    Action,
    Finish,
    MarkContract,
    MarkDevelopmentBonus,
    MarkMilestoneBonus,
    Reopen,
    SetBeanichalcum,
    SetDpIcons,
    SetFacility,
    SetHayActionUses,
    State,
)
from sheets.gone_with_the_beans.scoring import PlayerSheet, horse_riding_level
from sheets.gone_with_the_beans.sheets import (
    AMMOND, PROVINCES, SHEETS, UNKNOWN, Contract, Cost, DevelopmentBonus, Facility, Sheet, solitaire_rating,
)
from sheets.game import EngineRules
from sheets.i18n import N_


# An entry is its player's (the action's `player`); finishing the game (everything is
# entered) and reopening it are the table's.
RULES = EngineRules(
    id=engine.GAME_ID, title=N_("Gone with the Beans"),
    new_game=engine.new_game, parse_action=engine.parse_action, apply=engine.apply,
    is_over=engine.is_over, result=engine.result, players=engine.players,
    allowed=allowed.allowed, grounds=allowed.grounds,
    read=scorefile.read, export=scorefile.export, import_file=scorefile.import_file,
)

__all__ = [
    "RULES", "AMMOND", "PROVINCES", "SHEETS", "UNKNOWN", "Contract", "Cost", "DevelopmentBonus", "Facility", "Sheet",
    "solitaire_rating", "horse_riding_level",
    "Action", "Allowed", "Count", "Mark",
    "Finish", "MarkContract", "MarkDevelopmentBonus", "MarkMilestoneBonus", "PlayerSheet",
    "Reopen", "SetBeanichalcum", "SetDpIcons", "SetFacility", "SetHayActionUses", "State",
]
