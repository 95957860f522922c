"""``space-beans`` score files (shared/design/score-files.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, field_validator

from sheets.errors import RulesError, ScoreFileError
from sheets.model import Frozen
from sheets.scorefile import FORMAT, parse_model
from sheets.space_beans.cards import DECK, Card, Collection, check_supply
from sheets.space_beans.engine import (
    GAME_ID, CloseOut, EndGame, Lay, PlayerSheet, Setup, State, player_names,
)
from sheets.space_beans.scoring import END_AT

T = TypeVar("T")


def _at_most_two(collections: tuple[Collection, ...]) -> tuple[Collection, ...]:
    if len(collections) > 2:
        raise ValueError(f"{len(collections)} collections; a player has at most two (open and secret)")
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
            raise ScoreFileError(f"{section}.{key}", f"not one of the players ({', '.join(names)})")
        if name in found:
            raise ScoreFileError(f"{section}.{key}", f"{name} is named twice")
        found[name] = (key, value)
    for name in names:
        if name not in found:
            raise ScoreFileError(f"{section}.{name}", f"missing: list {name}'s {section} (an empty list is fine)")
    return found


def _check_end(state: State, ended_by: str | None) -> None:
    """The game ends after the turn in which one player's trophies reach 30: that player
    ended it, nobody else can have 30 (and with ``null``, at most one player has, mid-turn)."""
    reached = [s for s in state.players if s.trophy_points >= END_AT]
    if ended_by is not None:
        ender = state.player(ended_by)
        if ender.trophy_points < END_AT:
            raise ScoreFileError("ended_by", f"{ended_by}'s trophies are worth {ender.trophy_points}; "
                                 f"the game ends when a player's trophies reach {END_AT}")
        others = [s for s in reached if s.name != ended_by]
        if others:
            raise ScoreFileError(f"trophies.{others[0].name}", f"worth {others[0].trophy_points}, but only "
                                 f"{ended_by}, who ended the game, can have {END_AT} or more")
    elif len(reached) > 1:
        raise ScoreFileError(f"trophies.{reached[1].name}", f"worth {reached[1].trophy_points}, but "
                             f"{reached[0].name}'s trophies reached {END_AT} too: the game ends after "
                             f"the turn of the first player to reach {END_AT}")


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
        raise ScoreFileError("ended_by", f"{parsed.ended_by!r} is not one of the players ({', '.join(names)})")
    _check_end(state, ended_by)
    return State(players=state.players, ended_by=ended_by)


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


def _trophy_history(state: State) -> list[Lay | CloseOut]:
    """Actions that earn every trophy: lay a collection of that size around it, close it out.

    The table's real history is unknown, so the other cards are any free cards of that bean
    (they go to the discard pile). Placing the highest trophies first always leaves enough.
    """
    actions: list[Lay | CloseOut] = []
    placed: Counter[Card] = Counter()
    earned = sorted(((t, s.name) for s in state.players for t in s.trophies), key=lambda e: -e[0].value)
    for trophy, name in earned:
        placed[trophy] += 1
        spare = sorted((c for c in (DECK - placed).elements() if c.bean == trophy.bean),
                       key=lambda c: (c.value == trophy.value, c.value))
        values = (trophy.value, *(c.value for c in spare[: trophy.value - 1]))
        actions.append(Lay(player=name, collection="open", new=True, bean=trophy.bean, values=values))
        actions.append(CloseOut(player=name))
    return actions


def import_file(data: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(setup, actions) that fold into the game the file records; ScoreFileError if invalid."""
    state = read(data)
    actions: list[Lay | CloseOut | EndGame] = [*_trophy_history(state)]
    for sheet in state.players:
        for which, collection in zip(("open", "secret"), sheet.collections):
            actions.append(Lay(player=sheet.name, collection=which, new=True,
                               bean=collection.bean, values=collection.values))
    if state.ended_by is not None:
        actions.append(EndGame(player=state.ended_by))
    setup = Setup(players=state.names).model_dump(mode="json")
    return setup, [a.model_dump(mode="json") for a in actions]
