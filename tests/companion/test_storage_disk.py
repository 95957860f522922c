"""A full or read-only disk says so in plain words, and nothing is lost (issue 14)."""

from __future__ import annotations

import errno

import pytest

import companion.storage.atomic
from companion.cli import main
from companion.session import Games
from companion.storage import DiskError, Repository

PLAYERS = ["Alex", "Beate", "Claudia"]


def take(card: str) -> dict:
    return {"kind": "take-card", "round": 1, "player": "Alex", "card": card}


@pytest.mark.parametrize("code, words", [
    (errno.ENOSPC, "The disk is full"),
    (errno.EROFS, "The disk is read-only"),
    (errno.EACCES, "The data directory may not be written"),
])
def test_a_refused_write_says_what_the_disk_did_and_keeps_every_entry(tmp_path, monkeypatch, code, words):
    games = Games(Repository(tmp_path))
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    games.dispatch(gid, take("red-1"))
    before = {p: p.read_bytes() for p in (tmp_path / "games").iterdir()}

    def refuse(path, data, backups=True, limit=None):
        raise OSError(code, "refused")

    monkeypatch.setattr(companion.storage.atomic, "write_atomically", refuse)
    with pytest.raises(DiskError) as caught:
        games.dispatch(gid, take("red-2"))
    assert str(caught.value) == f"{words}: nothing was saved; every earlier entry is safe"
    monkeypatch.undo()

    assert {p: p.read_bytes() for p in (tmp_path / "games").iterdir()} == before
    assert [e["action"] for e in games.record(gid).log] == [take("red-1")]
    games.dispatch(gid, take("red-2"))  # play goes on once the disk takes writes again
    games.repo.close()


def test_beans_import_on_a_full_disk_says_so_in_one_line(tmp_path, monkeypatch, capsys):
    file = tmp_path / "score.json"
    file.write_text('{"format": "beans-score/1", "game": "bohnanza", "players": ['
                    '{"name": "A", "coins": 1, "third_field": false}, {"name": "B", "coins": 2, "third_field": false}, {"name": "C", "coins": 3, "third_field": false}]}')

    def refuse(path, data, backups=True, limit=None):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(companion.storage.atomic, "write_atomically", refuse)
    assert main(["import", "--data-dir", str(tmp_path / "data"), str(file)]) == 1
    err = capsys.readouterr().err
    assert err == "beans: The disk is full: nothing was saved; every earlier entry is safe\n"
