"""The bin: deleted games, restorable for BIN_DAYS days by their host, and a damaged
game's good backup put back. Who may delete or restore is decided here and in
``companion.table``."""

from __future__ import annotations

from typing import Any

from companion import table
from companion.session.common import BIN_DAYS, BinnedGame, deleter, game_words, rules_for, summary_of, who_deleted
from companion.session.in_play import InPlay
from companion.session.store import GameStore
from companion.storage import BinEntry, GameRecord, StorageError
from companion.storage.game_file import record_in
from companion.table import Table
from sheets.errors import RulesError
from sheets.i18n import _, current


class Bin:
    """The bin of ``store``'s games."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        # a binned game's entry in the index and what each phone (in its language) was shown of it
        self._binned: dict[str, tuple[BinEntry, dict[tuple[str | None, object], BinnedGame]]] = {}

    def delete(self, game_id: str, device: str | None = None, host: bool = False) -> None:
        """Move the game to the bin (restorable for BIN_DAYS days); every phone showing it
        is told who deleted it. Once anybody sits at it, only its host's phone may (or the
        host's command line: ``host``, which owns the files)."""
        def mark(game: InPlay) -> tuple[GameRecord, Any, None]:
            if not host:
                table.may_delete(game.table, device)
            who = {"by": "command line"} if host else deleter(game.table, device)
            return game.with_table(game.table.changed(deleted_by=who))

        self.store.write(self.store.change(game_id, mark))  # a file moved: written at once, as its move
        with self.store.repo.lock:
            self.store.repo.delete(game_id, self._shown_in_bin(self.store.record(game_id), self.store.players(game_id)))
            self.store.forget(game_id)
        self.store.notify(game_id)

    def listing(self, device: str | None = None) -> list[BinnedGame]:
        """The deleted games still restorable, newest deletion first, as the index lists
        them (a game it lacks is read and folded once, then listed there)."""
        listed, unlisted = self.store.repo.binned(BIN_DAYS)
        if unlisted:
            listed = sorted([*listed, *(self.store.repo.index_binned(self._shown_in_bin(record, self._players_in(record)))
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
            return tuple(rules_for(record.game).players(self.store.fold(record, record.log)))
        except RulesError:
            return ()

    @staticmethod
    def _shown_in_bin(record: GameRecord, players: tuple[str, ...]) -> BinEntry:
        """What the bin's listing shows of a deleted game."""
        seats = Table.read(record.table)
        return BinEntry(id=record.id, game=record.game, created=record.created, players=players,
                        seated=table.seated(seats), starter=seats.starter, deleted_by=seats.deleted_by)

    def deleted_by(self, game_id: str) -> str | None:
        """Who deleted the game, while it is in the bin; None otherwise."""
        record = self.store.repo.in_bin(game_id, BIN_DAYS)
        return None if record is None else who_deleted(Table.read(record.table).deleted_by)

    def undelete(self, game_id: str, device: str | None = None, host: bool = False) -> None:
        """Restore a game from the bin: its host's phone (or any, if nobody sat at it), or
        the host's command line (``host``)."""
        binned = self.store.repo.in_bin(game_id, BIN_DAYS)
        if binned is None:
            raise RulesError(_("that game is no longer in the bin"))
        if not (host or table.is_starter(Table.read(binned.table), device)):
            raise RulesError(_("only the phone that started the game (the host) restores it"))
        with self.store.repo.lock:
            record = self.store.repo.undelete(game_id)
            self.store.repo.put_summaries([summary_of(record, self.store.state(game_id))])
        self.store.notify(game_id)

    def restore_backup(self, game_id: str, device: str | None = None, host: bool = False) -> None:
        """A damaged game's newest good backup, back in place; every phone showing it is told.
        Once anybody sat at the game (as its backup says), only its host's phone may (or
        the host's own caller: ``host``), as for deleting it."""
        with self.store.repo.lock:
            backup = self.store.repo.good_backup(game_id)
            if backup is None:  # said for a phone: the game, not its id
                known = self.store.repo.summaries_by_id().get(game_id)
                raise StorageError(_("{game}: no good backup is left to restore; nothing was changed.").format(
                    game=game_words(known)) if known else _("No good backup of this game is left to restore; "
                                                            "nothing was changed."))
            if not host:
                table.may_delete(Table.read(record_in(backup, self.store.repo.data_dir).table), device)
            self.store.repo.restore_backup(game_id)  # summarised again when games are next listed
            self.store.forget(game_id)
        self.store.notify(game_id)

