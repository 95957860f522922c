"""A hostile-input corpus (issue 14, "doors that hold"): every bad file through `beans
score`, `beans import` and the app's upload gets exit 2 (or the upload's refusal), one
line, no traceback, and nothing stored. The limits (sheets/limits.py) are checked before
the heavy work they bound; timings live in bench/, never here."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from hypothesis import given, settings
from hypothesis import strategies as st

import sheets.limits
import sheets.results
from companion import worker
from companion.cli import main
from companion.i18n import translations
from companion.server import SWITCH_INTERVAL, serve
from companion.session import Games
from companion.storage import open_repository
from companion.ui.components import files
from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import _ as say, using
from sheets.limits import MAX_BYTES, MAX_DEPTH, MAX_NAME, MAX_PLAYERS, read_json
from sheets.registry import score
from tests.companion.commands import BEANS

ENVELOPE = {"format": "beans-score/1"}


def bohnanza(*names: str) -> dict[str, Any]:
    return {**ENVELOPE, "game": "bohnanza",
            "players": [{"name": n, "coins": 3, "third_field": False} for n in names]}


def encoded(data: Any) -> bytes:
    return data if isinstance(data, bytes) else json.dumps(data).encode()


CASES: dict[str, Any] = {
    "game is a list": {**ENVELOPE, "game": ["bohnanza"]},
    "game is an object": {**ENVELOPE, "game": {"a": 1}},
    "format is a list": {"format": ["beans-score/1"], "game": "bohnanza"},
    "not an object": [1, 2, 3],
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "just too deep": b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1),
    "100,000-digit number": b'{"format": "beans-score/1", "game": "bohnanza", "players": [{"name": "a", "coins": '
    + b"9" * 100_000 + b"}]}",
    "NaN": b'{"format": "beans-score/1", "game": "bohnanza", "players": [{"name": "a", "coins": NaN}]}',
    "too large": b" " * (MAX_BYTES + 1) + b"{}",
    "not UTF-8": b'{"format": "\xff"}',
    "not JSON": b"{",
    "many Space Beans players": {**ENVELOPE, "game": "space-beans", "players": [f"p{i}" for i in range(100_000)],
                                 "ended_by": None, "trophies": {}, "collections": {}},
    "many Gone with the Beans players": {**ENVELOPE, "game": "gone-with-the-beans", "sheet": "A",
                                         "players": [{"name": f"p{i}", "province": "macadimia"} for i in range(20_000)]},
    "seven Space Beans players": {**ENVELOPE, "game": "space-beans", "players": [f"p{i}" for i in range(7)],
                                  "ended_by": None, "trophies": {}, "collections": {}},
    "a newline and an escape in a name": bohnanza("Ann\nBen\x1b[31m", "Cid", "Dan"),
    "a NUL in a name": bohnanza("Ann\x00", "Cid", "Dan"),
    "a long name": bohnanza("A" * (MAX_NAME + 1), "Cid", "Dan"),
    "a repeated key": b'{"format": "beans-score/1", "game": "bohnanza", "players": '
    b'[{"name": "Ann", "coins": 3, "third_field": false}, {"name": "Ben", "coins": 3, "third_field": false}], '
    b'"players": [{"name": "Cid", "coins": 1, "third_field": false}, {"name": "Dan", "coins": 1, "third_field": false}]}',
    "a repeated key holding a newline": b'{"format": "beans-score/1", "game": "bohnanza", "a\\nb": 1, "a\\nb": 2}',
    "a newline in an unknown key": {**ENVELOPE, "game": "space-beans", "players": ["Ann", "Ben"], "ended_by": None,
                                    "trophies": {"Ann": [], "Ben": [], "Zoe\nboom": []},
                                    "collections": {"Ann": [], "Ben": []}},
}


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def one_refusal(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and err.startswith("beans: ")
    assert "\x1b" not in err and "\x00" not in err
    return err


@pytest.mark.parametrize("case", CASES)
def test_beans_score_refuses_each_hostile_file_with_one_line_exit_2(case, tmp_path, capsys):
    path = tmp_path / "file.json"
    path.write_bytes(encoded(CASES[case]))
    assert main(["score", str(path)]) == 2
    one_refusal(capsys)


@pytest.mark.parametrize("case", CASES)
def test_beans_import_refuses_each_hostile_file_and_stores_nothing(case, tmp_path, data_dir, capsys):
    path = tmp_path / "file.json"
    path.write_bytes(encoded(CASES[case]))
    assert main(["import", "--data-dir", str(data_dir), str(path)]) == 2
    one_refusal(capsys)
    assert main(["list", "--data-dir", str(data_dir)]) == 0
    assert capsys.readouterr().out == "No games stored yet.\n"


def test_a_name_with_a_newline_is_quoted_so_the_line_stays_one(tmp_path, capsys):
    path = tmp_path / "file.json"
    path.write_bytes(encoded(CASES["a newline and an escape in a name"]))
    assert main(["score", str(path)]) == 2
    assert "'Ann\\nBen\\x1b[31m'" in one_refusal(capsys)


def test_the_game_of_a_wrong_type_is_named_not_a_type_error(tmp_path, capsys):
    path = tmp_path / "file.json"
    path.write_bytes(encoded(CASES["game is a list"]))
    assert main(["score", str(path)]) == 2
    err = one_refusal(capsys)
    assert "game: unknown game ['bohnanza']" in err and "TypeError" not in err


def test_the_command_line_reads_utf8_with_a_byte_order_mark(tmp_path, capsys):
    path = tmp_path / "file.json"
    path.write_bytes(b"\xef\xbb\xbf" + encoded(bohnanza("Ann", "Ben", "Cid")))
    assert main(["score", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["winners"] == ["Ann", "Ben", "Cid"]


def test_a_repeated_key_is_refused_naming_it_never_collapsed_to_its_last_value():
    """JSON lets a key repeat and Python keeps the last value silently: a second "players"
    list would replace the first. The doors refuse it instead, naming the key."""
    with pytest.raises(ScoreFileError, match='^the key "players" appears twice in one object'):
        read_json(encoded(CASES["a repeated key"]))
    with pytest.raises(ScoreFileError, match='the key "name" appears twice'):
        read_json(b'{"players": [{"name": "Ann", "name": "Ben"}]}')
    assert read_json(b'{"a": {"b": 1}, "b": {"a": 2}}') == {"a": {"b": 1}, "b": {"a": 2}}  # same key, other objects


def test_the_byte_limit_is_checked_before_parsing(monkeypatch):
    def no_parsing(*args: object, **kwargs: object) -> None:
        raise AssertionError("parsed a file over the byte limit")

    monkeypatch.setattr(sheets.limits.json, "loads", no_parsing)
    with pytest.raises(ValueError, match="larger than"):
        read_json(b" " * (MAX_BYTES + 1))


def test_the_command_line_reads_no_more_than_the_byte_limit(tmp_path, capsys):
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: 1 GB on paper, nothing on the disk
        handle.truncate(1_000_000_000)
    assert main(["score", str(path)]) == 2
    assert "larger than" in one_refusal(capsys)


def test_the_count_of_players_is_checked_before_any_name(monkeypatch, tmp_path, capsys):
    """Space Beans is for 2 to 6 (rulebook: Game Contents): 7 is refused before any name is read."""
    def no_names(*args: object) -> None:
        raise AssertionError("read the names of too many players")

    monkeypatch.setattr(sheets.results, "name_problem_at", no_names)
    for case in ("seven Space Beans players", "many Space Beans players", "many Gone with the Beans players"):
        path = tmp_path / "file.json"
        path.write_bytes(encoded(CASES[case]))
        assert main(["score", str(path)]) == 2
        assert "players" in one_refusal(capsys)


def test_name_checks_are_linear():
    """Duplicate names are found with a set: 50,000 distinct names take one pass."""
    names = [f"p{i}" for i in range(50_000)]
    assert sheets.results.name_problem_at(names) is None
    assert sheets.results.name_problem_at([*names, "p7"]) == (50_000, "p7 is named twice")


def test_limits_are_far_above_a_real_game():
    assert MAX_PLAYERS >= 20 and MAX_BYTES >= 100_000 and MAX_NAME >= 20


def test_the_installed_command_refuses_deep_json_with_one_line(tmp_path):
    path = tmp_path / "deep.json"
    path.write_bytes(encoded(CASES["deep nesting"]))
    for command in (["score", str(path)], ["import", "--data-dir", str(tmp_path / "data"), str(path)]):
        done = subprocess.run([str(BEANS), *command], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1 and "nested more than" in done.stderr
        assert "Traceback" not in done.stderr


# -- the app's upload ---------------------------------------------------------------------


def upload(monkeypatch, raw: bytes, importer, name: str = "hostile.json") -> tuple[Any, list[str | None]]:
    async def picked(title: str, extensions: tuple[str, ...] = ("json",)) -> tuple[str, bytes]:
        return name, raw

    monkeypatch.setattr(files, "upload", picked)
    problems: list[str | None] = []
    result = asyncio.run(files.import_json("Import", lambda: None, score, importer, problems.append))
    return result, problems


@pytest.mark.parametrize("case", CASES)
def test_the_upload_refuses_each_hostile_file_in_one_line(case, reader, monkeypatch, data_dir):
    repo = open_repository(data_dir)
    try:
        games = Games(repo)
        result, problems = upload(monkeypatch, encoded(CASES[case]), games.files.import_file)
        assert result is None
        assert len(problems) == 1 and problems[0] and problems[0].startswith("hostile.json was not imported: ")
        assert "\n" not in problems[0] and "\x1b" not in problems[0]
        assert games.summaries() == []
    finally:
        repo.close()


def test_a_good_upload_is_stored_as_a_game(reader, monkeypatch, data_dir):
    repo = open_repository(data_dir)
    try:
        games = Games(repo)
        result, problems = upload(monkeypatch, encoded(bohnanza("Ann", "Ben", "Cy")), games.files.import_file, "game.json")
        assert problems == [None]
        assert result is not None and result[0] == "game.json"
        assert [s.players for s in games.summaries()] == [("Ann", "Ben", "Cy")]
    finally:
        repo.close()


def accept(data: Any) -> None:
    """A check that accepts every file."""


def test_the_upload_is_imported_off_the_event_loop(reader, monkeypatch):
    """A big upload never stalls the phones: what passed the doors is stored in a thread."""
    seen: list[int] = []

    def importer(data: Any) -> str:
        seen.append(threading.get_ident())
        return "imported"

    async def run() -> Any:
        loop_thread = threading.get_ident()
        result = await files.import_json("Import", lambda: None, accept, importer, lambda problem: None)
        return loop_thread, result

    async def picked(title: str, extensions: tuple[str, ...] = ("json",)) -> tuple[str, bytes]:
        return "good.json", b"\xef\xbb\xbf{}"

    monkeypatch.setattr(files, "upload", picked)
    loop_thread, result = asyncio.run(run())
    assert result == ("good.json", "imported")
    assert seen and seen[0] != loop_thread


def test_the_server_hands_the_interpreter_to_the_phones_loop_soon(monkeypatch, tmp_path):
    """A worker thread importing an upload shares the interpreter lock with the loop that
    serves the phones: beans serve makes it hand the lock back within SWITCH_INTERVAL
    (Python's default 5 ms made a tap during a 1 MB upload several times slower; bench/upload.py)."""
    seen: list[float] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: seen.append(sys.getswitchinterval()))
    before = sys.getswitchinterval()
    try:
        serve(host="127.0.0.1", port=0, data_dir=tmp_path)
    finally:
        sys.setswitchinterval(before)
    assert seen == [pytest.approx(SWITCH_INTERVAL)] and SWITCH_INTERVAL <= 0.0005


