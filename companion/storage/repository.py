"""Games on disk: one TinyDB database per game plus a TinyDB index of summaries.

    DATA/games/<id>.json       a game's tables (``game_file``)  (+ .bak1-3, + .corrupt-* if damaged)
    DATA/index.json            tables "playing" and "finished": a Summary + "file": stamp per game, and
                               "bin": a BinEntry + "file" per game in the bin; derived data
    DATA/deleted/<id>.json     deleted games, restorable
    DATA/writer.lock           held by the one process that writes this directory

A commit rewrites only the one game's file, so its cost does not grow with the number
of stored games. The index (``index.py``: summaries for listings, derived data) and the
bin (``game_bin.py``) are modules of their own; ``Repository`` is the one face of all
three. One process writes a data directory at a time (``lock.py``); inside the process
one lock covers every read-modify-write.

Every file is read through ``atomic.read_bounded``: a game file over STORED_MAX_BYTES,
anything but a plain file and a link out of the data directory are damage (set aside,
the backup offered), never read. Game ids are lower-case letters, digits and dashes, so
that a disk that ignores letter case (macOS, Windows) never holds one game under two ids.
"""

from __future__ import annotations

import os
import secrets
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from tinydb.queries import QueryInstance
from tinydb.table import Table

from companion.storage.atomic import (
    STORED_MAX_BYTES, CorruptFileError, TooLarge, backup_paths, fsync_dir, megabytes, remove_stale_temps, set_aside,
    stage_bytes,
)
from companion.storage.errors import (
    DamagedGame, DataDirBusy, DiskError, GameNotFound, GameTooLarge, StorageError, Unplayable, plain_disk_errors,
)
from companion.storage.game_bin import Bin, BinEntry
from companion.storage.game_file import GameFile, GameRecord, record_in
from companion.storage.index import FINISHED, GAME_ID, PLAYING, Index, Summary, of_game, played_since, stamp
from companion.storage.lock import Busy, lock_directory, unlock
from companion.storage.migrations import SchemaError
from sheets.i18n import _
from sheets.limits import one_line

# What the storage's callers import from here (one face), besides ``Repository``.
__all__ = [
    "FINISHED", "PLAYING", "BinEntry", "DamagedGame", "DataDirBusy", "DiskError", "GameNotFound", "Repository",
    "StorageError", "Summary", "Unplayable", "of_game", "played_since", "plain_disk_errors", "stamp",
]


class WriterLock:
    """The data directory, locked (``companion.storage.lock``): a second writing
    process on it refuses. ``writer.lock`` names the holder's pid for the message;
    deleting it does not unlock the directory."""

    def __init__(self, directory: Path):
        self.path = directory / "writer.lock"
        self.fd = -1
        try:
            self.fd = lock_directory(directory)
        except Busy:
            try:
                pid = self.path.read_text().strip() or "unknown"
            except OSError:
                pid = "unknown"
            raise DataDirBusy(
                f"another Bean Counter (pid {pid}) is using {directory}; stop it first, "
                "or choose another --data-dir"
            ) from None
        self.path.write_text(str(os.getpid()))

    def release(self) -> None:
        if self.fd >= 0:
            unlock(self.fd)
            self.fd = -1

    __del__ = release  # a writer dropped without close (a crash) frees the directory, as the OS would


