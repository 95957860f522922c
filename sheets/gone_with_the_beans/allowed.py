"""What a player may enter now on the end-game scorer (``RULES.allowed``).

Every scoring area of the sheet is open at any time (the table enters a finished game
and may correct an entry after Finish): what the rules decide is which areas a sheet
has (rulebook: Differences on Sheet B, C, D), how low and how high each count may go
(the Farms and C's Bridge built at setup, a facility's printed icons, 0 to 3 uses of a
Hay action), and which ticks they refuse, with the reason (a Milestone Bonus beyond the
sheet's milestones). The Development Passport icons go as high as the bonuses (D: the
Contracts) gained now allow (design page, gaps 11), one more is refused with the reason.
The table's own entries: Reopen is always allowed; Finish is refused, with the first
problem, while a sheet shows what no game can reach (issue 31).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from sheets.errors import RulesError
from sheets.gone_with_the_beans.engine import (
    MarkContract,
    MarkDevelopmentBonus,
    MarkMilestoneBonus,
    PlayerAction,
    State,
    apply_to_player,
    built_at_setup,
    dp_gained,
    dp_refusal,
    finish_refusal,
)
from sheets.gone_with_the_beans.reachable import most_dp_icons
from sheets.gone_with_the_beans.scoring import PlayerSheet
from sheets.gone_with_the_beans.sheets import HAY_ACTION_USES_PER_ROW, Sheet


@dataclass(frozen=True)
class Count:
    """A count entered with a stepper (icons built, uses, ...): what the rules take, from
    ``low`` to ``high`` (None: no printed limit); ``more``: why one more is refused now,
    in the player's words (None: the stepper stops at ``high``, or one more is taken)."""

    id: str
    low: int
    high: int | None
    more: str | None = None


@dataclass(frozen=True)
class Mark:
    """A Milestone Bonus, Development Bonus or Contract a player ticks: why the rules
    refuse the tap now (marking it, or taking its mark back), in the player's words;
    None: allowed."""

    id: str
    why_not: str | None


@dataclass(frozen=True)
class Allowed:
    """What ``player`` may enter now. An area the sheet does not have is None (no DP
    icons on B, Beanichalcum only on B, Contracts instead of Development Bonuses on D).
    A name that is not playing (``""``: the table) has no sheet: its entries are the
    table's: Reopen, always allowed, and Finish, refused while a sheet shows what no
    game can reach (``finish``: the first problem, "Ann: ..."; None: allowed). Only the
    table's answer says it (it reads every sheet)."""

    player: str
    facilities: tuple[Count, ...] = ()
    dp_icons: Count | None = None
    beanichalcum: Count | None = None
    milestone_bonuses: tuple[Mark, ...] = ()
    development_bonuses: tuple[Mark, ...] | None = None
    contracts: tuple[Mark, ...] | None = None
    hay_actions: tuple[Count, ...] = ()
    finish: str | None = None

    def facility(self, facility_id: str) -> Count:
        return next(c for c in self.facilities if c.id == facility_id)

    def hay_action(self, row_id: str) -> Count:
        return next(c for c in self.hay_actions if c.id == row_id)


def _why_not(sheet: Sheet, player: PlayerSheet, action: PlayerAction) -> str | None:
    try:
        apply_to_player(sheet, player, action)
    except RulesError as exc:
        return exc.reason
    return None


def allowed(state: State, player: str) -> Allowed:
    """What ``player`` may enter now on their sheet (see the module)."""
    if player not in state.names:
        return Allowed(player=player, finish=finish_refusal(state))
    sheet, me = state.rules, state.player(player)
    return Allowed(
        player=player,
        facilities=tuple(Count(f.id, built_at_setup(sheet, me.province, f), f.icons) for f in sheet.facilities),
        dp_icons=Count("dp_icons", 0, most_dp_icons(sheet, dp_gained(sheet, me), me.built.get("bridge", 0)),
                       dp_refusal(sheet, me, me.dp_icons + 1)) if sheet.development_passport else None,
        beanichalcum=Count("beanichalcum", 0, None) if sheet.beanichalcum else None,
        milestone_bonuses=tuple(
            Mark(b.id, _why_not(sheet, me, MarkMilestoneBonus(
                player=player, bonus=b.id, gained=b.id not in me.milestone_bonuses)))
            for b in sheet.milestone_bonuses),
        development_bonuses=None if sheet.development_bonuses is None else tuple(
            Mark(b.id, _why_not(sheet, me, MarkDevelopmentBonus(
                player=player, bonus=b.id, gained=b.id not in me.development_bonuses)))
            for b in sheet.development_bonuses),
        contracts=None if sheet.contracts is None else tuple(
            Mark(c.id, _why_not(sheet, me, MarkContract(
                player=player, contract=c.id, executed=c.id not in me.contracts)))
            for c in sheet.contracts),
        hay_actions=tuple(Count(r.id, 0, HAY_ACTION_USES_PER_ROW) for r in sheet.hay_actions),
    )


def grounds(state: State, player: str) -> Hashable:
    """What ``allowed`` reads: the sheet and the player's own entries (another player's
    entry changes nothing of it); the table's answer (Finish) reads every sheet."""
    return (state.sheet, state.player(player) if player in state.names else state.players)
