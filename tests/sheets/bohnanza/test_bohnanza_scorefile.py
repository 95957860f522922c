"""`bohnanza` score files (shared/design/score-files.md, section bohnanza and the general part)."""

from __future__ import annotations

import copy

import pytest

from sheets.bohnanza import RULES, DeckExhausted, Harvest, Plant
from sheets.errors import RulesError, ScoreFileError
from sheets.game import fold
from sheets.registry import score

FILE = {
    "format": "beans-score/1",
    "game": "bohnanza",
    "players": [
        {"name": "Eamon", "coins": 14, "third_field": True},
        {"name": "Mike", "coins": 11, "third_field": False},
        {"name": "Richard", "coins": 14, "third_field": False},
        {"name": "Uwe", "coins": 0, "third_field": True},
    ],
}


def with_change(path, value, base=FILE):
    """FILE with the value at ``path`` (keys and indexes) replaced; ``...`` deletes it."""
    data = copy.deepcopy(base)
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


def test_scores_coins_ranks_and_shared_victory():
    """score-files.md: breakdown `coins`, `total`; tied players share a rank and the victory."""
    result = score(FILE).as_json()
    assert result == {
        "game": "bohnanza",
        "players": [
            {"name": "Eamon", "total": 14, "rank": 1, "breakdown": {"coins": 14, "total": 14}},
            {"name": "Mike", "total": 11, "rank": 3, "breakdown": {"coins": 11, "total": 11}},
            {"name": "Richard", "total": 14, "rank": 1, "breakdown": {"coins": 14, "total": 14}},
            {"name": "Uwe", "total": 0, "rank": 4, "breakdown": {"coins": 0, "total": 0}},
        ],
        "winners": ["Eamon", "Richard"],
    }


def test_a_score_file_is_a_finished_game():
    """score-files.md: "A score file is the end-of-game record"; Bohnanza's always has winners."""
    state = RULES.import_file(FILE)
    assert RULES.is_over(fold(RULES, *state))
    assert score(with_change(["players", 1, "coins"], 20)).winners == ("Mike",)


def test_names_are_stripped_and_keep_the_file_order():
    """score-files.md: names unique, surrounding blanks stripped; `players` keeps the file's order."""
    result = score(with_change(["players", 0, "name"], "  Eamon "))
    assert [p.name for p in result.players] == ["Eamon", "Mike", "Richard", "Uwe"]


def test_the_third_field_does_not_count_again():
    """score-files.md: "a bought third field was paid for already"."""
    flipped = with_change(["players", 3, "third_field"], False)
    assert score(flipped).players[3].total == score(FILE).players[3].total == 0


INVALID = [
    (["extra"], 1, "extra", "unknown key"),
    (["players", 2, "colour"], "red", "players[2].colour", "unknown key"),
    (["players", 1, "coins"], ..., "players[1].coins", "missing"),
    (["players", 1, "third_field"], ..., "players[1].third_field", "missing"),
    (["players", 1, "name"], ..., "players[1].name", "missing"),
    (["players", 2, "coins"], -1, "players[2].coins", "0 or more"),
    (["players", 2, "coins"], 2.5, "players[2].coins", "whole number"),
    (["players", 2, "coins"], "7", "players[2].coins", "whole number"),
    (["players", 2, "coins"], True, "players[2].coins", "true is not a number of coins"),
    (["players", 0, "third_field"], "yes", "players[0].third_field", "true"),
    (["players", 0, "third_field"], 1, "players[0].third_field", "true"),
    (["players", 0, "name"], 7, "players[0].name", "7 is not a name"),
    (["players", 3, "name"], "   ", "players[3].name", "the name is empty"),
    (["players", 3, "name"], "Mike ", "players[3].name", "Mike is named twice"),
    (["players", 2], "Richard", "players[2]", "\"Richard\" is not a player"),
    (["players"], {"Eamon": 3}, "players", "must be a list of players"),
    (["players"], FILE["players"][:2], "players", "2 players; Bohnanza is for 3 to 5"),
    (["players"], FILE["players"] + [{"name": n, "coins": 1, "third_field": False} for n in "AB"],
     "players", "6 players; Bohnanza is for 3 to 5"),
    (["players", 3, "coins"], 70, "players[3].coins", "the coins add up to 109"),
    (["format"], "beans-score/2", "format", "beans-score/1"),
]


@pytest.mark.parametrize("path, value, place, reason", INVALID, ids=[f"{p}" for _, _, p, _ in INVALID])
def test_invalid_files_name_the_place(path, value, place, reason):
    """score-files.md: unknown keys are errors; 3-5 players; coins >= 0 integers; third_field bool;
    every error names the offending place."""
    with pytest.raises(ScoreFileError) as caught:
        score(with_change(path, value))
    assert caught.value.place == place
    assert reason in caught.value.reason
    assert "\n" not in str(caught.value)


def test_import_then_export_gives_the_file_back():
    """score-files.md: the app exports every finished game and imports them back."""
    setup, actions = RULES.import_file(FILE)
    assert setup == {"players": ["Eamon", "Mike", "Richard", "Uwe"]}
    bought = ["plant", "harvest", "buy-field"]
    assert [a["kind"] for a in actions] == [*bought, *bought, *["deck-exhausted"] * 3, "final-count"]
    assert RULES.export(fold(RULES, setup, actions)) == FILE


def test_an_imported_file_is_a_game_that_agrees_with_it():
    """Rulebook: "the game ends when the third deck is exhausted" and a 3rd Field is bought with
    3 points: the imported game passes the deck three times, and whoever the file says bought
    the third field bought it (all five players too: the deck has beans enough)."""
    five = {**FILE, "players": [{"name": n, "coins": 3, "third_field": True} for n in "ABCDE"]}
    for data in (FILE, five):
        state = fold(RULES, *RULES.import_file(data))
        assert RULES.is_over(state) and state.deck_pass == 3
        assert [f.third_field for f in state.players] == [p["third_field"] for p in data["players"]]
        assert state == RULES.read(data)


def test_a_tracked_game_exports_its_coins_and_third_fields():
    """score-files.md: `coins` are the coins each player holds at the end."""
    state = RULES.new_game({"players": ["Ann", "Ben", "Cem"]})
    for action in [Plant(player="Ann", field=1, bean="red", count=5), Harvest(player="Ann", field=1),
                   RULES.parse_action({"kind": "buy-field", "player": "Ann"}),
                   Plant(player="Ben", field=2, bean="blue", count=6),
                   DeckExhausted(), DeckExhausted(), DeckExhausted()]:
        state = RULES.apply(state, action)
    exported = RULES.export(state)
    assert exported["players"] == [
        {"name": "Ann", "coins": 1, "third_field": True},
        {"name": "Ben", "coins": 2, "third_field": False},
        {"name": "Cem", "coins": 0, "third_field": False},
    ]
    assert RULES.score_file(exported) == RULES.result(state)


def test_an_unfinished_game_is_not_exported():
    """score-files.md: a Bohnanza score file records the end of a game."""
    with pytest.raises(RulesError, match="not over yet"):
        RULES.export(RULES.new_game({"players": ["Ann", "Ben", "Cem"]}))
