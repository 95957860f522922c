"""Table mode: one game, every player's phone.

A phone is known by a device token kept in its browser. Opening a game, a phone claims
one player's seat; the first claim sets a 4-digit PIN, and the PIN gets the seat back
from another browser. Once anybody sits down, only seated phones make entries: a seat
changes only its own player's entries (the engine says whose an action is), the table's
shared entries any seat may make, and a seat undoes only what it entered itself unless
it is the host. While no phone sits, the game is a one-phone game.

The host is the phone that started the game; a game with none (imported, or stored
before seats existed) gets the first phone to sit as its host. Once anybody sits, only
the host deletes the game and releases seats.

A released seat that keeps something private (its note, a face-down secret collection),
and a seat locked by wrong PINs, go only to a phone the host approves (issue 33): that
phone asks with a PIN of its own (``ask``), the host's phone shows the ask by its short
code, and the host approves (``approve``: the seat is that phone's, with that PIN) or
refuses it. Until then no phone sits there, so nothing private of the seat reaches one.

A game's table is a frozen ``Table``, read once from the ``table`` dict its record keeps
(``Table.read``) and written back in the same shape (``Table.as_json``): whatever a stored
table holds that this version does not know or cannot read (a newer version's key, a
malformed part) is kept as it is until the part is changed. The functions here are pure:
they take a ``Table`` and return a new one.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from sheets.errors import RulesError
from sheets.i18n import _
from sheets.names import isolated, listed

PIN = re.compile(r"\d{4}")


class AsStored(BaseModel):
    """A frozen part of a stored table that keeps the keys it does not know as they are
    (written by a newer version) and writes back only the keys it was read or made with."""

    model_config = ConfigDict(frozen=True, extra="allow")

    def changed(self, **changes: Any) -> Self:
        """A copy with ``changes``, validated as a new instance is; every other key it holds stays."""
        fields = type(self).model_fields
        kept = {name: value for name, value in self.__dict__.items() if name in fields and name in self.model_fields_set}
        return self.model_validate({**(self.model_extra or {}), **kept, **changes})

    def as_json(self) -> dict[str, Any]:
        """The stored shape: the keys it was read or made with, and those it keeps unknown."""
        fields = type(self).model_fields
        return {**{key: _json(value) for key, value in (self.model_extra or {}).items()},
                **{name: _json(value) for name, value in self.__dict__.items()
                   if name in fields and name in self.model_fields_set}}


def _json(value: Any) -> Any:
    """``value`` in the shape JSON keeps (a AsStored part as its ``as_json``, a tuple as a list)."""
    if isinstance(value, AsStored):
        return value.as_json()
    if isinstance(value, Mapping):
        return {key: _json(inner) for key, inner in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json(inner) for inner in value]
    return value


class Seat(AsStored):
    """A player's seat: the phone sitting there (None: it keeps its PIN for whoever comes
    back to it), and its PIN as ``pin_hash`` made it with ``salt``."""

    device: str | None = None
    salt: str
    pin: str


class Ask(AsStored):
    """A phone asking the host for a seat (``ask``) with a PIN of its own, hashed as a seat's."""

    device: str
    salt: str
    pin: str


class Table(AsStored):
    """A game's table: its host (``starter``), the seats by player, each seat's private
    note, the seats the host released that no phone sat at since, the phones asking for a
    seat, the shared comment, where it is played, what its imported score file said, and who
    deleted it (as ``companion.session.common.stored_deleter`` reads it)."""

    starter: str | None = None
    seats: Mapping[str, Seat] = {}
    notes: Mapping[str, str] = {}
    released: tuple[str, ...] = ()
    asks: Mapping[str, tuple[Ask, ...]] = {}
    comment: str | None = None
    location: str | None = None
    imported: Mapping[str, Any] | None = None
    deleted_by: Mapping[str, Any] | str | None = None
    _unread: Mapping[str, Any] = PrivateAttr(default_factory=dict)  # key -> as stored, where it was read only in part

    @classmethod
    def new(cls, starter: str | None, location: str | None = None) -> Table:
        """The table of a game just started: no seat taken, no note; where it is played, if said."""
        return cls(starter=starter, seats={}, notes={}, **({"location": location} if location else {}))

    @classmethod
    def read(cls, stored: Any) -> Table:
        """The table a record keeps (``GameRecord.table``), read leniently: a part this
        version cannot read is read as far as it can be (none of it, or its readable
        entries) and kept as it was stored until it is changed. Never raises."""
        if not isinstance(stored, Mapping):
            return cls()
        known: dict[str, Any] = {}
        unread: dict[str, Any] = {}
        for key, raw in stored.items():
            reader = _READERS.get(key) if isinstance(key, str) else None
            if reader is None:
                continue
            value = reader(raw)
            if value is not _UNREAD:
                known[key] = value
            if value is _UNREAD or _json(value) != raw:
                unread[key] = raw
        others = {key: value for key, value in stored.items() if key not in _READERS}
        table = cls.model_validate({**others, **known})
        table._unread = unread
        return table

    def changed(self, **changes: Any) -> Self:
        """A copy with ``changes``: a part changed is written as it is now, not as it was stored."""
        new = super().changed(**changes)
        new._unread = {key: raw for key, raw in self._unread.items() if key not in changes}
        return new

    def as_json(self) -> dict[str, Any]:
        """The table as its record keeps it: as it was read, but for what was changed."""
        return {**super().as_json(), **self._unread}


