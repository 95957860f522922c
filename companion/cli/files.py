"""Files in and out: ``beans export`` (score files, BG Stats, CSV), ``beans import`` (score
files and backups, one or many at once) and ``beans backup``."""

from __future__ import annotations

import argparse
import functools
import json
import operator
import os
import sys
import time
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.cli.shared import Commands, UsageError, day, json_in, local_midnight, read_bytes, write_output
from sheets.errors import RulesError, ScoreFileError
from sheets.limits import MAX_BYTES, MAX_FILES_AT_ONCE, one_line


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

    raw = read_bytes(source, max(MAX_BYTES, BACKUP_BYTES))
    if is_zip(raw):
        return _import_backup(args, source, raw)
    data = json_in(source, raw)
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
        raw = read_bytes(source, max(MAX_BYTES, BACKUP_BYTES))
        if is_zip(raw):
            return Prepared(source, backup=read_backup(raw))
        data = json_in(source, raw)
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


def add_commands(commands: Commands) -> None:
    export = commands.add(
        "export", cmd_export, help="write a game as a score file, or finished games for BG Stats or as CSV",
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

    imp = commands.add("import", cmd_import,
                       help="store score files as finished games, or restore backups (several files and folders "
                            "at once)")
    imp.add_argument("files", nargs="+", metavar="FILE",
                     help="score files and backups (.zip), folders (their *.json and *.zip), or - for standard input")
    imp.add_argument("--again", action="store_true", help="store a copy even if the game is stored already")

    backup = commands.add("backup", cmd_backup, help="write every game, the bin and the sheet values "
                                                     "into one zip (beans import restores it)")
    backup.add_argument("-o", "--output", help="the zip to write (default: bean-counter-backup-DATE.zip)")
