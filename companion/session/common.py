"""What the session's rooms share: the words a phone is shown of a game, the small
frozen things they hand the screens, and the rules of a stored kind of game."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from companion import i18n, table
from companion.storage import DamagedGame, GameRecord, Summary
from companion.storage.played import played_moment
from sheets.errors import RulesError
from sheets.game import GameRules
from sheets.i18n import N_, _
from sheets.names import isolated
from sheets.registry import KINDS

BIN_DAYS = 30  # a deleted game can be restored from the bin this long
NOTE_MAX = 2_000  # characters of a private note (a secret collection, a reminder)

@dataclass(frozen=True)
class BinnedGame:
    """A deleted game in the bin, as a phone sees it."""

    id: str
    game: str
    players: tuple[str, ...]
    created: str
    deleted_by: str  # "Ann's phone", "the host's phone", "the command line", ... in the phone's language
    may_restore: bool  # this phone is the game's host (or nobody sat at it)


@dataclass(frozen=True)
class SetAside:
    """A stored game that neither its file nor a backup can list: shown as damaged with
    what can be done, never silently gone. ``said`` names no file path and no id."""

    id: str
    said: str


def damage_words(exc: DamagedGame) -> str:
    """A damaged game in words any phone may see: why, and what can be done (the message
    for the host's command line names the file; this one does not)."""
    if ".corrupt-" in exc.kept_as.name:
        kept = _("Its file was set aside as it was on the host's computer")
    else:  # a newer version's game, or a read-only look
        kept = _("Its file is left as it is on the host's computer")
    if exc.backup is not None:
        return _("This game could not be read ({why}). {kept}; the newest good backup can be restored.").format(
            why=exc.why, kept=kept)
    return _("This game could not be read ({why}). {kept}; no good backup is left to restore, and nothing "
             "else was changed.").format(why=exc.why, kept=kept)


@dataclass(frozen=True)
class SeatView:
    """One player's seat as any phone may see it: never its PIN or which phone holds it."""

    player: str
    mine: bool  # this phone sits here
    taken: bool  # some phone sits here
    pin_set: bool  # claimed once: the PIN gets it back
    host_decides: bool = False  # released keeping something private, or locked by wrong PINs: the host hands it
    asked: bool = False  # this phone asked the host for it and waits for the answer


@dataclass(frozen=True)
class SeatAsk:
    """A phone asking the host for a seat, as the host's phone sees it: the seat and the
    asking phone's short code (shown on that phone too), never its token or PIN."""

    player: str
    code: str


@dataclass(frozen=True)
class News:
    """Something that happened to this phone that it has not been told yet (``serial``:
    told once, ``Games.told``)."""

    serial: int
    said: str


def game_words(summary: Summary) -> str:
    """A game as a phone names it, never by its id: "Bohnanza: Ann, Ben, 30 Nov 2026"."""
    title = _(KINDS[summary.game].title) if summary.game in KINDS else summary.game
    try:
        started = i18n.day(datetime.fromisoformat(summary.played).astimezone())
    except ValueError:
        started = summary.played
    return f"{title}: {', '.join(summary.players)}, {started}"


class AlreadyStored(RulesError):
    """An imported score file records a game that is stored already (``game_id``; its
    words name the game by title, players and date)."""

    def __init__(self, stored: Summary):
        self.game_id = stored.id
        super().__init__(_("this game is stored already ({game}); nothing was imported").format(
            game=game_words(stored)))


def fingerprint(data: dict[str, Any]) -> str:
    """The record of a game in a score file (without the optional play fields), as a hash
    that any key order or indentation of the file gives alike."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# How replaying a damaged game's entries can fail (RulesError and pydantic's ValidationError
# are ValueErrors; the others a shape no engine expects, or numbers past any count)
REPLAY_FAULTS = (ValueError, TypeError, KeyError, IndexError, AttributeError, ArithmeticError, RecursionError)


def rules_for(game: str) -> GameRules[Any, Any, Any]:
    if game not in KINDS:
        raise RulesError(_("unknown game {game}").format(game=repr(game)))
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
        rating=result.players[0].rating if len(result.players) == 1 else None,
        played=played_moment(record),
    )


# Who deleted a game, as its record keeps it: {"seat": player} (that seat's phone) or
# {"by": one of these}. The words are made where they are shown, in the phone's language.
# TRANSLATORS: who deleted a game, said as "{who} deleted this game" and "deleted by {who}".
DELETERS = {"host": N_("the host's phone"), "command line": N_("the command line"), "phone": N_("a phone")}


def deleter(seats: table.Table, device: str | None) -> dict[str, str]:
    """Who deletes a game, as its record keeps it (never words: phones differ in language)."""
    seat = table.seat_of(seats, device)
    if seat:
        return {"seat": seat}
    return {"by": "host" if table.seated(seats) else "phone"}


def stored_deleter(stored: Any) -> dict[str, str]:
    """Who deleted a game, from its record. A game deleted before issue 19 kept English
    words ("Ann's phone", "the command line"): they are read back as who they name, and
    words this version does not know are kept as they are ({"words": ...})."""
    if isinstance(stored, dict):
        return {key: value for key, value in stored.items() if isinstance(value, str)}
    if isinstance(stored, str) and stored:
        by = next((key for key, words in DELETERS.items() if words == stored), None)
        if by is not None:
            return {"by": by}
        seat = re.fullmatch(r"(.+)'s phone", stored, re.DOTALL)
        return {"seat": seat.group(1)} if seat else {"words": stored}
    return {"by": "phone"}


def who_deleted(stored: Any) -> str:
    """Who deleted a game in the bin (as its table keeps it), in the words of the phone asking."""
    who = stored_deleter(stored)
    if "seat" in who:
        # TRANSLATORS: who deleted a game, said as "{who} deleted this game" and "deleted by {who}".
        return _("{player}'s phone").format(player=isolated(who["seat"]))
    if "words" in who:
        return who["words"]
    return _(DELETERS.get(who.get("by", ""), DELETERS["phone"]))
