"""``beans players`` (issue 49): the group's players, one player's record, merge and rename;
an unknown name, a merge into the same player or a name taken exit 2 with one line."""

import json

import pytest

from companion.cli import main
from companion.session import Games
from companion.storage import Repository
from testkit.positions import bohnanza_final



@pytest.fixture
def data_dir(tmp_path):
    games = Games(Repository(tmp_path))
    games.files.import_file(bohnanza_final(["Jürgen", "Ben", "Cleo"], [10, 4, 1], "2026-01-10"))
    games.files.import_file(bohnanza_final(["Jurgen", "Ben", "Cleo"], [3, 8, 1], "2026-01-11"))
    games.repo.close()
    return str(tmp_path)


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_players_lists_the_group_with_aliases_and_counts_after_a_merge(data_dir, capsys):
    code, out, err = run(capsys, "players", "merge", "Jurgen", "Jürgen", "--data-dir", data_dir)
    assert (code, out, err) == (0, "Jurgen merged into Jürgen\n", "")
    code, out, _ = run(capsys, "players", "--json", "--data-dir", data_dir)
    rows = {row["name"]: row for row in json.loads(out)}
    assert code == 0 and set(rows) == {"Jürgen", "Ben", "Cleo"}
    assert (rows["Jürgen"]["aliases"], rows["Jürgen"]["finished"], rows["Jürgen"]["wins"]) == (["Jurgen"], 2, 1)
    code, out, _ = run(capsys, "players", "--data-dir", data_dir)
    assert "(also Jurgen)" in out


def test_players_show_gives_one_players_record(data_dir, capsys):
    code, out, _ = run(capsys, "players", "show", "ben", "--json", "--data-dir", data_dir)
    record = json.loads(out)
    assert code == 0 and record["name"] == "Ben"
    (kind,) = record["kinds"]
    assert (kind["game"], kind["plays"], kind["wins"], kind["win_rate"], kind["best"]) == ("bohnanza", 2, 1, 0.5, 8)
    heads = {h["opponent"]: (h["together"], h["ahead"], h["behind"]) for h in record["head_to_head"]}
    assert heads == {"Cleo": (2, 2, 0), "Jürgen": (1, 0, 1), "Jurgen": (1, 1, 0)}
    code, out, _ = run(capsys, "players", "show", "Ben", "--data-dir", data_dir)
    assert "bohnanza: 2 played, 1 won (50%)" in out and "against Cleo: 2 together, ahead 2, behind 0" in out


def test_a_rename_shows_the_new_name(data_dir, capsys):
    assert run(capsys, "players", "rename", "Cleo", "Cleopatra", "--data-dir", data_dir)[:2] == (
        0, "Cleo is now Cleopatra\n")
    code, out, _ = run(capsys, "players", "--json", "--data-dir", data_dir)
    assert "Cleopatra" in {row["name"] for row in json.loads(out)}


@pytest.mark.parametrize("args, said", [
    (["show", "Nobody"], "beans: no player is named 'Nobody'\n"),
    (["merge", "Nobody", "Ben"], "beans: no player is named 'Nobody'\n"),
    (["merge", "Ben", "ben"], "beans: Ben and ben are one player already\n"),
    (["rename", "Cleo", "BEN"], "beans: the name BEN is taken: Ben plays under it\n"),
])
def test_a_bad_name_exits_2_with_one_line_and_changes_nothing(data_dir, capsys, args, said):
    assert run(capsys, "players", *args, "--data-dir", data_dir) == (2, "", said)
    code, out, _ = run(capsys, "players", "--json", "--data-dir", data_dir)
    assert all(row["aliases"] == [] for row in json.loads(out))
