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

The functions here are pure: they take a record's ``table`` dict and return a new one.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from typing import Any

from sheets.errors import RulesError
from sheets.i18n import _

PIN = re.compile(r"\d{4}")


class WrongPin(RulesError):
    """A seat claimed with a PIN that is not its own (the session counts these per seat
    and per phone, whatever language the refusal is said in)."""


def pin_hash(pin: str, salt: str) -> str:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), 50_000).hex()


def seat_of(table: dict[str, Any], device: str | None) -> str | None:
    if device is None:
        return None
    return next((p for p, seat in table["seats"].items() if seat["device"] == device), None)


def seated(table: dict[str, Any]) -> bool:
    """Whether any phone sits at the table (then each phone enters only as its seat)."""
    return any(seat["device"] is not None for seat in table["seats"].values())


def is_starter(table: dict[str, Any], device: str | None) -> bool:
    """Whether ``device`` is the host: while nobody sits, every phone is."""
    if not seated(table):
        return True
    return device is not None and table["starter"] == device


def salt_for(table: dict[str, Any], player: str) -> str:
    """The salt a PIN for ``player``'s seat is hashed with (a new one for a seat never taken)."""
    seat = table["seats"].get(player)
    return seat["salt"] if seat else secrets.token_hex(8)


def claim(table: dict[str, Any], players: tuple[str, ...], player: str, salt: str, digest: str,
          device: str) -> dict[str, Any]:
    """Sit ``device`` at ``player``'s seat: a free seat takes the PIN, a taken one wants it.

    The PIN comes hashed (``digest`` with ``salt``, from ``salt_for``): hashing is slow on
    purpose and is done before the game is locked. The first phone to sit at a game
    without a host becomes its host."""
    if player not in players:
        raise RulesError(_("{name} is not playing; the players are {players}").format(
            name=repr(player), players=", ".join(players)))
    seats = {p: dict(s) for p, s in table["seats"].items()}
    for seat in seats.values():  # one seat per phone
        if seat["device"] == device:
            seat["device"] = None
    if player in seats:
        if seats[player]["salt"] != salt:
            raise RulesError(_("{player}'s seat changed meanwhile; enter the PIN again").format(player=player))
        if not hmac.compare_digest(seats[player]["pin"], digest):
            raise WrongPin(_("wrong PIN for {player}'s seat").format(player=player))
        seats[player]["device"] = device
    else:
        seats[player] = {"device": device, "salt": salt, "pin": digest}
    starter = table["starter"] if table["starter"] is not None else device
    return {**table, "seats": seats, "starter": starter}


def check_pin(pin: str) -> None:
    if not PIN.fullmatch(pin or ""):
        raise RulesError(_("a PIN is 4 digits"))


def may_delete(table: dict[str, Any], device: str | None) -> None:
    """RulesError unless ``device`` may delete the game: once anybody sits, the host only."""
    if not is_starter(table, device):
        raise RulesError(_("only the phone that started the game (the host) deletes it "
                           "while players sit at it"))


def leave(table: dict[str, Any], device: str) -> dict[str, Any]:
    """This phone stands up; its seat keeps the PIN for whoever comes back to it."""
    seats = {p: {**s, "device": None if s["device"] == device else s["device"]} for p, s in table["seats"].items()}
    return {**table, "seats": seats}


def release(table: dict[str, Any], player: str, device: str | None) -> dict[str, Any]:
    """The starter frees a seat (a lost phone, a forgotten PIN): the next claim sets a new PIN."""
    if not is_starter(table, device):
        raise RulesError(_("only the phone that started the game (the host) releases a seat"))
    if player not in table["seats"]:
        raise RulesError(_("{player}'s seat is free already").format(player=player))
    return {**table, "seats": {p: s for p, s in table["seats"].items() if p != player}}


def with_note(table: dict[str, Any], text: str, device: str | None) -> dict[str, Any]:
    """This seat's private note (a secret collection, a reminder), replaced by ``text``."""
    seat = seat_of(table, device)
    if seat is None:
        raise RulesError(_("take a seat to keep a private note"))
    return {**table, "notes": {**table.get("notes", {}), seat: text}}


def author(table: dict[str, Any], owner: str | None, device: str | None) -> str | None:
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


def last_undoable(table: dict[str, Any], entries: list[dict[str, Any]], device: str | None) -> int | None:
    """Index of the latest entry this phone may undo (or redo): its own, or any for the starter."""
    if not seated(table) or is_starter(table, device):
        return len(entries) - 1 if entries else None
    me = seat_of(table, device)
    mine = [i for i, entry in enumerate(entries) if me is not None and entry.get("by") == me]
    return mine[-1] if mine else None
