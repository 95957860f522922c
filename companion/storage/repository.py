"""Games on disk: one TinyDB database per game plus a TinyDB index of summaries.

    DATA/games/<id>.json       a game's tables (``game_file``)  (+ .bak1-3, + .corrupt-* if damaged)
    DATA/index.json            tables "playing" and "finished": a Summary + "file": stamp per game, and
                               "bin": a BinEntry + "file" per game in the bin; derived data
    DATA/deleted/<id>.json     deleted games, restorable
    DATA/writer.lock           held by the one process that writes this directory

A commit rewrites only the one game's file, so its cost does not grow with the number
of stored games. The index is a TinyDB database whose tables listings query
(``FINISHED``, ``of_game``, ``played_since``). It is derived data, and TinyDB writes a
whole database on each change (and rebuilds the changed table in memory): so the games
in play sit in a table apart from the finished ones, and the index's storage keeps
changes in memory, its file written when games are listed (at most every INDEX_EVERY
seconds) and on close. Each entry carries the stamp of the game file it was
made from, and an entry whose file changed since (a kill before the index was written)
or that is missing is dropped and summarised again from the game file (``Games.summaries``).
One process writes a data directory at a time (``lock.py``); inside the process one
lock covers every read-modify-write.

Every file is read through ``atomic.read_bounded``: a game file over STORED_MAX_BYTES,
anything but a plain file and a link out of the data directory are damage (set aside,
the backup offered), never read. Game ids are lower-case letters, digits and dashes, so
that a disk that ignores letter case (macOS, Windows) never holds one game under two ids.
The bin is listed from the index's "bin" table (its query: deleted within the bin's
days), each entry checked against its file's stamp when the bin's folder changed; a file
the index lacks or that changed is read once (kept in memory by its stamp). A game deleted more than the bin's days ago is removed for good with
its backups (private notes and PIN hashes are in them).
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, cast

from tinydb import TinyDB, where
from tinydb.queries import QueryInstance
from tinydb.table import Table

from companion.storage.atomic import (
    INDEX_MAX_BYTES, STORED_MAX_BYTES, CorruptFileError, DeferredJSONStorage, TooLarge, backup_paths, fsync_dir,
    megabytes, remove_stale_temps, set_aside, stage_bytes,
)
from companion.storage.game_file import GameFile, GameRecord, record_in
from companion.storage.lock import Busy, lock_directory, unlock
from companion.storage.migrations import SchemaError
from sheets.i18n import _
from sheets.limits import one_line

# The index's tables: TinyDB rebuilds a table on each change of it, so the games being
# played, whose summaries change with every tap, sit apart from the finished ones (the many).
PLAYING_TABLE, FINISHED_TABLE = "playing", "finished"
INDEX_TABLES = (PLAYING_TABLE, FINISHED_TABLE)
EARLIER_INDEX_TABLE = "games"  # every game in one table: read, then laid out as above
BIN_TABLE = "bin"  # the games in the bin, as the bin's listing shows them (``BinEntry``)
INDEX_EVERY = 10.0  # seconds: listing games writes the changed index at most this often (and on close)
GAME_ID = re.compile(r"[0-9a-z-]{1,64}")  # one letter case: see the module's words


class StorageError(Exception):
    """Something about stored data the player must hear about, in plain words."""


class DataDirBusy(StorageError):
    pass


class DiskError(StorageError):
    """A write the disk refused (full, read-only, not ours to write), in plain words."""


_DISK_WORDS = {
    errno.ENOSPC: "The disk is full",
    errno.EDQUOT: "The disk is full",
    errno.EROFS: "The disk is read-only",
    errno.EACCES: "The data directory may not be written",
    errno.EPERM: "The data directory may not be written",
}


@contextmanager
def plain_disk_errors() -> Iterator[None]:
    """Around a write: an OSError of the disk becomes a DiskError saying what happened."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in _DISK_WORDS:
            raise
        raise DiskError(f"{_DISK_WORDS[exc.errno]}: nothing was saved; every earlier entry is safe") from exc


class GameNotFound(StorageError):
    pass


class Unplayable(Exception):
    """A stored game whose entries no longer replay (its words say which and why)."""


class GameTooLarge(StorageError):
    """A change that would make the game's file larger than it may be read back."""


class DamagedGame(StorageError):
    """A game file that does not parse. It was moved aside; a backup may restore it."""

    def __init__(self, game_id: str, kept_as: Path, why: str, backup: Path | None):
        self.game_id = game_id
        self.kept_as = kept_as
        self.why = why
        self.backup = backup
        self.stamp: list[int] | None = None  # of the file left in place, while it is not read again
        offer = " A backup from before the damage can be restored." if backup else " No backup is left."
        super().__init__(
            f"Game {game_id} could not be read ({why}). The damaged file was kept as "
            f"{kept_as.name}.{offer}"
        )