_UNREAD = object()  # a part of a stored table none of which could be read


def _text_or_none(raw: Any) -> Any:
    return raw if raw is None or isinstance(raw, str) else _UNREAD


def _texts_by_player(raw: Any) -> Any:
    if not isinstance(raw, Mapping):
        return _UNREAD
    return {player: text for player, text in raw.items() if isinstance(text, str)}


def _parts(kind: type[AsStored], raw: Any) -> AsStored | None:
    if not isinstance(raw, Mapping):
        return None
    try:
        return kind.model_validate(raw)
    except ValidationError:
        return None


def _seats(raw: Any) -> Any:
    if not isinstance(raw, Mapping):
        return _UNREAD
    return {player: seat for player, seat in ((p, _parts(Seat, s)) for p, s in raw.items()) if seat is not None}


def _released(raw: Any) -> Any:
    return tuple(p for p in raw if isinstance(p, str)) if isinstance(raw, list) else _UNREAD


def _asks(raw: Any) -> Any:
    """Each seat's asks that name the asking phone, its salt and its PIN's hash."""
    if not isinstance(raw, Mapping):
        return _UNREAD
    return {player: tuple(a for a in (_parts(Ask, one) for one in waiting) if a is not None)
            for player, waiting in raw.items() if isinstance(waiting, list)}


def _object_or_none(raw: Any) -> Any:
    return raw if raw is None or isinstance(raw, Mapping) else _UNREAD


def _deleter(raw: Any) -> Any:
    return raw if raw is None or isinstance(raw, (str, Mapping)) else _UNREAD


_READERS: dict[str, Callable[[Any], Any]] = {
    "starter": _text_or_none, "seats": _seats, "notes": _texts_by_player, "released": _released, "asks": _asks,
    "comment": _text_or_none, "location": _text_or_none, "imported": _object_or_none, "deleted_by": _deleter,
}


class WrongPin(RulesError):
    """A seat claimed with a PIN that is not its own (the session counts these per seat
    and per phone, whatever language the refusal is said in)."""


def pin_hash(pin: str, salt: str) -> str:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), 50_000).hex()


def seat_of(table: Table, device: str | None) -> str | None:
    if device is None:
        return None
    return next((p for p, seat in table.seats.items() if seat.device == device), None)


def sits_or_hosts(table: Table, device: str) -> bool:
    """Whether ``device`` holds a seat at the game or started it."""
    return seat_of(table, device) is not None or table.starter == device


def seated(table: Table) -> bool:
    """Whether any phone sits at the table (then each phone enters only as its seat)."""
    return any(seat.device is not None for seat in table.seats.values())


def is_starter(table: Table, device: str | None) -> bool:
    """Whether ``device`` is the host: while nobody sits, every phone is."""
    return hosts(seated(table), table.starter, device)


def hosts(anybody_sat: bool, starter: str | None, device: str | None) -> bool:
    """``is_starter`` for a game known by whether anybody sat and who started it (a game in
    the bin, as the index lists it)."""
    return not anybody_sat or (device is not None and starter == device)


def salt_for(table: Table, player: str) -> str:
    """The salt a PIN for ``player``'s seat is hashed with (a new one for a seat never taken)."""
    seat = table.seats.get(player)
    return seat.salt if seat else secrets.token_hex(8)


