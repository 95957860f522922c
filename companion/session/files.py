"""Files in and out: a game as a score file, what is known about its play (BG Stats,
CSV), and score files imported as games (once each), at a pace the table can bear."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from companion.session.common import AlreadyStored, fingerprint, rules_for, summary_of
from companion.session.store import GameStore
from companion.storage import FINISHED, StorageError, Summary
from companion.storage.game_file import now
from companion.storage.played import played_moment
from companion.storage.settings import LOCATION, read_settings, write_setting
from companion.table import Table, comment_of
from sheets.errors import RulesError
from sheets.game import fold
from sheets.i18n import _
from sheets.registry import score
from sheets.results import GameResult
from sheets.results_out import PlayInfo, results_csv
from sheets.scorefile import PlayFields, location_problem, split_play_fields, with_play_fields


class Files:
    """Score files of ``store``'s games, out and in, and where they are played."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    def export(self, game_id: str, whole: bool = False) -> dict[str, Any]:
        """The game as a score file. From a phone (``whole`` False) a game with cards still
        face-down is refused: a file would show them. The host's command line reads the
        whole record (``whole``)."""
        rules, state = self.store.rules(game_id), self.store.state(game_id)
        if not whole and rules.face_down(state):
            raise RulesError(_("secret collections still lie face-down: the game can be exported "
                               "once it is over and they are turned up"))
        info = self.play_info(game_id)
        return with_play_fields(rules.export(state), PlayFields(played=info.played, start_player=info.start_player,
                                                                location=info.location, comment=info.comment))

    def play_info(self, game_id: str) -> PlayInfo:
        """What is known about the play beside its result: a game played here has its date,
        start and duration from its entries; an imported one what its file said."""
        record = self.store.record(game_id)
        seats = self.store.table_of(game_id)
        imported, location = seats.imported, seats.location
        comment = comment_of(seats) or None
        if imported is not None:
            said = imported.get("location")
            return PlayInfo(played=imported.get("played"),
                            start_player=imported.get("start_player") or self._first_starter(game_id),
                            game_id=game_id, stored=record.created, comment=comment,
                            location=location or (said if isinstance(said, str) else None) or self.store.location())
        started = played_moment(record)  # its first entry
        start = datetime.fromisoformat(started)
        last = datetime.fromisoformat(record.log[-1]["at"]) if record.log else None
        minutes = round((last - start).total_seconds() / 60) if last else 0
        return PlayInfo(played=start.astimezone().date().isoformat(), started=started,
                        duration_min=minutes if minutes > 0 else None, game_id=game_id, stored=record.created,
                        start_player=self._first_starter(game_id), comment=comment,
                        location=location or self.store.location())

    def _first_starter(self, game_id: str) -> str | None:
        """Who started the game, where its record says (Nicht die Bohne!: who took the Bean
        chip at the deal, the first of its score file's ``starters``); None if not known."""
        try:
            starters = self.store.rules(game_id).export(self.store.state(game_id)).get("starters")
        except RulesError:
            return None
        first = starters[0] if isinstance(starters, list) and starters else None
        return first if isinstance(first, str) else None

    def result_out(self, game_id: str) -> tuple[GameResult, PlayInfo]:
        """A finished game's result as its score file scores (the live sheet's as sheet A's)
        and what is known about the play: for BG Stats and CSV."""
        if not self.store.rules(game_id).is_over(self.store.state(game_id)):
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
        with self.store.repo.lock:
            stored = None if again else self.same_game(result, print_, fields.played)
            if stored is not None:
                raise AlreadyStored(stored)
            record = self.store.repo.new_record(
                data["game"], setup, [{"action": a, "at": stamp, "by": "import"} for a in actions]
            )
            record.table = Table.read(record.table).changed(
                imported={"fingerprint": print_, **fields.model_dump(exclude_none=True)}).as_json()
            self.store.repo.save(record, summary_of(record, state))
            self.store.keep_new(record, state)
        return record.id

    def same_game(self, result: GameResult, print_: str, played: str | None) -> Summary | None:
        """The stored game a score file records, if any: same game, same players with the same
        totals, the same record of the game (``fingerprint``: an imported game's file, a game
        played here as it exports) and no other date played. Games in the bin do not count."""
        names = tuple(p.name for p in result.players)
        totals = tuple(p.total for p in result.players)
        for summary in self.store.summaries(FINISHED):
            if summary.players != names or summary.totals != totals:
                continue
            try:
                record = self.store.record(summary.id)
                imported = self.store.table_of(summary.id).imported
                if imported is not None:
                    theirs, their_date = imported.get("fingerprint"), imported.get("played")
                else:
                    theirs, their_date = fingerprint(rules_for(record.game).export(self.store.state(summary.id))), \
                        self.play_info(summary.id).played
            except (StorageError, RulesError):
                continue
            if theirs == print_ and (played is None or their_date is None or played == their_date):
                return summary
        return None

    def location_asked(self) -> bool:
        """Whether "Where we play" was asked here already (answered or skipped): it is asked once."""
        try:
            return LOCATION in read_settings(self.store.repo.data_dir, read_only=self.store.repo.read_only)
        except StorageError:
            return True

    def set_location(self, place: str) -> None:
        """Where games here are played; "" says none (and is not asked again)."""
        place = place.strip()
        if place:
            why = location_problem(place)
            if why:
                raise RulesError(_("Not saved: {reason}").format(reason=why))
        with self.store.repo.lock:
            write_setting(self.store.repo.data_dir, LOCATION, place)
        self.store.notify("*")


def finished_games_csv(files: Files) -> str:
    """Every finished, readable game as CSV: a row per player per game, oldest game first."""
    rows = []
    for summary in sorted(files.store.summaries(FINISHED), key=lambda s: s.played):
        try:
            result, info = files.result_out(summary.id)
        except (StorageError, RulesError):
            continue
        rows.append((summary.id, result, info))
    return results_csv(rows)


