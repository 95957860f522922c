"""Games in mid-play for the benchmarks: every game's main screen at a real table.

Each game is played through ``Games.dispatch`` with random actions the rules accept (a
fixed seed: every run the same game), at a table where every player's phone sits
(``device(n)`` holds seat n), and the latest entry is Ann's own: her phone's Undo and
Redo then change the screen every phone shows (bench/table.py taps them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.session import Games
from companion.storage import open_repository
from sheets.errors import RulesError
from sheets.gone_with_the_beans.sheets import SHEET_A
from sheets.nicht_die_bohne import DECK as NDB_DECK
from testkit.gwtb_live_play import ENTERED, MAP, setup as live_setup

NAMES = ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")
PIN = "1234"

Action = dict[str, Any]


def device(number: int, table: int = 0) -> str:
    """The device token of the phone that holds seat ``number`` (at table ``table`` of a
    club night, where every table's phones are phones of their own)."""
    return f"bench-phone-{number}" + (f"-table-{table}" if table else "")


def nicht_die_bohne(rng: random.Random, names: tuple[str, ...], _state: Any) -> Action:
    colour = rng.choice(("blue", "red", "green", "yellow"))
    return {"kind": "take-card", "round": 1, "player": rng.choice(names), "card": f"{colour}-{rng.randint(1, 10)}"}


def space_beans(rng: random.Random, names: tuple[str, ...], state: Any) -> Action:
    who = rng.choice(names)
    if rng.random() < 0.15:
        return {"kind": "close-out", "player": who}
    bean = rng.choice(("klingbohnen", "darth-beans", "beanliens", "centauribohnen", "bohrion", "moonbohnen",
                       "bluebeans"))
    sheet = state.player(who)
    new = sheet.open_collection is None or rng.random() < 0.2
    collection = "secret" if new and sheet.open_collection is not None else "open"
    return {"kind": "lay", "player": who, "collection": collection, "new": new, "bean": bean,
            "values": [rng.randint(1, 9)]}


def bohnanza(rng: random.Random, names: tuple[str, ...], _state: Any) -> Action:
    who = rng.choice(names)
    if rng.random() < 0.2:
        return {"kind": "harvest", "player": who, "field": rng.randint(1, 2)}
    bean = rng.choice(("blue", "chili", "stink", "green", "soy", "black-eyed", "red", "garden"))
    return {"kind": "plant", "player": who, "field": rng.randint(1, 2), "bean": bean, "count": rng.randint(1, 3)}


FACILITIES = [f.id for f in SHEET_A.facilities]
ROWS = [r.id for r in SHEET_A.hay_actions]
MILESTONES = [b.id for b in SHEET_A.milestone_bonuses]


def live(rng: random.Random, names: tuple[str, ...], state: Any) -> Action:
    """Mostly what a player would do: the next round once all have acted, the special
    card's income first, then a build, a Hay action, a milestone or a Hay Shed."""
    waiting = [p for p in state.players if not p.actions]
    if state.round == 0 or not waiting:
        if rng.random() < 0.12:
            return {"kind": "reveal", "card": {"special": True}}
        return {"kind": "reveal", "card": {"facility": rng.choice(FACILITIES), "hay": rng.randint(2, 8)}}
    player = rng.choice(waiting)
    if state.card.special and player.special_option is None:
        return {"kind": "special-income", "player": player.name, "option": rng.choice(("thaler", "hay"))}
    kind = rng.choice(("build", "build", "build", "hay-action", "hay-action", "milestone", "hay-shed"))
    if kind == "build":
        return {"kind": "build", "player": player.name, "facility": rng.choice(FACILITIES)}
    if kind == "milestone":
        return {"kind": "milestone", "player": player.name, "bonus": rng.choice(MILESTONES)}
    if kind == "hay-shed":
        return {"kind": "hay-shed", "player": player.name}
    row = rng.choice(ROWS)
    action = {"kind": "hay-action", "player": player.name, "row": row}
    if row == "travel":
        action["facility"] = rng.choice(FACILITIES)
    return action


def live_setup_of(names: tuple[str, ...]) -> dict[str, Any]:
    return {**live_setup(*zip(names, MAP)), "printed": ENTERED}


# kind -> (players, setup, a random action, entries played before Ann's last one)
GAMES: dict[str, tuple[int, Callable[[tuple[str, ...]], dict[str, Any]], Callable[..., Action], int]] = {
    "nicht-die-bohne": (6, lambda names: {"players": list(names)}, nicht_die_bohne, 40),
    "space-beans": (6, lambda names: {"players": list(names)}, space_beans, 40),
    "bohnanza": (5, lambda names: {"players": list(names)}, bohnanza, 40),
    "gone-with-the-beans-live": (6, live_setup_of, live, 60),
}


# Ann's last entry, where not any: one that changes what the other phones show (a
# Bohnanza phone shows its own seat's fields, and every player's coins).
LAST = {"bohnanza": "harvest"}


def play(games: Games, game_id: str, kind: str, entries: int, *, seed: int = 17,
         last_by: str | None = "Ann", until: Callable[[Any], bool] | None = None, table: int = 0) -> int:
    """Make ``entries`` random accepted entries (or until ``until(state)``), the last one
    ``last_by``'s own; returns how many were made."""
    _players, _setup, random_action, _ = GAMES[kind]
    rng = random.Random(seed)
    names = games.players(game_id)
    made = tries = 0
    while made < entries and not (until and until(games.state(game_id))):
        tries += 1
        if tries > 200 * (entries + 10):
            raise RuntimeError(f"no accepted {kind} entry found after {tries} tries")
        last = made == entries - 1 and last_by is not None
        action = random_action(rng, (last_by,) if last else names, games.state(game_id))
        if last and (action.get("player") != last_by or action["kind"] != LAST.get(kind, action["kind"])):
            continue
        try:
            games.dispatch(game_id, action, device=device(names.index(action.get("player", names[0])), table))
        except RulesError:
            continue
        made += 1
    return made


def mid_game(games: Games, kind: str, seated: bool = True, table: int = 0) -> str:
    """A game of ``kind`` in mid-play with every seat taken by its phone (``device(n, table)``),
    Ann's entry last."""
    count, make_setup, _, entries = GAMES[kind]
    names = NAMES[:count]
    game_id = games.new_game(kind, make_setup(names), starter=device(0, table))
    if seated:
        for number, name in enumerate(names):
            games.seating.claim_seat(game_id, name, PIN, device(number, table))
    play(games, game_id, kind, entries, table=table)
    return game_id


def lengthen(games: Games, game_id: str, entries: int, seat: int = 0) -> None:
    """A Nicht die Bohne! game made long (a timeline's benchmark and test): the player at
    ``seat`` returns a card of round 1 and takes it again, until the game holds ``entries``
    entries, that seat's own the last."""
    player = games.players(game_id)[seat]
    while len(games.record(game_id).log) < entries:
        if not games.state(game_id).cards_of(1, player):  # a card to take back and forth
            for card in (f"{colour}-{n}" for colour in ("blue", "red", "green", "yellow") for n in range(1, 11)):
                try:
                    games.dispatch(game_id, {"kind": "take-card", "round": 1, "player": player, "card": card},
                                   device=device(seat))
                    break
                except RulesError:
                    continue
            continue
        held = games.state(game_id).cards_of(1, player)[-1]
        games.dispatch(game_id, {"kind": "return-card", "round": 1, "player": player,
                                 "card": held.model_dump(mode="json")}, device=device(seat))
        games.dispatch(game_id, {"kind": "take-card", "round": 1, "player": player,
                                 "card": f"{held.colour.value}-{held.face}"}, device=device(seat))


def live_rounds(games: Games, rounds: int, players: int = 6, seed: int = 17) -> str:
    """A live game of ``players`` played to the end of round ``rounds``."""
    names = NAMES[:players]
    game_id = games.new_game("gone-with-the-beans-live", live_setup_of(names))

    def done(state: Any) -> bool:
        return state.round >= rounds and all(p.actions for p in state.players)

    play(games, game_id, "gone-with-the-beans-live", 10_000, seed=seed, last_by=None, until=done)
    return game_id


def planted_and_taken_back(games: Games, players: list[str], phones: tuple[str, str]) -> str:
    """A Bohnanza game of ``players`` at a table of seats, told by the timeline's tests: the
    first player's phone plants 4 Blue Beans on field 1 and harvests them (1 coin), the
    second's plants 2 Red Beans and takes it back."""
    first, second = players[0], players[1]
    game_id = games.new_game("bohnanza", {"players": players}, starter=phones[0])
    games.seating.claim_seat(game_id, first, "1111", phones[0])
    games.seating.claim_seat(game_id, second, "2222", phones[1])
    games.dispatch(game_id, {"kind": "plant", "player": first, "field": 1, "bean": "blue", "count": 4},
                   device=phones[0])
    games.dispatch(game_id, {"kind": "harvest", "player": first, "field": 1}, device=phones[0])
    games.dispatch(game_id, {"kind": "plant", "player": second, "field": 1, "bean": "red", "count": 2},
                   device=phones[1])
    games.undo(game_id, device=phones[1])
    return game_id


def dealt_in_order(games: Games, players: list[str], rounds: int = 3) -> str:
    """A Nicht die Bohne! game whose first ``rounds`` rounds dealt the sorted deck 10 cards a
    player in seating order (at six, the first player's hand is blue 1-10)."""
    game_id = games.new_game("nicht-die-bohne", {"players": players})
    deck = sorted(str(card) for card in NDB_DECK.elements())
    for number in range(1, rounds + 1):
        for i, name in enumerate(players):
            games.dispatch(game_id, {"kind": "enter-cards", "round": number, "player": name,
                                     "cards": deck[i * 10:(i + 1) * 10]})
    return game_id


def bohnanza_final(names: list[str], coins: list[int], played: str) -> dict[str, Any]:
    """A finished Bohnanza game as a score file (the 1997 rules: the most coins win, a tie
    is shared), played on the day ``played``: what an import or a backup brings."""
    return {"format": "beans-score/1", "game": "bohnanza", "played": played,
            "players": [{"name": n, "coins": c, "third_field": False} for n, c in zip(names, coins)]}


def bohnanza_over(games: Games, players: list[str]) -> str:
    """A 1997-rules Bohnanza game of five, each with one field planted and the third pass
    run out: the end harvest pays the first player's 10 Blue Beans 4 coins, nothing else."""
    game_id = games.new_game("bohnanza", {"players": players})
    for player, bean, count in zip(players, ["blue", "chili", "soy", "green", "red"], [10, 6, 6, 1, 2]):
        games.dispatch(game_id, {"kind": "plant", "player": player, "field": 1, "bean": bean, "count": count})
    for _ in range(3):
        games.dispatch(game_id, {"kind": "deck-exhausted"})
    return game_id


def ann_and_ben_seated(data_dir: Path) -> str:
    """A Nicht die Bohne! game of Ann, Ben and Cy stored in ``data_dir``, started by Ann's
    phone: Ann sits at "dev-ann" (PIN 1111), Ben at "dev-ben" (PIN 2222), Cy's seat is free."""
    repo = open_repository(data_dir)
    try:
        games = Games(repo)
        game_id = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="dev-ann")
        games.seating.claim_seat(game_id, "Ann", "1111", "dev-ann")
        games.seating.claim_seat(game_id, "Ben", "2222", "dev-ben")
        return game_id
    finally:
        repo.close()
