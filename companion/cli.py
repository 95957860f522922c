"""The ``beans`` command: serve (the default), score, export, import, list, delete,
restore, bin, players, schema.

Exit status: 0 done; 2 bad input (one line on stderr, no traceback); 1 anything else.
Each command imports what it needs when it runs: ``beans score`` never loads Flet or
the storage, so it answers at once.
"""

from __future__ import annotations

import argparse
import functools
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
import importlib.util
import json
import operator
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from companion.cli_players import add_players_parser
from sheets.errors import RulesError, ScoreFileError
from sheets.limits import MAX_BYTES, MAX_FILES_AT_ONCE, one_line, read_json
from sheets.names import columns, isolated, listed, padded
from sheets.results import GameResult


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
    width = max(columns(p.name) for p in result.players)
    for p in sorted(result.players, key=lambda p: p.rank):
        parts = [
            f"{key} {value}" for key, value in p.breakdown.items()
            if key != "total" and isinstance(value, int)
        ]
        if "rounds" in p.breakdown:
            parts = [f"round {i} {r['total']:+d}" for i, r in enumerate(p.breakdown["rounds"], 1)]
        extra = f"  ({', '.join(parts)})" if parts else ""
        rating = f"  {p.rating}" if p.rating else ""
        lines.append(f"{p.rank:>2}. {padded(isolated(p.name), width)}  {p.total:>4}{extra}{rating}")
    if result.winners and len(result.players) == 1:  # solitaire: a rating, not a winner
        lines.append(f"Solitaire: {result.players[0].total} points, {result.players[0].rating}")
    elif result.winners:
        lines.append(("Winner: " if len(result.winners) == 1 else "Shared victory: ") + listed(result.winners))
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


SERVER_EXTRA = f"beans serve needs the server's packages: pip install '{DISTRIBUTION}[server]'"
SERVER_PACKAGES = ("flet_web", "uvicorn", "cryptography")  # pyproject.toml's "server" extra


