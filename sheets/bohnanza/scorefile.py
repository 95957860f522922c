"""``bohnanza`` score files (shared/design/score-files.md, section bohnanza).

A Bohnanza score file is the end-of-game record: each player's coins after the last
harvest and whether they bought the third field. Reading one always gives a finished
game (``winners`` is never empty). It is imported as a game that agrees with it: each
third field bought (a field sold for the coins it costs), the passes through the deck,
and the ``final-count``. ``deck`` (optional) names the deck: a file without it is the
1997 deck, as every file was before today's box came (``decks.py``). A player's ``hand``
(optional, today's box): the cards in hand of a player tied for the most coins, which break
the tie (issue 47).
"""

from __future__ import annotations

from typing import Any

from pydantic import field_validator

from sheets.bohnanza.beans import BEANS
from sheets.bohnanza.decks import PLAYERS, Deck
from sheets.bohnanza.engine import (
    GAME_ID, Action, BuyField, DeckExhausted, FinalCount, HandRefused, Harvest, Plant, PlayerCount, State, apply,
    new_game,
)
from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import _
from sheets.model import Frozen
from sheets.scorefile import FORMAT, parse_model

class BohnanzaFile(Frozen):
    format: str
    game: str
    deck: Deck = Deck.AMIGO_1997
    players: tuple[PlayerCount, ...]

    @field_validator("deck", mode="before")
    @classmethod
    def _deck(cls, value: Any) -> Any:
        if value not in Deck.__members__.values():
            raise ValueError(_("not a deck; write one of {decks}").format(decks=", ".join(f'"{d}"' for d in Deck)))
        return value

    @field_validator("players", mode="before")
    @classmethod
    def _list(cls, value: Any) -> Any:
        if not isinstance(value, list):
            raise ValueError(_("must be a list of players"))
        return value


def _game(data: dict[str, Any]) -> tuple[list[str], list[Action], State]:
    """The players' names, the actions of a game that ends as the file says (every third
    field bought, the passes, the final count) and its end; ScoreFileError naming the
    place."""
    parsed = parse_model(BohnanzaFile, data)
    entries = parsed.players
    low, high = PLAYERS[parsed.deck]
    if not low <= len(entries) <= high:
        raise ScoreFileError("players", _("{n} players; Bohnanza is for {low} to {high}").format(
            n=len(entries), low=low, high=high))
    names: list[str] = []
    for index, entry in enumerate(entries):
        name = entry.name.strip()
        if not name:
            raise ScoreFileError(f"players[{index}].name", _("the name is empty"))
        if name in names:
            raise ScoreFileError(f"players[{index}].name", _("{name} is named twice").format(name=name))
        names.append(name)
    state = new_game({"deck": parsed.deck, "players": names})
    table = state.table
    actions: list[Action] = []
    for index, (name, entry) in enumerate(zip(names, entries)):
        if table.third_field_at_start and not entry.third_field:
            raise ScoreFileError(f"players[{index}].third_field",
                                 _("with this many players every player starts with a third field: write true"))
        if entry.third_field and not table.third_field_at_start:
            for action in _third_field(state, name):
                state = apply(state, action)
                actions.append(action)
    actions += [DeckExhausted()] * table.passes
    count = FinalCount(players=entries)
    try:
        for action in [*actions[-table.passes:], count]:
            state = apply(state, action)
    except RulesError as exc:  # names and fields agree by now: what is left is coins beyond the deck, or a hand
        at = names.index(exc.where) if exc.where in names else None
        key = "hand" if isinstance(exc, HandRefused) else "coins"
        raise ScoreFileError(f"players[{at}].{key}" if at is not None else "players", exc.reason) from None
    return names, [*actions, count], state


def _third_field(state: State, name: str) -> list[Action]:
    """Plant the smallest field that sells for the third field's price, sell it, buy the
    field (with a bean whose beanometer the rulebook prints)."""
    price = state.table.third_field_price
    count, bean = min((n, b) for b in state.table.beans if state.beanometer(b) is not None
                      for n in range(2, BEANS[b].cards + 1)
                      if state.pays(b, n) >= price and state.in_play(b) + n <= BEANS[b].cards)
    return [Plant(player=name, field=1, bean=bean, count=count), Harvest(player=name, field=1), BuyField(player=name)]


def read(data: dict[str, Any]) -> State:
    """The finished game a score file records; ScoreFileError naming the place if invalid."""
    return _game(data)[2]


def export(state: State) -> dict[str, Any]:
    if not state.over:
        raise RulesError(_("the game is not over yet; a Bohnanza score file records the end of a game"))
    deck = {} if state.deck is Deck.AMIGO_1997 else {"deck": state.deck.value}
    return {
        "format": FORMAT,
        "game": GAME_ID,
        **deck,
        "players": [
            {"name": f.name, "coins": f.total, "third_field": f.third_field,
             **({} if f.hand is None else {"hand": f.hand})} for f in state.players
        ],
    }


def import_file(data: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    names, actions, state = _game(data)
    deck = {} if state.deck is Deck.AMIGO_1997 else {"deck": state.deck.value}
    return {**deck, "players": names}, [action.model_dump(mode="json") for action in actions]
