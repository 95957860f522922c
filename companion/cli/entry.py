"""``beans``' entry point (pyproject's ``companion.cli:main``): the parser made of every
command module's ``add_commands``, and one way out for every failure (exit 2 with one
line for bad input, 1 for anything else, never a traceback)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from companion.cli import deleted, files, games, players, scores, serve
from companion.cli.shared import Commands, Parser, UsageError, default_data_dir, installed_version
from sheets.errors import RulesError, ScoreFileError
from sheets.limits import one_line

# What adds each command (a module's ``add_commands``; ``scores`` adds its two apart), in
# the order ``beans --help`` lists the commands.
COMMANDS: tuple[Callable[[Commands], None], ...] = (
    serve.add_commands, scores.add_score, games.add_commands, files.add_commands, deleted.add_commands,
    players.add_commands, scores.add_schema,
)


def check_data_dir(data_dir: Path) -> None:
    """A data directory that is there must be a folder (a missing one is made, or is empty)."""
    if data_dir.exists() and not data_dir.is_dir():
        raise UsageError(f"{data_dir}: not a folder; --data-dir names the folder the games are kept in")
    games = data_dir / "games"
    if games.exists() and not games.is_dir():
        raise UsageError(f"{games}: not a folder; is {data_dir} Bean Counter's data directory?")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="beans", description="Bean Counter: score sheets for bean card games.")
    parser.add_argument("--version", action="version", version=f"beans (Bean Counter) {installed_version()}")
    commands = Commands(parser)
    for add_commands in COMMANDS:
        add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"):
        argv = ["serve", *argv]
    args = parser.parse_args(argv)  # argparse exits 2 with a usage line on bad words
    if getattr(args, "data_dir", "absent") is None:
        args.data_dir = default_data_dir()
    from companion.storage import StorageError

    command: Callable[[argparse.Namespace], int] = args.func
    try:
        if getattr(args, "data_dir", None) is not None:
            check_data_dir(args.data_dir)
        code = command(args)
        sys.stdout.flush()  # a closed pipe is found here, not at exit
        return code
    except BrokenPipeError:  # `beans list | head`: the reader has all it wants
        return closed_pipe()
    except (UsageError, RulesError, ScoreFileError) as exc:
        print(f"beans: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 1
    except StorageError as exc:  # already in plain words (e.g. another Bean Counter holds the data)
        print(f"beans: {one_line(str(exc))}", file=sys.stderr)
        return 1
    except OSError as exc:  # the machine's own fault (a disk, a device): its plain words, never a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"beans: {one_line(where + (exc.strerror or str(exc)))}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - a one-line message, never a traceback
        print(f"beans: something went wrong inside Bean Counter ({one_line(str(exc) or type(exc).__name__)}); "
              "please report it", file=sys.stderr)
        return 1


def closed_pipe() -> int:
    """Exit 0 quietly when standard output's reader has gone (``head``): what is still
    buffered goes nowhere instead of raising again at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor (a test's captured stdout)
        pass
    return 0
