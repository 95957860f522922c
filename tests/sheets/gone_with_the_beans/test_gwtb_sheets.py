"""The sheet definitions hold the rulebook's printed values, and only those.

Citations: rulebook = shared/rules/gone-with-the-beans.txt; design = shared/design/gone-with-the-beans.md.
"""

from __future__ import annotations

import pytest

from sheets.gone_with_the_beans.sheets import (
    HAY_ACTION_USE_POINTS,
    HORSE_RIDING,
    PROVINCES,
    SHEETS,
    UNKNOWN,
    Cost,
)


def triangle(n: int) -> int:
    return n * (n + 1) // 2


def test_sheet_titles_design_vocabulary():
    """design: Vocabulary, Sheets A-D and their titles."""
    assert {s.letter: s.title for s in SHEETS.values()} == {
        "A": "Bean Land", "B": "Space Minerals Came Flying",
        "C": "Provinces along Rivers", "D": "Contract between Families",
    }


def test_provinces_and_tachiopi_free_farm():
    """rulebook: Province Abilities (Tachiopi: 2 Farms at the start); design: province ids."""
    assert list(PROVINCES) == ["tachiopi", "cashew", "ammond", "macadimia", "beanzantine", "zoodai"]
    assert {p.id: p.free_farms_at_setup for p in PROVINCES.values()} == {
        "tachiopi": 1, "cashew": 0, "ammond": 0, "macadimia": 0, "beanzantine": 0, "zoodai": 0}


def test_development_passport_table_sheet_a():
    """rulebook: Development Passport Bonus table (1 -> 1 ... 10 or more -> 55)."""
    table = SHEETS["A"].development_passport
    assert table.points == (1, 3, 6, 10, 15, 21, 28, 36, 45, 55)


def test_development_passport_tables_c_and_d():
    """rulebook: Differences on Sheet C (to 14 -> 105) and Sheet D (to 11 -> 66)."""
    assert SHEETS["C"].development_passport.points == tuple(triangle(n) for n in range(1, 15))
    assert SHEETS["C"].development_passport.points[-1] == 105
    assert SHEETS["D"].development_passport.points == tuple(triangle(n) for n in range(1, 12))
    assert SHEETS["D"].development_passport.points[-1] == 66
    assert SHEETS["B"].development_passport is None  # "You do not gain victory points from DP"


def test_beanichalcum_table_only_on_b():
    """rulebook: Differences on Sheet B, Beanichalcum Collection Bonus table."""
    assert SHEETS["B"].beanichalcum.points == (0, 2, 5, 9, 14, 20, 27, 35, 44)
    assert [s.letter for s in SHEETS.values() if s.beanichalcum] == ["B"]


def test_horse_riding_and_hay_action_use_tables():
    """rulebook: Horse-Riding Level Bonus (1..4 -> 0, 6, 12, 18) and Hay Action Use Bonus (2, 4, 7)."""
    assert HORSE_RIDING.points == (0, 6, 12, 18)
    assert HAY_ACTION_USE_POINTS.points == (2, 4, 7)
    assert [s.letter for s in SHEETS.values() if s.horse_riding] == ["A", "B", "C"]  # none on D


@pytest.mark.parametrize("letter, rows", [
    ("A", [("thaler", 10), ("bean", 8), ("travel", 8), ("worker", 6)]),
    ("B", [("thaler", 10), ("bean", 8), ("travel", 8), ("worker", 6), ("beanichalcum", 10)]),
    ("C", [("build-twice", 10), ("build", 8), ("thaler-falling", 8), ("thaler-rising", 6)]),
    ("D", [("advanced-contract", 10), ("normal-contract", 8), ("worker", 8), ("travel", 6)]),
])
def test_hay_action_rows_and_prices(letter, rows):
    """rulebook: Details on Hay Actions and each sheet's New Hay Actions; design: gaps 1."""
    assert [(r.id, r.hay) for r in SHEETS[letter].hay_actions] == rows
    assert all(r.effect and r.third_use for r in SHEETS[letter].hay_actions)


def test_third_use_extras():
    """rulebook: 3rd use gives a Development Bonus (A-C), C's thaler-rising a free Bridge,
    D's rows a milestone, 1 Bean, or a Normal Contract."""
    c = {r.id: r.third_use for r in SHEETS["C"].hay_actions}
    assert "Bridge" in c["thaler-rising"] and "Development Bonus" in c["build"]
    d = {r.id: r.third_use for r in SHEETS["D"].hay_actions}
    assert "milestone" in d["advanced-contract"] and "Bean" in d["normal-contract"]
    assert "Normal Contract" in d["worker"] and "Normal Contract" in d["travel"]
    assert SHEETS["D"].hay_action_thaler_by_use == (3, 0, -3)