class Repository:
    def __init__(self, data_dir: Path, read_only: bool = False):
        self.data_dir = Path(data_dir)
        self.games_dir = self.data_dir / "games"
        self.trash_dir = self.data_dir / "deleted"
        self.read_only = read_only
        self.writer = None
        if not read_only:
            self.games_dir.mkdir(parents=True, exist_ok=True)
            self.writer = WriterLock(self.data_dir)
            remove_stale_temps(self.games_dir)
            remove_stale_temps(self.data_dir)
            if self.trash_dir.is_dir():  # a restore's games for the bin, written aside by a killed writer
                remove_stale_temps(self.trash_dir)
        self.lock = threading.RLock()
        self.index = Index(self.data_dir, read_only, self.lock, self.game_path)
        self.bin = Bin(self.data_dir, read_only, self.lock, self.index, self.game_path)
        self._records: dict[str, GameRecord] = {}
        self._files: dict[str, GameFile] = {}  # the games read or written here, their files open
        self._stamps = self.index.stamps  # the index's: a saved game's file stamp goes with its summary
        self._doc_ids = self.index.doc_ids
        self.damaged: dict[str, DamagedGame] = {}  # found this session, for the app to report
        self._names: tuple[list[int] | None, tuple[list[str], list[str]]] | None = None  # _listed, by the dir's stamp
        # Whether a game read from its file (or a backup) still replays: the session's word
        # (storage knows no rules). It raises ``Unplayable`` saying why; a game that does not
        # replay is damage like any other (set aside, its good backup offered).
        self.check: Callable[[GameRecord], None] = lambda record: None

    def close(self) -> None:
        if self.writer:
            try:
                with self.lock:
                    self.index.flush()
            finally:
                self.writer.release()

    # -- games -------------------------------------------------------------------

    def game_path(self, game_id: str) -> Path:
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise GameNotFound(f"no game {one_line(repr(game_id[:40] if isinstance(game_id, str) else game_id))}")
        return self.games_dir / f"{game_id}.json"

    def new_record(self, game: str, setup: dict[str, Any], log: Iterable[dict[str, Any]] = ()) -> GameRecord:
        """A record under an id no stored or deleted game uses; ``save`` stores it."""
        with self.lock:
            while True:
                game_id = secrets.token_hex(4)
                path = self.game_path(game_id)
                if game_id not in self._records and not path.exists() and not (self.trash_dir / path.name).exists():
                    return GameRecord(id=game_id, game=game, setup=setup, log=list(log))

    def load(self, game_id: str) -> GameRecord:
        with self.lock:
            if game_id in self._records:
                return self._records[game_id]
            path = self.game_path(game_id)
            if not path.exists() and not path.is_symlink():  # a link to nothing is damage, not nothing
                raise self._damaged_before(game_id) or GameNotFound(f"no game {game_id!r}")
            known = self.damaged.get(game_id)
            if known is not None and known.kept_as == path and known.stamp == stamp(path):
                raise known  # left in place (read-only, or a newer version's) and unchanged: not read again
            file = GameFile(path, self.data_dir)
            try:
                record = file.read()
                self.check(record)
            except Unplayable as exc:
                raise self._set_aside(game_id, path, str(exc)) from None
            except CorruptFileError as exc:
                raise self._set_aside(game_id, path, exc.why) from None
            except SchemaError as exc:  # reported like damage, but the file stays in place
                self.damaged[game_id] = DamagedGame(game_id, path, str(exc), self.good_backup(game_id))
                self.damaged[game_id].stamp = stamp(path)
                raise self.damaged[game_id] from None
            self._records[game_id] = record
            self._files[game_id] = file
            return record

    def _forget_file(self, game_id: str) -> None:
        self._records.pop(game_id, None)
        self._files.pop(game_id, None)
        self._stamps.pop(game_id, None)

    def save(self, record: GameRecord, summary: Summary | None = None) -> None:
        """Write one game (its file only); its summary goes to the index when games are listed."""
        if self.read_only:
            raise StorageError("opened read-only")
        path = self.game_path(record.id)
        with self.lock:
            file = self._files.get(record.id) or GameFile(path, self.data_dir)
        # Written outside the lock: other games are read and written meanwhile. One game's
        # writes come one at a time (the session's ``InPlay.writing``; a new game's id is its own).
        try:
            with plain_disk_errors():
                file.write(record)
        except TooLarge:
            raise GameTooLarge(_("The game would be larger than {size} and could not be read back: nothing was "
                                 "saved; every earlier entry is safe").format(size=megabytes(STORED_MAX_BYTES))
                               ) from None
        except UnicodeEncodeError:  # a lone surrogate ("\ud800"): no UTF-8 file holds it
            raise StorageError(_("A text of the game holds a lone surrogate, which is no character: nothing "
                                 "was saved; every earlier entry is safe")) from None
        with self.lock:
            self._records[record.id] = record
            self._files[record.id] = file
            self._stamps[record.id] = stamp(path)
            written = self.put_summaries([summary]) if summary is not None else set()
            place = self._doc_ids.get(record.id)
            if place is not None and record.id not in written:  # the index says which file it summarises
                self._index(place[0]).update({"file": self._stamps[record.id]}, doc_ids=[place[1]])

    @contextmanager
    def transaction(self, game_id: str) -> Iterator[GameRecord]:
        """Hold the write lock across read-modify-write of one game."""
        with self.lock:
            yield self.load(game_id)

    # -- damaged files and backups -----------------------------------------------

    def _set_aside(self, game_id: str, path: Path, why: str) -> DamagedGame:
        kept = path if self.read_only else set_aside(path)
        damaged = DamagedGame(game_id, kept, why, self.good_backup(game_id))
        damaged.stamp = stamp(kept)
        self.damaged[game_id] = damaged
        return damaged

    def _damaged_before(self, game_id: str) -> DamagedGame | None:
        """A game set aside as damaged (now or in an earlier run) and not restored since."""
        if game_id in self.damaged:
            return self.damaged[game_id]
        kept = sorted(self.games_dir.glob(f"{game_id}.json.corrupt-*"))
        if not kept:
            return None
        damaged = DamagedGame(game_id, kept[-1], "it was found damaged earlier", self.good_backup(game_id))
        self.damaged[game_id] = damaged  # its backups are not read again on each look
        return damaged

    def is_damaged(self, game_id: str) -> bool:
        """Whether the game was found damaged and is not restored yet (nothing is read)."""
        with self.lock:
            return game_id in self.damaged

    def damaged_ids(self) -> list[str]:
        """Games set aside as damaged and not restored yet (the app offers their backups)."""
        return self._listed()[1]

    def good_backup(self, game_id: str) -> Path | None:
        """The newest backup of that game that parses, if any."""
        for candidate in backup_paths(self.game_path(game_id)):
            if candidate.exists() or candidate.is_symlink():
                try:
                    self.check(record_in(candidate, self.data_dir))
                    return candidate
                except (CorruptFileError, SchemaError, OSError, Unplayable):
                    continue
        return None

    def restore_backup(self, game_id: str) -> GameRecord:
        with self.lock:
            backup = self.good_backup(game_id)
            if backup is None:
                raise StorageError(f"no readable backup of game {game_id}")
            record = record_in(backup, self.data_dir)
            path = self.game_path(game_id)
            if path.is_dir() and not path.is_symlink():  # left in place read-only: never written over
                raise StorageError(f"game {game_id}: a directory stands where its file goes")
            self._files.pop(game_id, None)
            self.save(record)
            self.damaged.pop(game_id, None)
            self.index.unindex(game_id)  # summarised again from the restored log
            return record

    def store_together(self, files: Iterable[tuple[str, bool, bytes]], before: Callable[[], None]) -> None:
        """Store game files all at once or none (a backup's restore): each (game id, into the
        bin, its file's bytes, checked already) is written aside as it comes, so only one is
        in memory; if any write fails, or ``before`` (a change to make with them) raises,
        what was written aside is removed and nothing is stored. Then each is put in place."""
        if self.read_only:
            raise StorageError("opened read-only")
        with self.lock:
            self.trash_dir.mkdir(exist_ok=True)
            staged: list[tuple[Path, Path]] = []
            try:
                with plain_disk_errors():
                    for game_id, in_bin, raw in files:
                        target = (self.trash_dir if in_bin else self.games_dir) / self.game_path(game_id).name
                        staged.append((stage_bytes(target, raw), target))
                    before()
            except BaseException:
                for temp, _target in staged:
                    temp.unlink(missing_ok=True)
                raise
            for temp, target in staged:
                os.replace(temp, target)
            fsync_dir(self.games_dir)
            fsync_dir(self.trash_dir)
            self.bin.look_again()  # its new games read once

    # -- delete (kept aside, restorable) ------------------------------------------

    def delete(self, game_id: str, shown: BinEntry | None = None) -> None:
        """Move the game to the bin; ``shown`` is what the bin's listing shows of it (without,
        the next listing reads its file and asks for it: ``binned``)."""
        with self.lock:
            path = self.game_path(game_id)
            self.load(game_id)
            self.trash_dir.mkdir(exist_ok=True)
            os.replace(path, self.trash_dir / path.name)
            os.utime(self.trash_dir / path.name)  # its time in the bin starts now
            fsync_dir(self.games_dir)
            self._forget_file(game_id)
            self.index.unindex(game_id)
            if shown is not None:
                self.index_binned(shown)

    def undelete(self, game_id: str, summary: Summary | None = None) -> GameRecord:
        with self.lock:
            kept = self.trash_dir / self.game_path(game_id).name
            if not kept.exists():
                raise GameNotFound(f"no deleted game {game_id!r}")
            os.replace(kept, self.game_path(game_id))
            fsync_dir(self.games_dir)
            self.bin.unbin(game_id)
            record = self.load(game_id)
            self._stamps[game_id] = stamp(self.game_path(game_id))
            if summary is not None:
                self.put_summaries([summary])
            return record

    # -- the bin and the index (``game_bin``, ``index``), as the session asks them ----

    def in_bin(self, game_id: str, keep_days: float) -> GameRecord | None:
        return self.bin.in_bin(game_id, keep_days)

    def binned(self, keep_days: float) -> tuple[list[BinEntry], list[GameRecord]]:
        return self.bin.binned(keep_days)

    def index_binned(self, shown: BinEntry) -> BinEntry:
        return self.bin.index_binned(shown)

    def summaries_by_id(self) -> dict[str, Summary]:
        return self.index.summaries_by_id()

    def summaries(self, where: QueryInstance | None = None) -> list[Summary]:
        return self.index.summaries(where)

    def put_summaries(self, summaries: Iterable[Summary]) -> set[str]:
        return self.index.put_summaries(summaries)

    def _index(self, name: str) -> Table:
        """A table of the index (``save`` keeps a summary's file stamp there)."""
        return self.index.table(name)

    @property
    def index_kept_as(self) -> Path | None:
        """A damaged index moved aside (then rebuilt)."""
        return self.index.kept_as

    # -- the stored games ---------------------------------------------------------

    def holds(self, game_id: str) -> bool:
        """Whether any game of this id is here: stored, in the bin, or set aside damaged."""
        path = self.game_path(game_id)
        return (path.exists() or (self.trash_dir / path.name).exists()
                or any(self.games_dir.glob(f"{game_id}.json.corrupt-*")))

    def stored_ids(self) -> list[str]:
        return self._listed()[0]

    def _listed(self) -> tuple[list[str], list[str]]:
        """The stored games' ids, and those of games set aside as damaged and not restored
        (one look at the directory; a name that is no game id is no game)."""
        directory = stamp(self.games_dir)
        known = self._names
        if known is not None and directory is not None and known[0] == directory:
            return known[1]
        try:
            names = set(os.listdir(self.games_dir))
        except OSError:  # no directory yet (read-only)
            return [], []
        stored = sorted(name[:-5] for name in names if name.endswith(".json") and GAME_ID.fullmatch(name[:-5]))
        aside = {name.partition(".json.corrupt-")[0] for name in names if ".json.corrupt-" in name}
        listed = stored, sorted(i for i in aside if GAME_ID.fullmatch(i) and f"{i}.json" not in names)
        self._names = (directory, listed) if directory is not None else None
        return listed