@dataclass(frozen=True)
class Summary:
    """What the home screen and ``beans list`` show without opening a game."""

    id: str
    game: str
    created: str
    players: tuple[str, ...]
    finished: bool
    winners: tuple[str, ...] = ()
    totals: tuple[int, ...] = ()  # per player, in ``players`` order
    rating: str | None = None  # a finished solitaire game's rating (it has no winner)
    played: str = ""  # when it was played (``played.played_moment``); "" (made so): when it was stored

    def __post_init__(self) -> None:
        if not self.played:
            object.__setattr__(self, "played", self.created)

    def as_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}
        return {**data, "players": list(self.players), "winners": list(self.winners),
                "totals": list(self.totals)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Summary":
        fields = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**{**fields, "players": tuple(data["players"]), "winners": tuple(data["winners"]),
                      "totals": tuple(data.get("totals", ()))})

    @classmethod
    def complete(cls, data: dict[str, Any]) -> bool:
        """Whether an index entry holds every field, each of its type (one an older version
        wrote lacks some, a damaged one holds another shape: it is summarised again from its game)."""
        def words(value: Any) -> bool:
            return isinstance(value, list) and all(isinstance(item, str) for item in value)

        return all(name in data for name in cls.__dataclass_fields__) and all(
            isinstance(data[k], str) for k in ("id", "game", "created", "played")) and words(data["players"]) \
            and words(data["winners"]) and isinstance(data["finished"], bool) \
            and isinstance(data["totals"], list) and all(type(n) is int for n in data["totals"]) \
            and isinstance(data["rating"], (str, type(None)))


