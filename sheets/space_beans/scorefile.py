"""``space-beans`` score files (shared/design/score-files.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, field_validator

from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import _
from sheets.model import Frozen
from sheets.names import listed
from sheets.scorefile import FORMAT, parse_model
from sheets.space_beans.cards import DECK, Card, Collection, check_supply
from sheets.space_beans.engine import (
    GAME_ID, CloseOut, EndGame, Lay, PlayerSheet, Setup, State, player_names,
)
from sheets.space_beans.scoring import END_AT

T = TypeVar("T")


def _at_most_two(collections: tuple[Collection, ...]) -> tuple[Collection, ...]:
    if len(collections) > 2:
        raise ValueError(_("{n} collections; a player has at most two (open and secret)").format(n=len(collections)))
    return collections


class SpaceBeansFile(Frozen):
    format: Literal["beans-score/1"]
    game: Literal["space-beans"]  # GAME_ID (a Literal type needs the text itself)
    players: tuple[str, ...]
    ended_by: str | None
    trophies: dict[str, tuple[Card, ...]]
    # the open collection first, then the secret one
    collections: dict[str, Annotated[tuple[Collection, ...], AfterValidator(_at_most_two)]]

    @field_validator("players", mode="before")
    @classmethod
    def _names(cls, value: Any) -> tuple[str, ...]:
        return player_names(value)


def _per_player(section: str, entries: Mapping[str, T], names: tuple[str, ...]) -> dict[str, tuple[str, T]]:
    """Each player's entry with the key as written (for places): every player, no one else."""
    found: dict[str, tuple[str, T]] = {}
    for key, value in entries.items():
        name = key.strip()
        if name not in names:
            raise ScoreFileError(f"{section}.{key}", _("not one of the players ({players})").format(players=listed(names)))
        if name in found:
            raise ScoreFileError(f"{section}.{key}", _("{name} is named twice").format(name=name))
        found[name] = (key, value)
    for name in names:
        if name not in found:
            raise ScoreFileError(f"{section}.{name}", (
                _("missing: list {name}'s trophies (an empty list is fine)") if section == "trophies"
                else _("missing: list {name}'s collections (an empty list is fine)")).format(name=name))
    return found


def _check_end(state: State, ended_by: str | None) -> None:
    """The game ends after the turn in which one player's trophies reach 30: that player
    ended it, nobody else can have 30 (and with ``null``, at most one player has, mid-turn);
    and that player's pile is one that a single turn lifts from 29 or less (``_last_turn``)."""
    reached = [s for s in state.players if s.trophy_points >= END_AT]
    if ended_by is not None:
        ender = state.player(ended_by)
        if ender.trophy_points < END_AT:
            raise ScoreFileError("ended_by", _("{name}'s trophies are worth {points}; the game ends when a "
                                               "player's trophies reach {end}").format(
                name=ended_by, points=ender.trophy_points, end=END_AT))
        others = [s for s in reached if s.name != ended_by]
        if others:
            raise ScoreFileError(f"trophies.{others[0].name}", _("worth {points}, but only {name}, who ended the "
                                                                 "game, can have {end} or more").format(
                points=others[0].trophy_points, name=ended_by, end=END_AT))
    elif len(reached) > 1:
        raise ScoreFileError(f"trophies.{reached[1].name}", _("worth {points}, but {name}'s trophies reached "
                                                              "{end} too: the game ends after the turn of the "
                                                              "first player to reach {end}").format(
            points=reached[1].trophy_points, name=reached[0].name, end=END_AT))
    if reached:
        _last_turn(state, reached[0])


def _check_collections_at_the_end(names: tuple[str, ...], collections: Mapping[str, tuple[str, Any]]) -> None:
    """A finished game: every player holds 1 or 2 collections. Every turn ends with a lay
    (rulebook, Gameplay: "the last two must be carried out"), a player who closed out both
    starts a new one ("must start a new open collection with the following action"),
    collections change only on their owner's turn, and the game ends at the end of a turn
    (End of Game); score-files.md, reading of 2026-12-05."""
    for name in names:
        key, rows = collections[name]
        if not rows:
            raise ScoreFileError(f"collections.{key}", _(
                "{name} holds no collection, but the game is over: every turn ends with a lay, so at the end "
                "every player holds 1 or 2 collections (an empty list is fine only while the game is not over)"
            ).format(name=name))


