"""The index of stored games (DATA/index.json): what listings show without opening a game.

Tables "playing" and "finished" hold a Summary + "file": stamp per game, and "bin" a
BinEntry + "file" per game in the bin (``game_bin``); derived data. Listings query it
(``FINISHED``, ``of_game``, ``played_since``). TinyDB writes a whole database on each
change (and rebuilds the changed table in memory): so the games in play sit in a table
apart from the finished ones, and the index's storage keeps changes in memory, its file
written when games are listed (at most every INDEX_EVERY seconds) and on close. Each
entry carries the stamp of the game file it was made from, and an entry whose file
changed since (a kill before the index was written) or that is missing is dropped and
summarised again from the game file (``Games.summaries``). A damaged index is set aside
and built again.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, cast

from tinydb import TinyDB, where
from tinydb.queries import QueryInstance
from tinydb.table import Table

from companion.storage.atomic import INDEX_MAX_BYTES, CorruptFileError, DeferredJSONStorage, TooLarge, set_aside

# The index's tables: TinyDB rebuilds a table on each change of it, so the games being
# played, whose summaries change with every tap, sit apart from the finished ones (the many).
PLAYING_TABLE, FINISHED_TABLE = "playing", "finished"
INDEX_TABLES = (PLAYING_TABLE, FINISHED_TABLE)
EARLIER_INDEX_TABLE = "games"  # every game in one table: read, then laid out as above
BIN_TABLE = "bin"  # the games in the bin, as the bin's listing shows them (``BinEntry``)
INDEX_EVERY = 10.0  # seconds: listing games writes the changed index at most this often (and on close)
# A game's id: one letter case, so that a disk that ignores it (macOS, Windows) never
# holds one game under two ids.
GAME_ID = re.compile(r"[0-9a-z-]{1,64}")


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


class Index:
    """The index's tables, read once and kept in memory, for one data directory. Every
    call holds the repository's ``lock``; ``game_path`` names a game's file (its stamp
    says whether an entry still summarises it)."""

    def __init__(self, data_dir: Path, read_only: bool, lock: threading.RLock, game_path: Callable[[str], Path]):
        self.data_dir = data_dir
        self.path = data_dir / "index.json"
        self.read_only = read_only
        self.lock = lock
        self.game_path = game_path
        self.stamps: dict[str, list[int] | None] = {}  # game id -> the stamp of the file its summary was made from
        self.doc_ids: dict[str, tuple[str, int]] = {}  # game id -> its table and document in the index
        self.kept_as: Path | None = None  # a damaged index moved aside (then rebuilt)
        self._db: TinyDB | None = None
        self._summaries: dict[str, Summary] | None = None
        self._newest_first: list[Summary] | None = None  # _sorted, until a summary changes
        self._written = 0.0  # time.monotonic() of the last write of the index

    def summaries_by_id(self) -> dict[str, Summary]:
        """The summaries the index holds for stored games (those it lacks: see Games.summaries)."""
        with self.lock:
            if self._summaries is None:
                self._summaries = self._read()
            return self._summaries

    def summaries(self, where: QueryInstance | None = None) -> list[Summary]:
        """Every summarised game, or those the query ``where`` holds for (``FINISHED``,
        ``of_game(...)``, ...), newest first. The index is stored now if it changed and was
        not written in the last INDEX_EVERY seconds."""
        with self.lock:
            try:
                if not self._written or time.monotonic() - self._written >= INDEX_EVERY:
                    self.flush()
            except (OSError, TooLarge):  # e.g. a full disk: the games are safe, the index is written next time
                pass
            newest = self._sorted()
            if where is None:
                return newest
            chosen = {doc["id"] for name in INDEX_TABLES for doc in self.table(name).search(where)}
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
                self.stamps.setdefault(summary.id, stamp(self.game_path(summary.id)))
                if known.get(summary.id) == summary:
                    continue
                known[summary.id] = summary
                changed.add(summary.id)
                self._newest_first = None
                doc = {**summary.as_json(), "file": self.stamps[summary.id]}
                name = FINISHED_TABLE if summary.finished else PLAYING_TABLE
                place = self.doc_ids.get(summary.id)
                if place is not None and place[0] == name:
                    self.table(name).update(doc, doc_ids=[place[1]])
                    continue
                if place is not None:  # finished now, or playing again (an undo)
                    self.table(place[0]).remove(doc_ids=[place[1]])
                added[name].append(doc)
            for name, docs in added.items():
                if not docs:  # TinyDB would rebuild the table for nothing
                    continue
                for doc, doc_id in zip(docs, self.table(name).insert_multiple(docs)):
                    self.doc_ids[doc["id"]] = (name, doc_id)
            return changed

    def unindex(self, game_id: str) -> None:
        """The game leaves the index (deleted, or to be summarised again)."""
        self.summaries_by_id().pop(game_id, None)
        self._newest_first = None
        place = self.doc_ids.pop(game_id, None)
        if place is not None:
            self.table(place[0]).remove(doc_ids=[place[1]])

    def table(self, name: str) -> Table:
        """A table of the index (its file read once)."""
        if self._db is None:
            self._db = TinyDB(self.path, storage=DeferredJSONStorage, backups=False,
                                    limit=INDEX_MAX_BYTES, within=self.data_dir)
        return self._db.table(name)

    def _storage(self) -> DeferredJSONStorage:
        storage = self.table(PLAYING_TABLE).storage
        assert isinstance(storage, DeferredJSONStorage)
        return storage

    def _read(self) -> dict[str, Summary]:
        """The summaries of the index whose game files did not change since they were made;
        the others leave it. A damaged index is set aside (derived data: built again)."""
        try:
            entries = [(name, doc.doc_id, Summary.from_json(doc) if Summary.complete(doc) else None, doc.get("file"))
                       for name in (*INDEX_TABLES, EARLIER_INDEX_TABLE) for doc in self.table(name).all()]
        except (CorruptFileError, KeyError, TypeError, AttributeError, ValueError, RecursionError):
            if not self.read_only:
                self.kept_as = set_aside(self.path)
            self._storage().write({})  # an empty index, written in its place when games are listed
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
                self.doc_ids[summary.id] = (name, doc_id)
                self.stamps[summary.id] = current
        for name, doc_ids in stale.items():
            self.table(name).remove(doc_ids=doc_ids)
        self._summaries = summaries
        if self._db is not None and EARLIER_INDEX_TABLE in self._db.tables():
            self._db.drop_table(EARLIER_INDEX_TABLE)
            self.put_summaries(earlier)  # into the tables of today, with the stamps read above
        return summaries

    def flush(self) -> None:
        if self.read_only or self._db is None:
            return
        storage = self._storage()
        if storage.unwritten:
            storage.flush()
            self._written = time.monotonic()
