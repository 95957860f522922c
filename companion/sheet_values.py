"""Printed values remembered per sheet letter (Gone with the Beans), as a service beside
``Games``.

The rulebook leaves many printed values unstated (design page, "Printed values the
rulebook does not give"): what a table entered is remembered for that sheet letter,
handed to the next live game's setup, reviewed, corrected, exported and imported. A
change is announced to the service's own listeners (``subscribe``: the Sheet values
screen). One service per server process: it keeps the opened file.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.session import Games, PhoneGames
from companion.storage.sheet_values import FORMAT, SheetValues, json_value, shape_problem
from sheets.errors import RulesError, ScoreFileError
from sheets.gone_with_the_beans.live import RULES as LIVE_RULES
from sheets.gone_with_the_beans.live import EnterPrintedValue, NotAPrintedValue, State as LiveState, check_printed_value
from sheets.gone_with_the_beans.sheets import SHEETS, Sheet
from sheets.i18n import _


def sheet_of(letter: str) -> Sheet:
    if letter not in SHEETS:
        raise RulesError(_('"{letter}" is not a Gone with the Beans sheet; one of {letters}').format(
            letter=letter, letters=", ".join(SHEETS)))
    return SHEETS[letter]


def may_change(phone: PhoneGames | None) -> None:
    """RulesError when ``phone`` may not change the remembered values (None: the server's
    own caller, e.g. a test or the command line, may)."""
    reason = phone.why_not_edit_values() if phone is not None else None
    if reason:
        raise RulesError(reason)


def values_in_file(data: Any) -> tuple[str, dict[str, Any]]:
    """A sheet-values file's sheet letter and its values, each checked; ScoreFileError
    naming the place (a key, or the format) when anything in it is wrong."""
    why = shape_problem(data)
    if why:
        raise ScoreFileError("", _("not a Bean Counter sheet-values file: {why}").format(why=why))
    if len(data["sheets"]) != 1:
        raise ScoreFileError("sheets", _("a sheet-values file holds the values of exactly one sheet letter"))
    ((letter, values),) = data["sheets"].items()
    sheet = sheet_of(letter)
    checked = {}
    for key, value in values.items():
        try:
            checked[key] = json_value(check_printed_value(sheet, key, value))
        except NotAPrintedValue as exc:  # its reason names the key already
            raise ScoreFileError("", exc.reason) from None
        except RulesError as exc:
            raise ScoreFileError(f'"{key}"', exc.reason) from None
    return letter, checked


class SheetValuesService:
    def __init__(self, games: Games):
        self.games = games
        self._store: SheetValues | None = None  # opened when first used
        self._listeners: list[Callable[[], None]] = []
        self._listeners_lock = threading.Lock()

    def subscribe(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` after every change of the remembered values; returns the way to stop."""
        with self._listeners_lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._listeners_lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
        return unsubscribe

    def _changed(self) -> None:
        with self._listeners_lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener()
            except Exception:  # a closed browser session must not break a change
                pass

    def _opened(self) -> SheetValues:
        repo = self.games.repo
        with repo.lock:
            if self._store is None:
                self._store = SheetValues(repo.data_dir, read_only=repo.read_only)
            return self._store

    def kept(self, letter: str) -> dict[str, Any]:
        """Every value remembered for sheet ``letter`` as stored, those this version cannot
        use included (the Sheet values screen lists them to correct or remove);
        SheetValuesDamaged (a StorageError) if the file is damaged."""
        sheet_of(letter)
        with self.games.repo.lock:
            return self._opened().of(letter)

    def unusable(self, letter: str) -> dict[str, str]:
        """Why each remembered value of ``letter`` this version cannot use is refused, by
        key: a key it does not know (written by a newer version, or by hand) or a value
        out of its bounds. It stays stored until it is corrected or removed, and is left
        out of every new game instead of blocking them all."""
        sheet = sheet_of(letter)
        why = {}
        for key, value in self.kept(letter).items():
            try:
                check_printed_value(sheet, key, value)
            except (RulesError, ValueError, TypeError) as exc:  # a value of any stored shape
                why[key] = exc.reason if isinstance(exc, RulesError) else _("not a value this version reads")
        return why

    def of(self, letter: str) -> dict[str, Any]:
        """The values remembered for sheet ``letter`` that this version can use, JSON-able,
        as a new live game's setup takes them (``"printed"``) and as they are exported
        (``unusable`` names the others); SheetValuesDamaged if the file is damaged."""
        left_out = self.unusable(letter)
        return {key: value for key, value in self.kept(letter).items() if key not in left_out}

    def remember(self, letter: str, key: str, value: Any, by: PhoneGames | None = None) -> Any:
        """Remember one printed value for sheet ``letter`` once the rules find it makes
        sense; RulesError saying why not (nothing stored). Returns its JSON form."""
        may_change(by)
        checked = json_value(check_printed_value(sheet_of(letter), key, value))
        with self.games.repo.lock:
            self._opened().put(letter, key, checked)
        self._changed()
        return checked

    def forget(self, letter: str, key: str, by: PhoneGames | None = None) -> None:
        """Remember nothing for ``key`` on sheet ``letter`` (the next game asks again)."""
        may_change(by)
        sheet_of(letter)
        with self.games.repo.lock:
            self._opened().forget(letter, key)
        self._changed()

    def enter_in_game(self, phone: PhoneGames, game_id: str, key: str, value: Any) -> LiveState:
        """Enter (or correct) a printed value in a live game, as that phone's seat, then
        remember it for the game's sheet letter. RulesError (nothing changed) when the game
        refuses it."""
        with self.games.repo.lock:
            if phone.kind(game_id) != LIVE_RULES.id:
                raise RulesError(_("printed values are entered on a Gone with the Beans live sheet"))
            new_state = phone.game(game_id, LIVE_RULES).dispatch(EnterPrintedValue(key=key, value=json_value(value)))
            self.remember(new_state.sheet, key, new_state.entered[key])
        return new_state

    def export(self, letter: str) -> dict[str, Any]:
        """A file of the values remembered for ``letter`` (the data file's own format)."""
        return {"format": FORMAT, "sheets": {letter: self.of(letter)}}

    def import_file(self, data: Any, by: PhoneGames | None = None) -> str:
        """Remember the values of a sheet-values file (they win over those remembered
        before; the others stay). Returns its sheet letter. ScoreFileError naming the
        place (a key, or the format) when anything in it is wrong: then nothing changes."""
        may_change(by)
        letter, checked = values_in_file(data)
        with self.games.repo.lock:
            store = self._opened()
            store.replace(letter, {**store.of(letter), **checked})
        self._changed()
        return letter

    def restore_backup(self, by: PhoneGames | None = None) -> None:
        """After damage: the newest good backup of the remembered values, back in place."""
        may_change(by)
        with self.games.repo.lock:
            self._opened().restore_backup()
        self._changed()

    def start_afresh(self, by: PhoneGames | None = None) -> None:
        """After damage with no good backup: remember nothing (the damaged file stays aside)."""
        may_change(by)
        with self.games.repo.lock:
            self._opened().start_afresh()
        self._changed()