def _last_turn_candidates(sheet: PlayerSheet) -> Iterator[tuple[Card, ...]]:
    """The trophies ``sheet`` may have earned in the turn that reached 30, in close-out
    order: one, or two (the open collection, then the secret one turned up); without them
    the pile is worth 29 or less. Smallest collections first: they are the easiest to fill."""
    over = sheet.trophy_points - (END_AT - 1)
    singles = sorted({t for t in sheet.trophies if t.value >= over}, key=lambda t: (t.value, t))
    yield from ((t,) for t in singles)
    pairs = {tuple(sorted(pair)) for pair in combinations(sheet.trophies, 2) if sum(c.value for c in pair) >= over}
    yield from sorted(pairs, key=lambda pair: (sum(c.value for c in pair), pair))


def _last_turn_collections(state: State, sheet: PlayerSheet, closed: tuple[Card, ...]) -> list[Collection] | None:
    """The collections closed out in the last turn, each its trophy first and then free cards
    of its bean, or None if the deck cannot fill them beside what lay on the table then:
    every other trophy, the other players' collections and, when one collection was closed
    out and two remain, the open one (it lay face down beside the one closed out)."""
    table = state.on_table() - Counter(closed) - Counter(card for c in sheet.collections for card in c.cards)
    if len(closed) == 1 and sheet.secret_collection is not None:
        assert sheet.open_collection is not None  # a secret collection lies only beside an open one
        table.update(sheet.open_collection.cards)
    free = DECK - table
    free.subtract(closed)
    if any(count < 0 for count in free.values()):
        return None
    collections = []
    for trophy in closed:
        spare = sorted((c for c in (+free).elements() if c.bean == trophy.bean),
                       key=lambda c: (c.value == trophy.value, c.value))[: trophy.value - 1]
        if len(spare) < trophy.value - 1:
            return None
        free.subtract(spare)
        collections.append(Collection(bean=trophy.bean, values=(trophy.value, *(c.value for c in spare))))
    return collections


def _last_turn(state: State, sheet: PlayerSheet) -> tuple[tuple[Card, ...], list[Collection]]:
    """The trophies earned in the turn that reached 30 and the collections they came from.

    ScoreFileError when no turn could have made this pile (rulebook, End of Game: the game
    ends at the end of that turn, so the pile was worth 29 or less before it, and a turn
    closes out at most two collections; after closing out both, the player lays one new one).
    """
    name, points = sheet.name, sheet.trophy_points
    candidates = list(_last_turn_candidates(sheet))
    if not candidates:
        best = sorted(sheet.trophies, reverse=True, key=lambda c: c.value)[:2]
        raise ScoreFileError(f"trophies.{name}", _(
            "worth {points}, but the game ends at the end of the turn in which a player's trophies reach "
            "{end}, and one turn closes out at most two collections: without {first} and {second} the pile is "
            "still worth {rest}, so the game would have ended a turn earlier").format(
            points=points, end=END_AT, first=best[0].label, second=best[1].label,
            rest=points - best[0].value - best[1].value))
    if len(sheet.collections) > 1:
        candidates = [c for c in candidates if len(c) == 1]
        if not candidates:
            raise ScoreFileError(f"collections.{name}", _(
                "2 collections, but {name}'s trophies pass {below} only with two close-outs in the last "
                "turn, and a player who closed out both collections starts just one new collection in that "
                "turn").format(name=name, below=END_AT - 1))
    for closed in candidates:
        collections = _last_turn_collections(state, sheet, closed)
        if collections is not None:
            return closed, collections
    raise ScoreFileError(f"trophies.{name}", _(
        "worth {points}, but no collection that could have lifted it over {below} in the last turn "
        "fits the deck beside the other cards on the table").format(points=points, below=END_AT - 1))


