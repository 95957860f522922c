"""Results leaving the table: a finished game's result as a BG Stats play and as CSV.

Pure: a ``GameResult`` (see results.py) plus what is known about the play (``PlayInfo``)
in, JSON-ready data or text out. The BG Stats field names all live here.

BG Stats records a play from a link, ``https://app.bgstatsapp.com/createPlay.html?data=``
followed by the play as URL-encoded JSON. The fields used are the plain ones BG Stats
documents for that link, each checked against a public implementation of it
(ClockTracker's ``useBGStats``, a Blood on the Clocktower tracker, sends ``sourceName``,
``sourcePlayId``, ``comments``, ``board``, ``playDate`` as ``YYYY-MM-DD HH:mm:ss`` in
local time, ``game`` with ``name``, ``bggId``, ``highestWins`` and ``sourceGameId``, and
players with ``name``, ``sourcePlayerId``, ``winner`` and ``startPlayer``):

- ``sourceName``, and ``sourcePlayId``: the stored game's id, so sending a game twice
  updates the one play instead of recording a second;
- ``game``: ``name``, ``sourceGameId`` (the score-file game id), ``bggId`` (only where the
  BoardGameGeek id is certain) and ``highestWins``;
- ``playDate``, always ``YYYY-MM-DD HH:MM:SS`` in this machine's local time: the first
  entry's time, else a file's date at noon (no time zone moves it to another day), else
  the time the game was stored; ``durationMin``;
- ``board``: Gone with the Beans' sheet letter ("Sheet B"); ``comments``: a solitaire
  game's rating and the game's shared comment; ``location``: where it was played (else BG
  Stats files the play under the sending app);
- ``players``, each with ``name``, ``sourcePlayerId`` (the name: unique at a table),
  ``score``, ``winner`` (never for a solitaire game: its result is a rating, as on the
  Statistics screen), ``rank`` and ``startPlayer``.

A field whose value is not known is left out, never guessed.

Many plays at once go into one ``.bgsplay`` file (``bgsplay``), the JSON BG Stats opens
and shares plays in, as public writers of it write it (a BGA-to-BG-Stats exporter and a
reader of shared plays): ``games``, ``players`` and ``locations`` each with an integer
``id`` and a ``uuid``, and ``plays`` referring to them by ``gameRefId``, ``locationRefId``
and each score's ``playerRefId``; a play's ``uuid`` and ``sourcePlayId`` come from the
stored game's id, so importing the same file again adds nothing.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping
import uuid
from datetime import datetime, timezone
from typing import Any
from urllib.parse import quote

from sheets.i18n import N_, _, pgettext
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
    game_id: str | None = None  # the stored game's id
    stored: str | None = None  # ISO 8601 date-time with offset, when the game was stored here
    sheet: str | None = None  # Gone with the Beans' sheet letter
    location: str | None = None  # where it was played ("Where we play")
    comment: str | None = None  # the game's shared comment (any seat writes it; never a private note)


DATE_TIME = "%Y-%m-%d %H:%M:%S"


def play_date(info: PlayInfo) -> str | None:
    """BG Stats' ``playDate``: ``YYYY-MM-DD HH:MM:SS`` in this machine's local time: the
    start when known, else the date played at noon, else the time the game was stored."""
    if info.started:
        return datetime.fromisoformat(info.started).astimezone().strftime(DATE_TIME)
    if info.played:
        return f"{info.played} 12:00:00"
    if info.stored:
        return datetime.fromisoformat(info.stored).astimezone().strftime(DATE_TIME)
    return None


def stored(info: PlayInfo) -> str | None:
    """When the game was stored here, as BG Stats writes a moment (local time), if known."""
    return datetime.fromisoformat(info.stored).astimezone().strftime(DATE_TIME) if info.stored else None


def solitaire(result: GameResult) -> bool:
    """One player: the result is a rating, never a win (as the Statistics screen counts it)."""
    return len(result.players) == 1


def won(result: GameResult, name: str) -> bool:
    return name in result.winners and not solitaire(result)


def bgstats_play(result: GameResult, info: PlayInfo) -> dict[str, Any]:
    """The play as BG Stats' createPlay link reads it."""
    game: dict[str, Any] = {"name": GAME_NAMES.get(result.game, result.game), "sourceGameId": result.game}
    if result.game in BGG_IDS:
        game["bggId"] = BGG_IDS[result.game]
    game["highestWins"] = HIGHEST_WINS
    play: dict[str, Any] = {"sourceName": SOURCE_NAME}
    if info.game_id is not None:
        play["sourcePlayId"] = f"bean-counter-{info.game_id}"
    play["game"] = game
    date = play_date(info)
    if date:
        play["playDate"] = date
    if info.duration_min is not None:
        play["durationMin"] = info.duration_min
    if info.sheet is not None:
        play["board"] = f"Sheet {info.sheet}"
    comments = play_comments(result, info)
    if comments:
        play["comments"] = comments
    if info.location:
        play["location"] = info.location
    players = []
    for p in result.players:
        player: dict[str, Any] = {"name": p.name, "sourcePlayerId": p.name, "score": p.total,
                                  "winner": won(result, p.name), "rank": p.rank}
        if info.start_player is not None:
            player["startPlayer"] = p.name == info.start_player
        players.append(player)
    play["players"] = players
    return play


