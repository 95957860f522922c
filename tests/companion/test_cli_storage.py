"""`beans list`, `beans export` and `beans import` on a data directory (issue 3, score-files.md)."""

import json
import os
import subprocess
import sys

import pytest

from companion.cli import main
from companion.session import BIN_DAYS, Games
from companion.storage import Repository

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
BOHNANZA = {
    "format": "beans-score/1", "game": "bohnanza",
    "players": [{"name": "Eamon", "coins": 14, "third_field": True},
                {"name": "Fiona", "coins": 9, "third_field": False},
                {"name": "Gwen", "coins": 11, "third_field": False}],
}


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def stored(data_dir) -> list[str]:
    return Repository(data_dir, read_only=True).stored_ids()


@pytest.fixture
def data_dir(tmp_path):
    """Two games: one being played, one finished (imported)."""
    directory = tmp_path / "data"
    games = Games(Repository(directory))
    playing = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    games.dispatch(playing, {"kind": "take-card", "round": 1, "player": "Ann", "card": "red-3"})
    finished = games.files.import_file(BOHNANZA)
    games.repo.close()
    return directory, playing, finished


def test_list_shows_every_game_with_its_id(data_dir, capsys):
    directory, playing, finished = data_dir
    code, out, err = run(capsys, "list", "--data-dir", str(directory))
    assert code == 0 and err == ""
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert set(lines) == {playing, finished}
    assert "unfinished" in lines[playing] and "Ann, Ben, Cleo, Dan" in lines[playing]
    assert " finished" in lines[finished] and "Eamon" in lines[finished]


def test_list_json_gives_ids_players_and_winners(data_dir, capsys):
    directory, playing, finished = data_dir
    code, out, _ = run(capsys, "list", "--json", "--data-dir", str(directory))
    rows = {row["id"]: row for row in json.loads(out)}
    assert code == 0 and set(rows) == {playing, finished}
    assert rows[finished]["game"] == "bohnanza" and rows[finished]["finished"]
    assert rows[finished]["winners"] == ["Eamon"]
    assert rows[playing]["players"] == PLAYERS and not rows[playing]["finished"]


def test_list_asks_the_index_for_finished_or_unfinished_games_of_one_game_since_a_day(data_dir, capsys):
    directory, playing, finished = data_dir

    def listed(*options: str) -> list[str]:
        code, out, err = run(capsys, "list", "--json", "--data-dir", str(directory), *options)
        assert code == 0 and err == ""
        return [row["id"] for row in json.loads(out)]

    assert listed("--finished") == [finished]
    assert listed("--unfinished") == [playing]
    assert listed("--game", "bohnanza") == [finished]
    assert listed("--game", "nicht-die-bohne", "--finished") == []
    assert sorted(listed("--since", "2000-01-01")) == sorted([playing, finished])
    assert listed("--since", "2999-01-01") == []
    assert run(capsys, "list", "--since", "2999-01-01", "--data-dir", str(directory)) == (
        0, "No stored game is of that kind.\n", "")


@pytest.mark.parametrize("options, said", [
    (["--game", "chess"], "beans: no game 'chess'; one of bohnanza, gone-with-the-beans"),
    (["--since", "yesterday"], "beans list: argument --since: 'yesterday' is no day; write YYYY-MM-DD"),
    (["--finished", "--unfinished"], "beans list: argument --unfinished: not allowed with argument --finished"),
])
def test_list_refuses_a_wrong_choice_in_one_line(data_dir, capsys, options, said):
    directory, _playing, _finished = data_dir
    try:
        code = main(["list", "--data-dir", str(directory), *options])
    except SystemExit as stopped:  # argparse's own refusals
        code = stopped.code
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith(said) and err.count("\n") == 1


def test_list_of_an_empty_or_missing_data_directory(tmp_path, capsys):
    assert run(capsys, "list", "--data-dir", str(tmp_path / "none")) == (0, "No games stored yet.\n", "")
    assert run(capsys, "list", "--json", "--data-dir", str(tmp_path / "none")) == (0, "[]\n", "")
    assert not (tmp_path / "none").exists()  # listing creates nothing


def test_the_data_directory_comes_from_beans_data_dir_unless_given(data_dir, tmp_path, capsys, monkeypatch):
    directory, playing, finished = data_dir
    monkeypatch.setenv("BEANS_DATA_DIR", str(directory))
    code, out, _ = run(capsys, "list", "--json")
    assert {row["id"] for row in json.loads(out)} == {playing, finished}
    code, out, _ = run(capsys, "list", "--json", "--data-dir", str(tmp_path / "other"))
    assert json.loads(out) == []
    code, out, _ = run(capsys, "export", finished)
    assert code == 0 and json.loads(out) == BOHNANZA


