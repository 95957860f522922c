"""The layer between screens and the engine: load, dispatch(action) -> engine -> commit -> notify.

Every screen of every browser session in this process shares one ``Games``: states are
folded from the stored log, each change is validated against the latest state under the
repository's lock, committed, and then announced to every subscriber of that game.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from companion import table
from companion.storage import DamagedGame, GameRecord, Repository, StorageError, Summary
from companion.storage.repository import now, record_in
from companion.storage.sheet_values import FORMAT as SHEET_VALUES_FORMAT
from companion.storage.sheet_values import SheetValues, json_value, shape_problem
from sheets.errors import RulesError, ScoreFileError
from sheets.game import GameRules, fold
from sheets.gone_with_the_beans.live import RULES as LIVE_RULES
from sheets.gone_with_the_beans.live import EnterPrintedValue
from sheets.gone_with_the_beans.live.printed import check
from sheets.gone_with_the_beans.sheets import SHEETS
from sheets.registry import KINDS
from sheets.scorefile import score

Listener = Callable[[str], None]
SHEET_VALUES = "sheet-values"  # what listeners of the remembered printed values subscribe to


def _sheet_of(letter: str):
    if letter not in SHEETS:
        raise RulesError(f'"{letter}" is not a Gone with the Beans sheet; one of {", ".join(SHEETS)}')
    return SHEETS[letter]


def rules_for(game: str) -> GameRules:
    if game not in KINDS:
        raise RulesError(f"unknown game {game!r}")
    return KINDS[game]


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
    )


def _as_dict(action: BaseModel | dict[str, Any]) -> dict[str, Any]:
    return action.model_dump(mode="json") if isinstance(action, BaseModel) else dict(action)


class Games:
    def __init__(self, repo: Repository):
        self.repo = repo
        self._states: dict[str, Any] = {}
        self._listeners: dict[str, list[Listener]] = defaultdict(list)
        self._listeners_lock = threading.Lock()
        self._sheet_values: SheetValues | None = None  # opened when first used

    # -- reading -------------------------------------------------------------------

    def record(self, game_id: str) -> GameRecord:
        return self.repo.load(game_id)

    def rules(self, game_id: str) -> GameRules:
        return rules_for(self.record(game_id).game)

    def state(self, game_id: str) -> Any:
        with self.repo.lock:
            if game_id not in self._states:
                record = self.record(game_id)
                self._states[game_id] = self._fold(record, record.log)
            return self._states[game_id]

    def _fold(self, record: GameRecord, log: list[dict[str, Any]]) -> Any:
        return fold(rules_for(record.game), record.setup, [entry["action"] for entry in log])

    def can_undo(self, game_id: str, device: str | None = None) -> bool:
        record = self.record(game_id)
        return table.last_undoable(record.table, record.log, device) is not None

    def can_redo(self, game_id: str, device: str | None = None) -> bool:
        record = self.record(game_id)
        return table.last_undoable(record.table, record.redo, device) is not None

    def seat(self, game_id: str, device: str | None) -> str | None:
        """The player whose seat this phone holds in that game, if any."""
        return table.seat_of(self.record(game_id).table, device)

    def summaries(self) -> list[Summary]:
        """Every stored game; one the index lacks (or holds out of date) is summarised again."""
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
            return self.repo.summaries()

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
        with self.repo.lock:
            record = self.repo.new_record(game, setup)
            record.table = {"starter": starter, "seats": {}, "notes": {}}
            self.repo.save(record, summary_of(record, state))
            self._states[record.id] = state
        return record.id

    def _commit(self, updated: GameRecord, new_state: Any) -> None:
        """Store the changed game; if that fails, the state is folded again from what is stored."""
        try:
            self.repo.save(updated, summary_of(updated, new_state))
        except BaseException:
            self._states.pop(updated.id, None)
            raise
        self._states[updated.id] = new_state

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
        self._notify(game_id)
        return new_state

    def undo(self, game_id: str, device: str | None = None) -> Any:
        """Take back the latest entry this phone may undo (at a table: its own, or any for
        the starter); it can be redone until a new entry is made."""
        with self.repo.transaction(game_id) as record:
            i = table.last_undoable(record.table, record.log, device)
            if i is None:
                raise RulesError("nothing of yours to undo" if table.seated(record.table) else "nothing to undo")
            log = record.log[:i] + record.log[i + 1:]
            try:
                new_state = self._fold(record, log)
            except RulesError:
                raise RulesError("your last entry cannot be undone: a later entry builds on it") from None
            updated = replace(record, log=log, redo=[*record.redo, record.log[i]])
            self._commit(updated, new_state)
        self._notify(game_id)
        return new_state

    def redo(self, game_id: str, device: str | None = None) -> Any:
        with self.repo.transaction(game_id) as record:
            i = table.last_undoable(record.table, record.redo, device)
            if i is None:
                raise RulesError("nothing to redo")
            entry = record.redo[i]
            rules = rules_for(record.game)
            new_state = rules.apply(self.state(game_id), rules.parse_action(entry["action"]))
            updated = replace(record, log=[*record.log, entry], redo=record.redo[:i] + record.redo[i + 1:])
            self._commit(updated, new_state)
        self._notify(game_id)
        return new_state

    # -- table mode ------------------------------------------------------------------

    def _change_table(self, game_id: str, change: Callable[[GameRecord], dict[str, Any]]) -> None:
        with self.repo.transaction(game_id) as record:
            updated = replace(record, table=change(record))
            self._commit(updated, self.state(game_id))
        self._notify(game_id)

    def claim_seat(self, game_id: str, player: str, pin: str, device: str) -> None:
        players = tuple(p.name for p in self.rules(game_id).result(self.state(game_id)).players)
        self._change_table(game_id, lambda r: table.claim(r.table, players, player, pin, device))

    def leave_seat(self, game_id: str, device: str) -> None:
        self._change_table(game_id, lambda r: table.leave(r.table, device))

    def release_seat(self, game_id: str, player: str, device: str | None) -> None:
        self._change_table(game_id, lambda r: table.release(r.table, player, device))

    def private_note(self, game_id: str, device: str | None) -> str:
        """This seat's private note; nobody else's phone is ever given it."""
        record = self.record(game_id)
        seat = table.seat_of(record.table, device)
        return record.table["notes"].get(seat, "") if seat else ""

    def write_private_note(self, game_id: str, text: str, device: str | None) -> None:
        self._change_table(game_id, lambda r: table.with_note(r.table, text, device))

    def delete(self, game_id: str) -> None:
        with self.repo.lock:
            self.repo.delete(game_id)
            self._states.pop(game_id, None)
        self._notify(game_id)

    def undelete(self, game_id: str) -> None:
        with self.repo.lock:
            record = self.repo.undelete(game_id)
            self.repo.put_summaries([summary_of(record, self.state(game_id))])
        self._notify(game_id)

    # -- files -------------------------------------------------------------------------

    def export(self, game_id: str) -> dict[str, Any]:
        return self.rules(game_id).export(self.state(game_id))

    def import_file(self, data: Any) -> str:
        """Store a valid score file as a game; ScoreFileError (nothing stored) otherwise."""
        score(data)  # checks the envelope and the game's rules
        rules = rules_for(data["game"])
        setup, actions = rules.import_file(data)
        state = fold(rules, setup, actions)
        stamp = now()
        with self.repo.lock:
            record = self.repo.new_record(
                data["game"], setup, [{"action": a, "at": stamp, "by": "import"} for a in actions]
            )
            self.repo.save(record, summary_of(record, state))
            self._states[record.id] = state
        return record.id

    # -- listeners -----------------------------------------------------------------------

    def subscribe(self, game_id: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener(game_id)`` after every change of that game ("*" for all)."""
        with self._listeners_lock:
            self._listeners[game_id].append(listener)

        def unsubscribe() -> None:
            with self._listeners_lock:
                if listener in self._listeners[game_id]:
                    self._listeners[game_id].remove(listener)

        return unsubscribe

    def _notify(self, game_id: str) -> None:
        with self._listeners_lock:
            listeners = [*self._listeners.get(game_id, ()), *self._listeners.get("*", ())]
        for listener in listeners:
            try:
                listener(game_id)
            except Exception:  # a closed browser session must not break a commit
                pass

    # -- printed values remembered per sheet letter (Gone with the Beans) ----------------
    # The rulebook leaves many printed values unstated (design page, "Printed values the
    # rulebook does not give"): what a table entered is remembered for that sheet letter,
    # handed to the next live game's setup, reviewed, corrected, exported and imported.
    # A change is announced to the listeners of SHEET_VALUES (and of "*").

    def _sheet_values_store(self) -> SheetValues:
        with self.repo.lock:
            if self._sheet_values is None:
                self._sheet_values = SheetValues(self.repo.data_dir, read_only=self.repo.read_only)
            return self._sheet_values

    def sheet_values(self, letter: str) -> dict[str, Any]:
        """The values remembered for sheet ``letter``, JSON-able, as a live game's setup
        takes them (``"printed"``); SheetValuesDamaged (a StorageError) if the file is damaged."""
        _sheet_of(letter)
        with self.repo.lock:
            return self._sheet_values_store().of(letter)

    def remember_value(self, letter: str, key: str, value: Any) -> Any:
        """Remember one printed value for sheet ``letter`` once the rules find it makes
        sense; RulesError saying why not (nothing stored). Returns its JSON form."""
        checked = json_value(check(_sheet_of(letter), key, value))
        with self.repo.lock:
            self._sheet_values_store().put(letter, key, checked)
        self._notify(SHEET_VALUES)
        return checked

    def forget_value(self, letter: str, key: str) -> None:
        """Remember nothing for ``key`` on sheet ``letter`` (the next game asks again)."""
        _sheet_of(letter)
        with self.repo.lock:
            self._sheet_values_store().forget(letter, key)
        self._notify(SHEET_VALUES)

    def enter_printed_value(self, game_id: str, key: str, value: Any, device: str | None = None) -> Any:
        """Enter (or correct) a printed value in a live game, as ``device``, then remember
        it for the game's sheet letter. RulesError (nothing changed) when the game refuses it."""
        with self.repo.lock:
            if self.record(game_id).game != LIVE_RULES.id:
                raise RulesError("printed values are entered on a Gone with the Beans live sheet")
            new_state = self.dispatch(game_id, EnterPrintedValue(key=key, value=json_value(value)), device=device)
            self.remember_value(new_state.sheet, key, new_state.entered[key])
        return new_state

    def export_sheet_values(self, letter: str) -> dict[str, Any]:
        """A file of the values remembered for ``letter`` (the data file's own format)."""
        return {"format": SHEET_VALUES_FORMAT, "sheets": {letter: self.sheet_values(letter)}}

    def import_sheet_values(self, data: Any) -> str:
        """Remember the values of a sheet-values file (they win over those remembered
        before; the others stay). Returns its sheet letter. ScoreFileError naming the
        place (a key, or the format) when anything in it is wrong: then nothing changes."""
        why = shape_problem(data)
        if why:
            raise ScoreFileError("", f"not a Bean Counter sheet-values file: {why}")
        if len(data["sheets"]) != 1:
            raise ScoreFileError("sheets", "a sheet-values file holds the values of exactly one sheet letter")
        ((letter, values),) = data["sheets"].items()
        sheet = _sheet_of(letter)
        checked = {}
        for key, value in values.items():
            try:
                checked[key] = json_value(check(sheet, key, value))
            except RulesError as exc:
                named = exc.reason.startswith(f'"{key}"')  # "x" is not a printed value of sheet A
                raise ScoreFileError("" if named else f'"{key}"', exc.reason) from None
        with self.repo.lock:
            store = self._sheet_values_store()
            store.replace(letter, {**store.of(letter), **checked})
        self._notify(SHEET_VALUES)
        return letter

    def restore_sheet_values_backup(self) -> None:
        """After damage: the newest good backup of the remembered values, back in place."""
        with self.repo.lock:
            self._sheet_values_store().restore_backup()
        self._notify(SHEET_VALUES)

    def start_sheet_values_afresh(self) -> None:
        """After damage with no good backup: remember nothing (the damaged file stays aside)."""
        with self.repo.lock:
            self._sheet_values_store().start_afresh()
        self._notify(SHEET_VALUES)


