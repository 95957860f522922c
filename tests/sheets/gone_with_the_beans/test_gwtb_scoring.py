"""End-game scoring, item by item, on every sheet, at each table's edges.

Citations: rulebook = shared/rules/gone-with-the-beans.txt ("End of the Game" and the
"Differences on Sheet B/C/D" sections); design = shared/design/gone-with-the-beans.md.
"""

from __future__ import annotations

import pytest
from gwtb_files import RULES, breakdown, player, score_file

from sheets.gone_with_the_beans import solitaire_rating

A_HAY = {"thaler": 0, "bean": 0, "travel": 0, "worker": 0}


# --- Development Passport (A, C, D) ---------------------------------------------------------

@pytest.mark.parametrize("sheet, icons, points", [
    ("A", 0, 0), ("A", 1, 1), ("A", 9, 45), ("A", 10, 55), ("A", 11, 55), ("A", 40, 55),
    ("C", 0, 0), ("C", 1, 1), ("C", 10, 55), ("C", 13, 91), ("C", 14, 105), ("C", 15, 105),
    ("D", 0, 0), ("D", 1, 1), ("D", 10, 55), ("D", 11, 66), ("D", 12, 66),
])
def test_development_passport_table_edges(sheet, icons, points):
    """rulebook: Development Passport Bonus tables (A "10 or more"; C to 14; D to 11);
    design: gaps 3 (beyond C's and D's last row the last value holds)."""
    assert breakdown(sheet, dp_icons=icons)["development_passport"] == points


def test_development_passport_worked_example():
    """rulebook: Development Passport Bonus example, "5 DP icons ... earn 15 pt"."""
    assert breakdown("A", province="macadimia", dp_icons=5)["development_passport"] == 15


def test_sheet_b_has_no_development_passport_item():
    """rulebook: Sheet B, "You do not gain victory points from Development Passport Bonus"."""
    assert "development_passport" not in breakdown("B")


# --- Beanichalcum (B) -----------------------------------------------------------------------

@pytest.mark.parametrize("gained, points", [(0, 0), (1, 0), (2, 2), (5, 14), (9, 44), (10, 44), (25, 44)])
def test_beanichalcum_table_edges(gained, points):
    """rulebook: Beanichalcum Collection Bonus table (1 -> 0 ... 9 -> 44); design: gaps 3 (beyond 9: 44)."""
    assert breakdown("B", beanichalcum=gained)["beanichalcum"] == points


def test_beanichalcum_worked_example():
    """rulebook: Sheet B example, 8 Beanichalcum gained (4 used) -> 35 pt."""
    assert breakdown("B", beanichalcum=8)["beanichalcum"] == 35


@pytest.mark.parametrize("sheet", ["A", "C", "D"])
def test_beanichalcum_only_on_b(sheet):
    assert "beanichalcum" not in breakdown(sheet)


# --- Horse riding (A-C) ---------------------------------------------------------------------

@pytest.mark.parametrize("sheet", ["A", "B", "C"])
@pytest.mark.parametrize("stables, points", [(0, 0), (1, 6), (2, 12), (3, 18), (4, 18)])
def test_horse_riding_from_stables(sheet, stables, points):
    """rulebook: Horse-Riding Level Bonus (Lv 1 -> 0 ... Lv 4 -> 18), Building a Stable raises the
    level; design: gaps 6 (level = 1 + Stables, at most 4)."""
    assert breakdown(sheet, facilities={"stable": stables})["horse_riding"] == points


def test_no_horse_riding_on_d():
    """rulebook: Sheet D, "There is no Horse-Riding Level on Sheet D"."""
    assert "horse_riding" not in breakdown("D", facilities={"stable": 2})


# --- Milestone bonuses ----------------------------------------------------------------------