def read(data: Any) -> State:
    """The game a score file records; ScoreFileError naming the place if it is invalid."""
    parsed = parse_model(SpaceBeansFile, data)
    names = parsed.players
    trophies = _per_player("trophies", parsed.trophies, names)
    collections = _per_player("collections", parsed.collections, names)

    on_table: Counter[Card] = Counter()

    def count(place: str, card: Card) -> None:
        try:
            check_supply(on_table, [card])
        except RulesError as exc:
            raise ScoreFileError(place, str(exc)) from None
        on_table[card] += 1

    for name in names:
        key, cards = trophies[name]
        for index, card in enumerate(cards):
            count(f"trophies.{key}[{index}]", card)
    for name in names:
        key, rows = collections[name]
        for row, collection in enumerate(rows):
            for index, card in enumerate(collection.cards):
                count(f"collections.{key}[{row}].values[{index}]", card)

    sheets = []
    for name in names:
        rows = collections[name][1]
        sheets.append(PlayerSheet(
            name=name,
            trophies=tuple(sorted(trophies[name][1])),
            open_collection=rows[0] if rows else None,
            secret_collection=rows[1] if len(rows) > 1 else None,
        ))
    state = State(players=tuple(sheets))
    ended_by = parsed.ended_by.strip() if parsed.ended_by is not None else None
    if ended_by is not None and ended_by not in names:
        raise ScoreFileError("ended_by", _("{name} is not one of the players ({players})").format(
            name=repr(parsed.ended_by), players=listed(names)))
    _check_end(state, ended_by)
    if ended_by is not None:
        _check_collections_at_the_end(names, collections)
    reached = state.reached
    # An unfinished game read from a file: the reaching player who holds a collection has
    # laid it in that turn (that is how import_file records it), so the turn is over.
    turn_over = ended_by is not None or (reached is not None and bool(reached.collections))
    return State(players=state.players, ended_by=ended_by, turn_over=turn_over)


def export(state: State) -> dict[str, Any]:
    """The game as a score file. It shows the secret collections: it is the end-of-game record."""
    return {
        "format": FORMAT,
        "game": GAME_ID,
        "players": list(state.names),
        "ended_by": state.ended_by,
        "trophies": {s.name: [c.model_dump(mode="json") for c in s.trophies] for s in state.players},
        "collections": {s.name: [c.model_dump(mode="json") for c in s.collections] for s in state.players},
    }


def _trophy_history(earned: list[tuple[Card, str]]) -> list[Lay | CloseOut]:
    """Actions that earn every trophy: lay a collection of that size around it, close it out.

    The table's real history is unknown, so the other cards are any free cards of that bean
    (they go to the discard pile). Placing the highest trophies first always leaves enough.
    """
    actions: list[Lay | CloseOut] = []
    placed: Counter[Card] = Counter()
    for trophy, name in sorted(earned, key=lambda e: -e[0].value):
        placed[trophy] += 1
        spare = sorted((c for c in (DECK - placed).elements() if c.bean == trophy.bean),
                       key=lambda c: (c.value == trophy.value, c.value))
        values = (trophy.value, *(c.value for c in spare[: trophy.value - 1]))
        actions.append(Lay(player=name, collection="open", new=True, bean=trophy.bean, values=values, in_turn=False))
        actions.append(CloseOut(player=name, in_turn=False))
    return actions


def _new(name: str, which: Literal["open", "secret"], collection: Collection) -> Lay:
    return Lay(player=name, collection=which, new=True, bean=collection.bean, values=collection.values, in_turn=False)


def _closed(name: str) -> CloseOut:
    return CloseOut(player=name, in_turn=False)


def import_file(data: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(setup, actions) that fold into the game the file records; ScoreFileError if invalid.

    The trophies first (every player's, but those the player who reached 30 earned in the
    last turn), then everybody's collections, then that last turn: its close-outs and the
    one lay that leaves the collections the file lists, and the end of the game. The file
    does not say in which turns, so the entries are not held to turns (``in_turn`` False)
    and leave the turn open: the game goes on from whoever lays or closes out next.
    """
    state = read(data)
    reached = state.reached
    closed, last = _last_turn(state, reached) if reached is not None else ((), [])
    earned = Counter((t, s.name) for s in state.players for t in s.trophies)
    earned.subtract((t, reached.name if reached else "") for t in closed)
    actions: list[Lay | CloseOut | EndGame] = [*_trophy_history(list(earned.elements()))]
    for sheet in state.players:
        if sheet is not reached:
            actions += [_new(sheet.name, "secret" if i else "open", c) for i, c in enumerate(sheet.collections)]
    if reached is not None:
        name, left = reached.name, reached.collections
        actions.append(_new(name, "open", last[0]))
        if len(last) == 2:  # both collections closed out; one new collection at most
            actions += [_new(name, "secret", last[1]), _closed(name), _closed(name)]
            actions += [_new(name, "open", c) for c in left]
        elif len(left) == 2:  # the open one lay face down beside; a new secret one is laid
            actions += [_new(name, "secret", left[0]), _closed(name), _new(name, "secret", left[1])]
        else:
            actions += [_closed(name), *(_new(name, "open", c) for c in left)]
    if state.ended_by is not None:
        actions.append(EndGame(player=state.ended_by, in_turn=False))
    setup = Setup(players=state.names).model_dump(mode="json")
    return setup, [a.model_dump(mode="json") for a in actions]