def play_comments(result: GameResult, info: PlayInfo) -> str | None:
    """BG Stats' ``comments``: a solitaire game's rating, then the game's shared comment."""
    rating = result.players[0].rating if solitaire(result) else None
    parts = ([f"Rating: {rating}"] if rating else []) + ([info.comment] if info.comment else [])
    return "\n".join(parts) or None


# The uuids of a .bgsplay file's games, players, locations and plays: the same thing is
# always the same uuid (uuid5 of its name in Bean Counter's namespace), so BG Stats matches
# a file imported twice with what it has.
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "urn:bean-counter:bgsplay")


def _uuid(kind: str, name: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{name}")).upper()


def bgsplay(plays: Iterable[tuple[GameResult, PlayInfo]], now: datetime | None = None) -> dict[str, Any]:
    """Many finished games as one ``.bgsplay`` file (see the module's words): every game,
    player and location once, with integer ids the plays refer to."""
    stamp = (now or datetime.now(timezone.utc)).astimezone().strftime(DATE_TIME)
    games: dict[str, dict[str, Any]] = {}
    players: dict[str, dict[str, Any]] = {}
    locations: dict[str, dict[str, Any]] = {}
    out_plays: list[dict[str, Any]] = []
    for result, info in plays:
        game = games.setdefault(result.game, {
            "id": len(games) + 1, "uuid": _uuid("game", result.game), "name": GAME_NAMES.get(result.game, result.game),
            "modificationDate": stamp, "cooperative": False, "highestWins": HIGHEST_WINS, "noPoints": False,
            "usesTeams": False, "bggId": BGG_IDS.get(result.game, 0), "sourceGameId": result.game})
        scores = []
        for seat, p in enumerate(result.players, 1):
            player = players.setdefault(p.name, {
                "id": len(players) + 1, "uuid": _uuid("player", p.name), "name": p.name, "isAnonymous": False,
                "modificationDate": stamp, "sourcePlayerId": p.name})
            score: dict[str, Any] = {"playerRefId": player["id"], "score": str(p.total), "winner": won(result, p.name),
                                     "rank": p.rank, "seatOrder": seat, "newPlayer": False,
                                     "startPlayer": info.start_player == p.name}
            scores.append(score)
        play: dict[str, Any] = {
            "uuid": _uuid("play", info.game_id or f"{result.game}:{play_date(info)}"),
            "sourceName": SOURCE_NAME, "gameRefId": game["id"], "playDate": play_date(info) or stamp,
            "entryDate": stored(info) or stamp, "modificationDate": stored(info) or stamp,
            "durationMin": info.duration_min or 0,
            "ignored": False, "manualWinner": False, "rounds": 0, "usesTeams": False, "scoringSetting": 0,
            "board": f"Sheet {info.sheet}" if info.sheet else "", "playerScores": scores,
        }
        if info.game_id is not None:
            play["sourcePlayId"] = f"bean-counter-{info.game_id}"
        if info.location:
            location = locations.setdefault(info.location, {
                "id": len(locations) + 1, "uuid": _uuid("location", info.location), "name": info.location,
                "modificationDate": stamp})
            play["locationRefId"] = location["id"]
        comments = play_comments(result, info)
        if comments:
            play["comments"] = comments
        out_plays.append(play)
    return {"about": f"{len(out_plays)} plays from {SOURCE_NAME}", "games": list(games.values()),
            "players": list(players.values()), "locations": list(locations.values()), "plays": out_plays}


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


BOM = "\ufeff"  # Excel reads a CSV file as UTF-8 only after it ("JÃ¼rgen" without)


def csv_marks() -> tuple[str, str]:
    """The column separator and the decimal mark of the phone's language: where a spreadsheet
    writes decimals with a comma (German), its CSV columns are separated by ";"."""
    # TRANSLATORS: CSV files' column separator: ";" where the decimal mark is a comma
    separator = pgettext("csv column separator", ",")
    # TRANSLATORS: CSV files' decimal mark
    decimal = pgettext("csv decimal mark", ".")
    return separator, decimal


# The CSV columns, as English headers (the keys) and marked for the catalog: a German file
# has German headers. A breakdown's columns (rounds_1_positive, ...) are data keys, kept.
COLUMNS = {
    "name": N_("name"), "total": N_("total"), "rank": N_("rank"), "winner": N_("winner"), "rating": N_("rating"),
    "game_id": N_("game_id"), "game": N_("game"), "sheet": N_("sheet"), "played": N_("played"),
    "player": N_("player"), "start_player": N_("start_player"), "location": N_("location"), "comment": N_("comment"),
}


def header(column: str) -> str:
    """A CSV column's header in the current language (the key itself in English)."""
    # TRANSLATORS: a CSV file's column header (one word or words_joined_so, as spreadsheets read them)
    return _(COLUMNS[column]) if column in COLUMNS else column


def _cell(value: Any, decimal: str) -> Any:
    """Text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text."""
    if isinstance(value, bool):
        # TRANSLATORS: a CSV cell that is true or false
        return pgettext("csv cell", "yes") if value else pgettext("csv cell", "no")
    if isinstance(value, float):
        return str(value).replace(".", decimal)
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _csv(columns: list[str], rows: Iterable[Mapping[str, Any]]) -> str:
    """UTF-8 text with a byte-order mark, in the marks and words of the current language
    (the headers too)."""
    separator, decimal = csv_marks()
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, delimiter=separator, lineterminator="\r\n", restval="")
    writer.writerow({column: _cell(header(column), decimal) for column in columns})
    for row in rows:
        writer.writerow({key: _cell(value, decimal) for key, value in row.items() if value is not None})
    return BOM + out.getvalue()


