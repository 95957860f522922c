"""Every `beans` command's failure is one plain line on stderr (issue 50): exit 2 for the
user's input (a missing folder, a bad port, a data directory that is a file, a damaged
file), exit 1 only for the machine's own faults, and never a traceback's words; a closed
pipe ends quietly with exit 0, as `head` expects."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from companion.cli import scores, shared
from companion.cli import main

TRACEBACK_WORDS = re.compile(r"Traceback|[A-Z][a-z]+(Error|Exception)\b|Errno|\bat at\b")

DAMAGED = '{"format": "beans-score/1",\n "game": "bohnanza",\n "players": [\n  "Ann\n'


@pytest.fixture
def places(tmp_path):
    """A file where a folder is expected, a damaged score file and a folder that is not there."""
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    damaged = tmp_path / "damaged.json"
    damaged.write_text(DAMAGED)
    return {"file": str(a_file), "damaged": str(damaged), "missing": str(tmp_path / "no-such-dir"),
            "data": str(tmp_path / "data")}


# (the command line, what its one line says); {name} is one of the places above
BAD_INPUT = [
    (["serve", "--port", "99999"], "a port is a number from 1 to 65535"),
    (["serve", "--port", "http"], "a port is a number from 1 to 65535"),
    (["serve", "--data-dir", "{file}"], "not a folder"),
    (["score", "{missing}/x.json"], "cannot read: No such file or directory"),
    (["score", "{damaged}"], "line 4: a string is not closed"),
    (["list", "--data-dir", "{file}"], "not a folder"),
    (["list", "--since", "yesterday"], "write YYYY-MM-DD"),
    (["list", "--game", "chess"], "no game 'chess'"),
    (["timeline", "nope", "--data-dir", "{data}"], "no game 'nope'"),
    (["timeline", "nope", "--data-dir", "{file}"], "not a folder"),
    (["export", "nope", "--data-dir", "{data}"], "no game 'nope'"),
    (["export", "nope", "--data-dir", "{file}"], "not a folder"),
    (["import", "{missing}/x.json", "--data-dir", "{data}"], "cannot read: No such file or directory"),
    (["import", "{damaged}", "--data-dir", "{data}"], "line 4: a string is not closed"),
    (["import", "{damaged}", "--data-dir", "{file}"], "not a folder"),
    (["backup", "-o", "{missing}/b.zip", "--data-dir", "{data}"], "cannot write: No such file or directory"),
    (["delete", "nope", "--data-dir", "{data}"], "no game 'nope'"),
    (["restore", "nope", "--data-dir", "{data}"], "no game 'nope' in the bin"),
    (["bin", "--data-dir", "{file}"], "not a folder"),
    (["schema", "extra"], "unrecognized arguments"),
    (["no-such-command"], "invalid choice"),
]


@pytest.mark.parametrize("argv, said", BAD_INPUT, ids=[" ".join(a) for a, _ in BAD_INPUT])
def test_every_command_refuses_bad_input_in_one_plain_line(argv, said, places, capsys):
    argv = [part.format(**places) for part in argv]
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own refusals
        code = exit_.code
    out, err = capsys.readouterr()
    assert code == 2, err
    assert out == "" and err.count("\n") == 1 and err.startswith("beans"), err
    assert said in err, err
    assert not TRACEBACK_WORDS.search(err), err


def test_export_into_a_missing_folder_says_it_cannot_write(tmp_path, capsys):
    from companion.session import Games
    from companion.storage import Repository

    games = Games(Repository(tmp_path / "data"))
    game_id = games.files.import_file({"format": "beans-score/1", "game": "bohnanza", "players": [
        {"name": "Ann", "coins": 3, "third_field": False}, {"name": "Ben", "coins": 4, "third_field": False},
        {"name": "Cleo", "coins": 5, "third_field": False}]})
    games.repo.close()
    target = tmp_path / "no-such-dir" / "x.json"
    assert main(["export", game_id, "-o", str(target), "--data-dir", str(tmp_path / "data")]) == 2
    _out, err = capsys.readouterr()
    assert err == f"beans: {target}: cannot write: No such file or directory\n"


def test_a_fault_of_the_machine_is_exit_1_in_plain_words(monkeypatch, capsys):
    def disk_fails(_args):
        raise OSError(5, "Input/output error", "/data/games/x.json")

    monkeypatch.setattr(scores, "cmd_schema", disk_fails)
    assert main(["schema"]) == 1
    assert capsys.readouterr().err == "beans: /data/games/x.json: Input/output error\n"

    def breaks(_args):
        raise KeyError("x")

    monkeypatch.setattr(scores, "cmd_schema", breaks)
    assert main(["schema"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "please report it" in err and not TRACEBACK_WORDS.search(err)


def test_a_closed_pipe_ends_quietly_with_exit_0():
    """`beans schema | head -0`: the reader is gone before anything is written."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "companion", "schema"], stdout=write,
                              stderr=subprocess.PIPE, timeout=30)
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, b"")


def test_listed_times_are_local_with_their_zone_named(tmp_path, capsys, monkeypatch):
    from companion.session import Games
    from companion.storage import Repository

    monkeypatch.setenv("TZ", "Europe/Berlin")
    import time
    time.tzset()
    try:
        games = Games(Repository(tmp_path))
        game_id = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cleo"]})
        created = games.repo.load(game_id).created
        games.repo.close()
        assert main(["list", "--data-dir", str(tmp_path)]) == 0
        out = capsys.readouterr().out
        assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d CET", out), out
        assert shared.local_time(created, zone=True).endswith(" CET")
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
