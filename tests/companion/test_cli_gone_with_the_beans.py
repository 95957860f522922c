"""`beans score` on gone-with-the-beans files (shared/design/score-files.md: exit 0 and the
result JSON; exit 2 with one line on stderr naming the place, never a traceback)."""

from __future__ import annotations

import json
import subprocess

import pytest

from companion.cli import main
from tests.companion.commands import BEANS



def sheet_file(sheet, *players):
    return {"format": "beans-score/1", "game": "gone-with-the-beans", "sheet": sheet, "players": list(players)}


def ann(**entries):
    return {"name": "Ann", "province": "macadimia", "facilities": {"farm": 1}} | entries


# score-files.md, section gone-with-the-beans, with 5 DP icons, 2 Houses and a Silo: four
# Development Bonuses ("hay" and "thaler" 0 pt; design: gaps 11, readings 5 and 24;
# tests/sheets/gone_with_the_beans/test_gwtb_scorefile.py)
EXAMPLE = sheet_file("A", ann(
    facilities={"farm": 3, "market": 1, "house": 2, "silo": 1, "stable": 2}, dp_icons=5,
    milestone_bonuses=["free-farm", "points"], development_bonuses=["worker", "hay", "thaler", "farm-points"],
    hay_actions={"thaler": 1, "bean": 0, "travel": 3, "worker": 2}))


def run(tmp_path, capsys, data, *flags):
    path = tmp_path / "score.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["score", *flags, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def test_solitaire_example_json_with_rating(tmp_path, capsys):
    """score-files.md: the example file; 1 player carries "rating" (rulebook: Solitaire Rules)."""
    code, out, err = run(tmp_path, capsys, EXAMPLE, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "game": "gone-with-the-beans",
        "players": [{"name": "Ann", "total": 61, "rank": 1, "rating": "Leader of a Bean Farmers Association",
                     "breakdown": {"development_passport": 15, "horse_riding": 12, "milestones": 15,
                                   "development_bonuses": 6, "hay_actions": 13, "ammond": 0, "total": 61}}],
        "winners": ["Ann"],
    }


def test_a_solitaire_games_table_gives_its_rating_not_a_winner(tmp_path, capsys):
    """Rulebook, Solitaire Rules: the solitaire total is rated; there is nobody to win against.
    `beans score` says the rating, never "Winner" (the JSON keeps "winners" as it was)."""
    code, out, err = run(tmp_path, capsys, EXAMPLE)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "Solitaire: 61 points, Leader of a Bean Farmers Association"
    assert "Winner" not in out


def test_sheet_d_three_players(tmp_path, capsys):
    """rulebook: Sheet D scoring (DP to 11, Contracts, no Horse-Riding), Ammond; score-files.md:
    ranks, breakdown keys, and no rating with 2+ players."""
    data = sheet_file(
        "D",
        # each Contract executed was gained (its row's uses, the Milestone Bonus after the first
        # milestone); DP icons by the Contracts executed (design: gaps 11)
        {"name": "Ann", "province": "ammond", "facilities": {"farm": 1, "stable": 2},
         "dp_icons": 3, "contracts": ["advanced-stable", "advanced-silo"],
         "hay_actions": {"travel": 2, "advanced-contract": 2}},
        {"name": "Ben", "province": "tachiopi", "facilities": {"farm": 2}, "milestone_bonuses": ["normal-contract"],
         "contracts": ["normal-2", "normal-1"], "hay_actions": {"worker": 1, "travel": 1, "normal-contract": 1}},
        {"name": "Cleo", "province": "cashew", "facilities": {"farm": 1}, "dp_icons": 1, "contracts": ["normal-3"],
         "hay_actions": {"normal-contract": 1}},
    )
    code, out, _ = run(tmp_path, capsys, data, "--json")
    result = json.loads(out)
    assert code == 0
    assert [(p["name"], p["total"], p["rank"]) for p in result["players"]] == [
        ("Ann", 6 + 14 + 0 + 8 + 2, 1), ("Ben", 8 + 6 + 5 + 6 + 0, 2), ("Cleo", 1 + 4 + 2, 3)]
    assert result["winners"] == ["Ann"]
    assert all("rating" not in p for p in result["players"])
    assert list(result["players"][0]["breakdown"]) == [
        "development_passport", "milestones", "contracts", "hay_actions", "ammond", "total"]


def test_tie_shares_victory(tmp_path, capsys):
    """rulebook: "In the case of a tie, the tied players share the victory"."""
    data = sheet_file("B", ann(beanichalcum=3), {"name": "Ben", "province": "zoodai",
                                                 "facilities": {"farm": 1}, "beanichalcum": 3})
    code, out, _ = run(tmp_path, capsys, data, "--json")
    assert code == 0 and json.loads(out)["winners"] == ["Ann", "Ben"]