@pytest.mark.parametrize("sheet, bonus, points", [
    ("A", "free-farm", 3), ("A", "thaler", 5), ("A", "bean", 7), ("A", "hay", 8), ("A", "worker", 9),
    ("A", "points", 12), ("B", "beanichalcum", 0), ("B", "points", 12), ("C", "free-bridge", 0),
    ("C", "worker", 9), ("D", "advanced-contract", 7), ("D", "normal-contract", 8), ("D", "free-farm", 3),
])
def test_each_milestone_bonus(sheet, bonus, points):
    """rulebook: Milestone Bonus ("You also earn N pt") and each sheet's New Milestone Bonus."""
    assert breakdown(sheet, milestone_bonuses=[bonus])["milestones"] == points


def test_all_six_milestone_bonuses_of_sheet_a():
    """rulebook: Milestone Bonus list, 3 + 5 + 7 + 8 + 9 + 12 = 44."""
    six = ["free-farm", "thaler", "bean", "hay", "worker", "points"]
    assert breakdown("A", milestone_bonuses=six)["milestones"] == 44
    assert breakdown("A")["milestones"] == 0


# --- Development bonuses (A-C) --------------------------------------------------------------

@pytest.mark.parametrize("sheet", ["A", "B", "C"])
def test_development_bonus_points_per_facility(sheet):
    """rulebook: Development Bonus' Additional Victory Points (2 per Farm, 3 per Market/House/Silo,
    4 per Stable); design: "per Farm" counts the setup Farms too."""
    built = {"farm": 3, "market": 2, "house": 1, "silo": 4, "stable": 3}
    every = ["worker", "hay", "thaler", "mixed", "bean", "farm-points", "market-points",
             "house-points", "silo-points", "stable-points"]
    assert breakdown(sheet, facilities=built, development_bonuses=every)["development_bonuses"] == (
        2 * 3 + 3 * 2 + 3 * 1 + 3 * 4 + 4 * 3)


def test_development_bonuses_without_points_score_nothing():
    """rulebook: only a Development Bonus with victory points stated on it scores."""
    plain = ["worker", "hay", "thaler", "mixed", "bean"]
    assert breakdown("A", development_bonuses=plain)["development_bonuses"] == 0
    assert breakdown("B", development_bonuses=["beanichalcum"])["development_bonuses"] == 0


def test_farm_points_count_tachiopi_setup_farms():
    """design: Development bonuses, "per Farm" counts every built Farm icon, setup ones included;
    rulebook: Tachiopi has 2 Farms at the start."""
    assert breakdown("A", province="tachiopi", development_bonuses=["farm-points"])["development_bonuses"] == 4


def test_point_bonus_with_none_built_scores_zero():
    assert breakdown("A", development_bonuses=["stable-points"])["development_bonuses"] == 0


def test_no_development_bonus_item_on_d():
    """rulebook: Sheet D, the Development Bonus is replaced by the Contract."""
    assert "development_bonuses" not in breakdown("D")


# --- Contracts (D) --------------------------------------------------------------------------

@pytest.mark.parametrize("contract, points", [
    ("normal-1", 5), ("normal-2", 6), ("normal-3", 4), ("normal-4", 4), ("normal-5", 5),
])
def test_normal_contract_points(contract, points):
    """rulebook: Normal Contracts ("N pt at the end of the game")."""
    assert breakdown("D", contracts=[contract])["contracts"] == points


def test_contract_worked_example():
    """rulebook: Contract example, pay 1 Worker and 4 Thaler -> 4 Hay and 5 pt (normal-1)."""
    assert breakdown("D", contracts=["normal-1"])["contracts"] == 5


def test_advanced_contracts_per_facility():
    """rulebook: Advanced Contracts, 3 pt per Market, 5 per House, 6 per Silo, 7 per Stable."""
    built = {"market": 2, "house": 3, "silo": 1, "stable": 2}
    advanced = ["advanced-market", "advanced-house", "advanced-silo", "advanced-stable"]
    assert breakdown("D", facilities=built, contracts=advanced)["contracts"] == 6 + 15 + 6 + 14
    assert breakdown("D", contracts=["advanced-stable"])["contracts"] == 0