def test_export_writes_the_finished_game_as_a_score_file(data_dir, tmp_path, capsys):
    directory, _, finished = data_dir
    target = tmp_path / "out.json"
    code, out, err = run(capsys, "export", finished, "-o", str(target), "--data-dir", str(directory))
    assert (code, out, err) == (0, "", "")
    assert json.loads(target.read_text()) == BOHNANZA
    code, out, _ = run(capsys, "score", "--json", str(target))  # the exported file scores
    assert code == 0 and json.loads(out)["winners"] == ["Eamon"]


def test_export_of_an_unknown_game_is_one_line_and_exit_2(data_dir, capsys):
    directory, _, _ = data_dir
    code, out, err = run(capsys, "export", "nosuch00", "--data-dir", str(directory))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "nosuch00" in err and "beans list" in err


def test_import_stores_a_score_file_as_a_finished_game(tmp_path, capsys):
    directory = tmp_path / "data"
    source = tmp_path / "in.json"
    source.write_text(json.dumps(BOHNANZA))
    code, out, err = run(capsys, "import", str(source), "--data-dir", str(directory))
    gid = out.strip()
    assert code == 0 and err == "" and stored(directory) == [gid]

    code, out, _ = run(capsys, "list", "--json", "--data-dir", str(directory))
    [row] = json.loads(out)
    assert row["id"] == gid and row["finished"] and row["players"] == ["Eamon", "Fiona", "Gwen"]
    code, out, _ = run(capsys, "export", gid, "--data-dir", str(directory))
    assert json.loads(out) == BOHNANZA


@pytest.mark.parametrize("content, reason", [
    ("{not json", "not JSON"),
    ("", "not JSON"),
    (json.dumps({**BOHNANZA, "format": "beans-score/2"}), "format"),
    (json.dumps({**BOHNANZA, "players": BOHNANZA["players"][:2]}), "players"),
    (json.dumps({**BOHNANZA, "extra": 1}), "unknown key"),
    (json.dumps([1, 2]), "JSON object"),
])
def test_import_of_a_bad_file_is_one_line_exit_2_and_stores_nothing(tmp_path, capsys, content, reason):
    directory = tmp_path / "data"
    source = tmp_path / "bad.json"
    source.write_text(content)
    code, out, err = run(capsys, "import", str(source), "--data-dir", str(directory))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"beans: {source}") and reason in err
    assert stored(directory) == []


def test_import_of_a_missing_file_stores_nothing(data_dir, tmp_path, capsys):
    directory, playing, finished = data_dir
    code, _, err = run(capsys, "import", str(tmp_path / "missing.json"), "--data-dir", str(directory))
    assert code == 2 and err.count("\n") == 1 and "cannot read" in err
    assert stored(directory) == sorted([playing, finished])


def test_the_installed_command_imports_lists_and_exports_with_beans_data_dir(tmp_path):
    source = tmp_path / "in.json"
    source.write_text(json.dumps(BOHNANZA))
    env = {**os.environ, "BEANS_DATA_DIR": str(tmp_path / "data")}

    def beans(*args):
        done = subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                              env=env, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout

    gid = beans("import", str(source)).strip()
    assert [row["id"] for row in json.loads(beans("list", "--json"))] == [gid]
    assert json.loads(beans("export", gid)) == BOHNANZA


def test_delete_moves_a_game_to_the_bin_and_restore_takes_it_back(data_dir, capsys):
    """`beans delete` is the app's Delete from the command line (issue 14, "nothing is lost
    by one tap"): the game waits in the same bin, a phone opening it is told that the
    command line deleted it, and `beans restore` brings it back with every entry."""
    directory, playing, finished = data_dir
    code, out, err = run(capsys, "delete", playing, "--data-dir", str(directory))
    assert (code, err) == (0, "") and "in the bin for 30 days" in out and f"beans restore {playing}" in out
    assert stored(directory) == [finished]
    code, out, _ = run(capsys, "list", "--json", "--data-dir", str(directory))
    assert [row["id"] for row in json.loads(out)] == [finished]
    code, out, _ = run(capsys, "bin", "--data-dir", str(directory))
    assert code == 0 and out.startswith(playing) and "deleted by the command line" in out and "Ann, Ben" in out
    code, out, _ = run(capsys, "bin", "--json", "--data-dir", str(directory))
    assert json.loads(out) == [{"id": playing, "game": "nicht-die-bohne", "created": json.loads(out)[0]["created"],
                                "players": PLAYERS, "deleted_by": "the command line"}]
    games = Games(Repository(directory, read_only=True))
    assert games.bin.deleted_by(playing) == "the command line"  # what a phone showing it is told

    code, out, err = run(capsys, "restore", playing, "--data-dir", str(directory))
    assert (code, err) == (0, "") and playing in out
    assert sorted(stored(directory)) == sorted([playing, finished])
    games = Games(Repository(directory, read_only=True))
    assert len(games.record(playing).log) == 1 and games.bin.deleted_by(playing) is None
    assert run(capsys, "bin", "--data-dir", str(directory)) == (0, "The bin is empty (deleted games are kept 30 days).\n", "")