def device_at(table: Table, player: str) -> str | None:
    """The phone sitting at ``player``'s seat, if any."""
    seat = table.seats.get(player)
    return seat.device if seat else None


def _stood_up(seats: Mapping[str, Seat], device: str) -> dict[str, Seat]:
    """The seats with ``device`` standing up from its seat (one seat per phone)."""
    return {p: seat.changed(device=None) if seat.device == device else seat for p, seat in seats.items()}


def claim(table: Table, players: tuple[str, ...], player: str, salt: str, digest: str, device: str) -> Table:
    """Sit ``device`` at ``player``'s seat: a free seat takes the PIN, a taken one wants it.

    The PIN comes hashed (``digest`` with ``salt``, from ``salt_for``): hashing is slow on
    purpose and is done before the game is locked. The first phone to sit at a game
    without a host becomes its host."""
    if player not in players:
        raise RulesError(_("{name} is not playing; the players are {players}").format(
            name=isolated(repr(player)), players=listed(players)))
    seats = _stood_up(table.seats, device)
    seat = seats.get(player)
    if seat is not None:
        if seat.salt != salt:
            raise RulesError(_("{player}'s seat changed meanwhile; enter the PIN again").format(player=isolated(player)))
        if not hmac.compare_digest(seat.pin, digest):
            raise WrongPin(_("wrong PIN for {player}'s seat").format(player=isolated(player)))
        seats[player] = seat.changed(device=device)
    else:
        seats[player] = Seat(device=device, salt=salt, pin=digest)
    host = {"starter": device} if table.starter is None else {}
    return _seated_again(table.changed(seats=seats, **host), player)


def seats_again(table: Table, before: Table, players: tuple[str, ...]) -> Table:
    """A rematch's table: each player who plays again keeps the seat of ``before`` (the
    game played), its phone and its PIN, so the same phones sit down at once; private notes
    stay with the game they were written in."""
    kept = {player: seat for player, seat in before.seats.items() if player in players}
    return table.changed(seats={**table.seats, **kept})


def may_play_again(table: Table, device: str | None) -> None:
    """RulesError unless ``device`` may start a rematch of the game whose table this is:
    once anybody sat at it, a phone that sat there or its host (a watcher would take the
    host's place, and its seats)."""
    if seated(table) and (device is None or not sits_or_hosts(table, device)):
        raise RulesError(_("only a phone that sat at this game, or its host, starts its rematch"))


def check_pin(pin: str) -> None:
    if not PIN.fullmatch(pin or ""):
        raise RulesError(_("a PIN is 4 digits"))


def may_delete(table: Table, device: str | None) -> None:
    """RulesError unless ``device`` may delete the game: once anybody sits, the host only."""
    if not is_starter(table, device):
        raise RulesError(_("only the phone that started the game (the host) deletes it "
                           "while players sit at it"))


def leave(table: Table, device: str) -> Table:
    """This phone stands up; its seat keeps the PIN for whoever comes back to it."""
    if seat_of(table, device) is None:
        return table
    return table.changed(seats=_stood_up(table.seats, device))


def release(table: Table, player: str, device: str | None) -> Table:
    """The starter frees a seat (a lost phone, a forgotten PIN): its PIN and its phone are
    gone; the next claim sets a new PIN, or, when the seat keeps something private, the
    host approves the next phone (``released``)."""
    if not is_starter(table, device):
        raise RulesError(_("only the phone that started the game (the host) releases a seat"))
    if player not in table.seats:
        raise RulesError(_("{player}'s seat is free already").format(player=isolated(player)))
    return table.changed(seats={p: s for p, s in table.seats.items() if p != player},
                         released=tuple(sorted({*table.released, player})))


ASKS_PER_SEAT = 4  # phones waiting for the host's answer at one seat


def code_of(game_id: str, device: str) -> str:
    """A phone's short code at one game, shown on its own screen and on the host's beside
    its ask, so the host approves the phone in front of it (never its token)."""
    return hashlib.sha256(f"{game_id}:{device}".encode()).hexdigest()[:4].upper()