@pytest.mark.parametrize("sheet", ["A", "B", "C"])
def test_contracts_only_on_d(sheet):
    assert "contracts" not in breakdown(sheet)


# --- Hay actions and Ammond -----------------------------------------------------------------

@pytest.mark.parametrize("uses, points", [(0, 0), (1, 2), (2, 4), (3, 7)])
def test_hay_action_use_points_per_row(uses, points):
    """rulebook: Hay Action Use Bonus (1 -> 2, 2 -> 4, 3 -> 7)."""
    assert breakdown("A", hay_actions={"worker": uses})["hay_actions"] == points


def test_hay_action_worked_example():
    """rulebook: Hay Action Use Bonus example: rows used 1, 0, 3, 2 times -> 2 + 0 + 7 + 4."""
    rows = {"thaler": 1, "bean": 0, "travel": 3, "worker": 2}
    assert breakdown("A", hay_actions=rows)["hay_actions"] == 13


@pytest.mark.parametrize("sheet, rows", [
    ("B", ["thaler", "bean", "travel", "worker", "beanichalcum"]),
    ("C", ["build-twice", "build", "thaler-falling", "thaler-rising"]),
    ("D", ["advanced-contract", "normal-contract", "worker", "travel"]),
])
def test_hay_actions_every_row_of_each_sheet(sheet, rows):
    """design: hay-action rows per sheet (B five, C and D four)."""
    assert breakdown(sheet, hay_actions={r: 3 for r in rows})["hay_actions"] == 7 * len(rows)


@pytest.mark.parametrize("uses, points", [((0, 0, 0, 0), 0), ((1, 0, 0, 0), 0), ((1, 1, 0, 0), 1),
                                          ((3, 2, 1, 1), 3), ((3, 3, 3, 3), 6)])
def test_ammond_one_point_per_two_hay_actions(uses, points):
    """rulebook: Additional Points for Ammond, "1 pt for every 2 times they have used the Hay action"."""
    rows = dict(zip(["thaler", "bean", "travel", "worker"], uses))
    assert breakdown("A", province="ammond", hay_actions=rows)["ammond"] == points
    assert breakdown("A", province="cashew", hay_actions=rows)["ammond"] == 0


@pytest.mark.parametrize("sheet, row", [("B", "beanichalcum"), ("C", "build"), ("D", "travel")])
def test_ammond_on_every_sheet(sheet, row):
    """rulebook: Province Abilities (Ammond) apply on every sheet; only Macadimia changes on D."""
    assert breakdown(sheet, province="ammond", hay_actions={row: 3})["ammond"] == 1


# --- Totals, ranks, shared victory ----------------------------------------------------------

BREAKDOWN_ORDER = ["development_passport", "beanichalcum", "horse_riding", "milestones",
                   "development_bonuses", "contracts", "hay_actions", "ammond", "total"]


@pytest.mark.parametrize("sheet, keys", [
    ("A", ["development_passport", "horse_riding", "milestones", "development_bonuses", "hay_actions", "ammond"]),
    ("B", ["beanichalcum", "horse_riding", "milestones", "development_bonuses", "hay_actions", "ammond"]),
    ("C", ["development_passport", "horse_riding", "milestones", "development_bonuses", "hay_actions", "ammond"]),
    ("D", ["development_passport", "milestones", "contracts", "hay_actions", "ammond"]),
])
def test_breakdown_keys_per_sheet(sheet, keys):
    """score-files.md: breakdown keys, in that order, each sheet listing the items it scores."""
    assert list(breakdown(sheet)) == keys + ["total"]
    assert all(k in BREAKDOWN_ORDER for k in keys)


def test_total_is_the_sum_of_the_items():
    """rulebook: "Add up the points"; the score-files.md example player (61 pt)."""
    result = breakdown(
        "A", province="macadimia", dp_icons=5,
        facilities={"farm": 3, "market": 1, "house": 2, "silo": 1, "stable": 2},
        milestone_bonuses=["free-farm", "points"], development_bonuses=["worker", "farm-points"],
        hay_actions={"thaler": 1, "bean": 0, "travel": 3, "worker": 2},
    )
    assert result == {"development_passport": 15, "horse_riding": 12, "milestones": 15,
                      "development_bonuses": 6, "hay_actions": 13, "ammond": 0, "total": 61}