def test_readable_table(tmp_path, capsys):
    code, out, _ = run(tmp_path, capsys, EXAMPLE)
    assert code == 0
    assert "Ann" in out and "61" in out and "Leader of a Bean Farmers Association" in out
    assert "Winner: Ann" not in out  # solitaire: test_a_solitaire_games_table_gives_its_rating_not_a_winner


INVALID = [
    (sheet_file("E", ann()), "sheet"),
    (sheet_file("A", ann(province="peanut")), "players[0].province"),
    (sheet_file("A", ann(), ann(name="Ben")), "players[1].province"),
    (sheet_file("A", ann(), ann(province="zoodai")), "players[1].name"),
    (sheet_file("A", ann(dp_icon=3)), "players[0].dp_icon"),
    (sheet_file("A", ann(facilities={"farm": 0})), "players[0].facilities.farm"),
    (sheet_file("A", ann(province="tachiopi")), "players[0].facilities.farm"),
    (sheet_file("C", ann()), "players[0].facilities.bridge"),
    (sheet_file("D", ann(facilities={"farm": 1, "stable": 3})), "players[0].facilities.stable"),
    (sheet_file("B", ann(dp_icons=2)), "players[0].dp_icons"),
    (sheet_file("C", ann(beanichalcum=2)), "players[0].beanichalcum"),
    (sheet_file("A", ann(contracts=[])), "players[0].contracts"),
    (sheet_file("D", ann(development_bonuses=[])), "players[0].development_bonuses"),
    (sheet_file("A", ann(), {"name": "Ben", "province": "zoodai", "facilities": {"farm": 1},
                             "milestone_bonuses": ["free-farm", "hay", "free-farm"]}),
     "players[1].milestone_bonuses[2]"),
    (sheet_file("A", ann(milestone_bonuses=["contract"])), "players[0].milestone_bonuses[0]"),
    (sheet_file("A", ann(development_bonuses=["hay", "hay"])), "players[0].development_bonuses[1]"),
    (sheet_file("D", ann(contracts=["normal-1", "normal-1"])), "players[0].contracts[1]"),
    (sheet_file("A", ann(hay_actions={"worker": 4})), "players[0].hay_actions.worker"),
    (sheet_file("A", ann(hay_actions={"build": 1})), "players[0].hay_actions.build"),
    (sheet_file("A", ann(dp_icons=-1)), "players[0].dp_icons"),
]


# Issue 31: each entry valid, the sheet no game reaches (design: gaps 11; the reasons are
# tested in tests/sheets/gone_with_the_beans/test_gwtb_scorefile_reachable.py)
UNREACHABLE = [
    (sheet_file("A", ann(dp_icons=10)), "players[0].dp_icons"),  # 55 DP points without a Development Bonus
    (sheet_file("A", ann(milestone_bonuses=["free-farm"])), "players[0].facilities.farm"),
    (sheet_file("C", ann(facilities={"farm": 1, "bridge": 1}, hay_actions={"thaler-rising": 3})),
     "players[0].facilities.bridge"),
    (sheet_file("A", ann(development_bonuses=["hay"])), "players[0].development_bonuses[0]"),
    (sheet_file("B", ann(facilities={"farm": 1, "silo": 2}, development_bonuses=["worker", "hay"], beanichalcum=1)),
     "players[0].beanichalcum"),
    (sheet_file("A", ann(facilities={"farm": 1, "house": 1})), "players[0].development_bonuses"),
    (sheet_file("D", ann(contracts=["advanced-house"])), "players[0].contracts[0]"),
    (sheet_file("D", ann(contracts=["normal-1"], hay_actions={"normal-contract": 1},
                         milestone_bonuses=["points", "hay"])), "players[0].milestone_bonuses[1]"),
]
INVALID += UNREACHABLE


@pytest.mark.parametrize("data, place", INVALID, ids=[place for _, place in INVALID])
def test_invalid_file_exit_2_one_line_naming_the_place(tmp_path, capsys, data, place):
    """score-files.md: exit 2, one line on stderr that names the offending place, no traceback."""
    code, out, err = run(tmp_path, capsys, data, "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"beans: {tmp_path / 'score.json'}: {place}: ")


def test_subprocess_and_stdin():
    """score-files.md: `beans score --json -` reads stdin; the real command, exit codes 0 and 2."""
    ok = subprocess.run([str(BEANS), "score", "--json", "-"], input=json.dumps(EXAMPLE),
                        capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0 and json.loads(ok.stdout)["players"][0]["rating"]
    bad = dict(EXAMPLE, players=[dict(EXAMPLE["players"][0], milestone_bonuses=["points", "points"])])
    fail = subprocess.run([str(BEANS), "score", "--json", "-"], input=json.dumps(bad),
                          capture_output=True, text=True, timeout=60)
    assert fail.returncode == 2 and fail.stdout == ""
    assert fail.stderr == 'beans: -: players[0].milestone_bonuses[1]: "points" is listed twice\n'
