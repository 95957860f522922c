"""Builders of Gone with the Beans score files and games for the tests."""

from __future__ import annotations

from typing import Any

from sheets.gone_with_the_beans import RULES
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
    """The breakdown of a solitaire file with these entries."""
    return RULES.score_file(solo(sheet, **entries)).players[0].breakdown


def setup(sheet: str = "A", *provinces: str) -> dict[str, Any]:
    provinces = provinces or ("cashew", "ammond")
    names = ["Ann", "Ben", "Cleo", "Dev", "Eve", "Finn", "Gus", "Hal", "Ida"]
    return {"sheet": sheet, "players": [{"name": n, "province": p} for n, p in zip(names, provinces)]}


__all__ = ["RULES", "read", "player", "score_file", "solo", "breakdown", "setup", "PROVINCE_ORDER"]
