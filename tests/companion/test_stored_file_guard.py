"""Every stored file is read inside one guard (issue 46, item 4): a game file, the index,
the remembered sheet values and a backup's members, damaged in each way bytes can fail
(a number past Python's integer-string limit, nesting deeper than anything stored, NaN,
a number of 10^40, a document id that is not a plain number), is set aside with its
backups offered like any other damage: Home lists the game, `beans list` exits 0, the
game's screen says what can be done; never "Something went wrong"."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest

from companion.backup import BackupError, make_backup, read_backup
from companion.cli import main
from companion.session import Games, PhoneGames, damage_words
from companion.storage import DamagedGame, Repository
from companion.storage.sheet_values import SheetValues, SheetValuesDamaged

PLAYERS = ["Alex", "Beate", "Claudia"]
MARK = '"@@"'  # a value put in place of a number, then replaced by the damage's own text

# How a stored file's bytes can be damaged, as the text that takes the place of a number
# (or, for the document id, of a document's number).
AS_TEXT: dict[str, str] = {
    "5,000 digits (the integer-string limit)": "1" * 5_000,
    "nested 2,000 deep": "[" * 2_000 + "]" * 2_000,
    "NaN": "NaN",
    "Infinity": "-Infinity",
    "10^40": "1" + "0" * 40,
    "1e400": "1e400",
}
DAMAGE = [*AS_TEXT, "a document id 01"]


def damaged(data: dict[str, Any], table: str, doc: str, field: str, how: str) -> bytes:
    """The file ``data`` with ``table``'s document ``doc`` damaged ``how`` (its ``field``)."""
    if how == "a document id 01":
        data[table][f"0{doc}"] = data[table].pop(doc)
        return json.dumps(data).encode()
    data[table][doc][field] = "@@"
    return json.dumps(data).replace(MARK, AS_TEXT[how]).encode()


def damaged_entry(data: dict[str, Any], how: str) -> bytes:
    """A game file with its second entry damaged ``how`` (its round, or its number)."""
    if how == "a document id 01":
        return damaged(data, "log", "2", "action", how)
    data["log"]["2"]["action"]["round"] = "@@"
    return json.dumps(data).replace(MARK, AS_TEXT[how]).encode()


def take(card: str) -> dict[str, Any]:
    return {"kind": "take-card", "round": 1, "player": "Alex", "card": card}


@pytest.fixture
def stored(tmp_path):
    games = Games(Repository(tmp_path))
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    other = games.new_game("nicht-die-bohne", {"players": ["Eve", "Finn", "Gus"]})
    for card in ("red-1", "red-2", "red-3"):
        games.dispatch(gid, take(card))
    games.summaries()
    games.repo.close()
    return tmp_path, gid, other


def home_and_list(data_dir, capsys) -> tuple[set[str], list[Any], str]:
    """The games Home lists, what it shows as set aside, and what `beans list` printed."""
    games = Games(Repository(data_dir, read_only=True))
    phone = PhoneGames(games, "a phone")
    listed, aside = {s.id for s in phone.summaries()}, phone.set_aside()
    capsys.readouterr()
    assert main(["list", "--data-dir", str(data_dir)]) == 0
    return listed, aside, capsys.readouterr().out


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_game_file_is_set_aside_and_its_backup_offered(stored, how, capsys):
    data_dir, gid, other = stored
    path = data_dir / "games" / f"{gid}.json"
    bad = damaged_entry(json.loads(path.read_text()), how)
    path.write_bytes(bad)

    listed, aside, out = home_and_list(data_dir, capsys)
    assert listed == {gid, other} and aside == []  # listed from its backup
    assert gid in out and other in out

    games = Games(Repository(data_dir))
    phone = PhoneGames(games, "a phone")
    with pytest.raises(DamagedGame) as caught:  # the game's screen: damaged, its backup offered
        phone.kind(gid)
    assert caught.value.backup is not None and "newest good backup can be restored" in damage_words(caught.value)
    assert caught.value.kept_as.read_bytes() == bad
    games.repo.restore_backup(gid)
    assert len(games.record(gid).log) == 2
    games.repo.close()


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_game_without_backups_is_listed_as_set_aside(stored, how, capsys):
    data_dir, gid, other = stored
    path = data_dir / "games" / f"{gid}.json"
    for backup in path.parent.glob(f"{gid}.json.bak*"):
        backup.unlink()
    bad = damaged_entry(json.loads(path.read_text()), how)
    path.write_bytes(bad)

    listed, aside, out = home_and_list(data_dir, capsys)
    assert listed == {other} and [a.id for a in aside] == [gid]
    assert "could not be read" in aside[0].said and "no good backup is left" in aside[0].said
    assert f"{gid}  damaged: This game could not be read" in out


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_index_is_set_aside_and_built_again(stored, how, capsys):
    data_dir, gid, other = stored
    path = data_dir / "index.json"
    data = json.loads(path.read_text())
    table = next(name for name in ("playing", "finished") if data.get(name))
    doc = next(iter(data[table]))
    path.write_bytes(damaged(data, table, doc, "totals" if how != "a document id 01" else "", how))

    listed, aside, out = home_and_list(data_dir, capsys)
    assert listed == {gid, other} and aside == [] and gid in out and other in out
    repo = Repository(data_dir)
    games = Games(repo)
    assert {s.id for s in games.summaries()} == {gid, other}
    assert repo.index_kept_as is not None
    repo.close()


@pytest.mark.parametrize("how", DAMAGE)
def test_damaged_sheet_values_are_set_aside_and_their_backup_offered(tmp_path, how):
    store = SheetValues(tmp_path)
    store.put("A", "icons:farm", 6)
    store.put("A", "icons:field", 4)
    path = tmp_path / "sheet-values.json"
    data = json.loads(path.read_text())
    bad = damaged(data, "values", "2", "value", how)
    path.write_bytes(bad)
    with pytest.raises(SheetValuesDamaged) as caught:
        SheetValues(tmp_path).of("A")
    assert caught.value.backup is not None and caught.value.kept_as.read_bytes() == bad


def zip_with(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, raw in files.items():
            archive.writestr(name, raw)
    return out.getvalue()


@pytest.mark.parametrize("how", DAMAGE)
def test_a_damaged_member_of_a_backup_is_refused_in_one_line_naming_it(stored, how):
    data_dir, gid, _other = stored
    games = Games(Repository(data_dir, read_only=True))
    with zipfile.ZipFile(io.BytesIO(make_backup(games))) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    member = f"games/{gid}.json"
    files[member] = damaged_entry(json.loads(files[member]), how)
    with pytest.raises(BackupError) as caught:
        read_backup(zip_with(files))
    said = str(caught.value)
    assert said.startswith(f"{member}: ") and "\n" not in said and len(said) < 300