# -- a fuzzer -----------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)
GAME = st.sampled_from(["bohnanza", "space-beans", "nicht-die-bohne", "gone-with-the-beans"])


@settings(max_examples=150, deadline=None)
@given(data=st.one_of(
    JSON,
    st.fixed_dictionaries({"format": st.just("beans-score/1"), "game": GAME}, optional={
        "players": JSON, "rounds": JSON, "sheet": JSON, "ended_by": JSON, "trophies": JSON, "collections": JSON,
    }),
))
def test_fuzzed_json_scores_or_is_refused_in_one_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "file.json"
    path.write_text(json.dumps(data))
    assert_one_line_or_scored(path)


@settings(max_examples=100, deadline=None)
@given(raw=st.binary(max_size=200))
def test_fuzzed_bytes_are_refused_in_one_line(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("fuzz") / "file.json"
    path.write_bytes(raw)
    assert_one_line_or_scored(path)


def assert_one_line_or_scored(path: Path) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["score", str(path)])
    assert code in (0, 2), err.getvalue()
    if code == 2:
        assert err.getvalue().count("\n") == 1 and "Traceback" not in err.getvalue()


# --- issue 33: uploads at once are bounded, and a dead worker freezes nothing ----------------

def test_uploads_past_the_bound_at_once_are_refused_busy_in_one_line(monkeypatch):
    """With ``UPLOADS`` files being read, one more is refused with the plain "busy" line
    (it is not queued: twenty at once made the slowest wait 48 s); once they are read,
    the next is read again."""
    released = asyncio.Event()
    started: list[int] = []

    def slow_read(raw: bytes, check: Any, language: str) -> tuple[bool, Any]:
        started.append(1)
        return False, {}

    async def run() -> list[str]:
        outcomes: list[str] = []

        async def one() -> None:
            try:
                await worker.read_checked(b"{}", accept, "en")
                outcomes.append("read")
            except ScoreFileError as exc:
                outcomes.append(str(exc))

        async def held(*args: Any) -> tuple[bool, Any]:
            await released.wait()
            return slow_read(*args)

        monkeypatch.setattr(worker.asyncio, "to_thread", lambda fn, *args: held(*args))
        reading = [asyncio.ensure_future(one()) for _ in range(worker.UPLOADS)]
        await asyncio.sleep(0)
        await one()  # one more while they are read
        released.set()
        await asyncio.gather(*reading)
        await one()  # and one after
        return outcomes

    outcomes = asyncio.run(run())
    assert outcomes == [worker.BUSY] + ["read"] * worker.UPLOADS + ["read"]
    assert len(started) == worker.UPLOADS + 1
    assert worker._reading == [0]


