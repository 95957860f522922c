"""`beans import` of many files and folders at once, and the honest timeline of an imported
game (issue 50): one summary at the end ("20 games added, 1 stored already, 2 refused: ..."
with each refused file and its reason, exit 2 if any was refused), files read and checked
off the main thread, progress on a terminal; a game imported from a final score file tells
one entry, "Imported: final scores", never moves nobody made."""

from __future__ import annotations

import json
import threading

from companion.cli import files
from companion.backup import make_backup
from companion.cli import main
from companion.session import Games
from companion.storage import Repository


def bohnanza(coins: int) -> dict:
    return {"format": "beans-score/1", "game": "bohnanza", "players": [
        {"name": "Ann", "coins": coins, "third_field": False}, {"name": "Ben", "coins": 3, "third_field": False},
        {"name": "Cleo", "coins": 5, "third_field": True}]}


SPACE_BEANS = {
    "format": "beans-score/1", "game": "space-beans", "players": ["Allister", "Sol"], "ended_by": "Allister",
    "trophies": {"Allister": [{"bean": "klingbohnen", "value": 9}, {"bean": "bohrion", "value": 9},
                              {"bean": "beanliens", "value": 8}, {"bean": "moonbohnen", "value": 7}],
                 "Sol": [{"bean": "bluebeans", "value": 4}]},
    "collections": {"Allister": [{"bean": "klingbohnen", "values": [1, 2, 3]}],
                    "Sol": [{"bean": "darth-beans", "values": [5]}]},
}


def folder_of_files(tmp_path, count=20):
    folder = tmp_path / "files"
    folder.mkdir()
    for n in range(count):
        (folder / f"game-{n:02}.json").write_text(json.dumps(bohnanza(n)))
    (folder / "again.json").write_text(json.dumps(bohnanza(0)))  # the same game as game-00
    (folder / "torn.json").write_text('{"format": "beans-score/1",\n "game": "bohnanza\n}')
    (folder / "notes.txt").write_text("not looked at: a folder gives its *.json and *.zip")
    return folder


def test_a_folder_and_files_are_imported_at_once_with_one_summary(tmp_path, capsys):
    folder = folder_of_files(tmp_path)
    space = tmp_path / "space.json"
    space.write_text(json.dumps(SPACE_BEANS))
    code = main(["import", str(folder), str(space), str(tmp_path / "missing.json"), "--data-dir", str(tmp_path / "d")])
    out, err = capsys.readouterr()
    assert code == 2 and err == ""
    lines = out.splitlines()
    assert lines[0] == "21 games added, 1 stored already, 2 refused:"
    assert lines[1:] == [f"  {folder / 'torn.json'}: not JSON: line 2: a string is not closed",
                         f"  {tmp_path / 'missing.json'}: cannot read: No such file or directory"]
    assert len(Repository(tmp_path / "d", read_only=True).stored_ids()) == 21


