"""`beans score` on Bohnanza score files (shared/design/score-files.md: result JSON, exit codes)."""

from __future__ import annotations

import json
import subprocess

import pytest

from companion.cli import main
from sheets.names import bare
from tests.companion.commands import BEANS


GAME = {
    "format": "beans-score/1",
    "game": "bohnanza",
    "players": [
        {"name": "Eamon", "coins": 14, "third_field": True},
        {"name": "Mike", "coins": 11, "third_field": False},
        {"name": "Richard", "coins": 14, "third_field": False},
    ],
}

EXPECTED = {
    "game": "bohnanza",
    "players": [
        {"name": "Eamon", "total": 14, "rank": 1, "breakdown": {"coins": 14, "total": 14}},
        {"name": "Mike", "total": 11, "rank": 3, "breakdown": {"coins": 11, "total": 11}},
        {"name": "Richard", "total": 14, "rank": 1, "breakdown": {"coins": 14, "total": 14}},
    ],
    "winners": ["Eamon", "Richard"],
}


def write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def bad(index, key, value):
    """GAME with players[index][key] set to value."""
    data = json.loads(json.dumps(GAME))
    data["players"][index][key] = value
    return data


def test_score_json_prints_the_result(tmp_path, capsys):
    """score-files.md: `beans score --json FILE` prints the result as JSON; exit 0."""
    assert main(["score", "--json", write(tmp_path, GAME)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == EXPECTED and err == ""


def test_score_prints_a_readable_table(tmp_path, capsys):
    """score-files.md: `beans score FILE` prints a readable table."""
    assert main(["score", write(tmp_path, GAME)]) == 0
    out = bare(capsys.readouterr().out)
    assert "Eamon" in out and "coins 14" in out and "Shared victory: Eamon and Richard" in out


def test_the_readable_table_lists_players_by_rank_and_the_json_keeps_the_file_order(tmp_path, capsys):
    """score-files.md: `beans score FILE` prints "a readable table": best rank first (tied
    players in seating order), while the result JSON's "`players` keeps the file's order"."""
    ranked = {**GAME, "players": [{"name": n, "coins": c, "third_field": False}
                                  for n, c in [("Eamon", 14), ("Mike", 9), ("Richard", 11), ("Uwe", 0)]]}
    assert main(["score", write(tmp_path, ranked)]) == 0
    lines = bare(capsys.readouterr().out).splitlines()
    assert [line.split()[:3] for line in lines[:4]] == [
        ["1.", "Eamon", "14"], ["2.", "Richard", "11"], ["3.", "Mike", "9"], ["4.", "Uwe", "0"]]
    assert lines[4:] == ["Winner: Eamon"]
    assert main(["score", write(tmp_path, GAME)]) == 0  # 14, 11, 14: the tied Eamon and Richard first
    assert [line.split()[1] for line in bare(capsys.readouterr().out).splitlines()[:3]] == ["Eamon", "Richard", "Mike"]
    assert main(["score", "--json", write(tmp_path, ranked)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["rank"]) for p in result["players"]] == [("Eamon", 1), ("Mike", 3), ("Richard", 2), ("Uwe", 4)]


def test_the_installed_command_reads_stdin():
    """score-files.md: `beans score --json -` reads the file from stdin."""
    run = subprocess.run([str(BEANS), "score", "--json", "-"], input=json.dumps(GAME),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and json.loads(run.stdout) == EXPECTED


INVALID = [
    (bad(2, "coins", -3), "players[2].coins"),
    (bad(1, "third_field", "yes"), "players[1].third_field"),
    (bad(0, "bonus", 2), "players[0].bonus"),
    (bad(2, "name", "Mike"), "players[2].name"),
    ({**GAME, "players": GAME["players"][:2]}, "players"),
    ({**GAME, "winner": "Eamon"}, "winner"),
    ({**GAME, "players": [{**p, "coins": 40} for p in GAME["players"]]}, "players[2].coins"),
]


@pytest.mark.parametrize("data, place", INVALID, ids=[p for _, p in INVALID])
def test_invalid_files_exit_2_with_one_line_naming_the_place(tmp_path, capsys, data, place):
    """score-files.md: exit 2, "one line on stderr that names the offending place ... never a traceback"."""
    path = write(tmp_path, data)
    assert main(["score", "--json", path]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith(f"beans: {path}: {place}: ")
    assert "Traceback" not in err


def test_invalid_file_through_the_installed_command(tmp_path):
    """score-files.md: exit status 2 and a single stderr line from the real `beans` command."""
    path = write(tmp_path, bad(1, "coins", 2.5))
    run = subprocess.run([str(BEANS), "score", "--json", path], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.splitlines() == [f"beans: {path}: players[1].coins: 2.5 is not a number of coins; "
                                       "write a whole number, 0 or more"]