def result_csv(result: GameResult) -> str:
    """One game: a row per player (the file's order) with name, total, rank, winner, the
    rating where there is one, then the game's breakdown columns."""
    rows: list[dict[str, Any]] = []
    columns: dict[str, None] = {}
    for p in result.players:
        flat: dict[str, Any] = {}
        _flat("", {k: v for k, v in p.breakdown.items() if k != "total"}, flat)
        columns.update(dict.fromkeys(flat))
        rows.append({"name": p.name, "total": p.total, "rank": p.rank, "winner": won(result, p.name),
                     "rating": p.rating, **flat})
    rating = ["rating"] if any(p.rating for p in result.players) else []
    return _csv(["name", "total", "rank", "winner", *rating, *columns], rows)


ALL_GAMES_COLUMNS = ["game_id", "game", "sheet", "played", "player", "total", "rank", "winner", "rating",
                     "start_player", "location", "comment"]


def results_csv(games: Iterable[tuple[str, GameResult, PlayInfo]]) -> str:
    """Many games, as (stored id, result, play info): a row per player per game."""
    rows = [
        {"game_id": game_id, "game": GAME_NAMES.get(result.game, result.game), "sheet": info.sheet,
         "played": info.played, "player": p.name, "total": p.total, "rank": p.rank, "winner": won(result, p.name),
         "rating": p.rating, "start_player": None if info.start_player is None else p.name == info.start_player,
         "location": info.location, "comment": info.comment}
        for game_id, result, info in games
        for p in result.players
    ]
    return _csv(ALL_GAMES_COLUMNS, rows)
