"""One writer per data directory: a second Bean Counter refuses plainly instead of corrupting games."""

import json
import os
import signal
import socket
import subprocess
import sys

import pytest

from companion.session import Games
from companion.storage import DataDirBusy, Repository
from companion.storage.lock import Busy, lock_directory, unlock
from testkit.browser import Server

FINISHED = {
    "format": "beans-score/1", "game": "bohnanza",
    "players": [{"name": "Eamon", "coins": 14, "third_field": True},
                {"name": "Fiona", "coins": 9, "third_field": False},
                {"name": "Gwen", "coins": 11, "third_field": False}],
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def beans(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture
def held(tmp_path):
    """The data directory, held by a running Bean Counter (this process) with one game."""
    repo = Repository(tmp_path)
    gid = Games(repo).new_game("nicht-die-bohne", {"players": ["Alex", "Beate", "Claudia"]})
    yield tmp_path, gid
    repo.close()


def test_a_second_server_on_the_same_data_refuses_to_start(held):
    data_dir, _ = held
    run = beans("serve", "--data-dir", str(data_dir), "--port", str(free_port()))
    assert run.returncode == 1
    assert run.stderr.strip().splitlines()[-1] == (
        f"beans: another Bean Counter (pid {os.getpid()}) is using {data_dir}; "
        "stop it first, or choose another --data-dir"
    )
    assert "Traceback" not in run.stderr


def test_a_second_writer_in_the_same_process_refuses_too(held):
    data_dir, _ = held
    with pytest.raises(DataDirBusy, match="another Bean Counter"):
        Repository(data_dir)


def test_while_a_server_runs_games_can_be_listed_but_not_imported(held, tmp_path_factory):
    data_dir, gid = held
    listed = beans("list", "--json", "--data-dir", str(data_dir))
    assert listed.returncode == 0, listed.stderr
    assert [row["id"] for row in json.loads(listed.stdout)] == [gid]

    score_file = tmp_path_factory.mktemp("files") / "bohnanza.json"
    score_file.write_text(json.dumps(FINISHED))
    imported = beans("import", str(score_file), "--data-dir", str(data_dir))
    assert imported.returncode == 1
    assert imported.stderr.count("\n") == 1 and "another Bean Counter" in imported.stderr
    assert Repository(data_dir, read_only=True).stored_ids() == [gid]


def test_the_lock_is_free_again_once_the_writer_is_gone(tmp_path):
    Repository(tmp_path).close()
    Repository(tmp_path).close()
    child = subprocess.run(
        [sys.executable, "-c", "import sys; from companion.storage import Repository; Repository(sys.argv[1])",
         str(tmp_path)], timeout=60)
    assert child.returncode == 0
    Repository(tmp_path).close()  # the child exited without closing: the OS released its lock


def test_deleting_the_lock_file_does_not_let_a_second_writer_in(held):
    """The lock is on the data directory itself; writer.lock only names the holder."""
    data_dir, _ = held
    (data_dir / "writer.lock").unlink()
    with pytest.raises(DataDirBusy, match="another Bean Counter"):
        Repository(data_dir)
    run = beans("serve", "--data-dir", str(data_dir), "--port", str(free_port()))
    assert run.returncode == 1 and "another Bean Counter" in run.stderr


def test_the_directory_is_free_again_once_the_writer_closes(tmp_path):
    Repository(tmp_path).close()
    Repository(tmp_path).close()


def test_the_lock_itself_refuses_a_second_holder_until_let_go(tmp_path):
    """companion.storage.lock, the one small piece that differs on Windows (msvcrt) and elsewhere (fcntl)."""
    held = lock_directory(tmp_path)
    with pytest.raises(Busy):
        lock_directory(tmp_path)
    unlock(held)
    unlock(lock_directory(tmp_path))


def test_sigterm_stops_the_server_cleanly_and_frees_the_data_directory(tmp_path):
    """Issue 36: a service manager's SIGTERM ends `beans serve` as Ctrl-C does: exit 0,
    its worker ended (no "leaked semaphore" warning), the data directory free at once for
    the next command. Served on 127.0.0.1, the terminal says how the phones join instead
    of sending them to an address no phone reaches."""
    server = Server(tmp_path).start()
    assert server.proc is not None
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(30) == 0
    log = server.log_text()
    assert "leaked" not in log and "Traceback" not in log, log
    assert (f"Open http://127.0.0.1:{server.port} in this machine's browser; "
            "for the phones at the table, start it with beans serve --lan") in log
    Repository(tmp_path).close()  # the lock let go: this process may write now