def ask(table: Table, player: str, salt: str, digest: str, device: str) -> Table:
    """``device`` asks the host for ``player``'s seat with a PIN of its own (hashed, as
    for ``claim``); an earlier ask of the same phone is replaced."""
    mine = [a for a in table.asks.get(player, ()) if a.device != device]
    if len(mine) >= ASKS_PER_SEAT:
        raise RulesError(_("{n} phones already ask for {player}'s seat: the host answers them first").format(
            n=len(mine), player=isolated(player)))
    return table.changed(asks={**table.asks, player: (*mine, Ask(device=device, salt=salt, pin=digest))})


def asked(table: Table, player: str, device: str | None) -> bool:
    return device is not None and any(a.device == device for a in table.asks.get(player, ()))


def _the_ask(table: Table, game_id: str, player: str, code: str, device: str | None) -> Ask:
    if not is_starter(table, device):
        raise RulesError(_("only the phone that started the game (the host) answers a phone asking for a seat"))
    found = next((a for a in table.asks.get(player, ()) if code_of(game_id, a.device) == code), None)
    if found is None:
        raise RulesError(_("that phone no longer asks for {player}'s seat").format(player=isolated(player)))
    return found


def refuse(table: Table, game_id: str, player: str, code: str, device: str | None) -> Table:
    """The host refuses the phone with that code at ``player``'s seat."""
    found = _the_ask(table, game_id, player, code, device)
    waiting = {**table.asks, player: tuple(a for a in table.asks[player] if a != found)}
    return table.changed(asks={p: w for p, w in waiting.items() if w})


def approve(table: Table, game_id: str, player: str, code: str, device: str | None) -> Table:
    """The host hands ``player``'s seat to the phone with that code, with the PIN it asked
    with: any phone that sat there stands up, and every other ask for the seat is dropped."""
    found = _the_ask(table, game_id, player, code, device)
    seats = _stood_up(table.seats, found.device)
    seats[player] = Seat(device=found.device, salt=found.salt, pin=found.pin)
    waiting = {p: w for p, w in table.asks.items() if p != player}
    return _seated_again(table.changed(seats=seats, asks=waiting), player)


def _seated_again(table: Table, player: str) -> Table:
    """A phone sits at ``player``'s seat: it is no longer a released one."""
    if player not in table.released:
        return table
    return table.changed(released=tuple(p for p in table.released if p != player))


def with_note(table: Table, text: str, device: str | None) -> Table:
    """This seat's private note (a secret collection, a reminder), replaced by ``text``."""
    seat = seat_of(table, device)
    if seat is None:
        raise RulesError(_("take a seat to keep a private note"))
    return table.changed(notes={**table.notes, seat: text})


def note_of(table: Table, device: str | None) -> str:
    """The private note of the seat ``device`` holds ("" without a seat or a note)."""
    seat = seat_of(table, device)
    return table.notes.get(seat, "") if seat else ""


def with_comment(table: Table, text: str, device: str | None) -> Table:
    """The game's shared comment replaced by ``text``: any seat writes it, and any phone
    while nobody sits (one phone serves the table); a watcher of a seated table does not."""
    if seated(table) and seat_of(table, device) is None:
        raise RulesError(_("take a seat to write the game's comment"))
    return table.changed(comment=text)


def comment_of(table: Table) -> str:
    """The game's shared comment ("" if none): what the table wrote, else what its score file said."""
    if table.comment is not None:
        return table.comment
    said = table.imported.get("comment") if table.imported is not None else None
    return said if isinstance(said, str) else ""


def author(table: Table, owner: str | None, device: str | None) -> str | None:
    """Who makes an entry whose owner is ``owner``; RulesError when this phone may not."""
    if not seated(table):
        return None
    me = seat_of(table, device)
    if me is None:
        raise RulesError(_("this phone is watching: take a seat to make entries"))
    if owner is not None and owner != me:
        raise RulesError(_("only {owner}'s phone changes {owner}'s entries (this phone is {me}'s)").format(
            owner=owner, me=me))
    return me


def last_undoable(table: Table, entries: list[dict[str, Any]], device: str | None) -> int | None:
    """Index of the latest entry this phone may undo (or redo): its own, or any for the starter."""
    if not seated(table) or is_starter(table, device):
        return len(entries) - 1 if entries else None
    me = seat_of(table, device)
    if me is None:
        return None
    return next((i for i in range(len(entries) - 1, -1, -1) if entries[i].get("by") == me), None)  # from the end