def _installed(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def cmd_serve(args: argparse.Namespace) -> int:
    if not all(_installed(module) for module in SERVER_PACKAGES):  # an extra: a phone build leaves them out
        raise UsageError(SERVER_EXTRA)
    from companion.web.fonts import FontsMissing, installed_folder

    try:
        installed_folder()  # the fallback fonts: a distribution of their own, in the same extra
    except FontsMissing as exc:
        raise UsageError(str(exc)) from None
    from companion.server import ServeError, serve
    from companion.tls import CertificateError

    if (args.cert is None) != (args.key is None):
        raise UsageError("--cert and --key go together: the certificate and its private key")
    try:
        serve(host=args.host, port=args.port, data_dir=args.data_dir, lan=args.lan,
              https=args.https or args.cert is not None, cert=args.cert, key=args.key)
    except CertificateError as exc:
        raise UsageError(str(exc)) from None
    except ServeError as exc:  # the port is taken (1), or the address is not this machine's (2)
        print(f"beans: {one_line(str(exc))}", file=sys.stderr)
        return 2 if exc.bad_input else 1
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
    head["imported"] = isinstance(record.table.get("imported"), dict)
    return head


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


def cmd_export(args: argparse.Namespace) -> int:
    """One game (GAME_ID) or every finished game (--all), in one of the formats."""
    from companion.i18n import translations
    from companion.storage import GameNotFound, open_repository
    from sheets.i18n import using

    if (args.game_id is None) == (not args.all):
        raise UsageError("name one GAME_ID, or --all for every finished game")
    if not args.all and (args.game is not None or args.since is not None):
        raise UsageError("--game and --since choose among every finished game: they go with --all")
    if args.all and args.format in ("beans-score", "bgstats-link"):
        raise UsageError(f"--format {args.format} is one game's: --all writes bgsplay (one file BG Stats opens) "
                         "or csv")
    if args.lang != "en" and args.format != "csv":
        raise UsageError("--lang is the language of a CSV file (--format csv)")
    repo = open_repository(args.data_dir, read_only=True)
    try:
        with using(translations(args.lang)):
            text = export_all(repo, args) if args.all else export_one(repo, args.game_id, args.format)
    except GameNotFound as exc:
        raise UsageError(f"{exc} (see beans list)") from None
    write_output(args.output, text)
    return 0


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


def export_one(repo: Any, game_id: str, form: str) -> str:
    """A game as a score file, or a finished game's result as a .bgsplay file, BG Stats' link or CSV."""
    from companion.session import Games, export_game
    from sheets.results_out import bgsplay, bgstats_link, bgstats_play, result_csv

    if form == "beans-score":
        return json.dumps(export_game(repo, game_id), ensure_ascii=False, indent=2) + "\n"
    result, info = Games(repo).files.result_out(game_id)
    if form == "bgstats-link":
        return bgstats_link(bgstats_play(result, info)) + "\n"
    if form == "bgsplay":
        return json.dumps(bgsplay([(result, info)]), ensure_ascii=False, indent=2) + "\n"
    return result_csv(result)


def export_all(repo: Any, args: argparse.Namespace) -> str:
    """Every finished game (of --game, started or imported since --since), oldest first, as
    one .bgsplay file or one CSV; a game that cannot be read is said on stderr, never
    silently left out."""
    from companion.session import Games
    from companion.storage import FINISHED, StorageError, of_game, played_since
    from sheets.registry import KINDS
    from sheets.results_out import bgsplay, results_csv

    if args.game is not None and args.game not in KINDS:
        raise UsageError(f"no game {one_line(args.game[:40])!r}; one of {', '.join(sorted(KINDS))}")
    asked = [FINISHED]
    if args.game is not None:
        asked.append(of_game(args.game))
    if args.since is not None:
        asked.append(played_since(local_midnight(args.since)))
    games = Games(repo)
    plays = []
    for summary in sorted(games.summaries(functools.reduce(operator.and_, asked)), key=lambda s: s.played):
        try:
            result, info = games.files.result_out(summary.id)
        except (StorageError, RulesError) as exc:
            print(f"beans: game {summary.id} is not exported: {one_line(str(exc))}", file=sys.stderr)
            continue
        plays.append((summary.id, result, info))
    for aside in games.set_aside():
        print(f"beans: game {aside.id} is damaged and not exported: {one_line(aside.said)}", file=sys.stderr)
    if args.format == "bgsplay":
        return json.dumps(bgsplay([(result, info) for _id, result, info in plays]), ensure_ascii=False, indent=2) + "\n"
    return results_csv(plays)


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


def _import_backup(args: argparse.Namespace, source: str, raw: bytes) -> int:
    from companion.backup import BackupError, read_backup, restore
    from companion.storage import open_repository

    try:
        backup = read_backup(raw)  # whole and checked before the data directory is touched
    except BackupError as exc:
        raise UsageError(f"{source}: {exc}") from None
    repo = open_repository(args.data_dir)
    try:
        done = restore(repo, backup)
    finally:
        repo.close()
    print(f"{done.added} games restored ({done.binned} of them into the bin), {done.skipped} stored already "
          f"and skipped, {done.values} sheet values added")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """One score file or backup (its game's id on stdout), or several files and folders at once."""
    if len(args.files) == 1 and (args.files[0] == "-" or not Path(args.files[0]).is_dir()):
        return _import_one(args, args.files[0])
    if "-" in args.files:
        raise UsageError("- (standard input) is one file: import it alone")
    return _import_many(args, args.files)


def _import_one(args: argparse.Namespace, source: str) -> int:
    from companion.backup import MAX_BYTES as BACKUP_BYTES
    from companion.backup import is_zip
    from companion.storage import open_repository
    from companion.session import AlreadyStored, import_game
    from sheets.registry import score

    raw = _read_bytes(source, max(MAX_BYTES, BACKUP_BYTES))
    if is_zip(raw):
        return _import_backup(args, source, raw)
    data = _json_in(source, raw)
    try:
        score(data)  # before the data directory is touched
    except (ScoreFileError, RulesError) as exc:
        raise UsageError(f"{source}: {exc}") from None
    repo = open_repository(args.data_dir)
    try:
        game_id = import_game(repo, data, again=args.again)
    except AlreadyStored as exc:  # done already: its id, and why nothing was stored
        print(f"beans: {source}: {exc} (beans import --again stores a copy)", file=sys.stderr)
        print(exc.game_id)
        return 0
    except (ScoreFileError, RulesError) as exc:
        raise UsageError(f"{source}: {exc}") from None
    finally:
        repo.close()
    print(game_id)
    return 0


@dataclass(frozen=True)
class Prepared:
    """One file of a bulk import, read and checked (off the main thread): a score file's
    data, a backup, or why it is refused."""

    source: str
    data: Any = None
    backup: Any = None
    refused: str | None = None


def import_sources(sources: Sequence[str]) -> list[str]:
    """The files named, a folder's ``*.json`` and ``*.zip`` in name order (a name that is
    neither is kept: it is refused with its reason); at most MAX_FILES_AT_ONCE, counted
    before any is read."""
    files: list[str] = []
    for source in sources:
        path = Path(source)
        if path.is_dir():
            try:
                found = sorted(p for p in path.iterdir() if p.suffix.lower() in (".json", ".zip") and p.is_file())
            except OSError as exc:
                raise UsageError(f"{source}: cannot read: {exc.strerror or exc}") from None
            files += [str(p) for p in found]
        else:
            files.append(source)
        if len(files) > MAX_FILES_AT_ONCE:
            raise UsageError(f"more than {MAX_FILES_AT_ONCE:,} files at once; import them in parts")
    return files


def prepare(source: str) -> Prepared:
    """A file read and checked as beans import checks one, before the data directory is
    touched: a backup whole, a score file scored."""
    from companion.backup import MAX_BYTES as BACKUP_BYTES
    from companion.backup import BackupError, is_zip, read_backup
    from sheets.registry import score

    try:
        raw = _read_bytes(source, max(MAX_BYTES, BACKUP_BYTES))
        if is_zip(raw):
            return Prepared(source, backup=read_backup(raw))
        data = _json_in(source, raw)
        score(data)
        return Prepared(source, data=data)
    except UsageError as exc:
        return Prepared(source, refused=str(exc).removeprefix(f"{source}: "))
    except (BackupError, ScoreFileError, RulesError) as exc:
        return Prepared(source, refused=str(exc))


def prepared_in_order(files: Sequence[str], workers: int = 4, ahead: int = 32) -> Iterator[Prepared]:
    """Each file prepared by a pool of threads, in the files' order, at most ``ahead``
    files read and waiting at a time (a folder of backups is not held in memory at once)."""
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="beans-import") as pool:
        waiting: deque[Future[Prepared]] = deque()
        for source in files:
            waiting.append(pool.submit(prepare, source))
            if len(waiting) >= ahead:
                yield waiting.popleft().result()
        while waiting:
            yield waiting.popleft().result()