@pytest.mark.parametrize("letter, extra", [
    ("A", {}), ("B", {"beanichalcum": 0}), ("C", {"free-bridge": 0}),
    ("D", {"advanced-contract": 7, "normal-contract": 8}),
])
def test_milestone_bonus_points(letter, extra):
    """rulebook: Milestone Bonus list (3, 5, 7, 8, 9, 12 pt) and each sheet's New Milestone Bonus;
    design: gaps 2 (B, C, D keep A's six)."""
    a_six = {"free-farm": 3, "thaler": 5, "bean": 7, "hay": 8, "worker": 9, "points": 12}
    assert {b.id: b.points for b in SHEETS[letter].milestone_bonuses} == a_six | extra


def test_development_bonuses_a_to_c_and_contracts_on_d():
    """rulebook: Development Bonus list; Sheet D "the Development Bonus is removed and replaced by the Contract"."""
    a = {b.id: (b.points, b.per_facility) for b in SHEETS["A"].development_bonuses}
    assert a == {
        "worker": (0, None), "hay": (0, None), "thaler": (0, None), "mixed": (0, None), "bean": (0, None),
        "farm-points": (2, "farm"), "market-points": (3, "market"), "house-points": (3, "house"),
        "silo-points": (3, "silo"), "stable-points": (4, "stable"),
    }
    assert [b.id for b in SHEETS["B"].development_bonuses] == list(a) + ["beanichalcum"]
    assert [b.id for b in SHEETS["C"].development_bonuses] == list(a)
    assert SHEETS["D"].development_bonuses is None
    assert [s.letter for s in SHEETS.values() if s.contracts] == ["D"]


def test_contracts_costs_and_points():
    """rulebook: Normal Contracts and Advanced Contracts lists; the worked example
    "paying 1 Worker and 4 Thaler ... gain 4 Hay immediately and 5 pt"."""
    contracts = {c.id: c for c in SHEETS["D"].contracts}
    assert contracts["normal-1"].cost == Cost(worker=1, thaler=4) and contracts["normal-1"].points == 5
    assert [(c.id, c.points, c.per_facility) for c in contracts.values()] == [
        ("normal-1", 5, None), ("normal-2", 6, None), ("normal-3", 4, None), ("normal-4", 4, None),
        ("normal-5", 5, None), ("advanced-market", 3, "market"), ("advanced-house", 5, "house"),
        ("advanced-silo", 6, "silo"), ("advanced-stable", 7, "stable"),
    ]
    assert contracts["advanced-stable"].cost == Cost(bean=1, worker=1, thaler=2)


def test_facilities_per_sheet():
    """design: Facilities (farm, market, house, silo, stable; C adds bridge); rulebook: Sheet C
    builds the first Bridge at setup, Sheet D has only 2 Stable icons."""
    for letter, sheet in SHEETS.items():
        ids = [f.id for f in sheet.facilities]
        assert ids == ["farm", "market", "house", "silo", "stable"] + (["bridge"] if letter == "C" else [])
        assert sheet.facility("farm").built_at_setup == 1
    assert SHEETS["C"].facility("bridge").built_at_setup == 1
    assert SHEETS["D"].facility("stable").icons == 2


def test_unstated_printed_values_are_unknown():
    """design: "Printed values the rulebook does not give" are marked unknown, never guessed."""
    for sheet in SHEETS.values():
        market = sheet.facility("market")
        assert market.has_two_costs and market.building_cost is UNKNOWN
        assert market.building_cost_ruler_elsewhere is UNKNOWN
        for facility in sheet.facilities:
            assert facility.hay_income is UNKNOWN and facility.extra_income is UNKNOWN
            if facility.id != "farm":
                assert facility.building_cost is UNKNOWN
            if (sheet.letter, facility.id) != ("D", "stable"):
                assert facility.icons is UNKNOWN
        assert sheet.extra_hay_shed_capacity is UNKNOWN
        assert (sheet.hay_shed_capacity, sheet.extra_hay_sheds) == (30, 2)
    for letter in "ABC":
        assert SHEETS[letter].milestone_thresholds is UNKNOWN
    assert SHEETS["D"].milestone_thresholds == (1, 3, 5, 7)


def test_farm_cost_stated_only_for_sheet_a():
    """rulebook: Details on Hay Actions example, "a Farm with the building cost of 1 Bean and
    2 Thaler" (Sheet A); Sheet D pays building costs in money, so its Farm cost is not stated."""
    assert SHEETS["A"].facility("farm").building_cost == Cost(bean=1, thaler=2)
    assert all(SHEETS[x].facility("farm").building_cost is UNKNOWN for x in "BCD")


def test_travel_costs():
    """rulebook: Travel cost at Horse-Riding Level 1 (2 Bean and 1 Thaler per road); Sheet D:
    4 / 7 / 9 Thaler for 1 / 2 / 3 roads; design: levels 2-4 are not stated."""
    levels = SHEETS["A"].travel_cost_per_road_by_level
    assert levels[1] == Cost(bean=2, thaler=1) and levels[2] is levels[3] is levels[4] is UNKNOWN
    assert {n: c.thaler for n, c in SHEETS["D"].travel_cost_by_roads.items()} == {1: 4, 2: 7, 3: 9}
    assert SHEETS["D"].province_abilities["macadimia"].startswith("Gain 3 Thaler")
