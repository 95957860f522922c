"""One player's sheet and its end-game scoring (rulebook: End of the Game; Differences on B, C, D).

Breakdown keys as in shared/design/score-files.md; a sheet lists only the items it
scores (no ``development_passport`` on B, no ``horse_riding`` on D, ...).
"""

from __future__ import annotations

from sheets.gone_with_the_beans.sheets import (
    AMMOND,
    HAY_ACTION_USE_POINTS,
    HAY_ACTIONS_PER_AMMOND_POINT,
    HORSE_RIDING_START_LEVEL,
    HORSE_RIDING_TOP_LEVEL,
    Sheet,
)
from sheets.model import Frozen


class PlayerSheet(Frozen):
    """One player's end-game entries; ids in the sheet's printed order."""

    name: str
    province: str
    facilities: tuple[tuple[str, int], ...]  # every facility of the sheet: icons built
    dp_icons: int = 0  # A, C, D: filled Development Passport icons
    beanichalcum: int = 0  # B: Beanichalcum gained, spent or not
    milestone_bonuses: tuple[str, ...] = ()
    development_bonuses: tuple[str, ...] = ()  # A, B, C
    contracts: tuple[str, ...] = ()  # D: executed
    hay_actions: tuple[tuple[str, int], ...]  # every row of the sheet: uses, 0 to 3

    @property
    def built(self) -> dict[str, int]:
        return dict(self.facilities)

    @property
    def uses(self) -> dict[str, int]:
        return dict(self.hay_actions)


def horse_riding_level(stables: int) -> int:
    """Level 1 at the start, +1 per Stable built, at most 4 (design page, gaps 6)."""
    return min(HORSE_RIDING_START_LEVEL + stables, HORSE_RIDING_TOP_LEVEL)


def hay_actions_used(player: PlayerSheet) -> int:
    return sum(uses for _, uses in player.hay_actions)


def breakdown(sheet: Sheet, player: PlayerSheet) -> dict[str, int]:
    built = player.built
    items: dict[str, int] = {}
    if sheet.development_passport:
        items["development_passport"] = sheet.development_passport.points_for(player.dp_icons)
    if sheet.beanichalcum:
        items["beanichalcum"] = sheet.beanichalcum.points_for(player.beanichalcum)
    if sheet.horse_riding:
        items["horse_riding"] = sheet.horse_riding.points_for(horse_riding_level(built["stable"]))
    items["milestones"] = sum(b.points for b in sheet.milestone_bonuses if b.id in player.milestone_bonuses)
    if sheet.development_bonuses is not None:
        items["development_bonuses"] = sum(
            b.points_for(built) for b in sheet.development_bonuses if b.id in player.development_bonuses
        )
    if sheet.contracts is not None:
        items["contracts"] = sum(c.points_for(built) for c in sheet.contracts if c.id in player.contracts)
    items["hay_actions"] = sum(HAY_ACTION_USE_POINTS.points_for(uses) for _, uses in player.hay_actions)
    items["ammond"] = (
        hay_actions_used(player) // HAY_ACTIONS_PER_AMMOND_POINT if player.province == AMMOND else 0
    )
    items["total"] = sum(items.values())
    return items
