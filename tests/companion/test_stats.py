"""The statistics screen's numbers (storage issue: games played and won per player
name, best and average totals per game; solitaire ratings apart)."""

from dataclasses import replace

from companion.stats import game_records, player_records, solitaire_records
from companion.storage import Summary


def summary(game, players, totals, finished=True):
    best = max(totals)
    winners = tuple(p for p, t in zip(players, totals) if t == best) if finished else ()
    return Summary(id=str(id(players)), game=game, created="2026-11-29", players=tuple(players),
                   finished=finished, winners=winners, totals=tuple(totals))


GAMES = [
    summary("nicht-die-bohne", ["Ann", "Bo", "Cy"], [40, 25, -5]),
    summary("nicht-die-bohne", ["Ann", "Bo", "Di"], [10, 30, 30]),  # shared victory
    summary("bohnanza", ["Ann", "Bo", "Cy"], [12, 9, 14]),
    summary("bohnanza", ["Ann", "Bo", "Cy"], [99, 0, 0], finished=False),  # in play: not counted
]


def test_games_played_and_won_per_player_name_count_shared_victories_for_each():
    records = {r.name: (r.played, r.won) for r in player_records(GAMES)}
    assert records == {"Ann": (3, 1), "Bo": (3, 1), "Cy": (2, 1), "Di": (1, 1)}


def test_best_and_average_totals_per_game_over_finished_games_only():
    stats = {s.game: s for s in game_records(GAMES)}
    ndb = stats["nicht-die-bohne"]
    assert (ndb.played, ndb.best, ndb.best_by) == (2, 40, ("Ann",))
    assert ndb.average == (40 + 25 - 5 + 10 + 30 + 30) / 6
    assert (stats["bohnanza"].played, stats["bohnanza"].best) == (1, 14)


def solo(name, total, rating, created):
    """A finished solitaire game as the session summarises it: the engines name its one
    player a winner; the summary carries the rating."""
    return Summary(id=f"{name}{created}", game="gone-with-the-beans", created=created, players=(name,),
                   finished=True, winners=(name,), totals=(total,), rating=rating)


def test_solitaire_games_are_rated_apart_and_never_a_win():
    """Gone with the Beans, Solitaire Rules: a solitaire game ends with a rating, not a winner:
    Statistics list the ratings apart, never count them as won (or played) games, nor mix
    their totals into a game's best and average."""
    summaries = [*GAMES, solo("Ann", 40, "You'll do better next time", "2026-12-01"),
                 solo("Sabine", 95, "Bean Incarnate", "2026-11-30"), solo("Ann", 95, "Bean Incarnate", "2026-12-02"),
                 summary("gone-with-the-beans", ["Ann", "Bo"], [30, 20])]
    records = {r.name: (r.played, r.won) for r in player_records(summaries)}
    assert records == {"Ann": (4, 2), "Bo": (4, 1), "Cy": (2, 1), "Di": (1, 1)}
    assert "Sabine" not in records
    gwtb = next(s for s in game_records(summaries) if s.game == "gone-with-the-beans")
    assert (gwtb.played, gwtb.best, gwtb.best_by, gwtb.average) == (1, 30, ("Ann",), 25)
    assert [(r.name, r.total, r.rating, r.played) for r in solitaire_records(summaries)] == [
        ("Ann", 95, "Bean Incarnate", "2026-12-02"), ("Sabine", 95, "Bean Incarnate", "2026-11-30"),
        ("Ann", 40, "You'll do better next time", "2026-12-01")]


def test_each_games_winning_totals_over_time_are_charted_oldest_first():
    """Issue 35: Statistics charts each game's winning total across the games played."""
    later = replace(summary("nicht-die-bohne", ["Ann", "Bo", "Cy"], [7, 22, 3]), played="2026-12-01")
    ndb = {s.game: s for s in game_records([later, *GAMES])}["nicht-die-bohne"]
    assert ndb.winning_totals == (40, 30, 22)  # by the day each was played, not the order listed