class Progress:
    """"Importing 120 of 412" on a terminal's stderr, redrawn at most 10 times a second;
    nothing when stderr is a file or a pipe."""

    def __init__(self, total: int):
        self.total, self.shown, self.on = total, 0.0, sys.stderr.isatty()

    def step(self, done: int) -> None:
        if self.on and (time.monotonic() - self.shown > 0.1 or done == self.total):
            self.shown = time.monotonic()
            print(f"\rImporting {done} of {self.total}", end="", file=sys.stderr, flush=True)

    def end(self) -> None:
        if self.on:
            print("\r\x1b[K", end="", file=sys.stderr, flush=True)


def _import_many(args: argparse.Namespace, sources: Sequence[str]) -> int:
    """Every file of ``sources`` (a folder: its *.json and *.zip): read and checked off the
    main thread, stored one after the other; one summary at the end, exit 2 if any was refused."""
    from companion.backup import restore
    from companion.session import AlreadyStored, Games
    from companion.storage import open_repository

    files = import_sources(sources)
    added = already = 0
    refused: list[tuple[str, str]] = []
    progress = Progress(len(files))
    repo = open_repository(args.data_dir)
    try:
        games = Games(repo)
        for done, item in enumerate(prepared_in_order(files), 1):
            try:
                if item.refused is not None:
                    refused.append((item.source, item.refused))
                elif item.backup is not None:
                    restored = restore(repo, item.backup)
                    added, already = added + restored.added, already + restored.skipped
                else:
                    games.files.import_file(item.data, again=args.again)
                    added += 1
            except AlreadyStored:
                already += 1
            except (ScoreFileError, RulesError) as exc:
                refused.append((item.source, str(exc)))
            progress.step(done)
    finally:
        progress.end()
        repo.close()
    counts = f"{added} {'game' if added == 1 else 'games'} added, {already} stored already"
    if not refused:
        print(counts)
        return 0
    print(f"{counts}, {len(refused)} refused:")
    for source, why in refused:
        print(one_line(f"  {source}: {why}"))
    return 2


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


