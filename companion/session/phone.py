"""One phone's edge of the session (``PhoneGames``): every change is sent as this phone
(its seat at a table), and who may do what is decided here and in the rooms; screens
only show it. ``GameOf`` is one game as one phone reads and changes it, typed by its
rules: what a play screen needs of its game."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pydantic import BaseModel
from tinydb.queries import QueryInstance

from companion import table
from companion.session.common import BinnedGame, SeatAsk, SeatView, SetAside, News
from companion.session.files import finished_games_csv
from companion.session.followers import Listener, Presence
from companion.session.games import Games
from companion.session.in_play import by_a_phone
from companion.session.players import PhonePlayers
from companion.storage import Summary
from sheets.errors import RulesError
from sheets.game import GameRules
from sheets.i18n import _, current
from sheets.names import isolated
from sheets.results_out import bgstats_link, bgstats_play
from sheets.timeline import Moment

S = TypeVar("S")  # a game's State
A = TypeVar("A")  # its Action
L = TypeVar("L")  # what its state allows a player (``GameRules.allowed``)
V = TypeVar("V")  # what a screen makes of a state for one phone

# A change's write under way off the loop (``GameStore.store``): True once durable, False when it
# failed (the phone was told); None: written already.
Written = asyncio.Future[bool] | None


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
        return self.games.followers.subscribe(game_id, listener, self.device, self.presence)

    def why_not_follow(self, game_id: str) -> str | None:
        return self.games.followers.why_not_follow(game_id, self.device)

    # -- entries -----------------------------------------------------------------------

    def new_game(self, game: str, setup: dict[str, Any]) -> str:
        return self.games.new_game(game, setup, starter=self.device)

    def dispatch(self, game_id: str, action: BaseModel | dict[str, Any]) -> Written:
        """Make the entry as this phone: RulesError (nothing stored) when refused; else the
        write under way (on the phones' loop it is written off it, ``GameStore.store``)."""
        with by_a_phone():
            self.now_only()
            self.games.followers.entry_room(self.device)
            return self.games.enter(game_id, action, device=self.device)[1]

    def undo(self, game_id: str) -> Written:
        with by_a_phone():
            self.now_only()
            self.games.followers.entry_room(self.device)
            return self.games.take_back(game_id, device=self.device)[1]

    def redo(self, game_id: str) -> Written:
        with by_a_phone():
            self.now_only()
            self.games.followers.entry_room(self.device)
            return self.games.do_again(game_id, device=self.device)[1]

    def can_undo(self, game_id: str) -> bool:
        return self.after is None and self.games.can_undo(game_id, device=self.device)

    def can_redo(self, game_id: str) -> bool:
        return self.after is None and self.games.can_redo(game_id, device=self.device)

    # -- the table -----------------------------------------------------------------------

    def my_seat(self, game_id: str) -> str | None:
        return self.games.seat(game_id, self.device)

    def seated(self, game_id: str) -> bool:
        """Whether anybody sat down: then this phone acts only as its seat."""
        return table.seated(self.games.table_of(game_id))

    def is_starter(self, game_id: str) -> bool:
        return table.is_starter(self.games.table_of(game_id), self.device)

    def seats(self, game_id: str) -> tuple[SeatView, ...]:
        return self.games.seating.seats(game_id, self.device)

    def claim_seat(self, game_id: str, player: str, pin: str) -> None:
        with by_a_phone():
            if self.device is None:
                raise RulesError(_("this phone is still connecting; try again in a moment"))
            self.games.seating.claim_seat(game_id, player, pin, self.device)

    def leave_seat(self, game_id: str) -> None:
        with by_a_phone():
            if self.device is not None:
                self.games.seating.leave_seat(game_id, self.device)

    def release_seat(self, game_id: str, player: str) -> None:
        with by_a_phone():
            self.games.seating.release_seat(game_id, player, self.device)

    def private_note(self, game_id: str) -> str:
        return self.games.seating.private_note(game_id, self.device)

    def comment(self, game_id: str) -> str:
        """The game's shared comment: every phone reads it (it goes to BG Stats and exports)."""
        return self.games.seating.comment(game_id)

    def write_comment(self, game_id: str, text: str) -> None:
        with by_a_phone():
            self.games.seating.write_comment(game_id, text, self.device)

    def location(self) -> str | None:
        return self.games.location()

    def location_asked(self) -> bool:
        return self.games.files.location_asked()

    def set_location(self, place: str) -> None:
        self.games.files.set_location(place)

    def wrong_pin_tries(self, game_id: str) -> int:
        """Wrong PINs tried for this phone's own seat since it was last entered right."""
        seat = self.my_seat(game_id)
        return self.games.seating.wrong_pin_tries(game_id, seat) if seat else 0

    def seat_moved(self, game_id: str) -> str | None:
        """The seat another phone took from this one with its PIN, until this phone is told."""
        return self.games.seating.seat_moved(game_id, self.device)

    def told_seat_moved(self, game_id: str) -> None:
        if self.device is not None:
            self.games.seating.told_seat_moved(game_id, self.device)

    def write_private_note(self, game_id: str, text: str) -> None:
        with by_a_phone():
            self.games.seating.write_private_note(game_id, text, self.device)

    def ask_seat(self, game_id: str, player: str, pin: str) -> None:
        with by_a_phone():
            if self.device is None:
                raise RulesError(_("this phone is still connecting; try again in a moment"))
            self.games.seating.ask_seat(game_id, player, pin, self.device)

    def my_code(self, game_id: str) -> str | None:
        """This phone's short code at the game, which the host sees beside its ask."""
        return table.code_of(game_id, self.device) if self.device else None

    def seat_asks(self, game_id: str) -> tuple[SeatAsk, ...]:
        return self.games.seating.seat_asks(game_id, self.device)

    def answer_ask(self, game_id: str, player: str, code: str, approve: bool) -> None:
        with by_a_phone():
            self.games.seating.answer_ask(game_id, player, code, approve, self.device)

    def news(self, game_id: str) -> News | None:
        """What happened to this phone at the game that it has not been told yet."""
        return self.games.followers.news(game_id, self.device)

    def told(self, game_id: str, serial: int) -> None:
        if self.device is not None:
            self.games.followers.told(game_id, self.device, serial)

    # -- whole games and files -------------------------------------------------------------

    def why_not_edit_values(self) -> str | None:
        """Why this phone may not change the remembered sheet values (None: it may)."""
        if self.games.seating.sits_nowhere(self.device):
            return _("this phone is watching the table: a seated phone changes the remembered sheet values")
        return None

    def why_not_delete(self, game_id: str) -> str | None:
        """Why this phone may not delete the game (None: it may)."""
        try:
            table.may_delete(self.games.table_of(game_id), self.device)
        except RulesError as exc:
            return exc.reason
        return None

    def delete(self, game_id: str) -> None:
        self.games.bin.delete(game_id, self.device)

    def bin(self) -> list[BinnedGame]:
        return self.games.bin.listing(self.device)

    def deleted_by(self, game_id: str) -> str | None:
        return self.games.bin.deleted_by(game_id)

    def undelete(self, game_id: str) -> None:
        self.games.bin.undelete(game_id, self.device)

    def restore_backup(self, game_id: str) -> None:
        self.games.bin.restore_backup(game_id, self.device)

    def group(self) -> PhonePlayers:
        """The group's players as this phone may see and change them (renames and merges:
        the serving machine's own browser only)."""
        return PhonePlayers(self.games.group, self.here)

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
        return self.games.files.export(game_id)

    def import_file(self, data: Any) -> str:
        return self.games.files.import_file(data)

    def may_send_file(self) -> None:
        """Before this phone is asked for a file: RulesError when it may send none now. The
        serving machine's own browser always may (others' files never refuse the host's
        restore), and its files are not counted."""
        if not self.here:
            self.games.followers.upload_room(self.device)

    def file_sent(self) -> None:
        """This phone sent a file it was asked for (a picker cancelled sends none)."""
        if not self.here:
            self.games.followers.count_upload(self.device)

    def bgstats_link(self, game_id: str) -> str:
        """The link that records this finished game in BG Stats."""
        return bgstats_link(bgstats_play(*self.games.files.result_out(game_id)))

    def results_csv(self) -> str:
        """Every finished game, a row per player per game (Statistics' download)."""
        return finished_games_csv(self.games.files)

    # -- face-down cards on a phone the table shares (issue 32) -----------------------------

    def why_not_show_face_down(self, game_id: str, player: str) -> str | None:
        """Why this phone may not show ``player``'s face-down cards (a secret collection) for
        ``player`` to look at and record (None: it may). A seat's own phone always may. While
        nobody sits at the table, one phone serves it: it may, for one player at a time,
        who looks alone. Once anybody sat down, only ``player``'s own phone may."""
        seats = self.games.table_of(game_id)
        if player not in self.games.players(game_id):
            return _("{player} is not a player of this game").format(player=isolated(player))
        if table.seat_of(seats, self.device) == player or not table.seated(seats):
            return None
        return _("{player}'s face-down cards are shown only on {player}'s own phone").format(player=isolated(player))




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
        with by_a_phone():
            return self.enter(action)[0]

    def enter(self, action: A) -> tuple[S, Written]:
        """``dispatch``: the new state, and its write under way (``GameStore.store``: on the
        phones' loop it is written off it, and the phones are told once it is durable)."""
        with by_a_phone():
            self.phone.now_only()
            self.phone.games.followers.entry_room(self.phone.device)
            state, written = self.phone.games.enter(self.game_id, _as_action(action), device=self.phone.device)
            return state, written

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


    # What a play screen reads of its table, on the same handle (one handle per screen).

    def seat(self) -> str | None:
        """The player whose seat this phone holds at the game, if any."""
        return self.phone.my_seat(self.game_id)

    def seated(self) -> bool:
        """Whether anybody sat down: then this phone acts only as its seat."""
        return self.phone.seated(self.game_id)

    def last_entry_by(self, kind: str | None = None) -> str | None:
        return self.phone.last_entry_by(self.game_id, kind)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """``listener(game_id)`` after every change of the game, once it is durable."""
        return self.phone.subscribe(self.game_id, listener)

    def why_not_show_face_down(self, player: str) -> str | None:
        """Why this phone may not show ``player``'s face-down cards (None: it may)."""
        return self.phone.why_not_show_face_down(self.game_id, player)


def _as_action(action: object) -> BaseModel | dict[str, Any]:
    if isinstance(action, (BaseModel, dict)):
        return action
    raise TypeError(f"an action is a pydantic model, not {type(action).__name__}")
