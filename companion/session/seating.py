"""Seating and PINs (table mode, ``companion.table``): who sits where, the host handing
seats, each seat's private note and the game's shared comment. Who may do what at a
table is decided here and in ``companion.table``; screens only show it."""

from __future__ import annotations

import secrets
from typing import Any

from companion import table
from companion.pin_guard import PinGuard
from companion.session.common import NOTE_MAX, SeatAsk, SeatView, rules_for
from companion.session.store import GameStore
from companion.storage import PLAYING, StorageError
from companion.table import Ask, Table
from sheets.errors import RulesError
from sheets.i18n import _
from sheets.names import isolated, listed
from sheets.scorefile import comment_problem


class Seating:
    """The seats of every game of ``store``; ``pins`` counts wrong PINs per seat and phone."""

    def __init__(self, store: GameStore, pins: PinGuard | None = None) -> None:
        self.store = store
        self.pins = pins or PinGuard()
        self._moved: dict[tuple[str, str], str] = {}  # (game, phone) -> the seat another phone took

    def sits_nowhere(self, device: str | None) -> bool:
        """Whether a table is in play (a game in progress with a phone seated) while this
        phone holds no seat and hosts no game: a watcher, who changes nothing shared."""
        in_play = False
        for summary in self.store.summaries(PLAYING):
            try:
                seats = self.store.table_of(summary.id)
            except StorageError:
                continue
            if table.seated(seats):
                in_play = True
                if table.seat_of(seats, device) or table.is_starter(seats, device):
                    return False
        return in_play

    def seats(self, game_id: str, device: str | None) -> tuple[SeatView, ...]:
        """Every player's seat, in seating order, as ``device`` may see it."""
        seats = self.store.table_of(game_id)
        return tuple(
            SeatView(
                player=p,
                mine=device is not None and table.device_at(seats, p) == device,
                taken=table.device_at(seats, p) is not None,
                pin_set=p in seats.seats,
                host_decides=self._host_decides(game_id, seats, p),
                asked=table.asked(seats, p, device),
            )
            for p in self.store.players(game_id)
        )

    def _host_decides(self, game_id: str, seats: Table, player: str) -> bool:
        """Whether only a phone the host approves may sit at ``player``'s seat (issue 33):
        the host released it while it keeps something private (its note, a face-down secret
        collection), or wrong PINs locked it (its owner too would wait up to an hour)."""
        if player in seats.seats:
            return self.pins.seat_locked((game_id, player))
        note = bool(seats.notes.get(player))  # a seat released before issue 33 kept its note
        released = player in seats.released or note
        return released and (note or rules_for(self.store.kind(game_id)).face_down(self.store.state(game_id)))

    def claim_seat(self, game_id: str, player: str, pin: str, device: str) -> None:
        """Sit ``device`` at ``player``'s seat with the PIN. Wrong PINs are limited per seat
        and per phone; the PIN is hashed before the game is locked (it is slow on purpose).
        A seat the host hands (``_host_decides``) is asked for instead, except by the host."""
        table.check_pin(pin)
        players = self.store.players(game_id)
        seats = self.store.table_of(game_id)
        if player not in seats.seats and self._host_decides(game_id, seats, player) \
                and not table.is_starter(seats, device):
            raise RulesError(_("the host released {player}'s seat: ask the host for it, and the host's "
                               "phone hands it to this one").format(player=isolated(player)))
        self.pins.check((game_id, player), device)
        salt = table.salt_for(seats, player)
        digest = table.pin_hash(pin, salt)
        before: list[str | None] = []  # the phone that held the seat, read under the game's lock

        def claim(now: Table) -> Table:
            before.append(table.device_at(now, player))
            return table.claim(now, players, player, salt, digest, device)

        try:
            self.store.change_table(game_id, claim)
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
            self.store.notify(game_id)

    def ask_seat(self, game_id: str, player: str, pin: str, device: str) -> None:
        """``device`` asks the host for a seat only the host hands (``_host_decides``), with
        a PIN of its own: it gets the seat, with that PIN, once the host's phone approves."""
        table.check_pin(pin)
        players = self.store.players(game_id)
        if player not in players:
            raise RulesError(_("{name} is not playing; the players are {players}").format(
                name=isolated(repr(player)), players=listed(players)))
        if not self._host_decides(game_id, self.store.table_of(game_id), player):
            raise RulesError(_("{player}'s seat needs no asking: take it with its PIN").format(player=isolated(player)))
        salt = secrets.token_hex(8)
        digest = table.pin_hash(pin, salt)
        self.store.change_table(game_id, lambda now: table.ask(now, player, salt, digest, device))

    def seat_asks(self, game_id: str, device: str | None) -> tuple[SeatAsk, ...]:
        """The phones asking for a seat, for the host's phone only (others see none)."""
        seats = self.store.table_of(game_id)
        if not table.is_starter(seats, device):
            return ()
        return tuple(SeatAsk(player=p, code=table.code_of(game_id, a.device))
                     for p, waiting in seats.asks.items() for a in waiting)

    def answer_ask(self, game_id: str, player: str, code: str, approve: bool, device: str | None) -> None:
        """The host hands ``player``'s seat to the asking phone with that code, or refuses
        it; each phone that asked is told."""
        waiting: list[Ask] = []
        before: list[str | None] = []

        def answer(now: Table) -> Table:
            waiting.extend(now.asks.get(player, ()))
            before.append(table.device_at(now, player))
            if approve:
                return table.approve(now, game_id, player, code, device)
            return table.refuse(now, game_id, player, code, device)

        self.store.change_table(game_id, answer)
        for ask in waiting:
            chosen = table.code_of(game_id, ask.device) == code
            if chosen and approve:
                self.pins.right((game_id, player), ask.device)
                self._seated(game_id, player, ask.device, before[0])
                self.store.followers.tell(game_id, ask.device, lambda: _("The host handed {player}'s seat to this phone").format(
                    player=isolated(player)))
            elif chosen or approve:
                self.store.followers.tell(game_id, ask.device, lambda: _("The host did not hand {player}'s seat to this phone")
                           .format(player=isolated(player)))
        self.store.notify(game_id)

    def wrong_pin_tries(self, game_id: str, player: str) -> int:
        """Wrong PINs tried for ``player``'s seat since its PIN was last entered right."""
        return self.pins.wrong_tries((game_id, player))

    def seat_moved(self, game_id: str, device: str | None) -> str | None:
        """The seat another phone took from ``device`` with its PIN, until it is told."""
        return self._moved.get((game_id, device)) if device else None

    def told_seat_moved(self, game_id: str, device: str) -> None:
        self._moved.pop((game_id, device), None)

    def leave_seat(self, game_id: str, device: str) -> None:
        self.store.change_table(game_id, lambda now: table.leave(now, device))

    def release_seat(self, game_id: str, player: str, device: str | None) -> None:
        self.store.change_table(game_id, lambda now: table.release(now, player, device))

    def comment(self, game_id: str) -> str:
        """The game's shared comment ("" if none): what the table wrote, else what its score file said."""
        return table.comment_of(self.store.table_of(game_id))

    def write_comment(self, game_id: str, text: str, device: str | None) -> None:
        """The game's shared comment, one per game: any seat writes it (anybody while nobody
        sits); it goes with the play to BG Stats and into exports. Never a private note."""
        why = comment_problem(text)
        if why:
            raise RulesError(_("Not saved: {reason}").format(reason=why))
        self.store.change_table(game_id, lambda now: table.with_comment(now, text.strip(), device))

    def private_note(self, game_id: str, device: str | None) -> str:
        """This seat's private note; nobody else's phone is ever given it."""
        return table.note_of(self.store.table_of(game_id), device)

    def write_private_note(self, game_id: str, text: str, device: str | None) -> None:
        """Keep this seat's note; one over NOTE_MAX characters is refused (nothing changes)."""
        if len(text) > NOTE_MAX:
            raise RulesError(_("a private note holds at most {max} characters (this one has {n}); nothing was "
                               "saved").format(max=NOTE_MAX, n=len(text)))
        self.store.change_table(game_id, lambda now: table.with_note(now, text, device))

    def play_again(self, game_id: str, setup: dict[str, Any], device: str | None) -> str:
        """Start the rematch of ``game_id`` with ``setup``, as ``device`` (its host): each
        player who plays again keeps the seat this game had, with its phone and PIN.
        RulesError (nothing started) unless ``device`` may (``table.may_play_again``)."""
        before = self.store.table_of(game_id)
        table.may_play_again(before, device)
        new_id = self.store.new_game(self.store.kind(game_id), setup, starter=device)
        players = self.store.players(new_id)
        if table.seated(before):
            self.store.change_table(new_id, lambda now: table.seats_again(now, before, players))
        return new_id
