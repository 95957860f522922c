"""The layer between screens and the engine: load, dispatch(action) -> engine -> commit -> notify.

Every screen of every browser session in this process shares one ``Games``: states are
folded from the stored log, each change is validated against the latest state under the
repository's lock, committed, and then announced to every subscriber of that game.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import re
import secrets
import socket
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Generic, TypeVar

from pydantic import BaseModel
from tinydb.queries import QueryInstance

from companion import i18n, table
from companion.derived import Derived
from companion.pin_guard import PinGuard
from companion.storage import (
    FINISHED, PLAYING, BinEntry, DamagedGame, GameRecord, Repository, StorageError, Summary, of_game,
)
from companion.storage.repository import Unplayable
from companion.storage.game_file import now, record_in
from companion.storage.played import played_moment
from companion.storage.settings import LOCATION, read_settings, write_setting
from sheets.errors import RulesError
from sheets.game import GameRules, fold
from sheets.i18n import N_, _, current
from sheets.limits import one_line
from sheets.names import readable_problem_at
from sheets.registry import KINDS
from sheets.registry import score
from sheets.results import GameResult
from sheets.results_out import PlayInfo, bgstats_link, bgstats_play, results_csv
from sheets.scorefile import PlayFields, comment_problem, location_problem, split_play_fields, with_play_fields
from sheets.timeline import Moment, imported_story, played, taken_back

S = TypeVar("S")  # a game's State
A = TypeVar("A")  # its Action
L = TypeVar("L")  # what its state allows a player (``GameRules.allowed``)
V = TypeVar("V")  # what a screen makes of a state for one phone

Listener = Callable[[str], None]
BIN_DAYS = 30  # a deleted game can be restored from the bin this long
CHECKPOINT_EVERY = 20  # entries between the states a game's fold remembers (in memory only)
NOTE_MAX = 2_000  # characters of a private note (a secret collection, a reminder)
IMPORTS_PER_MINUTE = 20  # files one phone sends to import in a minute
IMPORTS_AT_ONCE_PER_MINUTE = 60  # files all phones together send to import in a minute
# Phones without a seat that follow one game at once (issue 33): each is drawn again on every
# tap, so more would slow the table (100 idle phones: taps p95 5.5x at 12, 2.4x at 8); its
# seats' phones and its host always may. 8: a table of 7 where nobody sat, and two onlookers.
WATCHERS_PER_GAME = 8
# Entries (a tap that stores one: an entry, an Undo, a Redo) one seat's phone makes a second,
# ENTRIES_BURST at once: every entry is drawn again on every phone that follows the game, a
# timeline's among them (issue 46: a seated phone made 36 a second); the rest are refused
# with the door's own line for taps too fast. A player keys in a Nicht die Bohne! hand of
# 20 cards at a finger's pace (about 5 a second): that is never refused.
ENTRIES_RATE, ENTRIES_BURST = 10.0, 20.0
TOO_FAST = N_("Too many taps at once: some were not counted. Tap again, a little slower.")
# Seconds a phone whose connection closed keeps its places (a watcher place of a game): one
# that comes back within them (a reload, a phone unlocked) finds them kept; after them they are
# given back, whatever Flet's session timeout (issue 46: within 30 s of the socket closing).
PLACE_GRACE = 20.0


@dataclass(eq=False)
class Presence:
    """One phone's connection to the table (one page), as the session counts its places:
    ``away_since`` its socket closed; ``gone`` once its places were given back (PLACE_GRACE
    seconds later, or its page's session closed). Its subscriptions go with it."""

    away_since: float | None = None
    gone: bool = False


@dataclass(frozen=True)
class BinnedGame:
    """A deleted game in the bin, as a phone sees it."""

    id: str
    game: str
    players: tuple[str, ...]
    created: str
    deleted_by: str  # "Ann's phone", "the host's phone", "the command line", ... in the phone's language
    may_restore: bool  # this phone is the game's host (or nobody sat at it)


@dataclass(frozen=True)
class SetAside:
    """A stored game that neither its file nor a backup can list: shown as damaged with
    what can be done, never silently gone. ``said`` names no file path and no id."""

    id: str
    said: str


def damage_words(exc: DamagedGame) -> str:
    """A damaged game in words any phone may see: why, and what can be done (the message
    for the host's command line names the file; this one does not)."""
    if ".corrupt-" in exc.kept_as.name:
        kept = _("Its file was set aside as it was on the host's computer")
    else:  # a newer version's game, or a read-only look
        kept = _("Its file is left as it is on the host's computer")
    if exc.backup is not None:
        return _("This game could not be read ({why}). {kept}; the newest good backup can be restored.").format(
            why=exc.why, kept=kept)
    return _("This game could not be read ({why}). {kept}; no good backup is left to restore, and nothing "
             "else was changed.").format(why=exc.why, kept=kept)


@dataclass(frozen=True)
class SeatView:
    """One player's seat as any phone may see it: never its PIN or which phone holds it."""

    player: str
    mine: bool  # this phone sits here
    taken: bool  # some phone sits here
    pin_set: bool  # claimed once: the PIN gets it back
    host_decides: bool = False  # released keeping something private, or locked by wrong PINs: the host hands it
    asked: bool = False  # this phone asked the host for it and waits for the answer


@dataclass(frozen=True)
class SeatAsk:
    """A phone asking the host for a seat, as the host's phone sees it: the seat and the
    asking phone's short code (shown on that phone too), never its token or PIN."""

    player: str
    code: str


@dataclass(frozen=True)
class News:
    """Something that happened to this phone that it has not been told yet (``serial``:
    told once, ``Games.told``)."""

    serial: int
    said: str


def game_words(summary: Summary) -> str:
    """A game as a phone names it, never by its id: "Bohnanza: Ann, Ben, 30 Nov 2026"."""
    title = _(KINDS[summary.game].title) if summary.game in KINDS else summary.game
    try:
        started = i18n.day(datetime.fromisoformat(summary.played).astimezone())
    except ValueError:
        started = summary.played
    return f"{title}: {', '.join(summary.players)}, {started}"


class AlreadyStored(RulesError):
    """An imported score file records a game that is stored already (``game_id``; its
    words name the game by title, players and date)."""

    def __init__(self, stored: Summary):
        self.game_id = stored.id
        super().__init__(_("this game is stored already ({game}); nothing was imported").format(
            game=game_words(stored)))


def fingerprint(data: dict[str, Any]) -> str:
    """The record of a game in a score file (without the optional play fields), as a hash
    that any key order or indentation of the file gives alike."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# How replaying a damaged game's entries can fail (RulesError and pydantic's ValidationError
# are ValueErrors; the others a shape no engine expects, or numbers past any count)
REPLAY_FAULTS = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError, RecursionError)


def rules_for(game: str) -> GameRules[Any, Any, Any]:
    if game not in KINDS:
        raise RulesError(_("unknown game {game}").format(game=repr(game)))
    return KINDS[game]


@dataclass(frozen=True)
class Told:
    """A game's story so far (``Games.timeline``): its first ``made`` entries told, the last
    of them as stored (``last``), and the state after them, to tell on from."""

    made: int
    last: dict[str, Any] | None
    moments: tuple[Moment, ...]
    state: Any
    log: list[dict[str, Any]] | None = None  # the stored log it tells (its entries, as stored)


def summary_of(record: GameRecord, state: Any) -> Summary:
    rules = rules_for(record.game)
    result = rules.result(state)
    return Summary(
        id=record.id,
        game=record.game,
        created=record.created,
        players=tuple(p.name for p in result.players),
        finished=rules.is_over(state),
        winners=result.winners,
        totals=tuple(p.total for p in result.players),
        rating=result.players[0].rating if len(result.players) == 1 else None,
        played=played_moment(record),
    )


def _as_dict(action: BaseModel | dict[str, Any]) -> dict[str, Any]:
    return action.model_dump(mode="json") if isinstance(action, BaseModel) else dict(action)


class Games:
    def __init__(self, repo: Repository, pins: PinGuard | None = None):
        self.repo = repo
        self.pins = pins or PinGuard()
        self._moved: dict[tuple[str, str], str] = {}  # (game, phone) -> the seat another phone took
        # (game, phone) -> what to tell it, made in its language when read (the seat the host
        # handed it or refused it, what its Undo took back)
        self._news: dict[tuple[str, str], tuple[int, Callable[[], str]]] = {}
        self._serial = 0
        self._imports: dict[str | None, list[float]] = defaultdict(list)  # phone -> times of its imports
        self.clock: Callable[[], float] = time.monotonic
        self._states: dict[str, Any] = {}
        self._stories: dict[tuple[str, object], Told] = {}  # each game's story so far, by language
        # game -> {n: the state after the stored log's first n entries}: an undo refolds
        # from the latest one before the entry it takes back. Dropped on any change before them.
        self._checkpoints: dict[str, dict[int, Any]] = {}
        self._derived: dict[str, Derived] = {}  # game -> what was worked out of its states
        # a binned game's entry in the index and what each phone (in its language) was shown of it
        self._binned: dict[str, tuple[BinEntry, dict[tuple[str | None, object], BinnedGame]]] = {}
        self._listeners: dict[str, list[tuple[Listener, str | None, Presence | None]]] = defaultdict(list)
        self._listeners_lock = threading.Lock()
        self._away: set[Presence] = set()  # phones whose connection closed, their places kept for now
        self._hosts: set[str] = set()  # device tokens of the hosts of games read or started here
        self._entries: dict[str, tuple[float, float]] = {}  # phone -> (entries it may still make, when counted)
        # game -> (the record read, its state and checkpoints): folded once when its file is
        # read (``_replays``), taken by ``state``
        self._loaded: dict[str, tuple[GameRecord, Any, dict[int, Any]]] = {}
        repo.check = self._replays

    # -- reading -------------------------------------------------------------------

    def record(self, game_id: str) -> GameRecord:
        return self.repo.load(game_id)

    def kind(self, game_id: str) -> str:
        """The stored kind of game (a score-file game id, or the live sheet's)."""
        return self.record(game_id).game

    def rules(self, game_id: str) -> GameRules[Any, Any, Any]:
        return rules_for(self.kind(game_id))

    def players(self, game_id: str) -> tuple[str, ...]:
        return self.rules(game_id).players(self.state(game_id))

    def last_entry_by(self, game_id: str, kind: str | None = None) -> str | None:
        """Which seat made the latest entry (of action ``kind``, if given), once anybody
        sits at the table; None before that, or when there is none."""
        record = self.record(game_id)
        if not table.seated(record.table):
            return None
        entries = (e for e in reversed(record.log) if kind is None or e["action"].get("kind") == kind)
        by = next((e.get("by") for e in entries), None)
        return by if isinstance(by, str) else None

    def newest_setup(self, kind: str) -> dict[str, Any] | None:
        """The setup of the newest readable stored game of that kind (what the table chose last time)."""
        for summary in self.summaries(of_game(kind)):
            try:
                return self.record(summary.id).setup
            except StorageError:
                continue
        return None

    def state(self, game_id: str) -> Any:
        with self.repo.lock:
            if game_id not in self._states:
                record = self.record(game_id)
                loaded = self._loaded.pop(game_id, None)
                if loaded is not None and loaded[0] is record:
                    self._states[game_id], self._checkpoints[game_id] = loaded[1], loaded[2]
                else:
                    self._states[game_id], self._checkpoints[game_id] = self._refold(record, record.log, 0)
            return self._states[game_id]

    def _replays(self, record: GameRecord) -> None:
        """The storage's check of a game read from a file or a backup: Unplayable unless its
        entries replay by its rules and each undone entry still reads (a game whose entries
        no longer replay is damaged, its good backup offered). What it folded is kept for ``state``."""
        rules = rules_for(record.game)
        n = 0
        try:
            state, kept = rules.new_game(record.setup), {}
            for n, entry in enumerate(record.log, 1):
                state = rules.apply(state, rules.parse_action(entry["action"]))
                if n % CHECKPOINT_EVERY == 0:
                    kept[n] = state
            n = 0
            for entry in record.redo:
                rules.parse_action(entry["action"])
        except REPLAY_FAULTS as exc:
            what = f"its entry {n}" if n else "an undone entry"
            why = one_line(str(exc).splitlines()[0][:160]) if str(exc).strip() else type(exc).__name__
            raise Unplayable(f"{what} no longer replays: {why}") from None
        self._loaded[record.id] = (record, state, kept)
        if isinstance(record.table.get("starter"), str):
            self._hosts.add(record.table["starter"])

    def hosting(self, token: str) -> bool:
        """Whether ``token`` is the phone of a game's host (one read or started here): the
        server's door never refuses it for places other phones hold. A set's look-up."""
        return token in self._hosts

    def know_hosts(self) -> None:
        """Read the games in play, so that ``hosting`` knows their hosts (at the server's start)."""
        for summary in self.summaries(PLAYING):
            try:
                self.record(summary.id)
            except StorageError:
                continue

    def _fold(self, record: GameRecord, log: list[dict[str, Any]]) -> Any:
        return fold(rules_for(record.game), record.setup, [entry["action"] for entry in log])

    def _refold(self, record: GameRecord, log: list[dict[str, Any]], same: int) -> tuple[Any, dict[int, Any]]:
        """The state after ``log``, which begins with the stored log's first ``same``
        entries: folded on from the latest checkpoint among them. Also the checkpoints
        that hold for ``log``, to keep once it is stored."""
        rules = rules_for(record.game)
        kept = {n: s for n, s in self._checkpoints.get(record.id, {}).items() if n <= same}
        start = max(kept, default=0)
        state = kept[start] if start else rules.new_game(record.setup)
        for n in range(start, len(log)):
            state = rules.apply(state, rules.parse_action(log[n]["action"]))
            if (n + 1) % CHECKPOINT_EVERY == 0:
                kept[n + 1] = state
        return state, kept

    def _forget(self, game_id: str) -> None:
        """The game's state and checkpoints are folded again from what is stored."""
        self._states.pop(game_id, None)
        self._checkpoints.pop(game_id, None)
        self._derived.pop(game_id, None)
        self._loaded.pop(game_id, None)
        for key in [key for key in self._stories if key[0] == game_id]:
            self._stories.pop(key, None)

    def derived(self, game_id: str) -> Derived:
        """What is worked out of this game's states (``allowed``, screens' views), kept
        beside the game for every phone: bounded, and dropped with the game."""
        found = self._derived.get(game_id)
        if found is None:
            found = self._derived.setdefault(game_id, Derived())
        return found

    def allowed(self, game_id: str, state: S, rules: GameRules[S, Any, L], player: str) -> L:
        """``rules.allowed(state, player)``, worked out once for every state with the same
        grounds and every phone speaking the same language (its reasons are in words)."""
        grounds = rules.grounds(state, player)
        cache = self.derived(game_id)
        make = lambda: rules.allowed(state, player)  # noqa: E731
        if grounds is None:
            return cache.of_state(state, ("allowed", player, current()), make)
        return cache.get(("allowed", player, current(), grounds), make)

    def state_after(self, game_id: str, n: int) -> Any:
        """The game as it stood just after its entry ``n`` (1 to the number of entries):
        folded on from the nearest checkpoint, and kept while the game stays as it is, so
        that every screen reading it gets this very object. RulesError for no such entry."""
        with self.repo.lock:
            record = self.record(game_id)
            now = self.state(game_id)
            if not 1 <= n <= len(record.log):
                raise RulesError(_("this game has no entry {n}").format(n=n))
            return self.derived(game_id).get(("after", n), lambda: self._refold(record, record.log[:n], n)[0],
                                             holds=now)

    def state_at(self, game_id: str, after: int | None) -> Any:
        """The latest state (``after`` None), or the game as it stood after entry ``after``."""
        return self.state(game_id) if after is None else self.state_after(game_id, after)

    def timeline(self, game_id: str) -> tuple[Moment, ...]:
        """The game's story (``sheets.timeline``), worked out once per state and language
        for every phone: the same for all, as its words never tell a face-down card. Told
        on from where it stopped when entries were only added (a new entry costs one
        entry's telling, however long the game); told afresh after an Undo."""
        with self.repo.lock:
            record = self.record(game_id)
            state = self.state(game_id)
        if isinstance(record.table.get("imported"), dict):  # a final score file: no moves to tell
            totals = tuple((p.name, p.total) for p in self.rules(game_id).result(state).players)
            at = str(record.log[0].get("at", record.created)) if record.log else record.created
            by = record.log[0].get("by") if record.log else None
            return imported_story(at, by if isinstance(by, str) else None, totals)
        return self.derived(game_id).of_state(state, ("timeline", current()), lambda: self._story(record))

    def _story(self, record: GameRecord) -> tuple[Moment, ...]:
        """Told on from the story told so far: by the new entries when entries were added,
        as its beginning when the latest were taken back (an Undo: the game's state now is
        the state after them), afresh otherwise (an Undo of an earlier entry)."""
        rules, log, key = rules_for(record.game), record.log, (record.id, current())
        told = self._stories.get(key)
        if told is not None and told.made <= len(log) and (not told.made or log[told.made - 1] == told.last):
            more, state = played(rules, told.state, log[told.made:], told.made)
            moments = told.moments + more
        elif told is not None and told.log is not None and len(log) < told.made \
                and all(a is b for a, b in zip(log, told.log)):
            moments, state = told.moments[:len(log)], self.state(record.id)
        else:
            moments, state = played(rules, rules.new_game(record.setup), log)
        self._stories[key] = Told(len(log), log[-1] if log else None, moments, state, log)
        return moments + taken_back(rules, state, record.redo, len(moments))

    def timeline_view(self, game_id: str, make: Callable[[tuple[Moment, ...], Any], V], key: Hashable = None) -> V:
        """``make(moments, key)`` of the game's story now (a chart's thinned lines), worked
        out once per state and language for every phone that shows it (``make``: a
        module-level function)."""
        with self.repo.lock:
            state = self.state(game_id)
        return self.derived(game_id).of_state(state, ("timeline view", make, current(), key),
                                              lambda: make(self.timeline(game_id), key))

    def can_undo(self, game_id: str, device: str | None = None) -> bool:
        record = self.record(game_id)
        return table.last_undoable(record.table, record.log, device) is not None

    def can_redo(self, game_id: str, device: str | None = None) -> bool:
        record = self.record(game_id)
        return table.last_undoable(record.table, record.redo, device) is not None

    def seat(self, game_id: str, device: str | None) -> str | None:
        """The player whose seat this phone holds in that game, if any."""
        return table.seat_of(self.record(game_id).table, device)

    def summaries(self, where: QueryInstance | None = None) -> list[Summary]:
        """Every stored game, or those the index's query ``where`` holds for (``FINISHED``,
        ``of_game(kind)``), newest first; one the index lacks (or holds out of date) is
        summarised again first."""
        with self.repo.lock:
            known = self.repo.summaries_by_id()
            fresh = []
            for game_id in [*self.repo.stored_ids(), *self.repo.damaged_ids()]:
                if game_id not in known:
                    try:
                        fresh.append(self._summary_or_backup(game_id))
                    except (StorageError, RulesError):  # nothing readable left to list
                        continue
            if fresh:
                self.repo.put_summaries(fresh)
            return self.repo.summaries(where)

    def set_aside(self) -> list[SetAside]:
        """Every stored game that ``summaries`` cannot list (damaged with no good backup, or
        its entries no longer replay), so Home and ``beans list`` show it as damaged."""
        with self.repo.lock:
            listed = {s.id for s in self.summaries()}
            found = []
            for game_id in sorted({*self.repo.stored_ids(), *self.repo.damaged_ids()} - listed):
                try:
                    self._summary_or_backup(game_id)
                except DamagedGame as exc:
                    found.append(SetAside(game_id, damage_words(exc)))
                except RulesError as exc:
                    found.append(SetAside(game_id, _("This game's entries no longer replay ({reason}). Its file "
                                                     "is kept as it is on the host's computer.").format(reason=exc)))
                except StorageError:  # gone meanwhile
                    continue
            return found

    def _summary_or_backup(self, game_id: str) -> Summary:
        """A damaged game stays listed (from its backup): opening it says so and offers the backup."""
        try:
            record = self.record(game_id)
            return summary_of(record, self.state(game_id))
        except DamagedGame as exc:
            if exc.backup is None:
                raise
            record = record_in(exc.backup)
            return summary_of(record, self._fold(record, record.log))

    # -- changing --------------------------------------------------------------------

    def new_game(self, game: str, setup: dict[str, Any], starter: str | None = None) -> str:
        """Start a game; ``starter`` is the device that may release seats and undo for all."""
        rules = rules_for(game)
        state = rules.new_game(setup)
        problem = readable_problem_at(rules.players(state))  # names players can tell apart (a stored game keeps its own)
        if problem:
            raise RulesError(_("player {number}: {reason}").format(number=problem[0] + 1, reason=problem[1]))
        with self.repo.lock:
            record = self.repo.new_record(game, setup)
            record.table = {"starter": starter, "seats": {}, "notes": {}}
            place = self.location()
            if place:  # where it is played: kept with the game, whatever the setting says later
                record.table["location"] = place
            self.repo.save(record, summary_of(record, state))
            if starter is not None:
                self._hosts.add(starter)
            self._states[record.id] = state
        return record.id

    def _commit(self, updated: GameRecord, new_state: Any, checkpoints: dict[int, Any] | None = None) -> None:
        """Store the changed game; if that fails, the state is folded again from what is stored.
        ``checkpoints`` replace the game's when its log changed other than at its end."""
        try:
            self.repo.save(updated, summary_of(updated, new_state))
        except BaseException:
            self._forget(updated.id)
            raise
        self._states[updated.id] = new_state
        kept = self._checkpoints.setdefault(updated.id, {}) if checkpoints is None else checkpoints
        if updated.log and len(updated.log) % CHECKPOINT_EVERY == 0:
            kept[len(updated.log)] = new_state
        self._checkpoints[updated.id] = kept

    def entry_room(self, device: str | None) -> None:
        """Before a phone's entry, Undo or Redo is worked out (``PhoneGames``, the phone's edge):
        RulesError (``TOO_FAST``, nothing stored) past ENTRIES_RATE a second (ENTRIES_BURST at
        once) for that phone."""
        if device is None:  # the command line, a test, the engine as a library
            return
        with self._listeners_lock:
            now_ = self.clock()
            tokens, at = self._entries.get(device, (ENTRIES_BURST, now_))
            tokens = min(ENTRIES_BURST, tokens + (now_ - at) * ENTRIES_RATE)
            if tokens < 1:
                self._entries[device] = (tokens, now_)
                raise RulesError(_(TOO_FAST))
            self._entries[device] = (tokens - 1, now_)
            if len(self._entries) > 10_000:  # the longest unused go
                for old in sorted(self._entries, key=lambda d: self._entries[d][1])[:1_000]:
                    del self._entries[old]

    def dispatch(
        self, game_id: str, action: BaseModel | dict[str, Any], by: str | None = None, device: str | None = None
    ) -> Any:
        """Validate ``action`` against the latest state, commit it, tell every listener.

        ``device`` is the phone sending it (table mode: it must hold the right seat; the
        entry is then made "by" that seat). Raises RulesError (nothing stored) when the
        rules or the table refuse it.
        """
        with self.repo.transaction(game_id) as record:
            rules = rules_for(record.game)
            parsed = rules.parse_action(_as_dict(action))
            seat = table.author(record.table, rules.owner(parsed), device)
            new_state = rules.apply(self.state(game_id), parsed)
            entry = {"action": parsed.model_dump(mode="json"), "at": now(), "by": seat or by}
            updated = replace(record, log=[*record.log, entry], redo=[])
            self._commit(updated, new_state)
        self.notify(game_id, by=device)
        return new_state

    def undo(self, game_id: str, device: str | None = None) -> Any:
        """Take back the latest entry this phone may undo (at a table: its own, or any for
        the starter); it can be redone until a new entry is made."""
        with self.repo.transaction(game_id) as record:
            i = table.last_undoable(record.table, record.log, device)
            if i is None:
                raise RulesError(_("nothing of yours to undo") if table.seated(record.table) else _("nothing to undo"))
            log = record.log[:i] + record.log[i + 1:]
            try:
                new_state, checkpoints = self._refold(record, log, i)
            except RulesError:
                raise RulesError(_("your last entry cannot be undone: a later entry builds on it")) from None
            updated = replace(record, log=log, redo=[*record.redo, record.log[i]])
            self._commit(updated, new_state, checkpoints)
            if device is not None:
                taken = self._entry_words(record.game, new_state, record.log[i])
                self._tell(game_id, device, lambda: _("Undone: {entry}").format(entry=taken()))
        self.notify(game_id, by=device)
        return new_state

    @staticmethod
    def _entry_words(game: str, before: Any, entry: dict[str, Any]) -> Callable[[], str]:
        """An entry in words (the engine's ``describe``), made in the language of the phone
        it is said to; ``before`` is the state it was made in."""
        rules = rules_for(game)

        def words() -> str:
            try:
                return rules.describe(before, rules.parse_action(entry["action"]))
            except (RulesError, KeyError, TypeError, ValueError):  # an entry this version cannot read
                return _("an entry")
        return words

    def redo(self, game_id: str, device: str | None = None) -> Any:
        with self.repo.transaction(game_id) as record:
            i = table.last_undoable(record.table, record.redo, device)
            if i is None:
                raise RulesError(_("nothing to redo"))
            entry = record.redo[i]
            rules = rules_for(record.game)
            new_state = rules.apply(self.state(game_id), rules.parse_action(entry["action"]))
            updated = replace(record, log=[*record.log, entry], redo=record.redo[:i] + record.redo[i + 1:])
            self._commit(updated, new_state)
        self.notify(game_id, by=device)
        return new_state

    # -- table mode ------------------------------------------------------------------

    def _change_table(self, game_id: str, change: Callable[[GameRecord], dict[str, Any]]) -> None:
        with self.repo.transaction(game_id) as record:
            updated = replace(record, table=change(record))
            self._commit(updated, self.state(game_id))
        self.notify(game_id)

    def sits_nowhere(self, device: str | None) -> bool:
        """Whether a table is in play (a game in progress with a phone seated) while this
        phone holds no seat and hosts no game: a watcher, who changes nothing shared."""
        in_play = False
        for summary in self.summaries(PLAYING):
            try:
                seats = self.record(summary.id).table
            except StorageError:
                continue
            if table.seated(seats):
                in_play = True
                if table.seat_of(seats, device) or table.is_starter(seats, device):
                    return False
        return in_play

    def seats(self, game_id: str, device: str | None) -> tuple[SeatView, ...]:
        """Every player's seat, in seating order, as ``device`` may see it."""
        record = self.record(game_id)
        seats = record.table["seats"]
        return tuple(
            SeatView(
                player=p,
                mine=device is not None and p in seats and seats[p]["device"] == device,
                taken=p in seats and seats[p]["device"] is not None,
                pin_set=p in seats,
                host_decides=self._host_decides(record, p),
                asked=table.asked(record.table, p, device),
            )
            for p in self.players(game_id)
        )

    def _host_decides(self, record: GameRecord, player: str) -> bool:
        """Whether only a phone the host approves may sit at ``player``'s seat (issue 33):
        the host released it while it keeps something private (its note, a face-down secret
        collection), or wrong PINs locked it (its owner too would wait up to an hour)."""
        seats = record.table["seats"]
        if player in seats:
            return self.pins.seat_locked((record.id, player))
        note = bool(record.table["notes"].get(player))  # a seat released before issue 33 kept its note
        released = player in table.released(record.table) or note
        return released and (note or rules_for(record.game).face_down(self.state(record.id)))

    def claim_seat(self, game_id: str, player: str, pin: str, device: str) -> None:
        """Sit ``device`` at ``player``'s seat with the PIN. Wrong PINs are limited per seat
        and per phone; the PIN is hashed before the game is locked (it is slow on purpose).
        A seat the host hands (``_host_decides``) is asked for instead, except by the host."""
        table.check_pin(pin)
        players = self.players(game_id)
        record = self.record(game_id)
        if player not in record.table["seats"] and self._host_decides(record, player) \
                and not table.is_starter(record.table, device):
            raise RulesError(_("the host released {player}'s seat: ask the host for it, and the host's "
                               "phone hands it to this one").format(player=player))
        self.pins.check((game_id, player), device)
        salt = table.salt_for(record.table, player)
        digest = table.pin_hash(pin, salt)
        before: list[str | None] = []  # the phone that held the seat, read under the game's lock

        def claim(record: GameRecord) -> dict[str, Any]:
            before.append(record.table["seats"].get(player, {}).get("device"))
            return table.claim(record.table, players, player, salt, digest, device)

        try:
            self._change_table(game_id, claim)
        except table.WrongPin:
            self.pins.wrong((game_id, player), device)
            raise
        self.pins.right((game_id, player), device)
        self._seated(game_id, player, device, before[0])

    def _seated(self, game_id: str, player: str, device: str, before: str | None) -> None:
        """``device`` now sits at ``player``'s seat; the phone that sat there is told."""
        self._moved.pop((game_id, device), None)
        if before is not None and before != device:
            self._moved[(game_id, before)] = player
            self.notify(game_id)

    def ask_seat(self, game_id: str, player: str, pin: str, device: str) -> None:
        """``device`` asks the host for a seat only the host hands (``_host_decides``), with
        a PIN of its own: it gets the seat, with that PIN, once the host's phone approves."""
        table.check_pin(pin)
        players = self.players(game_id)
        if player not in players:
            raise RulesError(_("{name} is not playing; the players are {players}").format(
                name=repr(player), players=", ".join(players)))
        if not self._host_decides(self.record(game_id), player):
            raise RulesError(_("{player}'s seat needs no asking: take it with its PIN").format(player=player))
        salt = secrets.token_hex(8)
        digest = table.pin_hash(pin, salt)
        self._change_table(game_id, lambda r: table.ask(r.table, player, salt, digest, device))

    def seat_asks(self, game_id: str, device: str | None) -> tuple[SeatAsk, ...]:
        """The phones asking for a seat, for the host's phone only (others see none)."""
        record = self.record(game_id)
        if not table.is_starter(record.table, device):
            return ()
        return tuple(SeatAsk(player=p, code=table.code_of(game_id, a["device"]))
                     for p, waiting in table.asks(record.table).items() for a in waiting)

    def answer_ask(self, game_id: str, player: str, code: str, approve: bool, device: str | None) -> None:
        """The host hands ``player``'s seat to the asking phone with that code, or refuses
        it; each phone that asked is told."""
        waiting: list[dict[str, str]] = []
        before: list[str | None] = []

        def answer(record: GameRecord) -> dict[str, Any]:
            waiting.extend(table.asks(record.table).get(player, []))
            before.append(record.table["seats"].get(player, {}).get("device"))
            if approve:
                return table.approve(record.table, game_id, player, code, device)
            return table.refuse(record.table, game_id, player, code, device)

        self._change_table(game_id, answer)
        for ask in waiting:
            chosen = table.code_of(game_id, ask["device"]) == code
            if chosen and approve:
                self.pins.right((game_id, player), ask["device"])
                self._seated(game_id, player, ask["device"], before[0])
                self._tell(game_id, ask["device"], lambda: _("The host handed {player}'s seat to this phone").format(
                    player=player))
            elif chosen or approve:
                self._tell(game_id, ask["device"], lambda: _("The host did not hand {player}'s seat to this phone")
                           .format(player=player))
        self.notify(game_id)

    def _tell(self, game_id: str, device: str, said: Callable[[], str]) -> None:
        with self._listeners_lock:
            self._serial += 1
            self._news[(game_id, device)] = (self._serial, said)

    def news(self, game_id: str, device: str | None) -> News | None:
        """What this phone has not been told yet, in its language."""
        found = self._news.get((game_id, device)) if device else None
        return None if found is None else News(found[0], found[1]())

    def told(self, game_id: str, device: str, serial: int) -> None:
        with self._listeners_lock:
            if self._news.get((game_id, device), (None,))[0] == serial:
                del self._news[(game_id, device)]

    def wrong_pin_tries(self, game_id: str, player: str) -> int:
        """Wrong PINs tried for ``player``'s seat since its PIN was last entered right."""
        return self.pins.wrong_tries((game_id, player))

    def seat_moved(self, game_id: str, device: str | None) -> str | None:
        """The seat another phone took from ``device`` with its PIN, until it is told."""
        return self._moved.get((game_id, device)) if device else None

    def told_seat_moved(self, game_id: str, device: str) -> None:
        self._moved.pop((game_id, device), None)

    def leave_seat(self, game_id: str, device: str) -> None:
        self._change_table(game_id, lambda r: table.leave(r.table, device))

    def release_seat(self, game_id: str, player: str, device: str | None) -> None:
        self._change_table(game_id, lambda r: table.release(r.table, player, device))

    def comment(self, game_id: str) -> str:
        """The game's shared comment ("" if none): what the table wrote, else what its score file said."""
        record = self.record(game_id)
        written = record.table.get("comment")
        if isinstance(written, str):
            return written
        imported = record.table.get("imported")
        said = imported.get("comment") if isinstance(imported, dict) else None
        return said if isinstance(said, str) else ""

    def write_comment(self, game_id: str, text: str, device: str | None) -> None:
        """The game's shared comment, one per game: any seat writes it (anybody while nobody
        sits); it goes with the play to BG Stats and into exports. Never a private note."""
        why = comment_problem(text)
        if why:
            raise RulesError(_("Not saved: {reason}").format(reason=why))
        self._change_table(game_id, lambda r: table.with_comment(r.table, text.strip(), device))

    def location(self) -> str | None:
        """Where games here are played ("Where we play"), a setting of the data directory; None if not said."""
        try:
            value = read_settings(self.repo.data_dir, read_only=self.repo.read_only).get(LOCATION)
        except StorageError:
            return None
        return value if isinstance(value, str) and value else None

    def location_asked(self) -> bool:
        """Whether "Where we play" was asked here already (answered or skipped): it is asked once."""
        try:
            return LOCATION in read_settings(self.repo.data_dir, read_only=self.repo.read_only)
        except StorageError:
            return True

    def set_location(self, place: str) -> None:
        """Where games here are played; "" says none (and is not asked again)."""
        place = place.strip()
        if place:
            why = location_problem(place)
            if why:
                raise RulesError(_("Not saved: {reason}").format(reason=why))
        with self.repo.lock:
            write_setting(self.repo.data_dir, LOCATION, place)
        self.notify("*")

    def private_note(self, game_id: str, device: str | None) -> str:
        """This seat's private note; nobody else's phone is ever given it."""
        record = self.record(game_id)
        seat = table.seat_of(record.table, device)
        return record.table["notes"].get(seat, "") if seat else ""

    def write_private_note(self, game_id: str, text: str, device: str | None) -> None:
        """Keep this seat's note; one over NOTE_MAX characters is refused (nothing changes)."""
        if len(text) > NOTE_MAX:
            raise RulesError(_("a private note holds at most {max} characters (this one has {n}); nothing was "
                               "saved").format(max=NOTE_MAX, n=len(text)))
        self._change_table(game_id, lambda r: table.with_note(r.table, text, device))

    def delete(self, game_id: str, device: str | None = None, host: bool = False) -> None:
        """Move the game to the bin (restorable for BIN_DAYS days); every phone showing it
        is told who deleted it. Once anybody sits at it, only its host's phone may (or the
        host's command line: ``host``, which owns the files)."""
        with self.repo.transaction(game_id) as record:
            if not host:
                table.may_delete(record.table, device)
            who = {"by": "command line"} if host else deleter(record.table, device)
            self._commit(replace(record, table={**record.table, "deleted_by": who}), self.state(game_id))
        with self.repo.lock:
            self.repo.delete(game_id, self._shown_in_bin(self.record(game_id), self.players(game_id)))
            self._forget(game_id)
        self.notify(game_id)

    def bin(self, device: str | None = None) -> list[BinnedGame]:
        """The deleted games still restorable, newest deletion first, as the index lists
        them (a game it lacks is read and folded once, then listed there)."""
        listed, unlisted = self.repo.binned(BIN_DAYS)
        if unlisted:
            listed = sorted([*listed, *(self.repo.index_binned(self._shown_in_bin(record, self._players_in(record)))
                                        for record in unlisted)], key=lambda entry: -entry.deleted)
        binned = []
        made, self._binned = self._binned, {}
        for entry in listed:
            # Made once per phone and language while the entry is the same: Home lists the bin on every draw
            known = made.get(entry.id)
            if known is None or known[0] != entry:
                known = (entry, {})
            self._binned[entry.id] = known
            game = known[1].get((device, current()))
            if game is None:
                game = known[1][device, current()] = BinnedGame(
                    id=entry.id, game=entry.game, players=entry.players, created=entry.created,
                    deleted_by=who_deleted(entry.deleted_by), may_restore=table.hosts(entry.seated, entry.starter, device))
            binned.append(game)
        return binned

    def _players_in(self, record: GameRecord) -> tuple[str, ...]:
        """The players of a game in the bin the index lacks, folded from its log (none if
        its entries no longer play)."""
        try:
            return tuple(rules_for(record.game).players(self._fold(record, record.log)))
        except RulesError:
            return ()

    @staticmethod
    def _shown_in_bin(record: GameRecord, players: tuple[str, ...]) -> BinEntry:
        """What the bin's listing shows of a deleted game."""
        return BinEntry(id=record.id, game=record.game, created=record.created, players=players,
                        seated=table.seated(record.table), starter=record.table.get("starter"),
                        deleted_by=record.table.get("deleted_by"))

    def deleted_by(self, game_id: str) -> str | None:
        """Who deleted the game, while it is in the bin; None otherwise."""
        record = self.repo.in_bin(game_id, BIN_DAYS)
        return None if record is None else who_deleted(record.table.get("deleted_by"))

    def undelete(self, game_id: str, device: str | None = None, host: bool = False) -> None:
        """Restore a game from the bin: its host's phone (or any, if nobody sat at it), or
        the host's command line (``host``)."""
        binned = self.repo.in_bin(game_id, BIN_DAYS)
        if binned is None:
            raise RulesError(_("that game is no longer in the bin"))
        if not (table.is_starter(binned.table, device) or host):
            raise RulesError(_("only the phone that started the game (the host) restores it"))
        with self.repo.lock:
            record = self.repo.undelete(game_id)
            self.repo.put_summaries([summary_of(record, self.state(game_id))])
        self.notify(game_id)

    def restore_backup(self, game_id: str, device: str | None = None, host: bool = False) -> None:
        """A damaged game's newest good backup, back in place; every phone showing it is told.
        Once anybody sat at the game (as its backup says), only its host's phone may (or
        the host's own caller: ``host``), as for deleting it."""
        with self.repo.lock:
            backup = self.repo.good_backup(game_id)
            if backup is None:  # said for a phone: the game, not its id
                known = self.repo.summaries_by_id().get(game_id)
                raise StorageError(_("{game}: no good backup is left to restore; nothing was changed.").format(
                    game=game_words(known)) if known else _("No good backup of this game is left to restore; "
                                                            "nothing was changed."))
            if not host:
                table.may_delete(record_in(backup, self.repo.data_dir).table, device)
            self.repo.restore_backup(game_id)  # summarised again when games are next listed
            self._forget(game_id)
        self.notify(game_id)

    # -- files -------------------------------------------------------------------------

    def export(self, game_id: str, whole: bool = False) -> dict[str, Any]:
        """The game as a score file. From a phone (``whole`` False) a game with cards still
        face-down is refused: a file would show them. The host's command line reads the
        whole record (``whole``)."""
        rules, state = self.rules(game_id), self.state(game_id)
        if not whole and rules.face_down(state):
            raise RulesError(_("secret collections still lie face-down: the game can be exported "
                               "once it is over and they are turned up"))
        info = self.play_info(game_id)
        return with_play_fields(rules.export(state), PlayFields(played=info.played, start_player=info.start_player,
                                                                location=info.location, comment=info.comment))

    def play_info(self, game_id: str) -> PlayInfo:
        """What is known about the play beside its result: a game played here has its date,
        start and duration from its entries; an imported one what its file said."""
        record = self.record(game_id)
        imported = record.table.get("imported")
        comment = self.comment(game_id) or None
        location = record.table.get("location") if isinstance(record.table.get("location"), str) else None
        if isinstance(imported, dict):
            said = imported.get("location")
            return PlayInfo(played=imported.get("played"),
                            start_player=imported.get("start_player") or self._first_starter(game_id),
                            game_id=game_id, stored=record.created, comment=comment,
                            location=location or (said if isinstance(said, str) else None) or self.location())
        started = played_moment(record)  # its first entry
        start = datetime.fromisoformat(started)
        last = datetime.fromisoformat(record.log[-1]["at"]) if record.log else None
        minutes = round((last - start).total_seconds() / 60) if last else 0
        return PlayInfo(played=start.astimezone().date().isoformat(), started=started,
                        duration_min=minutes if minutes > 0 else None, game_id=game_id, stored=record.created,
                        start_player=self._first_starter(game_id), comment=comment,
                        location=location or self.location())

    def _first_starter(self, game_id: str) -> str | None:
        """Who started the game, where its record says (Nicht die Bohne!: who took the Bean
        chip at the deal, the first of its score file's ``starters``); None if not known."""
        try:
            starters = self.rules(game_id).export(self.state(game_id)).get("starters")
        except RulesError:
            return None
        first = starters[0] if isinstance(starters, list) and starters else None
        return first if isinstance(first, str) else None

    def result_out(self, game_id: str) -> tuple[GameResult, PlayInfo]:
        """A finished game's result as its score file scores (the live sheet's as sheet A's)
        and what is known about the play: for BG Stats and CSV."""
        if not self.rules(game_id).is_over(self.state(game_id)):
            raise RulesError(_("the game is not over yet"))
        exported = self.export(game_id, whole=True)
        sheet = exported.get("sheet")  # Gone with the Beans' letter
        info = self.play_info(game_id)
        return score(exported, stored=True), info.changed(sheet=sheet) if isinstance(sheet, str) else info

    def import_file(self, data: Any, again: bool = False) -> str:
        """Store a valid score file as a game; ScoreFileError (nothing stored) otherwise.
        A game already stored (``same_game``) is refused with AlreadyStored unless
        ``again`` asks for a copy."""
        result = score(data)  # checks the envelope and the game's rules
        rest, fields = split_play_fields(data)
        rules = rules_for(data["game"])
        setup, actions = rules.import_file(rest)
        state = fold(rules, setup, actions)
        print_ = fingerprint(rest)
        stamp = now()
        with self.repo.lock:
            stored = None if again else self.same_game(result, print_, fields.played)
            if stored is not None:
                raise AlreadyStored(stored)
            record = self.repo.new_record(
                data["game"], setup, [{"action": a, "at": stamp, "by": "import"} for a in actions]
            )
            record.table = {**record.table, "imported": {"fingerprint": print_, **fields.model_dump(exclude_none=True)}}
            self.repo.save(record, summary_of(record, state))
            self._states[record.id] = state
        return record.id

    def upload_room(self, device: str | None) -> None:
        """Before a phone is asked for a file (a score file, a backup, sheet values):
        RulesError (nothing sent, nothing read) when IMPORTS_PER_MINUTE files of this phone,
        or IMPORTS_AT_ONCE_PER_MINUTE of all phones together, were sent in the last minute
        (issue 33: imports by the hundred slowed every phone's Home; files of 1 MB sent by
        20 phones at once slowed every tap). Only files sent count (``count_upload``): a
        picker opened and cancelled uses up nothing (issue 46)."""
        now_ = self.clock()
        with self._listeners_lock:
            for times in self._imports.values():
                times[:] = [t for t in times if now_ - t < 60]
            for key in [k for k, times in self._imports.items() if not times]:
                del self._imports[key]
            if len(self._imports.get(device, ())) >= IMPORTS_PER_MINUTE or \
                    sum(map(len, self._imports.values())) >= IMPORTS_AT_ONCE_PER_MINUTE:
                raise RulesError(_("too many score files imported in the last minute: try again in a minute"))

    def count_upload(self, device: str | None) -> None:
        """A file this phone sent (picked, on its way to be read): counted for ``upload_room``."""
        with self._listeners_lock:
            self._imports[device].append(self.clock())

    def same_game(self, result: GameResult, print_: str, played: str | None) -> Summary | None:
        """The stored game a score file records, if any: same game, same players with the same
        totals, the same record of the game (``fingerprint``: an imported game's file, a game
        played here as it exports) and no other date played. Games in the bin do not count."""
        names = tuple(p.name for p in result.players)
        totals = tuple(p.total for p in result.players)
        for summary in self.summaries(FINISHED):
            if summary.players != names or summary.totals != totals:
                continue
            try:
                record = self.record(summary.id)
                imported = record.table.get("imported")
                if isinstance(imported, dict):
                    theirs, their_date = imported.get("fingerprint"), imported.get("played")
                else:
                    theirs, their_date = fingerprint(rules_for(record.game).export(self.state(summary.id))), \
                        self.play_info(summary.id).played
            except (StorageError, RulesError):
                continue
            if theirs == print_ and (played is None or their_date is None or played == their_date):
                return summary
        return None

    # -- listeners -----------------------------------------------------------------------

    def subscribe(self, game_id: str, listener: Listener, device: str | None = None,
                  presence: Presence | None = None) -> Callable[[], None]:
        """Call ``listener(game_id)`` after every change of that game ("*" for all);
        ``device``: the phone listening (see notify), ``presence``: its connection (its
        places are given back PLACE_GRACE seconds after it closed). A phone without a seat
        beyond WATCHERS_PER_GAME is not told (``why_not_follow`` says why)."""
        subscription = (listener, device, presence)
        seats = self._seats_of(game_id) if game_id != "*" and device is not None else None
        with self._listeners_lock:
            self._give_back()
            if seats is not None and self._no_room(game_id, seats, device):
                return lambda: None
            self._listeners[game_id].append(subscription)

        def unsubscribe() -> None:
            with self._listeners_lock:
                if subscription in self._listeners[game_id]:
                    self._listeners[game_id].remove(subscription)

        return unsubscribe

    def away(self, presence: Presence) -> None:
        """A phone's connection closed: its places are kept PLACE_GRACE seconds for it."""
        with self._listeners_lock:
            if not presence.gone:
                presence.away_since = self.clock()
                self._away.add(presence)

    def back(self, presence: Presence) -> bool:
        """A phone's connection is back: True when it kept its places; False when they were
        given back meanwhile (its screens subscribe anew, as a phone that just came)."""
        with self._listeners_lock:
            self._give_back()
            kept = not presence.gone
            presence.away_since, presence.gone = None, False
            self._away.discard(presence)
            return kept

    def leave(self, presence: Presence) -> None:
        """A phone's page is gone for good (its session closed): its places at once."""
        with self._listeners_lock:
            self._away.discard(presence)
            self._drop({presence})

    def _give_back(self) -> None:
        """The places of phones away for PLACE_GRACE seconds or more (call holding the
        listeners' lock): each look at the places frees them, no timer needed."""
        now_ = self.clock()
        over = {p for p in self._away if p.away_since is not None and now_ - p.away_since >= PLACE_GRACE}
        if over:
            self._away -= over
            self._drop(over)

    def _drop(self, presences: set[Presence]) -> None:
        for presence in presences:
            presence.gone = True
        for game_id in [g for g, subs in self._listeners.items() if any(s[2] in presences for s in subs)]:
            self._listeners[game_id] = [s for s in self._listeners[game_id] if s[2] not in presences]

    def why_not_follow(self, game_id: str, device: str | None) -> str | None:
        """Why this phone is not shown that game's changes (it has no seat there, and
        WATCHERS_PER_GAME phones without one follow it already), or None."""
        seats = self._seats_of(game_id) if device is not None else None
        if seats is None:
            return None
        with self._listeners_lock:
            self._give_back()
            full = self._no_room(game_id, seats, device)
        return _("This game is followed by {n} phones without a seat already. Sit down at it (a seat's phone "
                 "always may), or come back when one of them has left it.").format(n=WATCHERS_PER_GAME) if full else None

    def _seats_of(self, game_id: str) -> dict[str, Any] | None:
        try:
            return self.record(game_id).table
        except StorageError:  # its screen says why
            return None

    def _no_room(self, game_id: str, seats: dict[str, Any], device: str | None) -> bool:
        """Whether ``device``, neither at a seat of the game nor its host, finds
        WATCHERS_PER_GAME other such phones following it (call holding the listeners' lock)."""
        if device is None or table.sits_or_hosts(seats, device):
            return False
        others = {other for _listener, other, _presence in self._listeners.get(game_id, ())
                  if other is not None and other != device and not table.sits_or_hosts(seats, other)}
        return len(others) >= WATCHERS_PER_GAME

    def notify(self, game_id: str, by: str | None = None) -> None:
        """Tell every listener of ``game_id``. The phone ``by`` that made the change is told
        last: each phone's re-render waits for those told before it, and the other phones
        at the table should not wait for the tapping phone's own (its largest) one."""
        with self._listeners_lock:
            self._give_back()
            subscriptions = [*self._listeners.get(game_id, ()), *self._listeners.get("*", ())]
        if by is not None:
            subscriptions.sort(key=lambda subscription: subscription[1] == by)  # stable: others keep their order
        for listener, _device, _presence in subscriptions:
            try:
                listener(game_id)
            except Exception:  # a closed browser session must not break a commit
                pass


def this_machine(address: str) -> bool:
    """Whether a phone at ``address`` is the serving machine itself: a loopback address, or
    one of this machine's own (its browser reaching a ``--lan`` server), which only this
    machine can bind to."""
    try:
        if ipaddress.ip_address(address).is_loopback:
            return True
    except ValueError:
        return False
    try:
        with socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET) as probe:
            probe.bind((address, 0))
    except OSError:
        return False
    return True


class PhoneGames:
    """What one phone may ask and do: every change is sent as this phone (its seat at a
    table). Screens use only this; they never touch storage documents. ``here``: the
    phone is the serving machine's own browser (``this_machine``)."""

    def __init__(self, games: Games, device: str | None, here: bool = False, after: int | None = None,
                 presence: Presence | None = None):
        self.games = games
        self.device = device
        self.here = here
        self.after = after  # a game as it stood after this entry (read only); None: as it is now
        self.presence = presence  # its connection: its places are given back once it closed (Games.away)

    def as_it_stood(self, after: int) -> PhoneGames:
        """This phone reading the games as they stood after entry ``after`` (the timeline's
        "back to any moment"): the same reads, every change refused."""
        return PhoneGames(self.games, self.device, self.here, after, self.presence)

    def now_only(self) -> None:
        """RulesError when this phone shows a game as it stood: nothing is changed there."""
        if self.after is not None:
            raise RulesError(_("this shows the game as it stood after entry {n}: go back to now to make entries")
                             .format(n=self.after))

    # -- reading ---------------------------------------------------------------------

    def kind(self, game_id: str) -> str:
        return self.games.kind(game_id)

    def state(self, game_id: str) -> object:
        """The game's state (as it stood, on a phone that shows the past), of a type this
        edge does not know: a screen of one game reads its own game through ``game(game_id, RULES)``."""
        return self.games.state_at(game_id, self.after)

    def game(self, game_id: str, rules: GameRules[S, A, L]) -> GameOf[S, A, L]:
        """That game, typed by its rules; raises StorageError when it cannot be read and
        RulesError when it is another kind of game."""
        if self.kind(game_id) != rules.id:
            raise RulesError(_("this is not a game of {game}").format(game=_(rules.title)))
        return GameOf(self, game_id, rules)

    def rules(self, game_id: str) -> GameRules[Any, Any, Any]:
        return self.games.rules(game_id)

    def players(self, game_id: str) -> tuple[str, ...]:
        return self.games.players(game_id)

    def summaries(self, where: QueryInstance | None = None) -> list[Summary]:
        return self.games.summaries(where)

    def set_aside(self) -> list[SetAside]:
        return self.games.set_aside()

    def last_entry_by(self, game_id: str, kind: str | None = None) -> str | None:
        return self.games.last_entry_by(game_id, kind)

    def timeline(self, game_id: str) -> tuple[Moment, ...]:
        return self.games.timeline(game_id)

    def timeline_view(self, game_id: str, make: Callable[[tuple[Moment, ...], Any], V], key: Hashable = None) -> V:
        return self.games.timeline_view(game_id, make, key)

    def entries(self, game_id: str) -> int:
        """How many entries the game holds now."""
        return len(self.games.record(game_id).log)

    def newest_setup(self, kind: str) -> dict[str, Any] | None:
        return self.games.newest_setup(kind)

    def subscribe(self, game_id: str, listener: Listener) -> Callable[[], None]:
        return self.games.subscribe(game_id, listener, self.device, self.presence)

    def why_not_follow(self, game_id: str) -> str | None:
        return self.games.why_not_follow(game_id, self.device)

    # -- entries -----------------------------------------------------------------------

    def new_game(self, game: str, setup: dict[str, Any]) -> str:
        return self.games.new_game(game, setup, starter=self.device)

    def dispatch(self, game_id: str, action: BaseModel | dict[str, Any]) -> object:
        self.now_only()
        self.games.entry_room(self.device)
        return self.games.dispatch(game_id, action, device=self.device)

    def undo(self, game_id: str) -> object:
        self.now_only()
        self.games.entry_room(self.device)
        return self.games.undo(game_id, device=self.device)

    def redo(self, game_id: str) -> object:
        self.now_only()
        self.games.entry_room(self.device)
        return self.games.redo(game_id, device=self.device)

    def can_undo(self, game_id: str) -> bool:
        return self.after is None and self.games.can_undo(game_id, device=self.device)

    def can_redo(self, game_id: str) -> bool:
        return self.after is None and self.games.can_redo(game_id, device=self.device)

    # -- the table -----------------------------------------------------------------------

    def my_seat(self, game_id: str) -> str | None:
        return self.games.seat(game_id, self.device)

    def seated(self, game_id: str) -> bool:
        """Whether anybody sat down: then this phone acts only as its seat."""
        return table.seated(self.games.record(game_id).table)

    def is_starter(self, game_id: str) -> bool:
        return table.is_starter(self.games.record(game_id).table, self.device)

    def seats(self, game_id: str) -> tuple[SeatView, ...]:
        return self.games.seats(game_id, self.device)

    def claim_seat(self, game_id: str, player: str, pin: str) -> None:
        if self.device is None:
            raise RulesError(_("this phone is still connecting; try again in a moment"))
        self.games.claim_seat(game_id, player, pin, self.device)

    def leave_seat(self, game_id: str) -> None:
        if self.device is not None:
            self.games.leave_seat(game_id, self.device)

    def release_seat(self, game_id: str, player: str) -> None:
        self.games.release_seat(game_id, player, self.device)

    def private_note(self, game_id: str) -> str:
        return self.games.private_note(game_id, self.device)

    def comment(self, game_id: str) -> str:
        """The game's shared comment: every phone reads it (it goes to BG Stats and exports)."""
        return self.games.comment(game_id)

    def write_comment(self, game_id: str, text: str) -> None:
        self.games.write_comment(game_id, text, self.device)

    def location(self) -> str | None:
        return self.games.location()

    def location_asked(self) -> bool:
        return self.games.location_asked()

    def set_location(self, place: str) -> None:
        self.games.set_location(place)

    def wrong_pin_tries(self, game_id: str) -> int:
        """Wrong PINs tried for this phone's own seat since it was last entered right."""
        seat = self.my_seat(game_id)
        return self.games.wrong_pin_tries(game_id, seat) if seat else 0

    def seat_moved(self, game_id: str) -> str | None:
        """The seat another phone took from this one with its PIN, until this phone is told."""
        return self.games.seat_moved(game_id, self.device)

    def told_seat_moved(self, game_id: str) -> None:
        if self.device is not None:
            self.games.told_seat_moved(game_id, self.device)

    def write_private_note(self, game_id: str, text: str) -> None:
        self.games.write_private_note(game_id, text, self.device)

    def ask_seat(self, game_id: str, player: str, pin: str) -> None:
        if self.device is None:
            raise RulesError(_("this phone is still connecting; try again in a moment"))
        self.games.ask_seat(game_id, player, pin, self.device)

    def my_code(self, game_id: str) -> str | None:
        """This phone's short code at the game, which the host sees beside its ask."""
        return table.code_of(game_id, self.device) if self.device else None

    def seat_asks(self, game_id: str) -> tuple[SeatAsk, ...]:
        return self.games.seat_asks(game_id, self.device)

    def answer_ask(self, game_id: str, player: str, code: str, approve: bool) -> None:
        self.games.answer_ask(game_id, player, code, approve, self.device)

    def news(self, game_id: str) -> News | None:
        """What happened to this phone at the game that it has not been told yet."""
        return self.games.news(game_id, self.device)

    def told(self, game_id: str, serial: int) -> None:
        if self.device is not None:
            self.games.told(game_id, self.device, serial)

    # -- whole games and files -------------------------------------------------------------

    def why_not_edit_values(self) -> str | None:
        """Why this phone may not change the remembered sheet values (None: it may)."""
        if self.games.sits_nowhere(self.device):
            return _("this phone is watching the table: a seated phone changes the remembered sheet values")
        return None

    def why_not_delete(self, game_id: str) -> str | None:
        """Why this phone may not delete the game (None: it may)."""
        try:
            table.may_delete(self.games.record(game_id).table, self.device)
        except RulesError as exc:
            return exc.reason
        return None

    def delete(self, game_id: str) -> None:
        self.games.delete(game_id, self.device)

    def bin(self) -> list[BinnedGame]:
        return self.games.bin(self.device)

    def deleted_by(self, game_id: str) -> str | None:
        return self.games.deleted_by(game_id)

    def undelete(self, game_id: str) -> None:
        self.games.undelete(game_id, self.device)

    def restore_backup(self, game_id: str) -> None:
        self.games.restore_backup(game_id, self.device)

    def why_not_everything(self) -> str | None:
        """Why this phone may not back up or restore every game at once (None: it may). A
        backup holds every seat's private note and PIN check, so only the serving machine's
        own browser may, as its keyboard may run ``beans backup``."""
        if not self.here:
            return _("only the browser on the machine that serves the table backs up or restores everything")
        return None

    def may_do_everything(self) -> None:
        """RulesError with ``why_not_everything``'s reason, unless this phone may."""
        why = self.why_not_everything()
        if why:
            raise RulesError(why)

    def export(self, game_id: str) -> dict[str, Any]:
        return self.games.export(game_id)

    def import_file(self, data: Any) -> str:
        return self.games.import_file(data)

    def may_send_file(self) -> None:
        """Before this phone is asked for a file: RulesError when it may send none now. The
        serving machine's own browser always may (others' files never refuse the host's
        restore), and its files are not counted."""
        if not self.here:
            self.games.upload_room(self.device)

    def file_sent(self) -> None:
        """This phone sent a file it was asked for (a picker cancelled sends none)."""
        if not self.here:
            self.games.count_upload(self.device)

    def bgstats_link(self, game_id: str) -> str:
        """The link that records this finished game in BG Stats."""
        return bgstats_link(bgstats_play(*self.games.result_out(game_id)))

    def results_csv(self) -> str:
        """Every finished game, a row per player per game (Statistics' download)."""
        return finished_games_csv(self.games)

    # -- face-down cards on a phone the table shares (issue 32) -----------------------------

    def why_not_show_face_down(self, game_id: str, player: str) -> str | None:
        """Why this phone may not show ``player``'s face-down cards (a secret collection) for
        ``player`` to look at and record (None: it may). A seat's own phone always may. While
        nobody sits at the table, one phone serves it: it may, for one player at a time,
        who looks alone. Once anybody sat down, only ``player``'s own phone may."""
        record = self.games.record(game_id)
        if player not in self.games.players(game_id):
            return _("{player} is not a player of this game").format(player=player)
        if table.seat_of(record.table, self.device) == player or not table.seated(record.table):
            return None
        return _("{player}'s face-down cards are shown only on {player}'s own phone").format(player=player)


# Who deleted a game, as its record keeps it: {"seat": player} (that seat's phone) or
# {"by": one of these}. The words are made where they are shown, in the phone's language.
# TRANSLATORS: who deleted a game, said as "{who} deleted this game" and "deleted by {who}".
DELETERS = {"host": N_("the host's phone"), "command line": N_("the command line"), "phone": N_("a phone")}


def deleter(seats: dict[str, Any], device: str | None) -> dict[str, str]:
    """Who deletes a game, as its record keeps it (never words: phones differ in language)."""
    seat = table.seat_of(seats, device)
    if seat:
        return {"seat": seat}
    return {"by": "host" if table.seated(seats) else "phone"}


def stored_deleter(stored: Any) -> dict[str, str]:
    """Who deleted a game, from its record. A game deleted before issue 19 kept English
    words ("Ann's phone", "the command line"): they are read back as who they name, and
    words this version does not know are kept as they are ({"words": ...})."""
    if isinstance(stored, dict):
        return {key: value for key, value in stored.items() if isinstance(value, str)}
    if isinstance(stored, str) and stored:
        by = next((key for key, words in DELETERS.items() if words == stored), None)
        if by is not None:
            return {"by": by}
        seat = re.fullmatch(r"(.+)'s phone", stored, re.DOTALL)
        return {"seat": seat.group(1)} if seat else {"words": stored}
    return {"by": "phone"}


def who_deleted(stored: Any) -> str:
    """Who deleted a game in the bin (as its table keeps it), in the words of the phone asking."""
    who = stored_deleter(stored)
    if "seat" in who:
        # TRANSLATORS: who deleted a game, said as "{who} deleted this game" and "deleted by {who}".
        return _("{player}'s phone").format(player=who["seat"])
    if "words" in who:
        return who["words"]
    return _(DELETERS.get(who.get("by", ""), DELETERS["phone"]))


def export_game(repo: Repository, game_id: str) -> dict[str, Any]:
    """The whole game, for the host's command line (the host owns the files)."""
    return Games(repo).export(game_id, whole=True)


def import_game(repo: Repository, data: Any, again: bool = False) -> str:
    return Games(repo).import_file(data, again=again)


def finished_games_csv(games: Games) -> str:
    """Every finished, readable game as CSV: a row per player per game, oldest game first."""
    rows = []
    for summary in sorted(games.summaries(FINISHED), key=lambda s: s.played):
        try:
            result, info = games.result_out(summary.id)
        except (StorageError, RulesError):
            continue
        rows.append((summary.id, result, info))
    return results_csv(rows)


@dataclass(frozen=True)
class GameOf(Generic[S, A, L]):
    """One game as one phone reads and changes it, typed by its rules (``PhoneGames.game``):
    a screen sees its own game's State, sends its own game's Action, and asks what a
    player may do (``allowed``) and what it shows (``view``), both worked out once per
    state for every phone."""

    phone: PhoneGames
    game_id: str
    rules: GameRules[S, A, L]

    def state(self) -> S:
        """The latest state, or the one a phone showing the past shows (``as_it_stood``)."""
        state: S = self.phone.games.state_at(self.game_id, self.phone.after)
        return state

    def dispatch(self, action: A) -> S:
        """Make the entry as this phone; raises RulesError (nothing stored) when refused."""
        self.phone.now_only()
        self.phone.games.entry_room(self.phone.device)
        state: S = self.phone.games.dispatch(self.game_id, _as_action(action), device=self.phone.device)
        return state

    def allowed(self, player: str, state: S | None = None) -> L:
        """What ``player`` may do now (or in ``state``): the engine's answer, kept by the session."""
        return self.phone.games.allowed(self.game_id, self.state() if state is None else state, self.rules, player)

    def view(self, make: Callable[[S, str | None], V], me: str | None = None, key: Hashable = None) -> V:
        """``make(state, me)`` for the latest state: what a screen shows to a phone that
        sits as ``me`` (None: a phone that watches), worked out once per state and viewer
        for every phone (``make`` is a module-level function; ``key`` tells apart two
        views one function makes)."""
        state = self.state()
        return self.phone.games.derived(self.game_id).of_state(
            state, (make, me, current(), key), lambda: make(state, me))


def _as_action(action: object) -> BaseModel | dict[str, Any]:
    if isinstance(action, (BaseModel, dict)):
        return action
    raise TypeError(f"an action is a pydantic model, not {type(action).__name__}")
