"""beans serve reads and checks an upload in a worker process of its own
(companion/worker.py), so that a big file never holds the interpreter lock the phones'
event loop needs (bench/upload.py measures the taps). Where no worker runs, a thread does
the same (tests/companion/test_hostile_input.py runs every hostile file both ways)."""

from __future__ import annotations

import asyncio
import io
import multiprocessing
import os
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

from companion import worker
from companion.backup import make_backup
from companion.session import Games
from companion.storage import Repository
from sheets.errors import ScoreFileError
from sheets.limits import MAX_BYTES

ROOT = Path(__file__).resolve().parents[2]


def refuse_saying_where(data: Any) -> None:
    """A check that refuses every file, naming the process that read it."""
    raise ValueError(f"read in process {os.getpid()}")


def die_unless_in_the_server(data: Any) -> None:
    """A check that ends the worker process reading it, as a crash or the kernel would."""
    if multiprocessing.parent_process() is not None:  # a worker: the server started it
        os._exit(1)
    refuse_saying_where(data)


def reading_process(check) -> int:
    with pytest.raises(ScoreFileError) as refused:
        asyncio.run(worker.read_checked(b"{}", check, "en"))
    return int(str(refused.value).rsplit(" ", 1)[1])


def test_an_upload_is_read_in_the_worker_process_where_one_runs(reader):
    assert (reading_process(refuse_saying_where) != os.getpid()) == (reader == "worker process")


def test_a_worker_that_died_is_replaced_and_its_upload_is_refused_as_busy(reader):
    """A worker process that died is replaced: the upload it was reading is refused with
    the plain "busy" line (never read in the server's own process, which froze the taps),
    the next is read in a new worker."""
    if reader == "worker process":
        with pytest.raises(ScoreFileError) as refused:
            asyncio.run(worker.read_checked(b"{}", die_unless_in_the_server, "en"))
        assert str(refused.value) == worker.BUSY
    else:
        assert reading_process(die_unless_in_the_server) == os.getpid()
    assert (reading_process(refuse_saying_where) != os.getpid()) == (reader == "worker process")


def test_what_passes_comes_back_as_read(reader):
    data = asyncio.run(worker.read_checked('{"name": "Bärbel", "coins": [1, 2]}'.encode(), dict, "en"))
    assert data == {"name": "Bärbel", "coins": [1, 2]}


SERVER = textwrap.dedent("""
    import asyncio, multiprocessing, os
    from companion import worker
    from sheets.registry import score

    async def upload():
        try:
            await worker.read_checked(b"{}", score, "en")
        except ValueError:
            pass

    if __name__ == "__main__":
        worker.start()
        asyncio.run(upload())
        print(*[child.pid for child in multiprocessing.active_children()], flush=True)
        os._exit(0)  # killed: nothing stops the worker
""")


def test_a_killed_server_leaves_no_worker_behind(tmp_path):
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    pids = [int(pid) for pid in done.stdout.split()]
    assert len(pids) == 1, done.stderr
    deadline = time.monotonic() + 20
    while alive(pids[0]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not alive(pids[0])


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_a_file_too_large_is_refused_before_it_is_sent_to_the_worker(reader):
    def never(data: Any) -> None:  # a local function: the worker could not even import it
        raise AssertionError("a file too large was read")

    with pytest.raises(ScoreFileError, match="^larger than 1 MB"):
        asyncio.run(worker.read_checked(b" " * (MAX_BYTES + 1), never, "en"))


def test_a_backup_is_read_whole_in_the_worker_and_a_foreign_zip_refused_in_the_phones_language(reader, tmp_path):
    """Home's import of a backup (issue 36) is read and checked off the phones' loop like a
    score file; a zip that is no backup is refused with the reason, in the phone's language."""
    games = Games(Repository(tmp_path))
    try:
        games.new_game("nicht-die-bohne", {"players": ["Ann", "Bo", "Cy"]})
        raw = make_backup(games)
    finally:
        games.repo.close()
    backup = asyncio.run(worker.read_backup_checked(raw, "en"))
    assert [record.game for record in backup.games] == ["nicht-die-bohne"]
    foreign = io.BytesIO()
    with zipfile.ZipFile(foreign, "w") as archive:
        archive.writestr("photo.jpg", b"\xff\xd8")
    with pytest.raises(ScoreFileError, match="^keine Sicherung von Bean Counter"):
        asyncio.run(worker.read_backup_checked(foreign.getvalue(), "de"))
