"""Commit latency against the number of stored games (issue 3). Prints JSON lines.

For 10, 100 and 1000 stored finished games: the median time of ``Games.dispatch`` (a
card taken or put back in a game being played: validate, fold, write atomically with
fsync and a backup); of starting a new game; and of listing the games right after (the
home screen, which then writes the index). The baseline of a commit is a plain
``json.dump`` of the same game document, timed right after each commit; that of a
listing is a plain ``json.dump`` of the summaries listed. The three data directories are open at once and committed to in turn, so that
other load on the machine hits them alike. Never a pass/fail test: see the figures.

Issue 33: a phone on Home draws again on every change at the table. ``home_draws`` times
that draw (from the change to Home's last message, in-process phones of testkit.harness)
with 1,000 stored games and 1,000 in the bin against 10 and 10; target 3 (the draw must
not grow with the games stored: Home shows each part a page at a time and reads each
binned file once).
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncio  # noqa: E402

from companion.session import Games  # noqa: E402
from companion.storage import Repository  # noqa: E402
from companion.ui.app import make_main  # noqa: E402
from testkit.harness import Table  # noqa: E402

SIZES = (10, 100, 1000)
# Issue 37: through TinyDB, a commit at most 2.5x a json.dump of the game, as flat from 10 to
# 1,000 stored games as noise allows; listing at 1,000 games at most 1.5x a json.dump of the list.
COMMIT_TARGET, FLAT_TARGET, LISTING_TARGET = 2.5, 1.25, 1.5
COMMITS = 300
NEW_GAMES = 30
BOHNANZA = {
    "format": "beans-score/1", "game": "bohnanza",
    "players": [{"name": "Eamon", "coins": 14, "third_field": True},
                {"name": "Fiona", "coins": 9, "third_field": False},
                {"name": "Gwen", "coins": 11, "third_field": False}],
}
PLAYERS = ["Alex", "Beate", "Claudia", "Dirk"]


def stored_games(data_dir: Path, count: int) -> Games:
    """A data directory with ``count`` finished games (copies of one imported game)."""
    games = Games(Repository(data_dir))
    first = games.files.import_file(BOHNANZA)
    source = games.repo.game_path(first)
    doc = json.loads(source.read_text())
    for n in range(1, count):
        gid = f"{n:08x}"
        doc["game"]["1"]["id"] = gid
        games.repo.game_path(gid).write_text(json.dumps(doc))
    games.repo.close()
    games = Games(Repository(data_dir))
    assert len(games.summaries()) == count  # the index is built once, here
    return games


def binned_games(games: Games, count: int) -> None:
    """``count`` games in the bin (copies of one deleted game, each deleted now)."""
    first = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    games.bin.delete(first)
    source = games.repo.trash_dir / f"{first}.json"
    doc = json.loads(source.read_text())
    for n in range(1, count):
        gid = f"b{n:07x}"
        doc["game"]["1"]["id"] = gid
        (games.repo.trash_dir / f"{gid}.json").write_text(json.dumps(doc))


async def home_draws(games: Games, draws: int) -> list[float]:
    """Milliseconds from a change in a game to the last message of a phone on Home."""
    playing = games.new_game("nicht-die-bohne", {"players": PLAYERS})
    async with Table() as table:
        phone = await table.open(make_main(games), "/", "a phone on Home")
        times = []
        for k in range(draws):
            kind = "take-card" if k % 2 == 0 else "return-card"
            start = time.perf_counter()
            games.dispatch(playing, {"kind": kind, "round": 1, "player": PLAYERS[0], "card": "red-3"})
            await table.quiet()
            times.append((phone.last - start) * 1000)
    return times


def home_lines(root: Path) -> None:
    sizes = (10, 1000)
    medians = {}
    for n in sizes:
        games = stored_games(root / f"home-{n}", n)
        binned_games(games, n)
        games.bin.listing()  # the first draw reads the bin once
        medians[n] = statistics.median(asyncio.run(home_draws(games, 30))[5:])
        games.repo.close()
    print(json.dumps({"name": f"storage: Home drawn again after a change, {sizes[1]} stored and {sizes[1]} binned "
                      f"games (vs {sizes[0]} and {sizes[0]})", "value": round(medians[sizes[1]], 2), "unit": "ms",
                      "baseline": round(medians[sizes[0]], 2),
                      "ratio": round(medians[sizes[1]] / medians[sizes[0]], 2), "target": 3}))


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def plain_dump(games: Games, gid: str, scratch: Path) -> float:
    doc = {"game": {"1": games.record(gid).to_doc()}}

    def dump():
        with open(scratch, "w", encoding="utf-8") as handle:
            json.dump(doc, handle)

    return timed(dump)


def line(name: str, value: float, unit: str, baseline: float, target: float | None = None) -> None:
    print(json.dumps({"name": name, "value": round(value, 3), "unit": unit, "baseline": round(baseline, 3),
                      "ratio": round(value / baseline, 2), **({"target": target} if target else {})}))


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="beans-bench-"))
    try:
        stores = {n: stored_games(root / str(n), n) for n in SIZES}
        playing = {n: g.new_game("nicht-die-bohne", {"players": PLAYERS}) for n, g in stores.items()}
        commit = {n: [] for n in SIZES}
        dump = {n: [] for n in SIZES}
        for k in range(COMMITS):
            kind = "take-card" if k % 2 == 0 else "return-card"
            action = {"kind": kind, "round": 1, "player": PLAYERS[k // 2 % 4], "card": "red-3"}
            for n, games in stores.items():
                commit[n].append(timed(lambda: games.dispatch(playing[n], action)))
                dump[n].append(plain_dump(games, playing[n], root / f"plain-{n}.json"))

        new = {n: [] for n in SIZES}
        listing = {n: [] for n in SIZES}
        listing_dump = {n: [] for n in SIZES}
        for _ in range(NEW_GAMES):
            for n, games in stores.items():
                new[n].append(timed(lambda: games.new_game("nicht-die-bohne", {"players": PLAYERS})))
                listing[n].append(timed(games.summaries))
                rows = [s.as_json() for s in games.summaries()]
                with open(root / f"plain-list-{n}.json", "w", encoding="utf-8") as handle:
                    listing_dump[n].append(timed(lambda: json.dump(rows, handle)))

        median = {n: statistics.median(commit[n][10:]) for n in SIZES}  # after warming up
        for n in SIZES:
            line(f"storage: commit with {n} stored games (vs json.dump of the game)", median[n], "ms",
                 statistics.median(dump[n][10:]), target=COMMIT_TARGET)
        line(f"storage: commit with {SIZES[-1]} vs {SIZES[0]} stored games", median[SIZES[-1]], "ms",
             median[SIZES[0]], target=FLAT_TARGET)
        for n in SIZES:
            line(f"storage: new game with {n} stored games (vs commit)", statistics.median(new[n]), "ms",
                 median[n])
        for n in SIZES:
            line(f"storage: list games after a change, writing the index, {n} stored games "
                 "(vs json.dump of the list)", statistics.median(listing[n]), "ms",
                 statistics.median(listing_dump[n]), target=LISTING_TARGET if n == SIZES[-1] else None)
        for games in stores.values():
            games.repo.close()
        home_lines(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
