"""The ``beans`` command: serve (the default), score, export, import, list, delete,
restore, bin, schema.

Exit status: 0 done; 2 bad input (one line on stderr, no traceback); 1 anything else.
Each command imports what it needs when it runs: ``beans score`` never loads Flet or
the storage, so it answers at once.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import operator
import os
import sys
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sheets.errors import RulesError, ScoreFileError
from sheets.limits import MAX_BYTES, one_line, read_json
from sheets.results import GameResult


class UsageError(Exception):
    """Bad input on the command line: exit 2 with this one-line message."""


def installed_version() -> str:
    """The installed package's version (pyproject.toml's, once installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bean-counter")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def default_data_dir() -> Path:
    env = os.environ.get("BEANS_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("bean-counter", "Bean Counter"))


def _read_bytes(source: str, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of the file (or of standard input with "-")."""
    try:
        if source == "-":
            return sys.stdin.buffer.read(limit + 1)
        with open(source, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"{source}: cannot read: {exc.strerror}") from None


def _read_json(source: str) -> Any:
    """The file's JSON through the doors of sheets.limits: at most MAX_BYTES are read."""
    return _json_in(source, _read_bytes(source, MAX_BYTES))


def _json_in(source: str, raw: bytes) -> Any:
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


def format_table(result: GameResult) -> str:
    """A readable result: rank, name, total and the breakdown's top-level numbers, best
    rank first (tied players in the file's order; the JSON keeps the file's order)."""
    lines = []
    width = max(len(p.name) for p in result.players)
    for p in sorted(result.players, key=lambda p: p.rank):
        parts = [
            f"{key} {value}" for key, value in p.breakdown.items()
            if key != "total" and isinstance(value, int)
        ]
        if "rounds" in p.breakdown:
            parts = [f"round {i} {r['total']:+d}" for i, r in enumerate(p.breakdown["rounds"], 1)]
        extra = f"  ({', '.join(parts)})" if parts else ""
        rating = f"  {p.rating}" if p.rating else ""
        lines.append(f"{p.rank:>2}. {p.name:<{width}}  {p.total:>4}{extra}{rating}")
    if result.winners and len(result.players) == 1:  # solitaire: a rating, not a winner
        lines.append(f"Solitaire: {result.players[0].total} points, {result.players[0].rating}")
    elif result.winners:
        lines.append("Winner: " + " and ".join(result.winners) if len(result.winners) == 1
                     else "Shared victory: " + ", ".join(result.winners))
    else:
        lines.append("The game is not over.")
    return "\n".join(lines)


def cmd_score(args: argparse.Namespace) -> int:
    from sheets.registry import score

    data = _read_json(args.file)
    try:
        result = score(data)
    except (ScoreFileError, RulesError) as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        print(format_table(result))
    return 0


SERVER_EXTRA = "beans serve needs the server's packages: pip install 'bean-counter[server]'"
SERVER_PACKAGES = ("flet_web", "uvicorn", "cryptography")  # pyproject.toml's "server" extra


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def cmd_serve(args: argparse.Namespace) -> int:
    if not all(_installed(module) for module in SERVER_PACKAGES):  # an extra: a phone build leaves them out
        raise UsageError(SERVER_EXTRA)
    from companion.server import ServeError, serve
    from companion.tls import CertificateError

    if (args.cert is None) != (args.key is None):
        raise UsageError("--cert and --key go together: the certificate and its private key")
    try:
        serve(host=args.host, port=args.port, data_dir=args.data_dir, lan=args.lan,
              https=args.https or args.cert is not None, cert=args.cert, key=args.key)
    except CertificateError as exc:
        raise UsageError(str(exc)) from None
    except ServeError as exc:  # the port is taken, or the address is not this machine's
        print(f"beans: {one_line(str(exc))}", file=sys.stderr)
        return 1
    return 0


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
        asked.append(played_since(args.since.isoformat()))
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
            print(f"{row['id']}  {row['game']:<20} {row['created'][:16]}  {status:<10}  {', '.join(row['players'])}")
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
    except GameNotFound as exc:
        raise UsageError(f"{exc} (see beans list)") from None
    if args.json:
        print(json.dumps({"entries": [
            {"n": m.n, "at": m.at, "by": m.by, "what": m.what, "totals": dict(m.totals),
             **({"undone": True} if m.undone else {})} for m in moments]}, ensure_ascii=False))
        return 0
    if not moments:
        print("No entries yet.")
    for m in moments:
        totals = "(undone)" if m.undone else "  ".join(f"{name} {total}" for name, total in m.totals)
        print(f"{m.n:>4}  {local_time(m.at)}  {m.by or '-':<12.12} {m.what:<44}  {totals}")
    return 0


def local_time(stamp: str) -> str:
    """A stored moment (UTC) in this computer's time: "2026-12-04 21:49"."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp[:16]


def cmd_export(args: argparse.Namespace) -> int:
    from companion.storage import GameNotFound, open_repository
    from companion.session import export_game

    repo = open_repository(args.data_dir, read_only=True)
    try:
        if args.format == "beans-score":
            text = json.dumps(export_game(repo, args.game_id), ensure_ascii=False, indent=2) + "\n"
        else:
            text = export_result(repo, args.game_id, args.format)
    except GameNotFound as exc:
        raise UsageError(f"{exc} (see beans list)") from None
    if args.output and args.output != "-":
        Path(args.output).write_text(text, encoding="utf-8", newline="")
    else:
        sys.stdout.write(text)
    return 0


def export_result(repo: Any, game_id: str, form: str) -> str:
    """A finished game's result as a BG Stats play (JSON) or as CSV."""
    from companion.session import Games
    from sheets.results_out import bgstats_play, result_csv

    result, info = Games(repo).result_out(game_id)
    if form == "bgstats":
        return json.dumps(bgstats_play(result, info), ensure_ascii=False, indent=2) + "\n"
    return result_csv(result)


def cmd_schema(args: argparse.Namespace) -> int:
    from sheets.scorefile import json_schema_text

    sys.stdout.write(json_schema_text())
    return 0


def cmd_backup(args: argparse.Namespace) -> int:
    from companion.backup import HOLDS_TOKENS, backup_name, make_backup
    from companion.session import Games
    from companion.storage import open_repository

    repo = open_repository(args.data_dir, read_only=True)
    try:
        data = make_backup(Games(repo))
    finally:
        repo.close()
    target = args.output or backup_name()
    try:  # readable by this user only: it holds device tokens, private notes and PIN checks
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise UsageError(f"{target}: cannot write: {exc.strerror}") from None
    print(target)
    print(HOLDS_TOKENS, file=sys.stderr)
    return 0


def _import_backup(args: argparse.Namespace, raw: bytes) -> int:
    from companion.backup import BackupError, read_backup, restore
    from companion.storage import open_repository

    try:
        backup = read_backup(raw)  # whole and checked before the data directory is touched
    except BackupError as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    repo = open_repository(args.data_dir)
    try:
        done = restore(repo, backup)
    finally:
        repo.close()
    print(f"{done.added} games restored ({done.binned} of them into the bin), {done.skipped} stored already "
          f"and skipped, {done.values} sheet values added")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    from companion.backup import MAX_BYTES as BACKUP_BYTES
    from companion.backup import is_zip
    from companion.storage import open_repository
    from companion.session import AlreadyStored, import_game
    from sheets.registry import score

    raw = _read_bytes(args.file, max(MAX_BYTES, BACKUP_BYTES))
    if is_zip(raw):
        return _import_backup(args, raw)
    data = _json_in(args.file, raw)
    try:
        score(data)  # before the data directory is touched
    except (ScoreFileError, RulesError) as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    repo = open_repository(args.data_dir)
    try:
        game_id = import_game(repo, data, again=args.again)
    except AlreadyStored as exc:  # done already: its id, and why nothing was stored
        print(f"beans: {args.file}: {exc} (beans import --again stores a copy)", file=sys.stderr)
        print(exc.game_id)
        return 0
    except (ScoreFileError, RulesError) as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    finally:
        repo.close()
    print(game_id)
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    from companion.session import BIN_DAYS, Games
    from companion.storage import GameNotFound, open_repository

    repo = open_repository(args.data_dir)
    try:
        Games(repo).delete(args.game_id, host=True)
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
        if games.deleted_by(args.game_id) is None:
            raise UsageError(f"no game {args.game_id!r} in the bin (see beans bin)")
        games.undelete(args.game_id, host=True)
    finally:
        repo.close()
    print(f"Game {args.game_id} is back (beans list)")
    return 0


def cmd_bin(args: argparse.Namespace) -> int:
    from companion.session import BIN_DAYS, Games
    from companion.storage import open_repository

    binned = Games(open_repository(args.data_dir, read_only=True)).bin()
    if args.json:
        print(json.dumps([{"id": b.id, "game": b.game, "created": b.created, "players": list(b.players),
                           "deleted_by": b.deleted_by} for b in binned], ensure_ascii=False))
        return 0
    for b in binned:
        print(one_line(f"{b.id}  {b.game:<20} {b.created[:16]}  deleted by {b.deleted_by}  {', '.join(b.players)}"))
    if not binned:
        print(f"The bin is empty (deleted games are kept {BIN_DAYS} days).")
    return 0


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line on stderr (exit 2), as for every bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="beans", description="Bean Counter: score sheets for bean card games.")
    parser.add_argument("--version", action="version", version=f"beans (Bean Counter) {installed_version()}")
    data_dir = Parser(add_help=False)
    data_dir.add_argument(
        "--data-dir", type=Path, default=None,
        help="where games are stored (default: $BEANS_DATA_DIR or the user data directory)",
    )
    sub = parser.add_subparsers(dest="command")

    serve = sub.add_parser("serve", parents=[data_dir], help="serve the app in the browser (default)")
    serve.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8550)
    serve.add_argument("--lan", action="store_true", help="listen on this machine's LAN address")
    serve.add_argument("--https", action="store_true",
                       help="serve https with a certificate made once in the data directory (each phone accepts "
                            "it): the phones' screens stay on and their share sheet works")
    serve.add_argument("--cert", type=Path, default=None, metavar="FILE",
                       help="serve https with this certificate (PEM; e.g. a club server's domain); needs --key")
    serve.add_argument("--key", type=Path, default=None, metavar="FILE", help="the private key of --cert (PEM)")
    serve.set_defaults(func=cmd_serve)

    score = sub.add_parser("score", help="score a beans-score/1 file")
    score.add_argument("--json", action="store_true", help="print the result as JSON")
    score.add_argument("file", help="the score file, or - for standard input")
    score.set_defaults(func=cmd_score)

    listing = sub.add_parser("list", parents=[data_dir], help="list stored games with their ids")
    listing.add_argument("--json", action="store_true")
    which = listing.add_mutually_exclusive_group()
    which.add_argument("--finished", action="store_true", help="only finished games")
    which.add_argument("--unfinished", action="store_true", help="only games still being played")
    listing.add_argument("--game", metavar="GAME", help="only games of this game (bohnanza, nicht-die-bohne, ...)")
    listing.add_argument("--since", type=date.fromisoformat, metavar="YYYY-MM-DD",
                         help="only games started on that day or later (UTC)")
    listing.set_defaults(func=cmd_list)

    timeline = sub.add_parser("timeline", parents=[data_dir],
                              help="every entry of a game: who made it, when, and the totals after it")
    timeline.add_argument("game_id", metavar="GAME_ID")
    timeline.add_argument("--json", action="store_true", help='{"entries": [{"n", "at", "by", "what", "totals"}]}')
    timeline.set_defaults(func=cmd_timeline)
    export = sub.add_parser("export", parents=[data_dir], help="write a finished game as a score file")
    export.add_argument("game_id")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.add_argument("--format", choices=("beans-score", "bgstats", "csv"), default="beans-score",
                        help="a beans-score/1 file (default), a BG Stats play (JSON) or CSV")
    export.set_defaults(func=cmd_export)

    imp = sub.add_parser("import", parents=[data_dir], help="store a score file as a finished game")
    imp.add_argument("file", help="the score file or a backup (.zip), or - for standard input")
    imp.add_argument("--again", action="store_true", help="store a copy even if the game is stored already")
    imp.set_defaults(func=cmd_import)

    backup = sub.add_parser("backup", parents=[data_dir], help="write every game, the bin and the sheet values "
                                                                 "into one zip (beans import restores it)")
    backup.add_argument("-o", "--output", help="the zip to write (default: bean-counter-backup-DATE.zip)")
    backup.set_defaults(func=cmd_backup)

    delete = sub.add_parser(
        "delete", parents=[data_dir], help="move a game to the bin (restorable for 30 days)",
        description="Move a stored game to the bin, where it is kept 30 days: beans restore takes it back, "
                    "and so does its host's phone from the bin on Home. A phone that opens it is told "
                    "that the command line deleted it. Stop beans serve first (one Bean Counter writes "
                    "the data at a time).")
    delete.add_argument("game_id", help="the game's id (see beans list)")
    delete.set_defaults(func=cmd_delete)

    restore = sub.add_parser("restore", aliases=["undelete"], parents=[data_dir],
                             help="take a deleted game back out of the bin")
    restore.add_argument("game_id", help="the game's id (see beans bin)")
    restore.set_defaults(func=cmd_restore)

    binned = sub.add_parser("bin", parents=[data_dir], help="list deleted games (kept 30 days)")
    binned.add_argument("--json", action="store_true")
    binned.set_defaults(func=cmd_bin)

    schema = sub.add_parser("schema", help="print the JSON Schema of beans-score/1 files")
    schema.set_defaults(func=cmd_schema)
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
        return command(args)
    except (UsageError, RulesError, ScoreFileError) as exc:
        print(f"beans: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 1
    except StorageError as exc:  # already in plain words (e.g. another Bean Counter holds the data)
        print(f"beans: {one_line(str(exc))}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - a one-line message, never a traceback
        print(f"beans: {type(exc).__name__}: {one_line(str(exc))}", file=sys.stderr)
        return 1
