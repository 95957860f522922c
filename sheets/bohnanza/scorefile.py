"""``bohnanza`` score files (shared/design/score-files.md, section bohnanza).

A Bohnanza score file is the end-of-game record: each player's coins after the last
harvest and whether they bought the third field. Reading one always gives a finished
game (``winners`` is never empty); it is imported as a single ``final-count``.
"""

from __future__ import annotations

from typing import Any

from pydantic import field_validator

from sheets.bohnanza.engine import (
    GAME_ID, MAX_PLAYERS, MIN_PLAYERS, FinalCount, PlayerCount, State, apply, new_game,
)
from sheets.errors import RulesError, ScoreFileError
from sheets.model import Frozen
from sheets.scorefile import FORMAT, parse_model

class BohnanzaFile(Frozen):
    format: str
    game: str
    players: tuple[PlayerCount, ...]

    @field_validator("players", mode="before")
    @classmethod
    def _list(cls, value: Any) -> Any:
        if not isinstance(value, list):
            raise ValueError("must be a list of players")
        return value


def read(data: dict[str, Any]) -> State:
    """The finished game a score file records; ScoreFileError naming the place if invalid."""
    parsed = parse_model(BohnanzaFile, data)
    entries = parsed.players
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise ScoreFileError("players", f"{len(entries)} players; Bohnanza is for {MIN_PLAYERS} to {MAX_PLAYERS}")
    names: list[str] = []
    for index, entry in enumerate(entries):
        name = entry.name.strip()
        if not name:
            raise ScoreFileError(f"players[{index}].name", "the name is empty")
        if name in names:
            raise ScoreFileError(f"players[{index}].name", f"{name} is named twice")
        names.append(name)
    state = new_game({"players": names})
    try:
        return apply(state, FinalCount(players=entries))
    except RulesError as exc:  # names are checked above: what is left is coins beyond the deck
        at = names.index(exc.where) if exc.where in names else None
        raise ScoreFileError(f"players[{at}].coins" if at is not None else "players", exc.reason) from None


def export(state: State) -> dict[str, Any]:
    if not state.over:
        raise RulesError("the game is not over yet; a Bohnanza score file records the end of a game")
    return {
        "format": FORMAT,
        "game": GAME_ID,
        "players": [
            {"name": f.name, "coins": f.total, "third_field": f.third_field} for f in state.players
        ],
    }


def import_file(data: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    state = read(data)
    count = FinalCount(players=tuple(
        PlayerCount(name=f.name, coins=f.total, third_field=f.third_field) for f in state.players
    ))
    return {"players": list(state.names)}, [count.model_dump(mode="json")]
