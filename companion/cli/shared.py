"""What every ``beans`` command shares: its one bad-input error, the data directory, a
file read through the doors of ``sheets.limits``, the output written, times in this
computer's zone, the arguments' types, and ``Commands``, where each module adds its own."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from sheets.errors import ScoreFileError
from sheets.limits import MAX_BYTES, one_line, read_json


class UsageError(Exception):
    """Bad input on the command line: exit 2 with this one-line message."""


DISTRIBUTION = "bean-counter-companion"  # pyproject.toml's name: what pip installs


def installed_version() -> str:
    """The installed package's version (pyproject.toml's, once installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DISTRIBUTION)
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def default_data_dir() -> Path:
    env = os.environ.get("BEANS_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("bean-counter", "Bean Counter"))


def read_bytes(source: str, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of the file (or of standard input with "-")."""
    try:
        if source == "-":
            return sys.stdin.buffer.read(limit + 1)
        with open(source, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"{source}: cannot read: {exc.strerror}") from None


def read_json_file(source: str) -> Any:
    """The file's JSON through the doors of sheets.limits: at most MAX_BYTES are read."""
    return json_in(source, read_bytes(source, MAX_BYTES))


def json_in(source: str, raw: bytes) -> Any:
    """``raw`` read as a JSON file this app takes (sheets.limits), with no lone surrogate."""
    try:
        data = read_json(raw)
    except ScoreFileError as exc:
        raise UsageError(f"{source}: {exc}") from None
    text = lone_surrogate(data)
    if text is not None:
        raise UsageError(f"{source}: {text} holds a lone surrogate, which is no character (UTF-8 cannot write it)")
    return data


def lone_surrogate(data: Any) -> str | None:
    """The first text in ``data`` (a key or a value) holding half of a UTF-16 pair alone
    ("\\ud800": JSON allows it, no file or terminal can write it), as Python writes it; None if none."""
    values = [data]
    while values:
        value = values.pop()
        if isinstance(value, dict):
            values += [*value.keys(), *value.values()]
        elif isinstance(value, list):
            values += value
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                return ascii(value[:40])
    return None


def write_output(target: str | None, text: str) -> None:
    """``text`` into the file the user named (UTF-8, as it is), or on standard output for
    none or "-"; a file that cannot be written is the user's input: one line, exit 2."""
    if not target or target == "-":
        sys.stdout.write(text)
        return
    try:
        Path(target).write_text(text, encoding="utf-8", newline="")
    except OSError as exc:
        raise UsageError(f"{target}: cannot write: {exc.strerror or exc}") from None


def local_time(stamp: str, zone: bool = False) -> str:
    """A stored moment (UTC) in this computer's time: "2026-12-04 21:49", with ``zone``
    its zone named: "2026-12-04 21:49 CET"."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone()
    except (TypeError, ValueError):
        return str(stamp)[:16]
    return moment.strftime("%Y-%m-%d %H:%M %Z" if zone else "%Y-%m-%d %H:%M")


def local_midnight(day: date) -> str:
    """The start of ``day`` in this computer's time, as stored moments are written (UTC)."""
    return datetime.combine(day, datetime.min.time()).astimezone().astimezone(timezone.utc).isoformat()


def port_number(text: str) -> int:
    """A TCP port as the user typed it: a whole number from 1 to 65535."""
    if not text.strip().isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{one_line(text[:20])!r} is no port; a port is a number from 1 to 65535")
    return int(text)


def day(text: str) -> date:
    """A day as the user typed it, YYYY-MM-DD."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{one_line(text[:20])!r} is no day; write YYYY-MM-DD, "
                                         "e.g. 2026-12-05") from None


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr (exit 2), as for every bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


Run = Callable[[argparse.Namespace], int]  # a command: its parsed arguments in, its exit status out


class Commands:
    """The ``beans`` subcommands being built: each module of ``companion.cli`` adds its own
    in its ``add_commands(commands)`` (``entry.COMMANDS`` lists the modules)."""

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        self._sub = parser.add_subparsers(dest="command")
        self.data_dir = Parser(add_help=False)  # --data-dir: a parent of a command's own subcommands too
        self.data_dir.add_argument(
            "--data-dir", type=Path, default=None,
            help="where games are stored (default: $BEANS_DATA_DIR or the user data directory)",
        )

    def add(self, name: str, run: Run, *, help: str, data_dir: bool = True, description: str | None = None,
            aliases: Sequence[str] = ()) -> argparse.ArgumentParser:
        """A subcommand that ``run`` runs; with ``data_dir`` it takes ``--data-dir`` (``main``
        fills in the default and checks the folder). Its own options go on what is returned."""
        command = self._sub.add_parser(name, parents=[self.data_dir] if data_dir else [], help=help,
                                       description=description, aliases=list(aliases))
        command.set_defaults(func=run)
        return command
