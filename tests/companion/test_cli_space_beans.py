"""`beans score` with Space Beans files (score-files.md: result JSON, exit codes, one-line errors)."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

BEANS = Path(sys.executable).with_name("beans")

ALLISTER = {
    "format": "beans-score/1", "game": "space-beans",
    "players": ["Allister", "Leia"],
    "ended_by": "Allister",
    "trophies": {
        "Allister": [{"bean": "bohrion", "value": 9}, {"bean": "moonbohnen", "value": 8},
                     {"bean": "bluebeans", "value": 7}, {"bean": "beanliens", "value": 5},
                     {"bean": "centauribohnen", "value": 2}],
        "Leia": [{"bean": "bohrion", "value": 5}],
    },
    "collections": {
        "Allister": [{"bean": "klingbohnen", "values": [1, 4, 4, 5, 7, 9]},
                     {"bean": "darth-beans", "values": [2, 8]}],
        "Leia": [{"bean": "moonbohnen", "values": [9]}],  # a finished game: every player holds one (worth 0)
    },
}


def write(tmp_path: Path, data) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def changed(**changes) -> dict:
    data = copy.deepcopy(ALLISTER)
    data.update(changes)
    return data


def test_score_json_allisters_36(tmp_path, capsys):
    """Rulebook End of Game example: Allister scores 31 + 3 + 0 + 2 = 36."""
    assert main(["score", "--json", write(tmp_path, ALLISTER)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "game": "space-beans",
        "players": [
            {"name": "Allister", "total": 36, "rank": 1,
             "breakdown": {"trophies": 31, "bohnus": 3, "collections": 2, "total": 36}},
            {"name": "Leia", "total": 5, "rank": 2,
             "breakdown": {"trophies": 5, "bohnus": 0, "collections": 0, "total": 5}},
        ],
        "winners": ["Allister"],
    }


def test_score_table_of_an_unfinished_game(tmp_path, capsys):
    assert main(["score", write(tmp_path, changed(ended_by=None))]) == 0
    out = capsys.readouterr().out
    assert "Allister" in out and "31" in out
    assert "The game is not over." in out


@pytest.mark.parametrize("data, expected", [
    (changed(ended_by="Leia"), "ended_by: Leia's trophies are worth 5"),
    (changed(ended_by="Han"), "ended_by: 'Han' is not one of the players"),
    (changed(players=["Allister"]), "players: 1 players; this game is for 2 to 6"),
    (changed(players=["Allister", "Leia", "Allister"]), "players: player 3: Allister is named twice"),
    (changed(trophies={"Allister": [{"bean": "bohrion", "value": 9}]}), "trophies.Leia: missing"),
    (changed(trophies={**ALLISTER["trophies"], "Leia": [{"bean": "bohrion", "value": 10}]}),
     "trophies.Leia[0].value: 10 is not a card value"),
    (changed(trophies={**ALLISTER["trophies"], "Leia": [{"bean": "bohrion", "value": 9},
                                                        {"bean": "bohrion", "value": 9}]}),
     "trophies.Leia[1]: Bohrion 9: all 2 cards are already on the table"),
    (changed(collections={**ALLISTER["collections"], "Leia": [{"bean": "bluebeans", "values": []}]}),
     "collections.Leia[0].values: a collection holds at least one card"),
    (changed(collections={**ALLISTER["collections"], "Leia": [{"bean": "bluebeans", "values": [1]}] * 3}),
     "collections.Leia: 3 collections; a player has at most two"),
    (changed(collections={**ALLISTER["collections"], "Han": []}), "collections.Han: not one of the players"),
    (changed(bohnus=3), "bohnus: unknown key"),
])
def test_invalid_file_exit_2_one_line_naming_the_place(tmp_path, capsys, data, expected):
    path = write(tmp_path, data)
    assert main(["score", "--json", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.endswith("\n")
    assert captured.err.startswith(f"beans: {path}: {expected}")


def test_the_installed_command_reads_stdin_and_never_shows_a_traceback():
    """Run as a player would: `beans score --json -`."""
    good = subprocess.run([str(BEANS), "score", "--json", "-"], input=json.dumps(ALLISTER),
                          capture_output=True, text=True, timeout=60)
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["winners"] == ["Allister"]
    bad = subprocess.run([str(BEANS), "score", "--json", "-"], input=json.dumps(changed(ended_by="Leia")),
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == ["beans: -: ended_by: Leia's trophies are worth 5; "
                                       "the game ends when a player's trophies reach 30"]
    assert "Traceback" not in bad.stderr
