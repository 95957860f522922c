"""``beans list`` and ``beans timeline``: the stored games, and one game's story."""

from __future__ import annotations

import argparse
import functools
import json
import operator
import sys
from typing import Any

from companion.cli.shared import Commands, UsageError, day, local_midnight, local_time
from sheets.limits import one_line
from sheets.names import isolated


def cmd_list(args: argparse.Namespace) -> int:
    from companion.session import Games
    from companion.storage import FINISHED, PLAYING, of_game, open_repository, played_since
    from sheets.registry import KINDS

    if args.game is not None and args.game not in KINDS:
        print(f"beans: no game {one_line(args.game[:40])!r}; one of {', '.join(sorted(KINDS))}", file=sys.stderr)
        return 2
    asked = []  # the index's queries, each option's
    if args.finished:
        asked.append(FINISHED)
    if args.unfinished:
        asked.append(PLAYING)
    if args.game is not None:
        asked.append(of_game(args.game))
    if args.since is not None:
        asked.append(played_since(local_midnight(args.since)))
    where = functools.reduce(operator.and_, asked) if asked else None
    repo = open_repository(args.data_dir, read_only=True)
    games = Games(repo)
    rows = [s.as_json() for s in games.summaries(where)]
    damaged = games.set_aside()  # never silently left out: listed, or said on stderr with --json
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        for aside in damaged:
            print(f"beans: game {aside.id} is damaged and not listed: {one_line(aside.said)}", file=sys.stderr)
    else:
        for row in rows:
            status = "finished" if row["finished"] else "unfinished"
            print(one_line(f"{row['id']}  {row['game']:<20} {local_time(row['played'], zone=True)}  {status:<10}  "
                           f"{', '.join(row['players'])}"))
        for aside in damaged:
            print(f"{aside.id}  damaged: {one_line(aside.said)}")
        if not rows and not damaged:
            print("No stored game is of that kind." if asked else "No games stored yet.")
    return 0


def cmd_timeline(args: argparse.Namespace) -> int:
    """A game's story: every entry with who made it, when, and the totals after it."""
    from companion.session import Games
    from companion.storage import GameNotFound, open_repository

    games = Games(open_repository(args.data_dir, read_only=True))
    try:
        moments = games.timeline(args.game_id)
        about = game_head(games, args.game_id)
    except GameNotFound as exc:
        raise UsageError(f"{exc} (see beans list)") from None
    if args.json:
        print(json.dumps({**about, "entries": [
            {"n": m.n, "at": m.at, "by": m.by, "what": m.what, "totals": dict(m.totals),
             **({"undone": True} if m.undone else {})} for m in moments]}, ensure_ascii=False))
        return 0
    if not moments:
        print("No entries yet.")
    for m in moments:
        totals = "(undone)" if m.undone else "  ".join(f"{isolated(name)} {total}" for name, total in m.totals)
        print(f"{m.n:>4}  {local_time(m.at, zone=True)}  {m.by or '-':<12.12} {m.what:<44}  {totals}")
    return 0


def game_head(games: Any, game_id: str) -> dict[str, Any]:
    """What a game is, before its story: its id, kind, sheet (Gone with the Beans) or deck
    (Bohnanza), players, the day it was played (where known) and whether it was imported."""
    record = games.record(game_id)
    head: dict[str, Any] = {"id": game_id, "game": record.game}
    for key in ("sheet", "deck"):
        if isinstance(record.setup.get(key), str):
            head[key] = record.setup[key]
    head["players"] = list(games.players(game_id))
    played = games.files.play_info(game_id).played
    if played is not None:
        head["played"] = played
    head["stored"] = record.created  # when it was started or imported here (UTC)
    head["imported"] = games.table_of(game_id).imported is not None
    return head


def add_commands(commands: Commands) -> None:
    listing = commands.add("list", cmd_list, help="list stored games with their ids")
    listing.add_argument("--json", action="store_true")
    which = listing.add_mutually_exclusive_group()
    which.add_argument("--finished", action="store_true", help="only finished games")
    which.add_argument("--unfinished", action="store_true", help="only games still being played")
    listing.add_argument("--game", metavar="GAME", help="only games of this game (bohnanza, nicht-die-bohne, ...)")
    listing.add_argument("--since", type=day, metavar="YYYY-MM-DD",
                         help="only games played on that day or later (this computer's time)")

    timeline = commands.add("timeline", cmd_timeline,
                            help="every entry of a game: who made it, when, and the totals after it")
    timeline.add_argument("game_id", metavar="GAME_ID")
    timeline.add_argument("--json", action="store_true", help='{"id", "game", "sheet" or "deck", "players", '
                          '"played", "imported", "entries": [{"n", "at", "by", "what", "totals"}]}')