def test_tied_leaders_share_the_victory():
    """rulebook: "In the case of a tie, the tied players share the victory"; score-files.md ranks 1, 1, 3."""
    result = RULES.score_file(score_file(
        "A",
        player("Ann", "cashew", milestone_bonuses=["points"]),
        player("Ben", "zoodai", milestone_bonuses=["worker"]),
        player("Cleo", "ammond", milestone_bonuses=["points"]),
    ))
    assert [(p.name, p.total, p.rank) for p in result.players] == [("Ann", 12, 1), ("Ben", 9, 3), ("Cleo", 12, 1)]
    assert result.winners == ("Ann", "Cleo")
    assert all(p.rating is None for p in result.players)  # rating: solitaire only


def test_single_winner():
    # two Advanced Contracts executed (0 pt, nothing built), gained by two uses of their row:
    # 2 and 3 DP icons are on the sheet (design: gaps 11)
    both = {"contracts": ["advanced-silo", "advanced-stable"], "hay_actions": {"advanced-contract": 2}}
    result = RULES.score_file(score_file(
        "D", player("Ann", "cashew", "D", dp_icons=2, **both), player("Ben", "zoodai", "D", dp_icons=3, **both)))
    assert result.winners == ("Ben",) and [p.rank for p in result.players] == [2, 1]


# --- Solitaire rating -----------------------------------------------------------------------

@pytest.mark.parametrize("total, rating", [
    (200, "Bean Incarnate"), (90, "Bean Incarnate"),
    (89, "Inherit the Beans"), (81, "Inherit the Beans"),
    (80, "Founder of Bean Enterprise"), (69, "Founder of Bean Enterprise"),
    (68, "Leader of a Bean Farmers Association"), (57, "Leader of a Bean Farmers Association"),
    (56, "Ordinary Bean Farmer"), (45, "Ordinary Bean Farmer"),
    (44, "You'll do better next time"), (0, "You'll do better next time"),
])
def test_solitaire_rating_bands(total, rating):
    """rulebook: Solitaire Rules rating table, at the edge of every band."""
    assert solitaire_rating(total) == rating


@pytest.mark.parametrize("sheet, entries, total, rating", [
    ("A", {"dp_icons": 10, "facilities": {"stable": 3, "house": 4}, "milestone_bonuses": ["points", "worker"],
           "development_bonuses": ["worker", "hay", "thaler", "mixed"]},
     55 + 18 + 21, "Bean Incarnate"),
    ("B", {"beanichalcum": 9, "facilities": {"stable": 1}}, 44 + 6, "Ordinary Bean Farmer"),
    ("D", {"dp_icons": 6, "contracts": ["advanced-market", "advanced-house", "advanced-silo"],
           "hay_actions": {"advanced-contract": 3}, "milestone_bonuses": ["points", "thaler"]},
     21 + 7 + 12 + 5, "Ordinary Bean Farmer"),
    ("C", {"dp_icons": 7, "milestone_bonuses": ["points"], "hay_actions": {"build": 2},
           "facilities": {"house": 3}, "development_bonuses": ["worker", "hay", "thaler"]}, 28 + 12 + 4,
     "You'll do better next time"),
])
def test_solitaire_file_carries_rating(sheet, entries, total, rating):
    """rulebook: "The above rating applies to all sheets"; score-files.md: the solitaire result's
    player carries "rating". Each file is a sheet a game reaches (design: gaps 11, DP icons
    by the bonuses or Contracts gained and C's Bridge; the Contracts by their row's uses;
    D's milestones by the Contracts executed)."""
    (only,) = RULES.score_file(score_file(sheet, player("Ann", "cashew", sheet, **entries))).players
    assert (only.total, only.rating) == (total, rating)
