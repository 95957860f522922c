"""Kill -9 at any moment: every commit a writer reported done is still there afterwards.

A helper process imports the app once and forks one writer per round; the writer plays
games through ``Games`` on a real data directory (entries, undo and redo, finishing
games, starting new ones) and prints each commit once ``Games`` has returned. The test
SIGKILLs it after a random delay, opens the store and checks it.
"""

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from companion.session import Games, summary_of
from companion.storage import Repository
from sheets.game import fold
from sheets.nicht_die_bohne import DECK, RULES

KILLS = 220
PLAYERS = ["Alex", "Beate", "Claudia"]
CARDS = [str(card) for card, copies in DECK.items() for _ in range(copies)]
# A whole game in nine entries: each player's 20 cards per round, the deck shifted each round.
SCRIPT = [
    {"kind": "enter-cards", "round": r + 1, "player": p,
     "cards": (CARDS[r * 7:] + CARDS[:r * 7])[i * 20:(i + 1) * 20]}
    for r in range(3) for i, p in enumerate(PLAYERS)
]

WRITER = textwrap.dedent("""
    import json, os, sys, traceback
    from companion.session import Games
    from companion.storage import Repository

    SCRIPT, PLAYERS = json.loads(sys.argv[1]), json.loads(sys.argv[2])

    def report(*words):  # one write per line: lines of writer and helper never interleave
        os.write(1, (" ".join(map(str, words)) + "\\n").encode())

    def write(data_dir):
        games = Games(Repository(data_dir))
        open_games = [s.id for s in games.summaries() if not s.finished]
        gid = open_games[0] if open_games else None
        step = 0
        while True:
            if gid is None or (len(games.record(gid).log) == len(SCRIPT) and not games.can_redo(gid)):
                report("try-new")
                gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
                report("new", gid)
            record = games.record(gid)
            log, redo = len(record.log), len(record.redo)
            if redo:
                report("try", gid, log + 1, redo - 1)
                games.redo(gid)
            elif step % 3 == 2 and log:
                report("try", gid, log - 1, redo + 1)
                games.undo(gid)
            else:
                report("try", gid, log + 1, 0)
                games.dispatch(gid, SCRIPT[log])
            record = games.record(gid)
            report("done", gid, len(record.log), len(record.redo))
            step += 1

    def warm_up():  # in a scratch directory: the forked writers start with everything loaded
        import tempfile
        from pathlib import Path
        with tempfile.TemporaryDirectory() as scratch:
            games = Games(Repository(Path(scratch)))
            gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
            for action in SCRIPT:
                games.dispatch(gid, action)
            games.undo(gid), games.redo(gid), games.summaries()
            games.repo.close()

    warm_up()
    for line in sys.stdin:  # one writer per line, forked: the imports are paid once
        pid = os.fork()
        if pid == 0:
            try:
                write(line.strip())
            except BaseException:
                report("error", json.dumps(traceback.format_exc()))
            finally:
                os._exit(1)
        report("pid", pid)
        _, status = os.waitpid(pid, 0)
        report("reaped", pid, os.waitstatus_to_exitcode(status))
""")


def check_store(data_dir, reports):
    """The store opens; the games written hold the last reported commit (or the one tried)."""
    repo = Repository(data_dir)
    try:
        games = Games(repo)
        summaries = {s.id: s for s in games.summaries()}
        assert set(summaries) == set(repo.stored_ids()) and not repo.damaged_ids()
        touched = {r[1] for r in reports if r[0] in ("try", "done", "new")}
        for gid in touched & set(summaries) | {max(summaries, key=lambda g: summaries[g].created, default=None)} - {None}:
            summary = summaries[gid]  # the index agrees with the game file
            record = games.record(gid)
            assert [e["action"] for e in record.log + record.redo[::-1]] == SCRIPT[:len(record.log) + len(record.redo)]
            assert summary == summary_of(record, fold(RULES, record.setup, [e["action"] for e in record.log]))
        reported = {r[1]: (int(r[2]), int(r[3])) for r in reports if r[0] == "done"}
        for gid, done in reported.items():
            record = games.record(gid)
            stored = (len(record.log), len(record.redo))
            last = reports[-1]
            tried = (int(last[2]), int(last[3])) if last[0] == "try" and last[1] == gid else None
            assert stored in (done, tried), f"game {gid} holds {stored}; the writer reported {done} done"
        if reports and reports[-1][0] == "new":  # a reported new game is there
            assert reports[-1][1] in summaries
    finally:
        repo.close()


def read_until(server, word, reports):
    while True:
        line = server.stdout.readline().split()
        assert line, "the writer helper stopped (or was stopped by the watchdog)"
        if line[0] == word:
            return line
        reports.append(line)


@pytest.mark.slow("200 writer processes killed at random moments, the data directory checked after each")
def test_every_reported_commit_survives_kill_9(tmp_path):
    server = subprocess.Popen(
        [sys.executable, "-c", WRITER, json.dumps(SCRIPT), json.dumps(PLAYERS)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
    )
    watchdog = threading.Timer(240, server.kill)  # a hang fails the test instead of blocking CI
    watchdog.start()
    rng = random.Random(20260501)
    commits = kills = 0
    try:
        for _ in range(KILLS):
            server.stdin.write(f"{tmp_path}\n")
            server.stdin.flush()
            reports = []
            pid = int(read_until(server, "pid", reports)[1])
            time.sleep(rng.uniform(0.0, 0.08))  # the writer runs meanwhile: a random moment to kill
            os.kill(pid, signal.SIGKILL)
            line = read_until(server, "reaped", reports)
            errors = [json.loads(r[1]) for r in reports if r[0] == "error"]
            assert not errors, errors[0]
            assert int(line[2]) == -signal.SIGKILL, "the writer stopped on its own"
            kills += 1
            commits += sum(r[0] == "done" for r in reports)
            check_store(tmp_path, reports)
    finally:
        watchdog.cancel()
        server.stdin.close()
        server.wait(timeout=30)
    assert kills >= 200
    assert commits >= KILLS, f"only {commits} commits in {kills} kills: the writer barely ran"
    finished = [s for s in Games(Repository(tmp_path, read_only=True)).summaries() if s.finished]
    assert finished, "no game was finished: the index writes were never interrupted"