@dataclass(frozen=True)
class BinEntry:
    """A game in the bin as the index keeps it: what the bin's listing shows and who may
    restore it, without reading its file."""

    id: str
    game: str
    created: str
    players: tuple[str, ...]
    seated: bool  # somebody sat at it: only its host (``starter``) restores it
    starter: str | None
    deleted_by: Any  # as the game's table keeps it
    deleted: float = 0.0  # when it went in the bin: its file's time (the repository's to set)

    def as_json(self) -> dict[str, Any]:
        return {**{name: getattr(self, name) for name in self.__dataclass_fields__}, "players": list(self.players)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "BinEntry | None":
        """The entry a document of the index holds; None if it is not one (listed again from its file)."""
        if not all(name in data for name in cls.__dataclass_fields__) or not isinstance(data["players"], list) \
                or not isinstance(data["deleted"], (int, float)) or not isinstance(data["id"], str):
            return None
        return cls(**{**{k: data[k] for k in cls.__dataclass_fields__}, "players": tuple(data["players"])})


# What listings ask the index for (TinyDB queries on a Summary's fields).
FINISHED = where("finished") == True  # noqa: E712 - a query on the field, not a comparison
PLAYING = where("finished") == False  # noqa: E712


def of_game(kind: str) -> QueryInstance:
    return cast(QueryInstance, where("game") == kind)


def played_since(moment: str) -> QueryInstance:
    """Games played at ``moment`` (an ISO date or time, UTC) or later (``Summary.played``)."""
    return where("played") >= moment


def stamp(path: Path) -> list[int] | None:
    """Changes whenever the file is replaced (each write is a new inode); of the file
    itself, never of what a link leads to."""
    try:
        st = path.lstat()
    except OSError:  # FileNotFoundError, or a name the disk refuses
        return None
    return [st.st_ino, st.st_size, st.st_mtime_ns]


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
        self.index_path = self.data_dir / "index.json"
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
        self._records: dict[str, GameRecord] = {}
        self._files: dict[str, GameFile] = {}  # the games read or written here, their files open
        self._summaries: dict[str, Summary] | None = None
        self._stamps: dict[str, list[int] | None] = {}
        self._index_db: TinyDB | None = None
        self._doc_ids: dict[str, tuple[str, int]] = {}  # game id -> its table and document in the index
        self.damaged: dict[str, DamagedGame] = {}  # found this session, for the app to report
        self.index_kept_as: Path | None = None  # a damaged index moved aside (then rebuilt)
        # The bin's files as last read: name -> (its stamp, deleted at, its game or None if unreadable)
        self._bin: dict[str, tuple[list[int], float, GameRecord | None]] = {}
        self._bin_dir: list[int] | None = None  # the bin directory's stamp when every file in it was looked at
        self._unlisted: dict[str, tuple[GameRecord, float]] = {}  # games in the bin the index lacks, deleted at
        self._bin_listed: list[BinEntry] | None = None  # the index's bin, newest deletion first, until it changes
        self._index_written = 0.0  # time.monotonic() of the last write of the index
        self._names: tuple[list[int] | None, tuple[list[str], list[str]]] | None = None  # _listed, by the dir's stamp
        self._newest_first: list[Summary] | None = None  # _sorted, until a summary changes
        self._orphans_purged = False
        # Whether a game read from its file (or a backup) still replays: the session's word
        # (storage knows no rules). It raises ``Unplayable`` saying why; a game that does not
        # replay is damage like any other (set aside, its good backup offered).
        self.check: Callable[[GameRecord], None] = lambda record: None

    def close(self) -> None:
        if self.writer:
            try:
                with self.lock:
                    self._flush_index()
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
            self._unindex(game_id)  # summarised again from the restored log
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
            self._bin_dir = None  # the bin is looked at again, its new games read once

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
            self._unindex(game_id)
            if shown is not None:
                self.index_binned(shown)

    def undelete(self, game_id: str, summary: Summary | None = None) -> GameRecord:
        with self.lock:
            kept = self.trash_dir / self.game_path(game_id).name
            if not kept.exists():
                raise GameNotFound(f"no deleted game {game_id!r}")
            os.replace(kept, self.game_path(game_id))
            fsync_dir(self.games_dir)
            self._unbin(game_id)
            record = self.load(game_id)
            self._stamps[game_id] = stamp(self.game_path(game_id))
            if summary is not None:
                self.put_summaries([summary])
            return record

    def in_bin(self, game_id: str, keep_days: float) -> GameRecord | None:
        """That deleted game while it is restorable (its file alone is looked at); None otherwise."""
        with self.lock:
            try:
                path = self.trash_dir / self.game_path(game_id).name
            except GameNotFound:
                return None
            before = self._bin.get(path.name)
            entry = self._bin_entry(path)
            if entry is not before:  # the file changed since the bin was listed: listed afresh next time
                self._bin_dir = None
            if entry is None or entry[1] < time.time() - keep_days * 86400:
                return None
            return entry[2]

    def binned(self, keep_days: float) -> tuple[list[BinEntry], list[GameRecord]]:
        """The deleted games still restorable: as the index lists them (its query), newest
        deletion first, and the records of those it lacks (an index of an earlier version, or
        lost) for the caller to list (``index_binned``). A game deleted more than
        ``keep_days`` ago is removed for good, with its backups. An unreadable file stays
        where it is. The folder is looked at once per change of it, and a file read only
        when it changed since."""
        with self.lock:
            if not self.trash_dir.is_dir():
                return [], []
            limit = time.time() - keep_days * 86400
            unlisted = self._look_at_bin()
            if not self.read_only:
                for record, deleted in unlisted:
                    if deleted < limit:
                        self._purge(record.id)
                if not self._orphans_purged:
                    self._purge_orphans(limit)
            listed = self._bin_listed
            if listed is None or (listed and listed[-1].deleted < limit):  # the bin changed, or a game's days are over
                bin_table = self._index(BIN_TABLE)
                if not self.read_only:
                    for doc in bin_table.search(where("deleted") < limit):
                        self._purge(doc["id"])
                entries = (BinEntry.from_json(doc) for doc in bin_table.search(where("deleted") >= limit))
                listed = self._bin_listed = sorted((entry for entry in entries if entry is not None),
                                                   key=lambda entry: -entry.deleted)
            return list(listed), [record for record, deleted in unlisted if deleted >= limit]

    def _look_at_bin(self) -> list[tuple[GameRecord, float]]:
        """The games in the bin the index lacks, with when they went there; the index's
        entries of files gone or changed leave it. Read again only when the folder changed."""
        directory = stamp(self.trash_dir)
        if directory is not None and directory == self._bin_dir:
            return list(self._unlisted.values())
        self.summaries_by_id()  # the index read first (a damaged one set aside)
        bin_table = self._index(BIN_TABLE)
        names = {name[:-5] for name in os.listdir(self.trash_dir)
                 if name.endswith(".json") and GAME_ID.fullmatch(name[:-5])}
        listed: set[str] = set()
        stale = []
        for doc in bin_table.all():
            entry = BinEntry.from_json(doc)
            if entry is None or entry.id not in names or entry.id in listed \
                    or doc.get("file") != stamp(self.trash_dir / f"{entry.id}.json"):
                stale.append(doc.doc_id)
            else:
                listed.add(entry.id)
        if stale:
            bin_table.remove(doc_ids=stale)
            self._bin_listed = None
        self._unlisted = {}
        for game_id in sorted(names - listed):
            found = self._bin_entry(self.trash_dir / f"{game_id}.json")
            if found is not None and found[2] is not None:
                self._unlisted[game_id] = (found[2], found[1])
        for gone in set(self._bin) - {f"{name}.json" for name in names}:
            del self._bin[gone]
        self._bin_dir = directory
        return list(self._unlisted.values())

    def index_binned(self, shown: BinEntry) -> BinEntry:
        """Keep what the bin's listing shows of a game in the bin (its file's time as when it
        was deleted); the entry as kept."""
        with self.lock:
            path = self.trash_dir / self.game_path(shown.id).name
            now_stamp = stamp(path)
            if now_stamp is None:
                return shown
            kept = replace(shown, deleted=now_stamp[2] / 1e9)
            self._unbin(shown.id)
            self._index(BIN_TABLE).insert({**kept.as_json(), "file": now_stamp})
            self._bin_listed = None
            return kept

    def _unbin(self, game_id: str) -> None:
        """The game leaves the bin's listing."""
        self._unlisted.pop(game_id, None)
        self._index(BIN_TABLE).remove(where("id") == game_id)
        self._bin_listed = None

    def _bin_entry(self, path: Path) -> tuple[list[int], float, GameRecord | None] | None:
        """(stamp, deleted at, its game or None if unreadable) of a file in the bin, read
        again only when its stamp changed; None when there is no such file."""
        now_stamp = stamp(path)
        if now_stamp is None:
            self._bin.pop(path.name, None)
            return None
        known = self._bin.get(path.name)
        if known is not None and known[0] == now_stamp:
            return known
        try:
            record: GameRecord | None = record_in(path, self.data_dir)
        except (CorruptFileError, SchemaError, OSError):
            record = None
        entry = (now_stamp, now_stamp[2] / 1e9, record)
        self._bin[path.name] = entry
        return entry

    def _purge(self, game_id: str) -> None:
        """A game out of the bin for good: its file and its backups and damaged copies (they
        hold its private notes and PIN hashes), unless the game is stored again."""
        kept = self.trash_dir / f"{game_id}.json"
        if kept.is_dir() and not kept.is_symlink():
            return  # not a file this app wrote: left as it is
        kept.unlink(missing_ok=True)
        self._bin.pop(kept.name, None)
        self._unbin(game_id)
        if not self.game_path(game_id).exists():
            self._remove_copies(game_id)
        fsync_dir(self.trash_dir)

    def _remove_copies(self, game_id: str) -> None:
        for copy in [*backup_paths(self.game_path(game_id)), *self.games_dir.glob(f"{game_id}.json.corrupt-*")]:
            if not copy.is_dir() or copy.is_symlink():
                copy.unlink(missing_ok=True)
        fsync_dir(self.games_dir)

    def _purge_orphans(self, limit: float) -> None:
        """Backups of games that left the bin for good before their backups went with them
        (earlier versions): a game with neither its file, nor a file in the bin, nor a
        damaged copy, whose backups all are older than the bin keeps a game."""
        self._orphans_purged = True
        if not self.games_dir.is_dir():
            return
        names = set(os.listdir(self.games_dir))
        orphans = {name.partition(".json.bak")[0] for name in names if re.fullmatch(r"[0-9a-z-]{1,64}\.json\.bak[1-9]", name)}
        for game_id in orphans:
            if f"{game_id}.json" in names or (self.trash_dir / f"{game_id}.json").exists() or any(
                    name.startswith(f"{game_id}.json.corrupt-") for name in names):
                continue
            copies = [path for path in backup_paths(self.game_path(game_id)) if path.exists()]
            if copies and all(path.lstat().st_mtime < limit for path in copies):
                self._remove_copies(game_id)

    # -- the index -----------------------------------------------------------------

    def summaries_by_id(self) -> dict[str, Summary]:
        """The summaries the index holds for stored games (those it lacks: see Games.summaries)."""
        with self.lock:
            if self._summaries is None:
                self._summaries = self._read_index()
            return self._summaries

    def summaries(self, where: QueryInstance | None = None) -> list[Summary]:
        """Every summarised game, or those the query ``where`` holds for (``FINISHED``,
        ``of_game(...)``, ...), newest first. The index is stored now if it changed and was
        not written in the last INDEX_EVERY seconds."""
        with self.lock:
            try:
                if not self._index_written or time.monotonic() - self._index_written >= INDEX_EVERY:
                    self._flush_index()
            except (OSError, TooLarge):  # e.g. a full disk: the games are safe, the index is written next time
                pass
            newest = self._sorted()
            if where is None:
                return newest
            chosen = {doc["id"] for name in INDEX_TABLES for doc in self._index(name).search(where)}
            return [summary for summary in newest if summary.id in chosen]

    def _sorted(self) -> list[Summary]:
        known = self.summaries_by_id()
        if self._newest_first is None or len(self._newest_first) != len(known):
            self._newest_first = sorted(known.values(), key=lambda s: s.played, reverse=True)
        return list(self._newest_first)

    def put_summaries(self, summaries: Iterable[Summary]) -> set[str]:
        """Remember these summaries in the index (written to its file when games are next
        listed); the ids of those that changed."""
        with self.lock:
            known = self.summaries_by_id()
            added: dict[str, list[dict[str, Any]]] = {name: [] for name in INDEX_TABLES}
            changed = set()
            for summary in summaries:
                self._stamps.setdefault(summary.id, stamp(self.game_path(summary.id)))
                if known.get(summary.id) == summary:
                    continue
                known[summary.id] = summary
                changed.add(summary.id)
                self._newest_first = None
                doc = {**summary.as_json(), "file": self._stamps[summary.id]}
                name = FINISHED_TABLE if summary.finished else PLAYING_TABLE
                place = self._doc_ids.get(summary.id)
                if place is not None and place[0] == name:
                    self._index(name).update(doc, doc_ids=[place[1]])
                    continue
                if place is not None:  # finished now, or playing again (an undo)
                    self._index(place[0]).remove(doc_ids=[place[1]])
                added[name].append(doc)
            for name, docs in added.items():
                if not docs:  # TinyDB would rebuild the table for nothing
                    continue
                for doc, doc_id in zip(docs, self._index(name).insert_multiple(docs)):
                    self._doc_ids[doc["id"]] = (name, doc_id)
            return changed

    def _unindex(self, game_id: str) -> None:
        """The game leaves the index (deleted, or to be summarised again)."""
        self.summaries_by_id().pop(game_id, None)
        self._newest_first = None
        place = self._doc_ids.pop(game_id, None)
        if place is not None:
            self._index(place[0]).remove(doc_ids=[place[1]])

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

    def _index(self, name: str) -> Table:
        """A table of the index (its file read once)."""
        if self._index_db is None:
            self._index_db = TinyDB(self.index_path, storage=DeferredJSONStorage, backups=False,
                                    limit=INDEX_MAX_BYTES, within=self.data_dir)
        return self._index_db.table(name)

    def _index_storage(self) -> DeferredJSONStorage:
        storage = self._index(PLAYING_TABLE).storage
        assert isinstance(storage, DeferredJSONStorage)
        return storage

    def _read_index(self) -> dict[str, Summary]:
        """The summaries of the index whose game files did not change since they were made;
        the others leave it. A damaged index is set aside (derived data: built again)."""
        try:
            entries = [(name, doc.doc_id, Summary.from_json(doc) if Summary.complete(doc) else None, doc.get("file"))
                       for name in (*INDEX_TABLES, EARLIER_INDEX_TABLE) for doc in self._index(name).all()]
        except (CorruptFileError, KeyError, TypeError, AttributeError, ValueError, RecursionError):
            if not self.read_only:
                self.index_kept_as = set_aside(self.index_path)
            self._index_storage().write({})  # an empty index, written in its place when games are listed
            return {}
        summaries: dict[str, Summary] = {}
        stale: dict[str, list[int]] = {}
        earlier: list[Summary] = []
        for name, doc_id, summary, file_stamp in entries:
            if summary is None:  # of another shape: summarised again from its game
                stale.setdefault(name, []).append(doc_id)
                continue
            current = stamp(self.game_path(summary.id)) if GAME_ID.fullmatch(summary.id) else None
            if current is None or current != file_stamp or summary.id in summaries:
                stale.setdefault(name, []).append(doc_id)
            elif name == EARLIER_INDEX_TABLE:
                earlier.append(summary)
            else:
                summaries[summary.id] = summary
                self._doc_ids[summary.id] = (name, doc_id)
                self._stamps[summary.id] = current
        for name, doc_ids in stale.items():
            self._index(name).remove(doc_ids=doc_ids)
        self._summaries = summaries
        if self._index_db is not None and EARLIER_INDEX_TABLE in self._index_db.tables():
            self._index_db.drop_table(EARLIER_INDEX_TABLE)
            self.put_summaries(earlier)  # into the tables of today, with the stamps read above
        return summaries

    def _flush_index(self) -> None:
        if self.read_only or self._index_db is None:
            return
        storage = self._index_storage()
        if storage.unwritten:
            storage.flush()
            self._index_written = time.monotonic()