def test_a_second_import_of_the_same_folder_adds_nothing_and_exits_0(tmp_path, capsys):
    folder = folder_of_files(tmp_path, count=3)
    (folder / "torn.json").unlink()
    assert main(["import", str(folder), "--data-dir", str(tmp_path / "d")]) == 0
    assert main(["import", str(folder), "--data-dir", str(tmp_path / "d")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["3 games added, 1 stored already", "0 games added, 4 stored already"]


def test_backups_in_a_folder_are_restored_with_the_score_files(tmp_path, capsys):
    source = Games(Repository(tmp_path / "source"))
    source.files.import_file(SPACE_BEANS)
    source.files.import_file(bohnanza(7))
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "backup.zip").write_bytes(make_backup(source))
    source.repo.close()
    (folder / "one.json").write_text(json.dumps(bohnanza(8)))
    assert main(["import", str(folder), "--data-dir", str(tmp_path / "d")]) == 0
    assert capsys.readouterr().out == "3 games added, 0 stored already\n"


def test_files_are_read_and_checked_off_the_main_thread(tmp_path, monkeypatch, capsys):
    folder = folder_of_files(tmp_path, count=4)
    threads = set()
    prepare = files.prepare

    def watched(source):
        threads.add(threading.current_thread() is threading.main_thread())
        return prepare(source)

    monkeypatch.setattr(files, "prepare", watched)
    assert main(["import", str(folder), "--data-dir", str(tmp_path / "d")]) == 2
    assert threads == {False}


def test_progress_shows_on_a_terminal_only(tmp_path, monkeypatch, capsys):
    folder = folder_of_files(tmp_path, count=3)
    assert main(["import", str(folder), "--data-dir", str(tmp_path / "d")]) == 2
    assert capsys.readouterr().err == ""  # a file or a pipe: no progress
    monkeypatch.setattr(files.sys.stderr, "isatty", lambda: True)
    assert main(["import", str(folder), "--data-dir", str(tmp_path / "e")]) == 2
    err = capsys.readouterr().err
    assert "\rImporting 5 of 5" in err and err.endswith("\r\x1b[K")


def test_standard_input_is_imported_alone(tmp_path, capsys):
    assert main(["import", "-", str(tmp_path), "--data-dir", str(tmp_path / "d")]) == 2
    assert capsys.readouterr().err == "beans: - (standard input) is one file: import it alone\n"


def test_too_many_files_are_refused_before_any_is_read(tmp_path, monkeypatch, capsys):
    folder = folder_of_files(tmp_path, count=3)
    monkeypatch.setattr(files, "MAX_FILES_AT_ONCE", 4)
    assert main(["import", str(folder), "--data-dir", str(tmp_path / "d")]) == 2
    assert capsys.readouterr().err == "beans: more than 4 files at once; import them in parts\n"
    assert not (tmp_path / "d").exists()


def test_an_imported_game_tells_one_entry_its_final_scores(tmp_path, capsys):
    """Issue 50: "Allister started an open collection: Klingbohnen 9, 1, 2, 3 ..." was a move
    nobody made; the file records only the end."""
    games = Games(Repository(tmp_path))
    game_id = games.files.import_file(SPACE_BEANS)
    (moment,) = games.timeline(game_id)
    assert moment.what == "Imported: final scores" and moment.imported
    assert dict(moment.totals) == {"Allister": 39, "Sol": 4}  # 33 in trophies, 3 Bohnus, 3 for the collection
    games.repo.close()
    assert main(["timeline", "--json", "--data-dir", str(tmp_path), game_id]) == 0
    told = json.loads(capsys.readouterr().out)
    assert list(told)[:3] == ["id", "game", "players"] and told["id"] == game_id
    assert told["game"] == "space-beans" and told["players"] == ["Allister", "Sol"] and told["imported"] is True
    assert [e["what"] for e in told["entries"]] == ["Imported: final scores"]


def test_timeline_json_names_the_sheet_or_deck_and_the_day_played(tmp_path, capsys):
    games = Games(Repository(tmp_path))
    two = {"format": "beans-score/1", "game": "bohnanza", "deck": "rio-grande", "played": "2026-11-30",
           "players": [{"name": "Ann", "coins": 4, "third_field": False}, {"name": "Ben", "coins": 6, "third_field": False}]}
    game_id = games.files.import_file(two)
    played_here = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cleo"]})
    games.repo.close()
    assert main(["timeline", "--json", "--data-dir", str(tmp_path), game_id]) == 0
    told = json.loads(capsys.readouterr().out)
    assert (told["deck"], told["played"]) == ("rio-grande", "2026-11-30")
    assert main(["timeline", "--json", "--data-dir", str(tmp_path), played_here]) == 0
    told = json.loads(capsys.readouterr().out)
    assert told["imported"] is False and told["entries"] == [] and told["players"] == ["Ann", "Ben", "Cleo"]
