"""Space Beans: the score sheet (rulebook: shared/rules/space-beans.txt)."""

from __future__ import annotations

from sheets.game import EngineRules
from sheets.space_beans import engine, scorefile
from sheets.space_beans.allowed import (
    WAYS, Allowed, CloseOutOffer, LayAnswer, LayChoice, allowed, allowed_every, grounds,
)
from sheets.space_beans.describe import describe
from sheets.space_beans.cards import BEAN_NAMES, DECK, VALUES, Bean, Card, Collection, check_supply
from sheets.space_beans.engine import Action, CloseOut, EndGame, Lay, PlayerSheet, Setup, State, seen_by
from sheets.space_beans.scoring import BOHNUS, END_AT, CloseOutResult, close_out, worth


RULES: EngineRules[State, Action, Allowed] = EngineRules(
    id=engine.GAME_ID, title="Space Beans",
    new_game=engine.new_game, parse_action=engine.parse_action, apply=engine.apply,
    is_over=engine.is_over, result=engine.result, players=engine.players, allowed=allowed,
    read=scorefile.read, export=scorefile.export, import_file=scorefile.import_file,
    owner=engine.owner, face_down=engine.face_down, grounds=grounds, describe=describe,
)

__all__ = [
    "RULES", "BEAN_NAMES", "BOHNUS", "DECK", "END_AT", "VALUES", "WAYS", "Action", "Allowed", "Bean", "Card",
    "CloseOut", "CloseOutOffer", "CloseOutResult", "Collection", "EndGame", "Lay", "LayAnswer", "LayChoice",
    "PlayerSheet", "Setup", "State", "allowed", "allowed_every", "check_supply", "close_out", "grounds", "seen_by",
    "worth",
]
