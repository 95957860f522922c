"""The printed values remembered per sheet letter, on disk (DEVELOPERS.md: data is sacred;
testing.md, durability tests). Design page, "Printed values the rulebook does not give":
the app remembers what a table entered for that sheet letter."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from tinydb import TinyDB, where

from companion.storage import StorageError
from companion.storage.atomic import AtomicJSONStorage, backup_paths
from companion.storage.sheet_values import (
    FILE_NAME,
    FORMAT,
    SheetValues,
    SheetValuesDamaged,
    json_value,
    read_values,
)
from sheets.gone_with_the_beans.live import Materials

# TEST values a table might read off its sheet; the product ships none of them.
ROOT = Path(__file__).resolve().parents[2]
FARMS = 6
HOUSE = {"thaler": 3, "worker": 1}
MILESTONES = [2, 4, 6, 8]


def stored(tmp_path) -> SheetValues:
    store = SheetValues(tmp_path)
    store.put("A", "icons:farm", FARMS)
    store.put("A", "building-cost:house", HOUSE)
    store.put("B", "milestones", MILESTONES)
    return store


def test_values_roundtrip_per_letter_through_a_fresh_reader(tmp_path):
    stored(tmp_path)
    again = SheetValues(tmp_path)
    assert again.of("A") == {"icons:farm": FARMS, "building-cost:house": HOUSE}
    assert again.of("B") == {"milestones": MILESTONES}
    assert again.of("C") == {}
    values = TinyDB(tmp_path / FILE_NAME, storage=AtomicJSONStorage).table("values")  # TinyDB's own API reads it
    assert values.search(where("sheet") == "A") == [{"sheet": "A", "key": "icons:farm", "value": FARMS},
                                                    {"sheet": "A", "key": "building-cost:house", "value": HOUSE}]
    assert values.get(where("key") == "milestones") == {"sheet": "B", "key": "milestones", "value": MILESTONES}


def test_the_file_of_earlier_versions_is_read_and_written_as_a_table_on_its_first_change(tmp_path):
    """Earlier versions kept one object of sheets (the shape of an exported file)."""
    earlier = {"format": FORMAT, "sheets": {"A": {"icons:farm": FARMS}, "B": {"milestones": MILESTONES}}}
    (tmp_path / FILE_NAME).write_text(json.dumps(earlier))
    store = SheetValues(tmp_path)
    assert store.all() == earlier["sheets"]
    store.put("A", "building-cost:house", HOUSE)
    assert set(json.loads((tmp_path / FILE_NAME).read_text())) == {"values"}
    assert json.loads(backup_paths(tmp_path / FILE_NAME)[0].read_text()) == earlier  # kept as it was
    assert SheetValues(tmp_path).all() == {"A": {"icons:farm": FARMS, "building-cost:house": HOUSE},
                                           "B": {"milestones": MILESTONES}}


def test_no_file_is_no_values_and_writes_nothing(tmp_path):
    assert SheetValues(tmp_path).all() == {}
    assert not (tmp_path / FILE_NAME).exists()


def test_forget_and_the_copies_handed_out_do_not_change_the_store(tmp_path):
    store = stored(tmp_path)
    copy = store.of("A")
    copy["icons:farm"] = 99
    assert store.of("A")["icons:farm"] == FARMS
    store.forget("A", "icons:farm")
    assert SheetValues(tmp_path).of("A") == {"building-cost:house": HOUSE}


def test_json_form_of_engine_values():
    assert json_value(Materials(thaler=3, worker=1)) == {"thaler": 3, "worker": 1}
    assert json_value((2, 4, 6)) == [2, 4, 6]
    assert json_value(7) == 7


def test_every_write_is_atomic_with_rotating_backups(tmp_path):
    stored(tmp_path)  # three writes: the file and the two versions before it
    path = tmp_path / FILE_NAME
    bak1, bak2, bak3 = backup_paths(path)
    assert read_values(bak1) == {"A": {"icons:farm": FARMS, "building-cost:house": HOUSE}}
    assert read_values(bak2) == {"A": {"icons:farm": FARMS}}
    assert not bak3.exists()
    assert not list(tmp_path.glob(".*.tmp"))  # no temporary file left behind


def test_a_failed_write_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    store = stored(tmp_path)
    before = (tmp_path / FILE_NAME).read_bytes()

    def broken(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        store.put("A", "icons:silo", 4)
    monkeypatch.undo()
    assert (tmp_path / FILE_NAME).read_bytes() == before
    assert SheetValues(tmp_path).of("A") == {"icons:farm": FARMS, "building-cost:house": HOUSE}


@pytest.mark.parametrize("bad", [b"", b'{"format": "beans-sheet-values/1", "sheets": {"A": {"ico',
                                 b"\x00\x9fgarbage", b"[1, 2]", b'{"format": "beans-score/1", "sheets": {}}',
                                 b'{"format": "beans-sheet-values/1", "sheets": {"E": {}}}',
                                 b'{"values": {"1": {"sheet": "E", "key": "icons:farm", "value": 6}}}',
                                 b'{"values": {"1": {"sheet": "A", "value": 6}}}', b'{"values": [1]}',
                                 b'{"values": {"one": {"sheet": "A", "key": "icons:farm", "value": 6}}}'])
def test_a_damaged_file_is_set_aside_and_reported_never_read_as_empty(tmp_path, bad):
    stored(tmp_path)
    path = tmp_path / FILE_NAME
    path.write_bytes(bad)
    store = SheetValues(tmp_path)
    with pytest.raises(SheetValuesDamaged) as caught:
        store.of("A")
    err = caught.value
    assert "could not be read" in str(err) and "backup" in str(err)
    assert err.kept_as.name.startswith(f"{FILE_NAME}.corrupt-") and err.kept_as.read_bytes() == bad
    assert err.backup == backup_paths(path)[0]
    with pytest.raises(SheetValuesDamaged):  # it stays reported: no silent reset ...
        store.put("A", "icons:silo", 4)
    with pytest.raises(SheetValuesDamaged, match="found damaged earlier"):  # ... also after a restart
        SheetValues(tmp_path).of("A")
    assert store.restore_backup() == {"A": {"icons:farm": FARMS, "building-cost:house": HOUSE}}  # the newest
    assert SheetValues(tmp_path).of("A") == {"icons:farm": FARMS, "building-cost:house": HOUSE}
    assert err.kept_as.read_bytes() == bad  # still kept to look at


def test_damage_without_a_backup_offers_starting_afresh_only_when_asked(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_bytes(b"{not json")
    store = SheetValues(tmp_path)
    with pytest.raises(SheetValuesDamaged, match="No backup is left"):
        store.all()
    with pytest.raises(StorageError, match="no readable backup"):
        store.restore_backup()
    store.start_afresh()
    assert SheetValues(tmp_path).all() == {}
    assert len(list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))) == 1


def test_read_only_never_writes_or_moves_a_file(tmp_path):
    stored(tmp_path)
    (tmp_path / FILE_NAME).write_bytes(b"garbage")
    with pytest.raises(SheetValuesDamaged):
        SheetValues(tmp_path, read_only=True).all()
    assert (tmp_path / FILE_NAME).read_bytes() == b"garbage"


WRITER = textwrap.dedent("""
    import os, sys
    from companion.storage.sheet_values import SheetValues
    store = SheetValues(sys.argv[1])
    n = 0
    while True:
        n += 1
        store.put("A", "hay-shed:1", n % 30 + 1)
        store.put("B", f"icons:farm", n % 30 + 1)
        os.write(1, f"{n}\\n".encode())
""")


def test_a_kill_at_any_moment_leaves_the_last_reported_write(tmp_path):
    """testing.md, Crash: SIGKILL a writer at random moments; every write it reported is there."""
    for round_ in range(12):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, cwd=ROOT)
        time.sleep(0.3 + (round_ % 4) * 0.07)
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        done = [int(line) for line in out.split()]
        values = SheetValues(tmp_path).all()  # never damaged
        if done:
            n = done[-1]
            assert values["B"]["icons:farm"] in (n % 30 + 1, (n + 1) % 30 + 1)
            assert values["A"]["hay-shed:1"] in (n % 30 + 1, (n + 1) % 30 + 1)
