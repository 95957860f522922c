"""sheets/results_out.py: a result as a BG Stats play and as CSV (issue 20), pure."""

from __future__ import annotations

import csv
import io
import json
from urllib.parse import unquote

from datetime import datetime

from companion import i18n
from sheets.i18n import using
from sheets.results import build_result
from sheets.results_out import PlayInfo, bgstats_link, bgstats_play, result_csv, results_csv

NDB = build_result("nicht-die-bohne", {
    "Ann": {"rounds": [{"positive": 10, "negative": 2, "total": 8}], "total": 8},
    "=Bo": {"rounds": [{"positive": 3, "negative": 5, "total": -2}], "total": -2},
    "Cy": {"rounds": [{"positive": 9, "negative": 1, "total": 8}], "total": 8},
}, over=True)


def test_no_boardgamegeek_id_is_sent_unless_certain():
    """Only Bohnanza's id (11) is certain; Nicht die Bohne! goes without one, never a guess."""
    play = bgstats_play(NDB, PlayInfo())
    assert play["game"] == {"name": "Nicht die Bohne!", "sourceGameId": "nicht-die-bohne", "highestWins": True}
    assert "playDate" not in play and "durationMin" not in play and "sourcePlayId" not in play


def test_tied_leaders_are_both_winners_and_the_start_player_is_marked():
    play = bgstats_play(NDB, PlayInfo(played="2026-05-01", duration_min=45, start_player="Cy"))
    assert play["playDate"] == "2026-05-01 12:00:00" and play["durationMin"] == 45
    assert [(p["name"], p["winner"], p["rank"], p["startPlayer"]) for p in play["players"]] == [
        ("Ann", True, 1, False), ("=Bo", False, 3, False), ("Cy", True, 1, True)]


def test_the_link_carries_the_play_as_url_encoded_json():
    play = bgstats_play(NDB, PlayInfo())
    link = bgstats_link(play)
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert link.startswith(prefix) and json.loads(unquote(link[len(prefix):])) == play
    assert " " not in link and "&" not in link[len(prefix):]


def test_csv_flattens_the_breakdown_and_keeps_names_from_running_as_formulas():
    text = result_csv(NDB)
    assert text.startswith("\ufeff")  # Excel reads UTF-8 only after a byte-order mark ("JÃ¼rgen" without)
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))
    assert list(rows[0]) == ["name", "total", "rank", "winner", "rounds_1_positive", "rounds_1_negative",
                             "rounds_1_total"]
    assert rows[1] == {"name": "'=Bo", "total": "-2", "rank": "3", "winner": "no", "rounds_1_positive": "3",
                       "rounds_1_negative": "5", "rounds_1_total": "-2"}


GERMAN = i18n.translations("de")
SOLO = build_result("gone-with-the-beans", {"Ann": {"total": 41}}, over=True, ratings={"Ann": "Bean baron"})


def test_a_solitaire_game_is_never_a_win_and_carries_its_rating():
    """Issue 36: a solitaire game was sent as a win, against the Statistics screen's rule."""
    play = bgstats_play(SOLO, PlayInfo(game_id="g1", sheet="B"))
    assert [p["winner"] for p in play["players"]] == [False]
    assert play["comments"] == "Rating: Bean baron" and play["board"] == "Sheet B"
    assert play["sourcePlayId"] == "bean-counter-g1"
    rows = list(csv.DictReader(io.StringIO(results_csv([("g1", SOLO, PlayInfo(sheet="B"))]).removeprefix("\ufeff"))))
    assert (rows[0]["winner"], rows[0]["rating"], rows[0]["sheet"]) == ("no", "Bean baron", "B")


def test_a_started_game_is_sent_at_its_local_start_and_a_stored_one_at_its_storing():
    started = bgstats_play(NDB, PlayInfo(started="2026-05-01T18:30:00+00:00"))["playDate"]
    assert started == datetime.fromisoformat("2026-05-01T18:30:00+00:00").astimezone().strftime("%Y-%m-%d %H:%M:%S")
    stored = bgstats_play(NDB, PlayInfo(stored="2026-05-02T09:00:00+00:00"))["playDate"]
    assert stored == datetime.fromisoformat("2026-05-02T09:00:00+00:00").astimezone().strftime("%Y-%m-%d %H:%M:%S")


def test_a_german_phone_gets_semicolons_and_decimal_commas():
    """Issue 36: German Excel put everything in column A: its CSV columns are split by ";"."""
    result = build_result("space-beans", {"Jürgen": {"share": 2.5, "total": 7}, "Ann": {"share": 1.0, "total": 3}},
                          over=True)
    with using(GERMAN):
        text = result_csv(result)
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff")), delimiter=";"))
    assert [(r["Name"], r["share"]) for r in rows] == [("Jürgen", "2,5"), ("Ann", "1,0")]  # its headers German
    assert text.encode("utf-8").startswith(b"\xef\xbb\xbf")
