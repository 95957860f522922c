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
from sheets.names import isolated, listed

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


def sits_or_hosts(table: dict[str, Any], device: str) -> bool:
    """Whether ``device`` holds a seat at the game or started it."""
    return seat_of(table, device) is not None or table.get("starter") == device


def seated(table: dict[str, Any]) -> bool:
    """Whether any phone sits at the table (then each phone enters only as its seat)."""
    return any(seat["device"] is not None for seat in table["seats"].values())


def is_starter(table: dict[str, Any], device: str | None) -> bool:
    """Whether ``device`` is the host: while nobody sits, every phone is."""
    return hosts(seated(table), table["starter"], device)


def hosts(anybody_sat: bool, starter: str | None, device: str | None) -> bool:
    """``is_starter`` for a game known by whether anybody sat and who started it (a game in
    the bin, as the index lists it)."""
    return not anybody_sat or (device is not None and starter == device)


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
            name=isolated(repr(player)), players=listed(players)))
    seats = {p: dict(s) for p, s in table["seats"].items()}
    for seat in seats.values():  # one seat per phone
        if seat["device"] == device:
            seat["device"] = None
    if player in seats:
        if seats[player]["salt"] != salt:
            raise RulesError(_("{player}'s seat changed meanwhile; enter the PIN again").format(player=isolated(player)))
        if not hmac.compare_digest(seats[player]["pin"], digest):
            raise WrongPin(_("wrong PIN for {player}'s seat").format(player=isolated(player)))
        seats[player]["device"] = device
    else:
        seats[player] = {"device": device, "salt": salt, "pin": digest}
    starter = table["starter"] if table["starter"] is not None else device
    return _seated_again({**table, "seats": seats, "starter": starter}, player)


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
    """The starter frees a seat (a lost phone, a forgotten PIN): its PIN and its phone are
    gone; the next claim sets a new PIN, or, when the seat keeps something private, the
    host approves the next phone (``released``)."""
    if not is_starter(table, device):
        raise RulesError(_("only the phone that started the game (the host) releases a seat"))
    if player not in table["seats"]:
        raise RulesError(_("{player}'s seat is free already").format(player=isolated(player)))
    return {**table, "seats": {p: s for p, s in table["seats"].items() if p != player},
            "released": sorted({*released(table), player})}


ASKS_PER_SEAT = 4  # phones waiting for the host's answer at one seat


def released(table: dict[str, Any]) -> list[str]:
    """The seats the host released and no phone sat at since."""
    found = table.get("released")
    return [p for p in found if isinstance(p, str)] if isinstance(found, list) else []


def asks(table: dict[str, Any]) -> dict[str, list[dict[str, str]]]:
    """The phones asking the host for a seat: player -> [{"device", "salt", "pin"}, ...]."""
    found = table.get("asks")
    if not isinstance(found, dict):
        return {}
    return {p: [a for a in waiting if isinstance(a, dict) and isinstance(a.get("device"), str)]
            for p, waiting in found.items() if isinstance(waiting, list)}


def code_of(game_id: str, device: str) -> str:
    """A phone's short code at one game, shown on its own screen and on the host's beside
    its ask, so the host approves the phone in front of it (never its token)."""
    return hashlib.sha256(f"{game_id}:{device}".encode()).hexdigest()[:4].upper()


def ask(table: dict[str, Any], player: str, salt: str, digest: str, device: str) -> dict[str, Any]:
    """``device`` asks the host for ``player``'s seat with a PIN of its own (hashed, as
    for ``claim``); an earlier ask of the same phone is replaced."""
    waiting = asks(table)
    mine = [a for a in waiting.get(player, []) if a["device"] != device]
    if len(mine) >= ASKS_PER_SEAT:
        raise RulesError(_("{n} phones already ask for {player}'s seat: the host answers them first").format(
            n=len(mine), player=isolated(player)))
    waiting[player] = [*mine, {"device": device, "salt": salt, "pin": digest}]
    return {**table, "asks": waiting}


def asked(table: dict[str, Any], player: str, device: str | None) -> bool:
    return device is not None and any(a["device"] == device for a in asks(table).get(player, []))


def _the_ask(table: dict[str, Any], game_id: str, player: str, code: str, device: str | None) -> dict[str, str]:
    if not is_starter(table, device):
        raise RulesError(_("only the phone that started the game (the host) answers a phone asking for a seat"))
    found = next((a for a in asks(table).get(player, []) if code_of(game_id, a["device"]) == code), None)
    if found is None:
        raise RulesError(_("that phone no longer asks for {player}'s seat").format(player=isolated(player)))
    return found


def refuse(table: dict[str, Any], game_id: str, player: str, code: str, device: str | None) -> dict[str, Any]:
    """The host refuses the phone with that code at ``player``'s seat."""
    found = _the_ask(table, game_id, player, code, device)
    waiting = asks(table)
    waiting[player] = [a for a in waiting[player] if a is not found and a != found]
    return {**table, "asks": {p: w for p, w in waiting.items() if w}}


def approve(table: dict[str, Any], game_id: str, player: str, code: str, device: str | None) -> dict[str, Any]:
    """The host hands ``player``'s seat to the phone with that code, with the PIN it asked
    with: any phone that sat there stands up, and every other ask for the seat is dropped."""
    found = _the_ask(table, game_id, player, code, device)
    seats = {p: {**s, "device": None if s["device"] == found["device"] else s["device"]}
             for p, s in table["seats"].items()}
    seats[player] = {"device": found["device"], "salt": found["salt"], "pin": found["pin"]}
    waiting = {p: w for p, w in asks(table).items() if p != player}
    return _seated_again({**table, "seats": seats, "asks": waiting}, player)


def _seated_again(table: dict[str, Any], player: str) -> dict[str, Any]:
    """A phone sits at ``player``'s seat: it is no longer a released one."""
    if "released" not in table:
        return table
    return {**table, "released": [p for p in released(table) if p != player]}


def with_note(table: dict[str, Any], text: str, device: str | None) -> dict[str, Any]:
    """This seat's private note (a secret collection, a reminder), replaced by ``text``."""
    seat = seat_of(table, device)
    if seat is None:
        raise RulesError(_("take a seat to keep a private note"))
    return {**table, "notes": {**table.get("notes", {}), seat: text}}


def with_comment(table: dict[str, Any], text: str, device: str | None) -> dict[str, Any]:
    """The game's shared comment replaced by ``text``: any seat writes it, and any phone
    while nobody sits (one phone serves the table); a watcher of a seated table does not."""
    if seated(table) and seat_of(table, device) is None:
        raise RulesError(_("take a seat to write the game's comment"))
    return {**table, "comment": text}


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
