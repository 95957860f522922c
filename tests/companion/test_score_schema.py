"""`beans schema` and sheets/beans-score-1.schema.json: the JSON Schema (draft 2020-12) of
score-files.md's beans-score/1. Every valid score file the tests hold passes it; another
format, an unknown game, an unknown key or a mistyped field fails it."""

from __future__ import annotations

import copy
import importlib
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from companion.cli import main
from companion.session import Games
from companion.storage import Repository
from sheets.errors import RulesError, ScoreFileError
from sheets.gone_with_the_beans.sheets import SHEETS
from sheets.registry import score
from sheets.scorefile import json_schema_text

SCHEMA = json.loads(json_schema_text())
VALIDATOR = Draft202012Validator(SCHEMA)
GOLDEN = Path(__file__).parent / "golden"


def _score_files(value: Any, depth: int = 0) -> Iterator[dict[str, Any]]:
    """Every dict with "format": "beans-score/1" inside ``value``."""
    if depth > 8:
        return
    if isinstance(value, dict):
        if value.get("format") == "beans-score/1":
            yield value
        for inner in value.values():
            yield from _score_files(inner, depth + 1)
    elif isinstance(value, (list, tuple)):
        for inner in value:
            yield from _score_files(inner, depth + 1)


def _valid(data: dict[str, Any]) -> bool:
    try:
        score(copy.deepcopy(data))
    except (ScoreFileError, RulesError):
        return False
    return True


def held_by_the_tests() -> list[dict[str, Any]]:
    """The score files the test modules hold (module constants, parametrize lists), and the
    gone-with-the-beans files their builder makes."""
    found: list[dict[str, Any]] = []
    root = Path(__file__).parents[2]
    for path in sorted((root / "tests").rglob("*.py")):
        name = ".".join(path.relative_to(root).with_suffix("").parts)
        if ".e2e" in name or name.endswith(("test_score_schema", "__init__", "conftest")):
            continue
        if str(path.parent) not in sys.path:  # some modules import their siblings by bare name
            sys.path.append(str(path.parent))
        loaded = importlib.import_module(name)
        for value in vars(loaded).values():
            found.extend(_score_files(value))
            for mark in getattr(value, "pytestmark", ()):
                found.extend(_score_files(list(mark.args)))
    from tests.sheets.gone_with_the_beans import gwtb_files
    for letter in SHEETS:
        found.append(gwtb_files.solo(letter))
    from tests.companion import test_cli_nicht_die_bohne as ndb
    found.extend(ndb.score_file(rounds) for rounds in (1, 2, 3))
    for players in (ndb.PLAYERS[:3], ["Alex", "Beate", "Claudia", "Dirk", "Ede"], [*ndb.PLAYERS, "Ede", "Fritz"]):
        found.append(ndb.score_file([ndb.a_round(seed, players) for seed in range(3)], players=players))
    shouting = ndb.score_file(1)  # the reader takes cards in any letter case, blanks around
    shouting["rounds"][0]["Alex"] = [f" {card.upper()} " for card in shouting["rounds"][0]["Alex"]]
    found.append(shouting)
    return found


ALL = held_by_the_tests()
VALID = [data for data in ALL if _valid(data)]


def problems(data: Any) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(data)]


def test_the_schema_is_draft_2020_12():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_beans_schema_prints_the_schema_file(capsys):
    assert main(["schema"]) == 0
    out, err = capsys.readouterr()
    shipped = Path(__file__).parents[2] / "sheets" / "beans-score-1.schema.json"
    assert err == "" and out == shipped.read_text(encoding="utf-8") and json.loads(out) == SCHEMA


def test_the_tests_hold_valid_files_of_every_game():
    assert {data["game"] for data in VALID} == {"nicht-die-bohne", "space-beans", "gone-with-the-beans", "bohnanza"}
    assert len(VALID) >= 20


@pytest.mark.parametrize("data", VALID, ids=lambda d: d["game"])
def test_every_valid_file_passes(data):
    assert problems(data) == []


@pytest.mark.parametrize("data", VALID, ids=lambda d: d["game"])
def test_every_valid_file_with_the_play_fields_passes(data):
    names = [p if isinstance(p, str) else p["name"] for p in data["players"]]
    assert problems({**data, "played": "2026-05-01", "start_player": names[0]}) == []


