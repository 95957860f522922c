"""Statistics over finished games: played and won per player name, best and average
totals per game. Computed from the stored summaries, without opening any game."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.storage import Summary


@dataclass(frozen=True)
class PlayerRecord:
    name: str
    played: int
    won: int


@dataclass(frozen=True)
class GameRecordStats:
    game: str
    played: int
    best: int
    best_by: tuple[str, ...]
    average: float  # of every player's total


def player_records(summaries: Iterable[Summary]) -> list[PlayerRecord]:
    """Most wins first, then most games, then by name."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for s in summaries:
        if s.finished:
            for name in s.players:
                played[name] = played.get(name, 0) + 1
                won[name] = won.get(name, 0) + (name in s.winners)
    records = [PlayerRecord(n, played[n], won[n]) for n in played]
    return sorted(records, key=lambda r: (-r.won, -r.played, r.name))


def game_records(summaries: Iterable[Summary]) -> list[GameRecordStats]:
    by_game: dict[str, list[Summary]] = {}
    for s in summaries:
        if s.finished and s.totals:
            by_game.setdefault(s.game, []).append(s)
    stats = []
    for game, finished in sorted(by_game.items()):
        scores = [(t, n) for s in finished for n, t in zip(s.players, s.totals)]
        best = max(t for t, _ in scores)
        stats.append(GameRecordStats(
            game=game,
            played=len(finished),
            best=best,
            best_by=tuple(dict.fromkeys(n for t, n in scores if t == best)),
            average=sum(t for t, _ in scores) / len(scores),
        ))
    return stats
