"""The bin from the command line: ``beans delete``, ``beans restore`` (``undelete``) and
``beans bin``."""

from __future__ import annotations

import argparse
import json

from companion.cli.shared import Commands, UsageError, local_time
from sheets.limits import one_line


def cmd_delete(args: argparse.Namespace) -> int:
    from companion.session import BIN_DAYS, Games
    from companion.storage import GameNotFound, open_repository

    repo = open_repository(args.data_dir)
    try:
        Games(repo).bin.delete(args.game_id, host=True)
    except GameNotFound as exc:
        raise UsageError(f"{exc} (see beans list)") from None
    finally:
        repo.close()
    print(f"Game {args.game_id} is in the bin for {BIN_DAYS} days: beans restore {args.game_id} takes it back")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    from companion.session import Games
    from companion.storage import open_repository

    repo = open_repository(args.data_dir)
    try:
        games = Games(repo)
        if games.bin.deleted_by(args.game_id) is None:
            raise UsageError(f"no game {args.game_id!r} in the bin (see beans bin)")
        games.bin.undelete(args.game_id, host=True)
    finally:
        repo.close()
    print(f"Game {args.game_id} is back (beans list)")
    return 0


def cmd_bin(args: argparse.Namespace) -> int:
    from companion.session import BIN_DAYS, Games
    from companion.storage import open_repository

    binned = Games(open_repository(args.data_dir, read_only=True)).bin.listing()
    if args.json:
        print(json.dumps([{"id": b.id, "game": b.game, "created": b.created, "players": list(b.players),
                           "deleted_by": b.deleted_by} for b in binned], ensure_ascii=False))
        return 0
    for b in binned:
        print(one_line(f"{b.id}  {b.game:<20} {local_time(b.created, zone=True)}  deleted by {b.deleted_by}  "
                       f"{', '.join(b.players)}"))
    if not binned:
        print(f"The bin is empty (deleted games are kept {BIN_DAYS} days).")
    return 0


def add_commands(commands: Commands) -> None:
    delete = commands.add(
        "delete", cmd_delete, help="move a game to the bin (restorable for 30 days)",
        description="Move a stored game to the bin, where it is kept 30 days: beans restore takes it back, "
                    "and so does its host's phone from the bin on Home. A phone that opens it is told "
                    "that the command line deleted it. Stop beans serve first (one Bean Counter writes "
                    "the data at a time).")
    delete.add_argument("game_id", help="the game's id (see beans list)")

    restore = commands.add("restore", cmd_restore, aliases=["undelete"], help="take a deleted game back out of the bin")
    restore.add_argument("game_id", help="the game's id (see beans bin)")

    binned = commands.add("bin", cmd_bin, help="list deleted games (kept 30 days)")
    binned.add_argument("--json", action="store_true")
