"""`beans backup` and `beans import FILE.zip` (companion/backup.py, issue 36): every game, the
bin and the sheet values in one file, restored into another data directory; a damaged or
foreign zip is one line and exit 2, and changes nothing."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from companion.backup import FORMAT, HOLDS_TOKENS, MAX_TOTAL_BYTES, back_up_for, read_backup, restore_for
from companion.cli import main
from companion.session import BIN_DAYS, Games, PhoneGames, this_machine
from companion.storage import Repository
from companion.storage.sheet_values import SheetValues
from sheets.bohnanza import RULES as BOHNANZA
from sheets.errors import RulesError

SCORE = {"format": "beans-score/1", "game": "bohnanza",
         "players": [{"name": "Eamon", "coins": 14, "third_field": True},
                     {"name": "Fiona", "coins": 9, "third_field": False},
                     {"name": "Gwen", "coins": 11, "third_field": False}]}


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def stored(tmp_path) -> tuple[Path, dict[str, list]]:
    """A data directory with a finished game, one in play, one in the bin and a sheet value."""
    data = tmp_path / "data"
    games = Games(Repository(data))
    finished = games.files.import_file(SCORE)
    playing = games.new_game("bohnanza", {"players": ["Ann", "Ben", "Cy"]})
    games.dispatch(playing, {"kind": "plant", "player": "Ann", "field": 1, "bean": "blue", "count": 3})
    binned = games.new_game("bohnanza", {"players": ["Dee", "Eli", "Fay"]})
    games.bin.delete(binned, host=True)
    logs = {game_id: games.record(game_id).log for game_id in (finished, playing)}
    games.repo.close()
    SheetValues(data).put("A", "icons:farm", 6)
    return data, {"games": sorted(logs), "logs": [logs[k] for k in sorted(logs)], "binned": [binned]}


def test_a_backup_restores_every_game_the_bin_and_the_sheet_values(stored, tmp_path, capsys):
    data, kept = stored
    zip_path = tmp_path / "all.zip"
    code, out, err = run(capsys, "backup", "--data-dir", data, "-o", zip_path)
    assert (code, out, err) == (0, f"{zip_path}\n", HOLDS_TOKENS + "\n")  # issue 46: it says what it holds

    other = tmp_path / "other"
    code, out, err = run(capsys, "import", "--data-dir", other, zip_path)
    assert code == 0 and err == ""
    assert out == "3 games restored (1 of them into the bin), 0 stored already and skipped, 1 sheet values added\n"
    games = Games(Repository(other))
    assert sorted(s.id for s in games.summaries()) == kept["games"]
    assert [games.record(game_id).log for game_id in kept["games"]] == kept["logs"]
    assert [b.id for b in games.bin.listing()] == kept["binned"] and games.repo.in_bin(kept["binned"][0], BIN_DAYS)
    assert all(BOHNANZA.players(games.state(game_id)) for game_id in kept["games"])  # they play on
    games.repo.close()
    assert SheetValues(other).of("A") == {"icons:farm": 6}

    # Again: everything is stored already; nothing changes.
    before = sorted(p.name for p in (other / "games").iterdir())
    code, out, _err = run(capsys, "import", "--data-dir", other, zip_path)
    assert code == 0 and out.startswith("0 games restored (0 of them into the bin), 3 stored already and skipped, 0")
    assert sorted(p.name for p in (other / "games").iterdir()) == before


def _zip(files: dict[str, object], manifest: object = None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("backup.json", json.dumps(manifest if manifest is not None else {"format": FORMAT}))
        for name, content in files.items():
            archive.writestr(name, content if isinstance(content, (str, bytes)) else json.dumps(content))
    return out.getvalue()


def _a_game_file(stored_dir: Path) -> tuple[str, dict]:
    path = next((stored_dir / "games").glob("*.json"))
    return path.stem, json.loads(path.read_text(encoding="utf-8"))


def test_a_damaged_or_foreign_zip_is_one_line_and_changes_nothing(stored, tmp_path, capsys):
    data, _kept = stored
    game_id, good = _a_game_file(data)
    unplayable = json.loads(json.dumps(good))
    entries = unplayable["log"]  # the file's table of entries, entry n as document n
    entries[str(len(entries) + 1)] = {"action": {"kind": "harvest", "player": "Nobody", "field": 1},
                                      "at": "2026-12-02T10:00:00+00:00", "by": None}
    cases = {
        "not a zip": b"PK\x03\x04 but nothing after",
        "no manifest format": _zip({f"games/{game_id}.json": good}, manifest={"format": "other/1"}),
        "a path out of the backup": _zip({f"../{game_id}.json": good}),
        "a game under another id": _zip({"games/abcd1234.json": good}),
        "a game whose entries do not play": _zip({f"games/{game_id}.json": unplayable}),
        "not JSON": _zip({f"games/{game_id}.json": "{"}),
    }
    target = tmp_path / "target"
    for why, raw in cases.items():
        path = tmp_path / "bad.zip"
        path.write_bytes(raw)
        code, out, err = run(capsys, "import", "--data-dir", target, path)
        assert code == 2 and out == "" and err.startswith("beans: ") and err.count("\n") == 1, why
        assert not target.exists(), why  # checked whole before the data directory is touched


def test_a_zip_bomb_is_refused_by_what_it_declares(tmp_path, capsys):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("backup.json", json.dumps({"format": FORMAT}))
        for n in range(3):
            archive.writestr(f"games/bomb{n}.json", b"0" * (MAX_TOTAL_BYTES // 2))
    path = tmp_path / "bomb.zip"
    path.write_bytes(out.getvalue())
    code, _out, err = run(capsys, "import", "--data-dir", tmp_path / "target", path)
    assert code == 2 and "larger than" in err and not (tmp_path / "target").exists()


def test_only_the_serving_machines_browser_backs_up_or_restores_everything(stored, tmp_path):
    """Home's "Back up everything" and its import of a backup (issue 36): a backup holds every
    seat's private note and PIN check, so the session lets only the serving machine's own
    browser make or restore one; a phone over the Wi-Fi is refused and nothing is stored."""
    data, kept = stored
    games = Games(Repository(data))
    try:
        phone = PhoneGames(games, "phone-1", here=False)
        assert phone.why_not_everything() == ("only the browser on the machine that serves the table backs up or "
                                              "restores everything")
        with pytest.raises(RulesError, match="only the browser on the machine"):
            back_up_for(phone)
        raw = back_up_for(PhoneGames(games, "laptop", here=True))
    finally:
        games.repo.close()
    other = Games(Repository(tmp_path / "other"))
    try:
        with pytest.raises(RulesError):
            restore_for(PhoneGames(other, "phone-1", here=False), read_backup(raw))
        assert other.summaries() == []
        done = restore_for(PhoneGames(other, "laptop", here=True), read_backup(raw))
        assert (done.added, done.skipped, done.binned) == (3, 0, 1)
        assert sorted(s.id for s in other.summaries()) == kept["games"]
    finally:
        other.repo.close()


def test_the_serving_machine_is_loopback_or_an_address_of_its_own():
    assert this_machine("127.0.0.1") and this_machine("::1") and this_machine("127.0.0.2")
    assert not this_machine("192.0.2.7")  # TEST-NET-1: never an address of this machine
    assert not this_machine("") and not this_machine("phone.local")
