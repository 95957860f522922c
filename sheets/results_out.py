"""Results leaving the table: a finished game's result as a BG Stats play and as CSV.

Pure: a ``GameResult`` (see results.py) plus what is known about the play (``PlayInfo``)
in, JSON-ready data or text out. The BG Stats field names all live here.

BG Stats records a play from a link, ``https://app.bgstatsapp.com/createPlay.html?data=``
followed by the play as URL-encoded JSON. The fields used are the plain ones BG Stats
documents for that link: ``sourceName``; ``game`` with ``name``, ``bggId`` (only where
the BoardGameGeek id is certain) and ``highestWins``; ``playDate``; ``durationMin``; and
``players``, each with ``name``, ``score``, ``winner``, ``rank`` and ``startPlayer``.
A field whose value is not known is left out, never guessed.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import quote

from sheets.model import Frozen
from sheets.results import GameResult

BGSTATS_CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Bean Counter"

# The name each game is published under, by score-file game id.
GAME_NAMES = {
    "nicht-die-bohne": "Nicht die Bohne!",
    "gone-with-the-beans": "Gone with the Beans",
    "space-beans": "Space Beans",
    "bohnanza": "Bohnanza",
}

# BoardGameGeek ids known for certain; a game missing here is sent without one.
BGG_IDS = {
    "bohnanza": 11,
}

# In all four games the most points win (score-files.md: rank 1 is the best total).
HIGHEST_WINS = True


class PlayInfo(Frozen):
    """What is known about one play beside its result; None where it is not known."""

    played: str | None = None  # the date, YYYY-MM-DD
    started: str | None = None  # ISO 8601 date-time with offset, when the first entry was made
    duration_min: int | None = None
    start_player: str | None = None


def play_date(info: PlayInfo) -> str | None:
    """BG Stats' ``playDate``: ``YYYY-MM-DD HH:MM:SS`` in this machine's local time when
    the start is known, else the date alone."""
    if info.started:
        return datetime.fromisoformat(info.started).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    return info.played


def bgstats_play(result: GameResult, info: PlayInfo) -> dict[str, Any]:
    """The play as BG Stats' createPlay link reads it."""
    game: dict[str, Any] = {"name": GAME_NAMES.get(result.game, result.game)}
    if result.game in BGG_IDS:
        game["bggId"] = BGG_IDS[result.game]
    game["highestWins"] = HIGHEST_WINS
    play: dict[str, Any] = {"sourceName": SOURCE_NAME, "game": game}
    date = play_date(info)
    if date:
        play["playDate"] = date
    if info.duration_min is not None:
        play["durationMin"] = info.duration_min
    players = []
    for p in result.players:
        player: dict[str, Any] = {"name": p.name, "score": p.total, "winner": p.name in result.winners,
                                  "rank": p.rank}
        if info.start_player is not None:
            player["startPlayer"] = p.name == info.start_player
        players.append(player)
    play["players"] = players
    return play


def bgstats_link(play: Mapping[str, Any]) -> str:
    """The createPlay link that opens BG Stats with ``play`` filled in."""
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_CREATE_PLAY}?data={quote(text, safe='')}"


def _flat(prefix: str, value: Any, out: dict[str, Any]) -> None:
    """Nested breakdowns as columns: {"rounds": [{"total": 3}]} -> rounds_1_total."""
    if isinstance(value, Mapping):
        for key, inner in value.items():
            _flat(f"{prefix}_{key}" if prefix else str(key), inner, out)
    elif isinstance(value, (list, tuple)):
        for number, inner in enumerate(value, 1):
            _flat(f"{prefix}_{number}", inner, out)
    else:
        out[prefix] = value


def _cell(value: Any) -> Any:
    """Text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv(header: list[str], rows: Iterable[Mapping[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header, lineterminator="\r\n", restval="")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: _cell(value) for key, value in row.items() if value is not None})
    return out.getvalue()


def result_csv(result: GameResult) -> str:
    """One game: a row per player (the file's order) with name, total, rank, winner, the
    rating where there is one, then the game's breakdown columns."""
    rows: list[dict[str, Any]] = []
    columns: dict[str, None] = {}
    for p in result.players:
        flat: dict[str, Any] = {}
        _flat("", {k: v for k, v in p.breakdown.items() if k != "total"}, flat)
        columns.update(dict.fromkeys(flat))
        rows.append({"name": p.name, "total": p.total, "rank": p.rank, "winner": p.name in result.winners,
                     "rating": p.rating, **flat})
    rating = ["rating"] if any(p.rating for p in result.players) else []
    return _csv(["name", "total", "rank", "winner", *rating, *columns], rows)


ALL_GAMES_COLUMNS = ["game_id", "game", "played", "player", "total", "rank", "winner", "start_player"]


def results_csv(games: Iterable[tuple[str, GameResult, PlayInfo]]) -> str:
    """Many games, as (stored id, result, play info): a row per player per game."""
    rows = [
        {"game_id": game_id, "game": GAME_NAMES.get(result.game, result.game), "played": info.played,
         "player": p.name, "total": p.total, "rank": p.rank, "winner": p.name in result.winners,
         "start_player": None if info.start_player is None else p.name == info.start_player}
        for game_id, result, info in games
        for p in result.players
    ]
    return _csv(ALL_GAMES_COLUMNS, rows)