def test_every_valid_file_exported_again_passes(tmp_path):
    """Imported and exported by the session (with the play fields it adds)."""
    games = Games(Repository(tmp_path))
    for data in VALID:
        game_id = games.files.import_file(copy.deepcopy(data), again=True)
        assert problems(games.files.export(game_id, whole=True)) == []


def test_the_golden_stored_games_export_files_that_pass(tmp_path):
    """tests/companion/golden holds stored games (not score files): each one that is far
    enough along to export gives a file that passes."""
    games_dir = tmp_path / "games"
    games_dir.mkdir()
    for golden in sorted(GOLDEN.glob("*.json")):
        game_id = json.loads(golden.read_text())["game"]["1"]["id"]  # a stored file is named by its game
        shutil.copy(golden, games_dir / f"{game_id}.json")
        games = Games(Repository(tmp_path))
        try:
            exported = games.files.export(game_id, whole=True)
        except RulesError:
            continue  # a round not yet complete: no score file to write
        finally:
            games.repo.close()
        assert problems(exported) == []


BOHNANZA = {"format": "beans-score/1", "game": "bohnanza",
            "players": [{"name": "Eamon", "coins": 14, "third_field": True},
                        {"name": "Mike", "coins": 11, "third_field": False},
                        {"name": "Richard", "coins": 14, "third_field": False}]}


def changed(path: tuple[Any, ...], value: Any, data: dict[str, Any] | None = None) -> dict[str, Any]:
    data = copy.deepcopy(data or BOHNANZA)
    place = data
    for part in path[:-1]:
        place = place[part]
    place[path[-1]] = value
    return data


def first_valid(game: str) -> dict[str, Any]:
    return copy.deepcopy(next(d for d in VALID if d["game"] == game))


@pytest.mark.parametrize("data", [
    changed(("format",), "beans-score/2"),
    changed(("game",), "monopoly"),
    changed(("typo",), 1),
    changed(("players", 0, "coin"), 14),
    changed(("players", 0, "coins"), "14"),
    changed(("players", 0, "coins"), -1),
    changed(("players", 0, "third_field"), "yes"),
    changed(("players", 0, "name"), "  "),
    changed(("played",), "1 May 2026"),
    changed(("start_player",), 3),
    changed(("rounds", 0, "Alex", 0), {"colour": "red", "value": 6}, first_valid("nicht-die-bohne")),
    changed(("rounds", 0, "Alex", 0), "purple-6", first_valid("nicht-die-bohne")),
    changed(("ended_by",), 7, first_valid("space-beans")),
    changed(("sheet",), "E", first_valid("gone-with-the-beans")),
    changed(("players", 0, "province"), "atlantis", first_valid("gone-with-the-beans")),
    changed(("players", 0, "hay_actions"), {"thaler": 4}, first_valid("gone-with-the-beans")),
    "not an object",
], ids=["format", "game", "unknown key", "unknown player key", "coins as text", "negative coins",
        "third_field as text", "blank name", "played", "start_player", "card as object", "card colour",
        "ended_by", "sheet", "province", "hay action uses", "not an object"])
def test_a_wrong_file_fails(data):
    assert problems(data)


def test_a_key_another_sheet_uses_fails():
    """score-files.md: keys that a sheet does not use are left out (beanichalcum off B)."""
    data = first_valid("gone-with-the-beans")
    letter = data["sheet"]
    key = "dp_icons" if letter == "B" else "beanichalcum"
    data["players"][0][key] = 1
    assert problems(data)


TODAYS_BOX = {"format": "beans-score/1", "game": "bohnanza", "deck": "rio-grande",
              "players": [{"name": n, "coins": 5, "third_field": False} for n in ("Ann", "Ben", "Cy", "Dee", "Eli", "Fay")]}


def test_a_file_of_todays_box_passes_and_the_deck_decides_how_many_play():
    """A file naming today's box may hold 2-7 players; one naming no deck is the 1997 deck's, 3-5."""
    assert _valid(TODAYS_BOX) and problems(TODAYS_BOX) == []
    without = {key: value for key, value in TODAYS_BOX.items() if key != "deck"}
    assert not _valid(without) and problems(without)
    assert problems(changed(("deck",), "1996", TODAYS_BOX))
    two = changed(("players",), TODAYS_BOX["players"][:2], TODAYS_BOX)
    assert _valid(two) and problems(two) == []