def check_data_dir(data_dir: Path) -> None:
    """A data directory that is there must be a folder (a missing one is made, or is empty)."""
    if data_dir.exists() and not data_dir.is_dir():
        raise UsageError(f"{data_dir}: not a folder; --data-dir names the folder the games are kept in")
    games = data_dir / "games"
    if games.exists() and not games.is_dir():
        raise UsageError(f"{games}: not a folder; is {data_dir} Bean Counter's data directory?")


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
    serve.add_argument("--port", type=port_number, default=8550, help="the port to listen on (default 8550)")
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
    listing.add_argument("--since", type=day, metavar="YYYY-MM-DD",
                         help="only games played on that day or later (this computer's time)")
    listing.set_defaults(func=cmd_list)

    timeline = sub.add_parser("timeline", parents=[data_dir],
                              help="every entry of a game: who made it, when, and the totals after it")
    timeline.add_argument("game_id", metavar="GAME_ID")
    timeline.add_argument("--json", action="store_true", help='{"id", "game", "sheet" or "deck", "players", '
                          '"played", "imported", "entries": [{"n", "at", "by", "what", "totals"}]}')
    timeline.set_defaults(func=cmd_timeline)
    export = sub.add_parser(
        "export", parents=[data_dir], help="write a game as a score file, or finished games for BG Stats or as CSV",
        description="One game (GAME_ID), or every finished game (--all, optionally of one --game and started or "
                    "imported --since a day): a beans-score/1 file (one game), a .bgsplay file BG Stats opens "
                    "(importing it again adds nothing), the link the app's Send to BG Stats opens (one game), or "
                    "CSV (--lang de: German headers, ';' and decimal commas).")
    export.add_argument("game_id", nargs="?", metavar="GAME_ID")
    export.add_argument("--all", action="store_true", help="every finished game (bgsplay or csv)")
    export.add_argument("--game", metavar="GAME", help="with --all: only games of this game")
    export.add_argument("--since", type=day, metavar="YYYY-MM-DD",
                        help="with --all: only games played on that day or later (this computer's time)")
    export.add_argument("-o", "--output", help="file to write (default: standard output)")
    export.add_argument("--format", choices=("beans-score", "bgsplay", "bgstats-link", "csv"), default="beans-score",
                        help="a beans-score/1 file (default), a .bgsplay file, BG Stats' link, or CSV")
    export.add_argument("--lang", choices=("en", "de"), default="en", help="the CSV file's language (default en)")
    export.set_defaults(func=cmd_export)

    imp = sub.add_parser("import", parents=[data_dir],
                         help="store score files as finished games, or restore backups (several files and folders "
                              "at once)")
    imp.add_argument("files", nargs="+", metavar="FILE",
                     help="score files and backups (.zip), folders (their *.json and *.zip), or - for standard input")
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

    add_players_parser(sub, data_dir)

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
