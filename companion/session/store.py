"""The games and their commits: load, dispatch(action) -> engine -> commit -> notify.

Every screen of every browser session in this process shares one store: states are
folded from the stored log (and kept, bounded, per game: ``InPlay``), each change is
validated against the latest state under the game's turn and accepted, written, and then
announced to every phone that shows the game. A change made on the loop that serves the
phones is written by a worker thread, and the phones are told once it is durable; the
command line and tests write at once (``store``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any, TypeVar

from pydantic import BaseModel
from tinydb.queries import QueryInstance

from companion import table
from companion.derived import Derived
from companion.session.common import REPLAY_FAULTS, SetAside, damage_words, rules_for, summary_of
from companion.session.followers import Followers
from companion.session.in_play import WRITES, Change, InPlay, KeptGames, made_by_a_phone
from companion.session.story import entry_words, told_on
from companion.storage import PLAYING, DamagedGame, GameRecord, Repository, StorageError, Summary, of_game
from companion.storage.game_file import now, record_in
from companion.storage.repository import Unplayable
from companion.storage.settings import LOCATION, read_settings
from companion.table import Table
from sheets.errors import RulesError
from sheets.game import GameRules, fold
from sheets.i18n import _, current
from sheets.limits import one_line
from sheets.names import readable_problem_at
from sheets.timeline import Moment, imported_story

S = TypeVar("S")  # a game's State
L = TypeVar("L")  # what its state allows a player (``GameRules.allowed``)
V = TypeVar("V")  # what a screen makes of a state for one phone

CHECKPOINT_EVERY = 20  # entries between the states a game's fold remembers (in memory only)


class GameStore:
    def __init__(self, repo: Repository):
        self.repo = repo
        self.followers = Followers(self.table_of)
        self._playing = KeptGames()
        self._hosts: set[str] = set()  # device tokens of the hosts of games read or started here
        # game -> (the record read, its state and checkpoints, its table): folded once when its
        # file is read (``_replays``), taken by ``_in_play``
        self._loaded: dict[str, tuple[GameRecord, Any, dict[int, Any], Table]] = {}
        repo.check = self._replays

    # -- reading -------------------------------------------------------------------

    def _in_play(self, game_id: str) -> InPlay:
        """The game as the session serves it, read and folded once (then kept, bounded)."""
        with self.repo.lock:
            found = self._playing.get(game_id)
            if found is None:
                record = self.repo.load(game_id)
                loaded = self._loaded.pop(game_id, None)
                if loaded is not None and loaded[0] is record:
                    found = InPlay(record, loaded[1], loaded[2])
                    found.keep_table(record, loaded[3])
                else:
                    found = InPlay(record, *self._refold(record, record.log, 0))
                self._playing.put(game_id, found)
            return found

    def record(self, game_id: str) -> GameRecord:
        """The game's latest record (its latest change may still be being written)."""
        return self._in_play(game_id).record

    def state(self, game_id: str) -> Any:
        return self._in_play(game_id).state

    def derived(self, game_id: str) -> Derived:
        """What is worked out of this game's states (``allowed``, screens' views), kept
        beside the game for every phone: bounded, and dropped with the game."""
        return self._in_play(game_id).derived

    def kind(self, game_id: str) -> str:
        """The stored kind of game (a score-file game id, or the live sheet's)."""
        return self.record(game_id).game

    def rules(self, game_id: str) -> GameRules[Any, Any, Any]:
        return rules_for(self.kind(game_id))

    def players(self, game_id: str) -> tuple[str, ...]:
        return self.rules(game_id).players(self.state(game_id))

    def table_of(self, game_id: str) -> Table:
        """The game's table (seats, PINs, notes, its comment), read once per record."""
        return self._in_play(game_id).table

    def last_entry_by(self, game_id: str, kind: str | None = None) -> str | None:
        """Which seat made the latest entry (of action ``kind``, if given), once anybody
        sits at the table; None before that, or when there is none."""
        game = self._in_play(game_id)
        if not table.seated(game.table):
            return None
        entries = (e for e in reversed(game.record.log) if kind is None or e["action"].get("kind") == kind)
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

    def _replays(self, record: GameRecord) -> None:
        """The storage's check of a game read from a file or a backup: Unplayable unless its
        entries replay by its rules and each undone entry still reads (a game whose entries
        no longer replay is damaged, its good backup offered). What it folded is kept for ``_in_play``."""
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
        seats = Table.read(record.table)
        self._loaded[record.id] = (record, state, kept, seats)
        if seats.starter is not None:
            self._hosts.add(seats.starter)

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

    def fold(self, record: GameRecord, log: list[dict[str, Any]]) -> Any:
        return fold(rules_for(record.game), record.setup, [entry["action"] for entry in log])

    def _refold(self, record: GameRecord, log: list[dict[str, Any]], same: int,
                kept_before: dict[int, Any] | None = None) -> tuple[Any, dict[int, Any]]:
        """The state after ``log``, which begins with the stored log's first ``same``
        entries: folded on from the latest of ``kept_before`` (checkpoints) among them. Also
        the checkpoints that hold for ``log``, to keep once it is stored."""
        rules = rules_for(record.game)
        kept = {n: s for n, s in (kept_before or {}).items() if n <= same}
        start = max(kept, default=0)
        state = kept[start] if start else rules.new_game(record.setup)
        for n in range(start, len(log)):
            state = rules.apply(state, rules.parse_action(log[n]["action"]))
            if (n + 1) % CHECKPOINT_EVERY == 0:
                kept[n + 1] = state
        return state, kept

    def forget(self, game_id: str) -> None:
        """The game is folded again from what is stored when next read; what was worked out
        of it goes, and changes accepted but not written are never written."""
        with self.repo.lock:
            self._playing.drop(game_id)
            self._loaded.pop(game_id, None)

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
        game = self._in_play(game_id)
        record, checkpoints = game.record, game.checkpoints
        if not 1 <= n <= len(record.log):
            raise RulesError(_("this game has no entry {n}").format(n=n))
        return game.derived.get(("after", n), lambda: self._refold(record, record.log[:n], n, checkpoints)[0],
                                holds=game.state)

    def state_at(self, game_id: str, after: int | None) -> Any:
        """The latest state (``after`` None), or the game as it stood after entry ``after``."""
        return self.state(game_id) if after is None else self.state_after(game_id, after)

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
            game = self._in_play(game_id)
            return self.summary(game.record, game.state, game.derived)
        except DamagedGame as exc:
            if exc.backup is None:
                raise
            record = record_in(exc.backup)
            return summary_of(record, self.fold(record, record.log))

    @staticmethod
    def summary(record: GameRecord, state: Any, derived: Derived) -> Summary:
        """What the index lists of a game: worked out once per state (its result among it)."""
        return derived.of_state(state, ("summary", record.id, record.created), lambda: summary_of(record, state))

    def location(self) -> str | None:
        """Where games here are played ("Where we play"), a setting of the data directory; None if not said."""
        try:
            value = read_settings(self.repo.data_dir, read_only=self.repo.read_only).get(LOCATION)
        except StorageError:
            return None
        return value if isinstance(value, str) and value else None

    # -- the story -------------------------------------------------------------------

    def timeline(self, game_id: str) -> tuple[Moment, ...]:
        """The game's story (``sheets.timeline``), worked out once per state and language
        for every phone: the same for all, as its words never tell a face-down card. Told
        on from where it stopped when entries were only added (a new entry costs one
        entry's telling, however long the game); told afresh after an Undo."""
        game = self._in_play(game_id)
        record, state = game.record, game.state
        if game.table.imported is not None:  # a final score file: no moves to tell
            totals = tuple((p.name, p.total) for p in rules_for(record.game).result(state).players)
            at = str(record.log[0].get("at", record.created)) if record.log else record.created
            by = record.log[0].get("by") if record.log else None
            return imported_story(at, by if isinstance(by, str) else None, totals)
        return game.derived.of_state(state, ("timeline", current()), lambda: told_on(game, record, state))

    def timeline_view(self, game_id: str, make: Callable[[tuple[Moment, ...], Any], V], key: Hashable = None) -> V:
        """``make(moments, key)`` of the game's story now (a chart's thinned lines), worked
        out once per state and language for every phone that shows it (``make``: a
        module-level function)."""
        game = self._in_play(game_id)
        return game.derived.of_state(game.state, ("timeline view", make, current(), key),
                                     lambda: make(self.timeline(game_id), key))

    # -- changing --------------------------------------------------------------------

    def new_game(self, game: str, setup: dict[str, Any], starter: str | None = None) -> str:
        """Start a game; ``starter`` is the device that may release seats and undo for all."""
        rules = rules_for(game)
        state = rules.new_game(setup)
        problem = readable_problem_at(rules.players(state))  # names players can tell apart (a stored game keeps its own)
        if problem:
            raise RulesError(_("player {number}: {reason}").format(number=problem[0] + 1, reason=problem[1]))
        place = self.location()
        with self.repo.lock:
            record = self.repo.new_record(game, setup)
            record.table = Table.new(starter, place).as_json()  # where it is played: kept, whatever is said later
            self.repo.save(record, summary_of(record, state))
            if starter is not None:
                self._hosts.add(starter)
            self.keep_new(record, state)
        return record.id

    def keep_new(self, record: GameRecord, state: Any) -> None:
        """A game just stored whole (new, imported): served from here on without a fold, and
        every listing (Home on every phone) told."""
        with self.repo.lock:
            self._playing.put(record.id, InPlay(record, state, {}))
        self.notify(record.id)

    def change(self, game_id: str, make: Callable[[InPlay], tuple[GameRecord, Any, dict[int, Any] | None]]) -> Change:
        """Work out a change of the game under its turn and accept it: ``make(game)`` gives
        the changed record, its state, and the checkpoints that replace the game's when its
        log changed other than at its end (None: the game's, carried on: ``_kept_on``).
        RulesError (nothing changed) when ``make`` refuses. The change is the game's now;
        ``store`` makes it durable."""
        while True:
            game = self._in_play(game_id)
            with game.turn:
                if game.gone:  # dropped meanwhile: read it again
                    continue
                record, state, checkpoints = make(game)
                kept = checkpoints if checkpoints is not None else self._kept_on(game, record, state)
                summary = self.summary(record, state, game.derived)
                game.accepted += 1
                game.record, game.state, game.checkpoints = record, state, kept
                return Change(game, game.accepted, record, state, summary)

    @staticmethod
    def _kept_on(game: InPlay, record: GameRecord, state: Any) -> dict[int, Any]:
        """The checkpoints of ``game`` once ``record`` (its log as it was, or one entry
        longer) and ``state`` are its own: one at each CHECKPOINT_EVERY entries, and the
        state before an entry just made, which an Undo of it takes back to without a fold
        (the one before that goes)."""
        kept = {n: s for n, s in game.checkpoints.items() if n % CHECKPOINT_EVERY == 0}
        if record.log and len(record.log) % CHECKPOINT_EVERY == 0:
            kept[len(record.log)] = state
        if game.record.log and len(record.log) == len(game.record.log) + 1:
            kept[len(game.record.log)] = game.state
        return kept

    def write(self, change: Change) -> None:
        """Make ``change`` durable (in order: a later change of the game written already
        holds it). If the write fails, the game is read again from what is stored (as it
        was), and StorageError says so."""
        game = change.game
        with game.writing:
            if game.written >= change.serial:
                return
            if game.gone:
                raise StorageError(_("Not saved: an earlier change of this game could not be written; "
                                     "every entry stored before it is safe"))
            try:
                self.repo.save(change.record, change.summary)
            except BaseException:
                self.forget(change.record.id)
                raise
            game.written = change.serial

    def store(self, change: Change, by: str | None = None) -> asyncio.Future[bool] | None:
        """Write ``change`` and tell every phone showing the game, ``by`` (the phone that
        made it) last. A phone's change (``by_a_phone``) on the loop that serves the phones is
        written by a worker thread and this returns at once: the task to await, True once the
        change is durable, False when it could not be written (the phone ``by`` is told why,
        in its news, and every phone shows the game as it is stored). Any other change (the
        command line, a test, a script) is written and told before this returns (None), or
        StorageError is raised."""
        if not (made_by_a_phone() and _loop_running()):
            try:
                self.write(change)
            finally:  # written, or every phone shows the game as it is stored
                self.notify(change.record.id, by=by)
            return None
        task = asyncio.ensure_future(self._store_off_loop(change, by))
        WRITES.add(task)
        return task

    async def _store_off_loop(self, change: Change, by: str | None) -> bool:
        try:
            await asyncio.to_thread(self.write, change)
        except StorageError as exc:
            if by is not None:
                said = str(exc)
                self.followers.tell(change.record.id, by, lambda: said)
            self.notify(change.record.id)  # every phone shows the game as it is stored
            return False
        self.notify(change.record.id, by=by)
        return True

    def notify(self, game_id: str, by: str | None = None) -> None:
        self.followers.notify(game_id, by)

    def dispatch(self, game_id: str, action: BaseModel | dict[str, Any], by: str | None = None,
                 device: str | None = None) -> Any:
        """Validate ``action`` against the latest state, commit it, tell every listener.

        ``device`` is the phone sending it (table mode: it must hold the right seat; the
        entry is then made "by" that seat). Raises RulesError (nothing stored) when the
        rules or the table refuse it. The new state (``enter`` for the write under way)."""
        return self.enter(game_id, action, by, device)[0]

    def enter(self, game_id: str, action: BaseModel | dict[str, Any], by: str | None = None,
              device: str | None = None) -> tuple[Any, asyncio.Future[bool] | None]:
        """``dispatch``: the new state, and the write under way (``store``)."""
        def make(game: InPlay) -> tuple[GameRecord, Any, None]:
            record = game.record
            rules = rules_for(record.game)
            parsed = rules.parse_action(action) if isinstance(action, dict) else action  # a phone's is parsed already
            seat = table.author(game.table, rules.owner(parsed), device)
            state = rules.apply(game.state, parsed)
            entry = {"action": parsed.model_dump(mode="json"), "at": now(), "by": seat or by}
            return replace(record, log=[*record.log, entry], redo=[]), state, None

        change = self.change(game_id, make)
        return change.state, self.store(change, by=device)

    def undo(self, game_id: str, device: str | None = None) -> Any:
        """Take back the latest entry this phone may undo (at a table: its own, or any for
        the starter); it can be redone until a new entry is made. The new state."""
        return self.take_back(game_id, device)[0]

    def take_back(self, game_id: str, device: str | None = None) -> tuple[Any, asyncio.Future[bool] | None]:
        """``undo``: the new state and the write under way (``store``); the phone is told
        what was taken back."""
        taken: list[Callable[[], str]] = []

        def make(game: InPlay) -> tuple[GameRecord, Any, dict[int, Any]]:
            record = game.record
            i = table.last_undoable(game.table, record.log, device)
            if i is None:
                raise RulesError(_("nothing of yours to undo") if table.seated(game.table) else _("nothing to undo"))
            log = record.log[:i] + record.log[i + 1:]
            try:
                state, checkpoints = self._refold(record, log, i, game.checkpoints)
            except RulesError:
                raise RulesError(_("your last entry cannot be undone: a later entry builds on it")) from None
            taken.append(entry_words(record.game, state, record.log[i]))
            return replace(record, log=log, redo=[*record.redo, record.log[i]]), state, checkpoints

        change = self.change(game_id, make)
        if device is not None:
            words = taken[0]
            self.followers.tell(game_id, device, lambda: _("Undone: {entry}").format(entry=words()))
        return change.state, self.store(change, by=device)

    def redo(self, game_id: str, device: str | None = None) -> Any:
        return self.do_again(game_id, device)[0]

    def do_again(self, game_id: str, device: str | None = None) -> tuple[Any, asyncio.Future[bool] | None]:
        """``redo``: the new state and the write under way (``store``); the phone is told
        what was made again, as Undo tells what it took back (issue 48)."""
        done: list[Callable[[], str]] = []

        def make(game: InPlay) -> tuple[GameRecord, Any, None]:
            record = game.record
            i = table.last_undoable(game.table, record.redo, device)
            if i is None:
                raise RulesError(_("nothing to redo"))
            entry = record.redo[i]
            rules = rules_for(record.game)
            state = rules.apply(game.state, rules.parse_action(entry["action"]))
            done.append(entry_words(record.game, game.state, entry))
            return replace(record, log=[*record.log, entry], redo=record.redo[:i] + record.redo[i + 1:]), state, None

        change = self.change(game_id, make)
        if device is not None:
            words = done[0]
            self.followers.tell(game_id, device, lambda: _("Redone: {entry}").format(entry=words()))
        return change.state, self.store(change, by=device)

    def change_table(self, game_id: str, change: Callable[[Table], Table]) -> None:
        """The game's table (seats, PINs, notes, its comment) changed by ``change(table)``,
        stored, and every phone showing it told."""
        self.store(self.change(game_id, lambda game: game.with_table(change(game.table))))

    def can_undo(self, game_id: str, device: str | None = None) -> bool:
        game = self._in_play(game_id)
        return table.last_undoable(game.table, game.record.log, device) is not None

    def can_redo(self, game_id: str, device: str | None = None) -> bool:
        game = self._in_play(game_id)
        return table.last_undoable(game.table, game.record.redo, device) is not None

    def seat(self, game_id: str, device: str | None) -> str | None:
        """The player whose seat this phone holds in that game, if any."""
        return table.seat_of(self.table_of(game_id), device)


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