def test_the_command_line_deletes_and_restores_a_game_phones_sit_at(data_dir, capsys):
    """The host owns the files: a game with seated phones is deleted and restored from the
    command line, though only its host's phone may do either in the app."""
    directory, playing, _ = data_dir
    games = Games(Repository(directory))
    games.seating.claim_seat(playing, "Ann", "1234", "ann's phone")
    games.repo.close()
    assert run(capsys, "delete", playing, "--data-dir", str(directory))[0] == 0
    assert run(capsys, "undelete", playing, "--data-dir", str(directory))[0] == 0
    games = Games(Repository(directory, read_only=True))
    assert games.seat(playing, "ann's phone") == "Ann"  # the table as it was


@pytest.mark.parametrize("command, says", [
    (["delete", "nosuch00"], "no game 'nosuch00' (see beans list)"),
    (["delete", "../index"], "no game '../index' (see beans list)"),
    (["restore", "nosuch00"], "no game 'nosuch00' in the bin (see beans bin)"),
    (["undelete", "a\nb"], "no game 'a\\nb' in the bin (see beans bin)"),
])
def test_delete_or_restore_of_an_unknown_game_is_one_line_exit_2_and_changes_nothing(data_dir, capsys, command, says):
    directory, playing, finished = data_dir
    code, out, err = run(capsys, *command, "--data-dir", str(directory))
    assert (code, out, err) == (2, "", f"beans: {says}\n")
    assert sorted(stored(directory)) == sorted([playing, finished])


def test_restoring_a_game_that_is_not_in_the_bin_is_refused(data_dir, capsys):
    directory, playing, _ = data_dir
    code, _, err = run(capsys, "restore", playing, "--data-dir", str(directory))
    assert code == 2 and "in the bin" in err


def test_delete_help_says_the_game_waits_in_the_bin_for_its_days(capsys):
    with pytest.raises(SystemExit):
        main(["delete", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert f"kept {BIN_DAYS} days" in out and "beans restore" in out
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert f"restorable for {BIN_DAYS} days" in out and "restore (undelete)" in out and "bin" in out


def test_delete_while_a_server_writes_the_data_says_so_and_changes_nothing(data_dir, capsys):
    directory, playing, finished = data_dir
    server = Repository(directory)  # as beans serve holds it
    try:
        code, out, err = run(capsys, "delete", playing, "--data-dir", str(directory))
    finally:
        server.close()
    assert (code, out) == (1, "") and err.count("\n") == 1 and "another Bean Counter" in err
    assert sorted(stored(directory)) == sorted([playing, finished])


LONE = '{"format": "beans-score/1", "game": "bohnanza", "players": [' \
       '{"name": "Ea\\ud800mon", "coins": 14, "third_field": true}, {"name": "Fiona", "coins": 9, ' \
       '"third_field": false}, {"name": "Gwen", "coins": 11, "third_field": false}]}'


@pytest.mark.parametrize("command", [["score"], ["score", "--json"], ["import", "--data-dir", "DATA"]])
@pytest.mark.parametrize("where", ["a name", "a key"])
def test_a_lone_surrogate_is_bad_input_exit_2_in_one_line(tmp_path, capsys, command, where):
    """Issue 33: "\\ud800" is valid JSON but no character: no terminal or file can write it.
    It is refused like any bad file (exit 2, one line), and nothing is stored."""
    source = tmp_path / "lone.json"
    source.write_text(LONE if where == "a name" else LONE.replace('"coins": 9', '"co\\udfffins": 9'))
    args = [str(tmp_path / "data") if word == "DATA" else word for word in command]
    code, out, err = run(capsys, *args, str(source))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"beans: {source}: ") and "lone surrogate" in err
    assert stored(tmp_path / "data") == []


def test_list_of_a_data_directory_with_a_directory_for_a_game_answers(data_dir, capsys):
    """Issue 33: `beans list` exited 1 on a directory named like a game file."""
    directory, playing, finished = data_dir
    (directory / "games" / "0a0a0a0a.json").mkdir()
    code, out, err = run(capsys, "list", "--data-dir", str(directory))
    assert code == 0 and playing in out and finished in out
    assert "0a0a0a0a  damaged: This game could not be read (a directory, not a file)" in out
    code, out, err = run(capsys, "list", "--json", "--data-dir", str(directory))
    assert code == 0 and {row["id"] for row in json.loads(out)} == {playing, finished}
    assert err.startswith("beans: game 0a0a0a0a is damaged and not listed: ") and err.count("\n") == 1