def test_the_busy_line_is_said_in_the_phones_language():
    with using(translations("de")):
        german = say(worker.BUSY)
    worker._reading[0] = worker.UPLOADS
    try:
        with pytest.raises(ScoreFileError) as refused:
            asyncio.run(worker.read_checked(b"{}", accept, "de"))
    finally:
        worker._reading[0] = 0
    assert str(refused.value) == german != worker.BUSY


@pytest.mark.parametrize("why", ["over the phone's bound", "the worker busy"])
def test_a_file_that_would_be_refused_is_never_asked_for(monkeypatch, why):
    """Issue 33: files of 1 MB sent by 20 phones at once slowed every tap, though most were
    refused once they had come. The bounds are asked before the phone is asked for its file."""
    asked: list[str] = []

    async def picked(title: str, extensions: tuple[str, ...] = ("json",)) -> tuple[str, bytes]:
        asked.append(title)
        return "a.json", b"{}"

    def over() -> None:
        raise RulesError("too many score files imported in the last minute: try again in a minute")

    monkeypatch.setattr(files, "upload", picked)
    if why == "the worker busy":
        monkeypatch.setattr(worker, "_reading", [worker.UPLOADS])  # two files being read
    problems: list[str | None] = []
    result = asyncio.run(files.import_json("Import", over if why.startswith("over") else lambda: None, score,
                                           lambda data: data, problems.append))
    assert result is None and asked == []
    assert problems == ["the file was not imported: " + ("too many score files imported in the last minute: try "
                                                         "again in a minute" if why.startswith("over") else
                                                         "The table is busy reading other files: try again in a "
                                                         "moment.")]
