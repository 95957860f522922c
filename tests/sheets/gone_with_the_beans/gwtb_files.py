"""Builders of Gone with the Beans score files and games for the tests."""

from __future__ import annotations

from typing import Any

from sheets.gone_with_the_beans import (
    RULES,
    MarkContract,
    MarkDevelopmentBonus,
    MarkMilestoneBonus,
    SetBeanichalcum,
    SetDpIcons,
    SetFacility,
    SetHayActionUses,
)
from sheets.gone_with_the_beans.scorefile import read

PROVINCE_ORDER = ("cashew", "macadimia", "beanzantine", "zoodai", "tachiopi", "ammond")


def player(name: str = "Ann", province: str = "cashew", sheet: str = "A", **entries: Any) -> dict[str, Any]:
    """One player's entries: the setup builds by default, the given entries on top."""
    facilities = {"farm": 2 if province == "tachiopi" else 1}
    if sheet == "C":
        facilities["bridge"] = 1
    facilities.update(entries.pop("facilities", {}))
    return {"name": name, "province": province, "facilities": facilities, **entries}


def score_file(sheet: str, *players: dict[str, Any]) -> dict[str, Any]:
    return {"format": "beans-score/1", "game": "gone-with-the-beans", "sheet": sheet,
            "players": list(players)}


def solo(sheet: str = "A", **entries: Any) -> dict[str, Any]:
    """A solitaire score file with one player's entries."""
    province = entries.pop("province", "cashew")
    return score_file(sheet, player("Ann", province, sheet, **entries))


def breakdown(sheet: str = "A", **entries: Any) -> dict[str, int]:
    """The breakdown of one player's sheet with these entries, entered tap by tap in the
    end-game scorer: the scoring tables item by item. The scorer takes a sheet no game
    reaches (5 DP icons without a Development Bonus); a score file must be reachable too
    (test_gwtb_scorefile_reachable.py)."""
    (entry,) = solo(sheet, **entries)["players"]
    state = RULES.new_game({"sheet": sheet, "players": [{"name": "Ann", "province": entry["province"]}]})
    taps: list[Any] = [SetFacility(player="Ann", facility=f, built=n) for f, n in entry["facilities"].items()]
    taps += [SetDpIcons(player="Ann", filled=entry["dp_icons"])] if "dp_icons" in entry else []
    taps += [SetBeanichalcum(player="Ann", gained=entry["beanichalcum"])] if "beanichalcum" in entry else []
    taps += [MarkMilestoneBonus(player="Ann", bonus=b) for b in entry.get("milestone_bonuses", [])]
    taps += [MarkDevelopmentBonus(player="Ann", bonus=b) for b in entry.get("development_bonuses", [])]
    taps += [MarkContract(player="Ann", contract=c) for c in entry.get("contracts", [])]
    taps += [SetHayActionUses(player="Ann", row=r, uses=n) for r, n in entry.get("hay_actions", {}).items()]
    for tap in taps:
        state = RULES.apply(state, tap)
    breakdown: dict[str, int] = RULES.result(state).players[0].breakdown
    return breakdown


def setup(sheet: str = "A", *provinces: str) -> dict[str, Any]:
    provinces = provinces or ("cashew", "ammond")
    names = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ida"]
    return {"sheet": sheet, "players": [{"name": n, "province": p} for n, p in zip(names, provinces)]}


__all__ = ["RULES", "read", "player", "score_file", "solo", "breakdown", "setup", "PROVINCE_ORDER"]
