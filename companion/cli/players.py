"""``beans players``: the group's players, one player's record, and renaming or merging
names (issue 49). A rename or merge needs the data directory to itself (as ``beans
delete``); an unknown name, a merge into the same player or a name taken exits 2 with one line."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import TYPE_CHECKING

from companion.cli.shared import Commands
from sheets.limits import one_line

if TYPE_CHECKING:
    from companion.session.players import Players


def add_commands(commands: Commands) -> None:
    """``beans players [--json]``, ``show NAME``, ``merge NAME INTO``, ``rename OLD NEW``."""
    data_dir = commands.data_dir
    players = commands.add("players", cmd_players, help="the group's players, their records, renames and merges",
                           description="Every name that played here, with the other names its games were played "
                                       "under; a player's record per game (show); one person under two names "
                                       "(merge), a new name shown everywhere (rename). Stored games keep their names.")
    players.add_argument("--json", action="store_true")
    actions = players.add_subparsers(dest="players_action")
    show = actions.add_parser("show", parents=[data_dir], help="one player's record per game and head to head")
    show.add_argument("name", metavar="NAME")
    show.add_argument("--json", action="store_true")
    merge = actions.add_parser("merge", parents=[data_dir], help="NAME's games count as INTO's (NAME kept as an alias)")
    merge.add_argument("name", metavar="NAME")
    merge.add_argument("into", metavar="INTO")
    rename = actions.add_parser("rename", parents=[data_dir], help="show OLD as NEW everywhere")
    rename.add_argument("old", metavar="OLD")
    rename.add_argument("new", metavar="NEW")


def cmd_players(args: argparse.Namespace) -> int:
    from companion.session import Games  # here, as every command's: beans score never loads the storage
    from companion.storage import open_repository

    action = getattr(args, "players_action", None)
    repo = open_repository(args.data_dir, read_only=action not in ("merge", "rename"))
    try:
        players = Games(repo).group
        players.aliases()
        if players.damaged:  # never silently: every name is shown as played meanwhile
            print(f"beans: {one_line(players.damaged)}", file=sys.stderr)
        if action == "merge":
            print(players.merge(args.name, args.into).said)
        elif action == "rename":
            print(players.rename(args.old, args.new).said)
        elif action == "show":
            print_record(players, args.name, args.json)
        else:
            print_players(players, args.json)
    finally:
        repo.close()
    return 0


def print_players(players: Players, as_json: bool) -> None:
    found = players.players()
    if as_json:
        print(json.dumps([asdict(p) | {"aliases": list(p.aliases)} for p in found], ensure_ascii=False))
        return
    if not found:
        print("Nobody has played here yet.")
    for p in found:
        also = f"  (also {', '.join(p.aliases)})" if p.aliases else ""
        print(one_line(f"{p.name:<20} {p.games:>4} games  {p.finished:>4} finished  {p.wins:>4} won{also}"))


def print_record(players: Players, name: str, as_json: bool) -> None:
    record = players.record(name)
    if as_json:
        data = asdict(record)
        for kind, shown in zip(record.kinds, data["kinds"]):
            shown["win_rate"] = kind.win_rate
        print(json.dumps(data, ensure_ascii=False))
        return
    also = f" (also {', '.join(record.aliases)})" if record.aliases else ""
    print(one_line(f"{record.name}{also}"))
    for kind in record.kinds:
        parts = []
        if kind.plays:
            parts.append(f"{kind.plays} played, {kind.wins} won ({kind.win_rate:.0%}), average {kind.average:.1f}, "
                         f"best {kind.best}")
        if kind.solitaire_plays:
            parts.append(f"{kind.solitaire_plays} solitaire, best {kind.solitaire_best}"
                         + (f", last rated {kind.solitaire_rating}" if kind.solitaire_rating else ""))
        parts.append("last " + " ".join(str(t) for t in kind.last_totals))
        print(one_line(f"  {kind.game}: {'; '.join(parts)}"))
    for head in record.head_to_head:
        print(one_line(f"  against {head.opponent}: {head.together} together, ahead {head.ahead}, "
                       f"behind {head.behind}"))
