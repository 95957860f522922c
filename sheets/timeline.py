"""A game's story (issue 35): every entry of its log in order, in the player's words, with
who made it, when, and every player's total just after it (and on the live sheet, what each
held); the entries undone (and not made again) after them, marked undone.

Pure: it reads a game's rules, setup and stored entries (``{"action", "at", "by"}``, as
the session stores them) and nothing else. Its words are the rules' own ``describe``,
which never tells a face-down card, and its holdings are what lies open on the table, so
every phone may read it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sheets.game import GameRules, Holdings
from sheets.i18n import _

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Moment:
    """One entry of the story. ``by``: the seat whose phone made it (None: made before
    anybody sat, or by the command line). ``totals``: every player's total just after it,
    in seating order (none for an entry undone). ``phase``: see ``GameRules.phase``;
    ``held``: what each player held just after it, see ``GameRules.holdings`` (none for a
    game without, or an entry undone)."""

    n: int
    at: str
    by: str | None
    what: str
    undone: bool
    totals: tuple[tuple[str, int], ...]
    phase: int | None = None  # the round (or pass) the game was in just after it (``GameRules.phase``)
    held: Holdings = ()
    imported: bool = False  # the one entry of a game imported from a final score file


def imported_story(at: str, by: str | None, totals: tuple[tuple[str, int], ...]) -> tuple[Moment, ...]:
    """The story of a game imported from a final score file: one entry, its final totals.
    Its stored entries only rebuild the end the file records; nobody made them, so they are
    never told as moves (issue 50)."""
    return (Moment(1, at, by, _("Imported: final scores"), False, totals, imported=True),)


def story(rules: GameRules[Any, Any, Any], setup: dict[str, Any], log: Sequence[Mapping[str, Any]],
          undone: Sequence[Mapping[str, Any]] = ()) -> tuple[Moment, ...]:
    """The game's moments: its ``log`` played from ``setup``, then ``undone`` (the entries
    taken back and not made again, the last taken back last) in the order they were made."""
    moments, state = played(rules, rules.new_game(setup), log)
    return moments + taken_back(rules, state, undone, len(moments))


def played(rules: GameRules[S, Any, Any], state: S, entries: Sequence[Mapping[str, Any]],
           before: int = 0) -> tuple[tuple[Moment, ...], S]:
    """The moments of ``entries`` played on from ``state``, the game after its first
    ``before`` entries (a story told so far goes on from where it stopped), and the state
    after them."""
    moments: list[Moment] = []
    for entry in entries:
        action = rules.parse_action(dict(entry["action"]))
        what = rules.describe(state, action)  # in the state it was made in
        state = rules.apply(state, action)
        totals = tuple((p.name, p.total) for p in rules.result(state).players)
        phase = rules.phase.of(state) if rules.phase is not None else None
        held = rules.holdings(state) if rules.holdings is not None else ()
        moments.append(Moment(before + len(moments) + 1, str(entry.get("at", "")), _by(entry), what, False, totals,
                              phase, held))
    return tuple(moments), state


def taken_back(rules: GameRules[S, Any, Any], state: S, undone: Sequence[Mapping[str, Any]],
               made: int) -> tuple[Moment, ...]:
    """The entries taken back (the last taken back last), after the ``made`` ones, in the
    order they were made, told as in ``state`` (the game now)."""
    return tuple(Moment(made + i, str(entry.get("at", "")), _by(entry),
                        rules.describe(state, rules.parse_action(dict(entry["action"]))), True, ())
                 for i, entry in enumerate(reversed(undone), 1))


def _by(entry: Mapping[str, Any]) -> str | None:
    by = entry.get("by")
    return by if isinstance(by, str) and by else None
