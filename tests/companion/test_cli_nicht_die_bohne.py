"""`beans score` on nicht-die-bohne files (shared/design/score-files.md)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from collections import Counter

from sheets.nicht_die_bohne import DECK, parse_card

PLAYERS = ["Alex", "Beate", "Claudia", "Dirk"]


def a_round(seed: int, players=PLAYERS) -> dict[str, list[str]]:
    deck = sorted(str(c) for c in DECK.elements())
    random.Random(seed).shuffle(deck)
    size = 60 // len(players)
    return {p: deck[i * size:(i + 1) * size] for i, p in enumerate(players)}


def score_file(rounds: int | list = 3, **changes) -> dict:
    if isinstance(rounds, int):
        rounds = [a_round(s) for s in range(rounds)]
    data = {"format": "beans-score/1", "game": "nicht-die-bohne", "players": list(PLAYERS), "rounds": rounds}
    data.update(changes)
    return data


def beans(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)


def write(tmp_path: Path, data) -> str:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_a_finished_game_scores_with_ranks_winners_and_round_breakdowns(tmp_path):
    data = score_file()
    run = beans("score", "--json", write(tmp_path, data))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["game"] == "nicht-die-bohne"
    assert [p["name"] for p in result["players"]] == PLAYERS  # the file's order
    for p in result["players"]:
        rounds = p["breakdown"]["rounds"]
        assert len(rounds) == 3
        assert all(r["total"] == r["positive"] - r["negative"] and r["negative"] >= 0 for r in rounds)
        assert p["total"] == p["breakdown"]["total"] == sum(r["total"] for r in rounds)
    best = max(p["total"] for p in result["players"])
    assert result["winners"] == [p["name"] for p in result["players"] if p["total"] == best]
    assert {p["rank"] for p in result["players"] if p["total"] == best} == {1}


def test_the_rulebook_example_hand_scores_24_in_a_file(tmp_path):
    """Rulebook, Example of scoring, as Alex's round in a 3-player file (the rest of
    the deck shared by the others)."""
    example = ("red-3 red-6 blue-4 blue-2 blue-8 blue-plusminus blue-plusminus blue-doubler "
               "green-nullifier green-7 green-5 yellow-plusminus yellow-4 yellow-9").split()
    filler = ["red-1", "red-2", "red-4", "red-5", "red-7", "red-8"]  # red 3 + 6 stays 9 without specials
    alex = example + filler
    rest = sorted(str(c) for c in (DECK - Counter(parse_card(c) for c in alex)).elements())
    data = {"format": "beans-score/1", "game": "nicht-die-bohne", "players": ["Alex", "Beate", "Claudia"],
            "rounds": [{"Alex": alex, "Beate": rest[:20], "Claudia": rest[20:]}]}
    run = beans("score", "--json", write(tmp_path, data))
    assert run.returncode == 0, run.stderr
    alex_round = json.loads(run.stdout)["players"][0]["breakdown"]["rounds"][0]
    assert alex_round == {"positive": 37 + 1 + 2 + 4 + 5 + 7 + 8, "negative": 13, "total": 24 + 27}


def test_fewer_than_three_rounds_is_a_game_not_over(tmp_path):
    run = beans("score", "--json", write(tmp_path, score_file(rounds=2)))
    assert run.returncode == 0
    assert json.loads(run.stdout)["winners"] == []


def test_reads_the_file_from_standard_input_and_prints_a_table_without_json():
    run = beans("score", "-", stdin=json.dumps(score_file()))
    assert run.returncode == 0, run.stderr
    assert all(name in run.stdout for name in PLAYERS)
    assert "Winner" in run.stdout or "Shared victory" in run.stdout


def short_round():
    r = a_round(0)
    r["Beate"] = r["Beate"][:14]
    return r


def twice_round():
    r = a_round(0)
    r["Dirk"] = [*r["Dirk"][:-1], r["Alex"][0]]
    return r


def unknown_player_round():
    r = a_round(0)
    r["Eve"] = r.pop("Dirk")
    return r


INVALID = {
    "not JSON": ("{nope", "not JSON"),
    "not an object": ("[1, 2]", "a score file is a JSON object"),
    "wrong format": (score_file(format="beans-score/2"), 'format: must be "beans-score/1"'),
    "unknown game": (score_file(game="skat"), "game: unknown game 'skat'"),
    "unknown key": (score_file(notes="x"), "notes: unknown key"),
    "two players": (score_file(players=["Alex", "Beate"]), "players: 2 players; this game is for 3 to 6"),
    "duplicate name": (score_file(players=["Alex", "Beate", "Alex", "Dirk"]), "players: player 3: Alex is named twice"),
    "no rounds": (score_file(rounds=0), "rounds: 0 rounds; a game has 1 to 3"),
    "four rounds": (score_file(rounds=4), "rounds: 4 rounds; a game has 1 to 3"),
    "bad card": (score_file(rounds=[{**a_round(0), "Alex": ["red-11"] + a_round(0)["Alex"][1:]}]),
                 "rounds[0].Alex[0]: 'red-11' is not a card"),
    "short hand": (score_file(rounds=[a_round(1), short_round()]),
                   "rounds[1].Beate: 14 cards, a 4-player round deals 15"),
    "card twice": (score_file(rounds=[twice_round()]), "rounds[0].Dirk: "),
    "unknown player": (score_file(rounds=[unknown_player_round()]), "rounds[0].Eve: not one of the players"),
}


@pytest.mark.parametrize("case", INVALID, ids=list(INVALID))
def test_an_invalid_file_exits_2_with_one_line_naming_the_place(tmp_path, case):
    data, expected = INVALID[case]
    run = beans("score", "--json", write(tmp_path, data))
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr
    assert expected in lines[0]


def test_a_missing_file_exits_2_with_one_line(tmp_path):
    run = beans("score", str(tmp_path / "nope.json"))
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1 and "cannot read" in run.stderr


def test_bad_words_on_the_command_line_exit_2_with_one_line():
    run = beans("score")
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1