class PhoneGames:
    """``Games`` as one phone uses it: every change is sent as this phone (its seat)."""

    def __init__(self, games: Games, device: str | None):
        self.games = games
        self.device = device

    def __getattr__(self, name: str) -> Any:
        return getattr(self.games, name)

    def new_game(self, game: str, setup: dict[str, Any]) -> str:
        return self.games.new_game(game, setup, starter=self.device)

    def dispatch(self, game_id: str, action: BaseModel | dict[str, Any]) -> Any:
        return self.games.dispatch(game_id, action, device=self.device)

    def undo(self, game_id: str) -> Any:
        return self.games.undo(game_id, device=self.device)

    def redo(self, game_id: str) -> Any:
        return self.games.redo(game_id, device=self.device)

    def can_undo(self, game_id: str) -> bool:
        return self.games.can_undo(game_id, device=self.device)

    def can_redo(self, game_id: str) -> bool:
        return self.games.can_redo(game_id, device=self.device)

    def my_seat(self, game_id: str) -> str | None:
        return self.games.seat(game_id, self.device)

    def seated(self, game_id: str) -> bool:
        """Whether anybody sat down: then this phone acts only as its seat."""
        return table.seated(self.games.record(game_id).table)

    def is_starter(self, game_id: str) -> bool:
        return table.is_starter(self.games.record(game_id).table, self.device)

    def claim_seat(self, game_id: str, player: str, pin: str) -> None:
        if self.device is None:
            raise RulesError("this phone is still connecting; try again in a moment")
        self.games.claim_seat(game_id, player, pin, self.device)

    def leave_seat(self, game_id: str) -> None:
        if self.device is not None:
            self.games.leave_seat(game_id, self.device)

    def release_seat(self, game_id: str, player: str) -> None:
        self.games.release_seat(game_id, player, self.device)

    def private_note(self, game_id: str) -> str:
        return self.games.private_note(game_id, self.device)

    def write_private_note(self, game_id: str, text: str) -> None:
        self.games.write_private_note(game_id, text, self.device)

    def enter_printed_value(self, game_id: str, key: str, value: Any) -> Any:
        return self.games.enter_printed_value(game_id, key, value, device=self.device)


def export_game(repo: Repository, game_id: str) -> dict[str, Any]:
    return Games(repo).export(game_id)


def import_game(repo: Repository, data: Any) -> str:
    return Games(repo).import_file(data)
