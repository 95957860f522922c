"""Game results shared by every game: totals with a breakdown, ranks and winners."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sheets.errors import RulesError
from sheets.i18n import _
from sheets.limits import name_problem
from sheets.model import Frozen


class PlayerResult(Frozen):
    name: str
    total: int
    rank: int
    breakdown: dict[str, Any]
    rating: str | None = None

    def as_json(self) -> dict[str, Any]:
        data = self.model_dump()
        if data["rating"] is None:
            del data["rating"]
        return data


class GameResult(Frozen):
    """The result JSON of score-files.md: players in the file's order, ranks, winners."""

    game: str
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": [p.as_json() for p in self.players],
            "winners": list(self.winners),
        }


def ranks(totals: Sequence[int]) -> list[int]:
    """Competition ranks: 1 for the best total; tied totals share a rank (1, 1, 3)."""
    return [1 + sum(other > total for other in totals) for total in totals]


def build_result(
    game: str,
    breakdowns: Mapping[str, Mapping[str, Any]],
    over: bool,
    ratings: Mapping[str, str] | None = None,
    tie_break: Mapping[str, int] | None = None,
) -> GameResult:
    """Rank players by ``breakdown["total"]``; all tied leaders win once the game is over.
    ``tie_break``: a second number of each player tied for the best total, the most first
    (Bohnanza's today's box: cards in hand); leaders still tied by it share the rank."""
    names = list(breakdowns)
    totals = [int(breakdowns[n]["total"]) for n in names]
    player_ranks = ranks(totals)
    if tie_break:
        leaders = [n for n, r in zip(names, player_ranks) if r == 1 and n in tie_break]
        behind = {n: sum(tie_break[o] > tie_break[n] for o in leaders) for n in leaders}
        player_ranks = [r + behind.get(n, 0) for n, r in zip(names, player_ranks)]
    players = tuple(
        PlayerResult(
            name=n,
            total=t,
            rank=r,
            breakdown=dict(breakdowns[n]),
            rating=(ratings or {}).get(n),
        )
        for n, t, r in zip(names, totals, player_ranks)
    )
    winners = tuple(n for n, r in zip(names, player_ranks) if r == 1) if over and names else ()
    return GameResult(game=game, players=players, winners=winners)


def position_of(names: Sequence[str], name: str) -> int:
    """The 0-based seat of ``name``; RulesError when that name is not playing."""
    try:
        return list(names).index(name)
    except ValueError:
        raise RulesError(_("{name} is not playing; the players are {players}").format(
            name=repr(name), players=", ".join(names))) from None


def name_problem_at(names: Sequence[Any]) -> tuple[int, str] | None:
    """The first bad name as (0-based index, reason), or None: every name text, not
    empty, unique (blanks stripped), of sensible length and without control
    characters. Linear in the number of names."""
    seen: set[str] = set()
    for index, raw in enumerate(names):
        if not isinstance(raw, str):
            return index, _("a name must be text")
        name = raw.strip()
        if not name:
            return index, _("the name is empty")
        why = name_problem(name)
        if why:
            return index, why
        if name in seen:
            return index, _("{name} is named twice").format(name=name)
        seen.add(name)
    return None


def clean_names(names: Iterable[Any], low: int, high: int) -> tuple[str, ...]:
    """Player names as the rules want them: low..high of them (counted first, before any
    name is read), each as ``name_problem_at`` wants it, blanks stripped.

    Raises RulesError naming the problem.
    """
    listed = list(names)
    if not low <= len(listed) <= high:
        raise RulesError(_("{n} players; this game is for {low} to {high}").format(n=len(listed), low=low, high=high))
    problem = name_problem_at(listed)
    if problem:
        index, reason = problem
        raise RulesError(_("player {number}: {reason}").format(number=index + 1, reason=reason))
    return tuple(name.strip() for name in listed)
