"""Phones around one table commit at once: no entry and no game is lost."""

import threading

import pytest

from companion.session import Games
from companion.storage import Repository
from sheets.game import fold
from sheets.nicht_die_bohne import RULES

PLAYERS = ["Alex", "Beate", "Claudia", "Dirk"]
THREADS, COMMITS = 8, 200


def run_all(target, count=THREADS):
    barrier = threading.Barrier(count)
    errors = []

    def run(n):
        barrier.wait()  # all start together
        try:
            target(n)
        except BaseException as exc:  # reported below, with the thread that hit it
            errors.append((n, exc))

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]


@pytest.mark.slow("8 threads commit 200 entries each to one game, every one written and fsynced")
def test_eight_phones_committing_to_one_game_lose_no_entry(tmp_path):
    games = Games(Repository(tmp_path))
    gid = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    games.dispatch(gid, {"kind": "take-card", "round": 1, "player": "Alex", "card": "red-3"})

    def phone(n):
        for k in range(COMMITS):
            chip = {"kind": "bean-chip", "round": 1, "player": PLAYERS[(n + k) % len(PLAYERS)]}
            games.dispatch(gid, chip, by=f"{n}:{k}")

    run_all(phone)
    games.repo.close()

    games = Games(Repository(tmp_path))
    log = games.record(gid).log[1:]
    assert len(log) == THREADS * COMMITS
    for n in range(THREADS):  # each phone's entries all there, in the order it sent them
        assert [e["by"] for e in log if e["by"].startswith(f"{n}:")] == [f"{n}:{k}" for k in range(COMMITS)]
    last = log[-1]["action"]["player"]
    assert games.state(gid).rounds[0].chip_last == last
    assert games.state(gid) == fold(RULES, {"players": PLAYERS}, [e["action"] for e in games.record(gid).log])


def test_games_started_at_the_same_time_are_all_listed(tmp_path):
    games = Games(Repository(tmp_path))
    started = [[] for _ in range(THREADS)]

    def start(n):
        for _ in range(10):
            started[n].append(games.new_game("nicht-die-bohne", {"players": [f"P{n}", "Q", "R"]}))

    run_all(start)
    games.repo.close()

    reopened = Games(Repository(tmp_path))
    assert {s.id for s in reopened.repo.summaries()} == {gid for ids in started for gid in ids}
    assert len(reopened.summaries()) == THREADS * 10
