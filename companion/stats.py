"""Statistics over finished games: played and won per player name, best and average
totals per game, and apart from them the solitaire games' ratings (a solitaire game has
a rating, not a winner). Computed from the stored summaries, without opening any game."""

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
    winning_totals: tuple[int, ...] = ()  # each game's best total, the oldest game first


@dataclass(frozen=True)
class SolitaireRecord:
    name: str
    game: str
    played: str  # when (Summary.played)
    total: int
    rating: str | None


def solitaire(summary: Summary) -> bool:
    """One player: a solitaire game, never counted as a win (its result is a rating)."""
    return len(summary.players) == 1


def player_records(summaries: Iterable[Summary]) -> list[PlayerRecord]:
    """Games with other players: most wins first, then most games, then by name."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for s in summaries:
        if s.finished and not solitaire(s):
            for name in s.players:
                played[name] = played.get(name, 0) + 1
                won[name] = won.get(name, 0) + (name in s.winners)
    records = [PlayerRecord(n, played[n], won[n]) for n in played]
    return sorted(records, key=lambda r: (-r.won, -r.played, r.name))


def solitaire_records(summaries: Iterable[Summary]) -> list[SolitaireRecord]:
    """Every finished solitaire game with its total and rating: best total first, then newest."""
    records = [SolitaireRecord(s.players[0], s.game, s.played, sum(s.totals), s.rating)
               for s in summaries if s.finished and solitaire(s)]
    records.sort(key=lambda r: r.played, reverse=True)
    return sorted(records, key=lambda r: -r.total)


def game_records(summaries: Iterable[Summary]) -> list[GameRecordStats]:
    """Per game, over finished games with other players (solitaire totals stand apart)."""
    by_game: dict[str, list[Summary]] = {}
    for s in summaries:
        if s.finished and s.totals and not solitaire(s):
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
            winning_totals=tuple(max(s.totals) for s in sorted(finished, key=lambda s: s.played)),
        ))
    return stats
