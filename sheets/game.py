"""What every game's rules object offers the app, the storage and the command line.

A game is its setup plus an ordered log of actions; the state is ``fold``-ed from them.
Setups and actions cross the storage boundary as plain JSON-able dicts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from sheets.results import GameResult


class GameRules(Protocol):
    id: str  # the score files' "game" value, e.g. "nicht-die-bohne"
    title: str  # as printed on the box

    def new_game(self, setup: dict[str, Any]) -> Any:
        """The state at the start; raises RulesError for a bad setup."""

    def parse_action(self, data: dict[str, Any]) -> Any:
        """An action from its JSON form; raises RulesError when it is not one."""

    def apply(self, state: Any, action: Any) -> Any:
        """The new state; raises RulesError (the old state stays as it was)."""

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> GameResult: ...

    def score_file(self, data: dict[str, Any]) -> GameResult:
        """Score a ``beans-score/1`` file of this game; raises ScoreFileError."""

    def export(self, state: Any) -> dict[str, Any]:
        """A finished game as a ``beans-score/1`` file."""

    def import_file(self, data: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """(setup, actions) that fold into the game a valid score file records."""

    def owner(self, action: Any) -> str | None:
        """The player whose own entry the action changes; None for the table's shared entries.

        At a table of phones (table mode) only that player's seat may send it.
        """


def player_entry(action: Any) -> str | None:
    """The usual owner: the action's ``player``, if it has one."""
    player = getattr(action, "player", None)
    return player if isinstance(player, str) else None


def table_entry(action: Any) -> None:
    """For games whose every entry is the table's (any seat may make it)."""
    return None


class EngineRules:
    """A game's ``GameRules`` wired from its ``engine`` module (new_game, parse_action,
    apply, is_over, result) and its ``scorefile`` module (read, export, import_file)."""

    def __init__(self, id: str, title: str, engine: Any, scorefile: Any,
                 owner: Callable[[Any], str | None] = player_entry):
        self.id = id
        self.title = title
        self.new_game = engine.new_game
        self.parse_action = engine.parse_action
        self.apply = engine.apply
        self.is_over = engine.is_over
        self.result = engine.result
        self.export = scorefile.export
        self.import_file = scorefile.import_file
        self.owner = owner
        self._read = scorefile.read

    def score_file(self, data: dict[str, Any]) -> GameResult:
        return self.result(self._read(data))


def fold(rules: GameRules, setup: dict[str, Any], actions: Iterable[dict[str, Any]]) -> Any:
    """Replay a stored game: the state after every action of the log."""
    state = rules.new_game(setup)
    for data in actions:
        state = rules.apply(state, rules.parse_action(data))
    return state
