"""The bin (DATA/deleted/<id>.json): deleted games, restorable for the bin's days.

The bin is listed from the index's "bin" table (its query: deleted within the bin's
days), each entry checked against its file's stamp when the bin's folder changed; a file
the index lacks or that changed is read once (kept in memory by its stamp). A game
deleted more than the bin's days ago is removed for good with its backups (private notes
and PIN hashes are in them).
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tinydb import where

from companion.storage.atomic import CorruptFileError, backup_paths, fsync_dir
from companion.storage.errors import GameNotFound
from companion.storage.game_file import GameRecord, record_in
from companion.storage.index import BIN_TABLE, GAME_ID, Index, stamp
from companion.storage.migrations import SchemaError


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


class Bin:
    """The games in the bin of one data directory, as listed and as read. Every call holds
    the repository's ``lock``; ``game_path`` names a stored game's file."""

    def __init__(self, data_dir: Path, read_only: bool, lock: threading.RLock, index: Index,
                 game_path: Callable[[str], Path]):
        self.data_dir = data_dir
        self.games_dir = data_dir / "games"
        self.trash_dir = data_dir / "deleted"
        self.read_only = read_only
        self.lock = lock
        self.index = index
        self.game_path = game_path
        # The bin's files as last read: name -> (its stamp, deleted at, its game or None if unreadable)
        self._files_read: dict[str, tuple[list[int], float, GameRecord | None]] = {}
        self._looked: list[int] | None = None  # the bin directory's stamp when every file in it was looked at
        self._unlisted: dict[str, tuple[GameRecord, float]] = {}  # games in the bin the index lacks, deleted at
        self._listed: list[BinEntry] | None = None  # the index's bin, newest deletion first, until it changes
        self._orphans_purged = False

    def look_again(self) -> None:
        """Games were put in the bin's folder behind its back (a restore): looked at again next time."""
        self._looked = None

    def in_bin(self, game_id: str, keep_days: float) -> GameRecord | None:
        """That deleted game while it is restorable (its file alone is looked at); None otherwise."""
        with self.lock:
            try:
                path = self.trash_dir / self.game_path(game_id).name
            except GameNotFound:
                return None
            before = self._files_read.get(path.name)
            entry = self._entry(path)
            if entry is not before:  # the file changed since the bin was listed: listed afresh next time
                self._looked = None
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
            unlisted = self._look()
            if not self.read_only:
                for record, deleted in unlisted:
                    if deleted < limit:
                        self._purge(record.id)
                if not self._orphans_purged:
                    self._purge_orphans(limit)
            listed = self._listed
            if listed is None or (listed and listed[-1].deleted < limit):  # the bin changed, or a game's days are over
                bin_table = self.index.table(BIN_TABLE)
                if not self.read_only:
                    for doc in bin_table.search(where("deleted") < limit):
                        self._purge(doc["id"])
                entries = (BinEntry.from_json(doc) for doc in bin_table.search(where("deleted") >= limit))
                listed = self._listed = sorted((entry for entry in entries if entry is not None),
                                               key=lambda entry: -entry.deleted)
            return list(listed), [record for record, deleted in unlisted if deleted >= limit]

    def _look(self) -> list[tuple[GameRecord, float]]:
        """The games in the bin the index lacks, with when they went there; the index's
        entries of files gone or changed leave it. Read again only when the folder changed."""
        directory = stamp(self.trash_dir)
        if directory is not None and directory == self._looked:
            return list(self._unlisted.values())
        self.index.summaries_by_id()  # the index read first (a damaged one set aside)
        bin_table = self.index.table(BIN_TABLE)
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
            self._listed = None
        self._unlisted = {}
        for game_id in sorted(names - listed):
            found = self._entry(self.trash_dir / f"{game_id}.json")
            if found is not None and found[2] is not None:
                self._unlisted[game_id] = (found[2], found[1])
        for gone in set(self._files_read) - {f"{name}.json" for name in names}:
            del self._files_read[gone]
        self._looked = directory
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
            self.unbin(shown.id)
            self.index.table(BIN_TABLE).insert({**kept.as_json(), "file": now_stamp})
            self._listed = None
            return kept

    def unbin(self, game_id: str) -> None:
        """The game leaves the bin's listing."""
        self._unlisted.pop(game_id, None)
        self.index.table(BIN_TABLE).remove(where("id") == game_id)
        self._listed = None

    def _entry(self, path: Path) -> tuple[list[int], float, GameRecord | None] | None:
        """(stamp, deleted at, its game or None if unreadable) of a file in the bin, read
        again only when its stamp changed; None when there is no such file."""
        now_stamp = stamp(path)
        if now_stamp is None:
            self._files_read.pop(path.name, None)
            return None
        known = self._files_read.get(path.name)
        if known is not None and known[0] == now_stamp:
            return known
        try:
            record: GameRecord | None = record_in(path, self.data_dir)
        except (CorruptFileError, SchemaError, OSError):
            record = None
        entry = (now_stamp, now_stamp[2] / 1e9, record)
        self._files_read[path.name] = entry
        return entry

    def _purge(self, game_id: str) -> None:
        """A game out of the bin for good: its file and its backups and damaged copies (they
        hold its private notes and PIN hashes), unless the game is stored again."""
        kept = self.trash_dir / f"{game_id}.json"
        if kept.is_dir() and not kept.is_symlink():
            return  # not a file this app wrote: left as it is
        kept.unlink(missing_ok=True)
        self._files_read.pop(kept.name, None)
        self.unbin(game_id)
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
