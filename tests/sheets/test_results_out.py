"""sheets/results_out.py: a result as a BG Stats play and as CSV (issue 20), pure."""

from __future__ import annotations

import csv
import io
import json
from urllib.parse import unquote

from sheets.results import build_result
from sheets.results_out import PlayInfo, bgstats_link, bgstats_play, result_csv

NDB = build_result("nicht-die-bohne", {
    "Ann": {"rounds": [{"positive": 10, "negative": 2, "total": 8}], "total": 8},
    "=Bo": {"rounds": [{"positive": 3, "negative": 5, "total": -2}], "total": -2},
    "Cy": {"rounds": [{"positive": 9, "negative": 1, "total": 8}], "total": 8},
}, over=True)


def test_no_boardgamegeek_id_is_sent_unless_certain():
    """Only Bohnanza's id (11) is certain; Nicht die Bohne! goes without one, never a guess."""
    play = bgstats_play(NDB, PlayInfo())
    assert play["game"] == {"name": "Nicht die Bohne!", "highestWins": True}
    assert "playDate" not in play and "durationMin" not in play


def test_tied_leaders_are_both_winners_and_the_start_player_is_marked():
    play = bgstats_play(NDB, PlayInfo(played="2026-05-01", duration_min=45, start_player="Cy"))
    assert play["playDate"] == "2026-05-01" and play["durationMin"] == 45
    assert [(p["name"], p["winner"], p["rank"], p["startPlayer"]) for p in play["players"]] == [
        ("Ann", True, 1, False), ("=Bo", False, 3, False), ("Cy", True, 1, True)]


def test_the_link_carries_the_play_as_url_encoded_json():
    play = bgstats_play(NDB, PlayInfo())
    link = bgstats_link(play)
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert link.startswith(prefix) and json.loads(unquote(link[len(prefix):])) == play
    assert " " not in link and "&" not in link[len(prefix):]


def test_csv_flattens_the_breakdown_and_keeps_names_from_running_as_formulas():
    rows = list(csv.DictReader(io.StringIO(result_csv(NDB))))
    assert list(rows[0]) == ["name", "total", "rank", "winner", "rounds_1_positive", "rounds_1_negative",
                             "rounds_1_total"]
    assert rows[1] == {"name": "'=Bo", "total": "-2", "rank": "3", "winner": "no", "rounds_1_positive": "3",
                       "rounds_1_negative": "5", "rounds_1_total": "-2"}
