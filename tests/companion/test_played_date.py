"""A game's date is when it was played (issue 49): a score file's ``played``, else its
first entry; Home, Statistics, ``beans list`` and ``--since`` go by it, not by the day
it was imported."""

import json
from datetime import datetime

from companion.cli import main
from companion.session import Games
from companion.storage import FINISHED, Repository, played_since
from companion.storage.played import day_played

BOHNANZA = {
    "format": "beans-score/1", "game": "bohnanza",
    "players": [{"name": "Eamon", "coins": 14, "third_field": True},
                {"name": "Fiona", "coins": 9, "third_field": False},
                {"name": "Gwen", "coins": 11, "third_field": False}],
}


def imported(games: Games, played: str | None, coins: int) -> str:
    data = json.loads(json.dumps(BOHNANZA))
    data["players"][0]["coins"] = coins
    if played:
        data["played"] = played
    return games.files.import_file(data)


def test_an_imported_game_lists_on_the_day_its_file_says_and_since_goes_by_it(tmp_path, capsys):
    games = Games(Repository(tmp_path))
    january = imported(games, "2026-01-15", 14)
    november = imported(games, "2026-11-20", 15)
    undated = imported(games, None, 16)  # no date in the file: when it was stored
    games.repo.close()
    assert main(["list", "--json", "--since", "2026-11-01", "--data-dir", str(tmp_path)]) == 0
    since = [row["id"] for row in json.loads(capsys.readouterr().out)]
    assert sorted(since) == sorted([november, undated])
    assert main(["list", "--data-dir", str(tmp_path)]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    assert " 2026-01-15 " in lines[january] and " 2026-11-20 " in lines[november]


def test_the_newest_played_game_lists_first_whatever_order_they_were_imported_in(tmp_path):
    games = Games(Repository(tmp_path))
    later = imported(games, "2026-06-01", 14)
    earlier = imported(games, "2026-02-01", 15)
    assert [s.id for s in games.summaries(FINISHED)] == [later, earlier]
    assert [s.id for s in games.summaries(played_since("2026-03-01T00:00:00+00:00"))] == [later]


def test_a_game_played_here_is_dated_by_its_first_entry(tmp_path):
    games = Games(Repository(tmp_path))
    game_id = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cleo"]})
    games.dispatch(game_id, {"kind": "take-card", "round": 1, "player": "Ann", "card": "red-3"})
    record = games.repo.load(game_id)
    summary = next(s for s in games.summaries() if s.id == game_id)
    assert summary.played == record.log[0]["at"]


def test_a_played_day_stands_for_noon_of_that_day_here():
    moment = datetime.fromisoformat(day_played("2026-03-04") or "").astimezone()
    assert (moment.date().isoformat(), moment.hour) == ("2026-03-04", 12)
    assert day_played("04.03.2026") is None
