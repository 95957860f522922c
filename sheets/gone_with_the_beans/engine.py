"""The Gone with the Beans end-game scorer: each player's sheet entries, tap by tap.

Setup: ``{"sheet": "A", "players": [{"name": "Ann", "province": "macadimia"}, ...]}``.
The state starts with what setup builds (1 Farm, 2 for Tachiopi; the first Bridge on
sheet C) and nothing else. Each action sets one entry of one player's sheet; ``finish``
says the table has entered everything (then the winners and the solitaire rating are
given; entries can still be corrected), ``reopen`` takes that back.

A sheet no game can reach (``reachable.sheet_problems``, issue 31; the score files refuse
it) is not finished: ``finish`` says its first problem, in the player's words. A ``finish``
stored before that rule (no ``checked`` in the log) is read as it was then, so a game
finished then still opens. The Development Passport icons tapped on the scorer stop at
what the bonuses (or Contracts) gained allow (``set-dp-icons`` with ``bounded``); a score
file's import enters them before the bonuses they lie between, and Finish checks them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, StrictBool, StrictInt, StrictStr, TypeAdapter, model_serializer

from sheets.errors import RulesError, parse_entry, parse_setup
from sheets.i18n import N_, _, ngettext
from sheets.gone_with_the_beans.reachable import dp_icons_refusal, sheet_problems
from sheets.gone_with_the_beans.scoring import PlayerSheet, breakdown
from sheets.gone_with_the_beans.sheets import (
    DISTINCT_PROVINCES_UP_TO,
    HAY_ACTION_USES_PER_ROW,
    PROVINCES,
    SHEETS,
    Facility,
    Sheet,
    SheetLetter,
    count_of,
    solitaire_rating,
)
from sheets.model import Frozen
from sheets.results import GameResult, build_result, name_problem_at, position_of

GAME_ID = "gone-with-the-beans"


def _one_of(ids: Sequence[str]) -> str:
    return ", ".join(ids)


# --- Setup -----------------------------------------------------------------------------


class SetupPlayer(Frozen):
    name: StrictStr
    province: StrictStr


class Setup(Frozen):
    sheet: StrictStr
    players: tuple[SetupPlayer, ...]


def sheet_named(letter: str) -> Sheet:
    if letter not in SHEETS:
        raise RulesError(_('"{letter}" is not a game sheet; one of {sheets}').format(
            letter=letter, sheets=_one_of(list(SHEETS))))
    return SHEETS[letter]


def setup_problems(players: Sequence[SetupPlayer]) -> Iterator[tuple[int | None, str, str]]:
    """(player index or None, field, reason) for each problem, in file order.

    Names as every game wants them (sheets.results.name_problem_at); provinces from the
    six; distinct with up to 6 players, free with 7 or more (rulebook: Determining
    Each Player's Province).
    """
    if not players:
        yield None, "players", _("no players; 1 player is the solitaire game")
        return
    problem = name_problem_at([p.name for p in players])
    if problem:
        yield problem[0], "name", problem[1]
        return
    owners: dict[str, str] = {}
    for index, player in enumerate(players):
        if player.province not in PROVINCES:
            yield index, "province", _('"{province}" is not a province; one of {provinces}').format(
                province=player.province, provinces=_one_of(list(PROVINCES)))
        elif len(players) <= DISTINCT_PROVINCES_UP_TO and player.province in owners:
            yield index, "province", _('"{province}" is already {owner}\'s province; with up to '
                                       "{most} players each has a different one").format(
                province=player.province, owner=owners[player.province], most=DISTINCT_PROVINCES_UP_TO)
        owners.setdefault(player.province, player.name.strip())


# --- State -----------------------------------------------------------------------------


class State(Frozen):
    sheet: SheetLetter
    players: tuple[PlayerSheet, ...]
    finished: bool = False

    @property
    def rules(self) -> Sheet:
        return SHEETS[self.sheet]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def player(self, name: str) -> PlayerSheet:
        return self.players[position_of(self.names, name)]


def built_at_setup(sheet: Sheet, province: str, facility: Facility) -> int:
    """The Farms (2 for Tachiopi) and, on C, the Bridge built before round 1."""
    free = PROVINCES[province].free_farms_at_setup if facility.id == "farm" else 0
    return facility.built_at_setup + free


def player_at(index: int | None) -> str | None:
    """Where a setup problem is: "player 2" (None: the players as a whole)."""
    return _("player {number}").format(number=index + 1) if index is not None else None


def new_game(setup: dict[str, Any]) -> State:
    parsed = parse_setup(Setup, setup, name_place=True)
    sheet = sheet_named(parsed.sheet)
    for index, field, reason in setup_problems(parsed.players):
        raise RulesError(reason, player_at(index))
    return State(
        sheet=sheet.letter,
        players=tuple(
            PlayerSheet(
                name=p.name.strip(),
                province=p.province,
                facilities=tuple((f.id, built_at_setup(sheet, p.province, f)) for f in sheet.facilities),
                hay_actions=tuple((row.id, 0) for row in sheet.hay_actions),
            )
            for p in parsed.players
        ),
    )


# --- Actions ---------------------------------------------------------------------------


class SetFacility(Frozen):
    kind: Literal["set-facility"] = "set-facility"
    player: str
    facility: str
    built: StrictInt  # icons built, the setup ones included


class Logged(Frozen):
    """An entry whose rule flags (``bounded``, ``checked``) are logged only when True: an
    entry stored before them, or sent without them, is logged as it came."""

    @model_serializer(mode="wrap")
    def _logged(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        if isinstance(data, dict):
            for flag in ("bounded", "checked"):
                if data.get(flag) is False:
                    del data[flag]
        return data


class SetDpIcons(Logged):
    kind: Literal["set-dp-icons"] = "set-dp-icons"
    player: str
    filled: StrictInt
    # True: refused above what the bonuses (D: Contracts) gained now allow, as tapped on the
    # scorer; False: a score file's import or a stored entry (the icons before the bonuses).
    bounded: StrictBool = False


class SetBeanichalcum(Frozen):
    kind: Literal["set-beanichalcum"] = "set-beanichalcum"
    player: str
    gained: StrictInt


class MarkMilestoneBonus(Frozen):
    kind: Literal["mark-milestone-bonus"] = "mark-milestone-bonus"
    player: str
    bonus: str
    gained: StrictBool = True  # False takes a mark back


class MarkDevelopmentBonus(Frozen):
    kind: Literal["mark-development-bonus"] = "mark-development-bonus"
    player: str
    bonus: str
    gained: StrictBool = True


class MarkContract(Frozen):
    kind: Literal["mark-contract"] = "mark-contract"
    player: str
    contract: str
    executed: StrictBool = True


class SetHayActionUses(Frozen):
    kind: Literal["set-hay-action-uses"] = "set-hay-action-uses"
    player: str
    row: str
    uses: StrictInt


class Finish(Logged):
    kind: Literal["finish"] = "finish"
    # True: every sheet must be one a game can reach; False: stored before that rule, read as then.
    checked: StrictBool = True


class Reopen(Frozen):
    kind: Literal["reopen"] = "reopen"


PlayerAction = (
    SetFacility | SetDpIcons | SetBeanichalcum | MarkMilestoneBonus
    | MarkDevelopmentBonus | MarkContract | SetHayActionUses
)
Action = Annotated[PlayerAction | Finish | Reopen, Field(discriminator="kind")]
ACTION: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: Any) -> Action:
    """An entry, new or stored. A ``finish`` stored before sheets were checked has no
    ``checked``: it is read as it was then, so its game still opens; every one made since
    says ``checked`` (a model's dump has it)."""
    return parse_entry(ACTION, data, since=("checked", ("finish",), False))


# --- The rules of each entry (one place each; the score-file reader uses them too) -----

# score-file key -> (Sheet attribute, what a player calls it: translated where shown)
DP_ICONS = N_("Development Passport icons")
BEANICHALCUM = N_("Beanichalcum")
SHEET_ITEMS = {
    "dp_icons": ("development_passport", DP_ICONS),
    "beanichalcum": ("beanichalcum", BEANICHALCUM),
    "development_bonuses": ("development_bonuses", N_("Development Bonuses")),
    "contracts": ("contracts", N_("Contracts")),
}
# What a sheet's marks are called (translated where shown), and how they are counted.
MILESTONE_BONUS = N_("Milestone Bonus")
DEVELOPMENT_BONUS = N_("Development Bonus")
CONTRACT = N_("Contract")
GAINED = N_("gained")
EXECUTED = N_("executed")
COUNTED_MARKS = {
    MILESTONE_BONUS: lambda n: ngettext("{n} Milestone Bonus", "{n} Milestone Bonuses", n),
    DEVELOPMENT_BONUS: lambda n: ngettext("{n} Development Bonus", "{n} Development Bonuses", n),
    CONTRACT: lambda n: ngettext("{n} Contract", "{n} Contracts", n),
}


def check_sheet_has(sheet: Sheet, key: str) -> None:
    """Sheet B has no DP icons, only B has Beanichalcum, D has Contracts instead of
    Development Bonuses (rulebook: Differences on Sheet B, Sheet D)."""
    attribute, what = SHEET_ITEMS[key]
    if getattr(sheet, attribute) is None:
        others = [s.letter for s in SHEETS.values() if getattr(s, attribute) is not None]
        if len(others) == 1:
            raise RulesError(_("sheet {letter} has no {what}; only sheet {other} has them").format(
                letter=sheet.letter, what=_(what), other=others[0]))
        raise RulesError(_("sheet {letter} has no {what}; only sheets {others} have them").format(
            letter=sheet.letter, what=_(what), others=_one_of(others)))


def check_built(sheet: Sheet, province: str, facility_id: str, built: int) -> None:
    facility = sheet.facility(facility_id)
    if facility is None:
        elsewhere = {s.letter: f for s in SHEETS.values() if (f := s.facility(facility_id)) is not None}
        if elsewhere:
            name = next(iter(elsewhere.values())).plural
            raise RulesError(_("sheet {letter} has no {facilities}; only sheet {other} has them").format(
                letter=sheet.letter, facilities=_(name), other=_one_of(list(elsewhere))))
        raise RulesError(_('"{facility}" is not a facility; one of {facilities}').format(
            facility=facility_id, facilities=_one_of([f.id for f in sheet.facilities])))
    if built < 0:
        raise RulesError(_("{count}: a count cannot be negative").format(count=count_of(facility, built)))
    at_setup = built_at_setup(sheet, province, facility)
    if built < at_setup:
        if at_setup > facility.built_at_setup:
            raise RulesError(_("{count}, but {province} starts with {built} built").format(
                count=count_of(facility, built), province=PROVINCES[province].name,
                built=count_of(facility, at_setup)))
        raise RulesError(_("{count}, but every player starts with {built} built").format(
            count=count_of(facility, built), built=count_of(facility, at_setup)))
    if facility.icons is not None and built > facility.icons:
        raise RulesError(_("{count}, but sheet {letter} has only {icons} {facility} icons").format(
            count=count_of(facility, built), letter=sheet.letter, icons=facility.icons, facility=_(facility.name)))


def check_not_negative(number: int, what: str) -> None:
    """``what``: the English name (N_), translated here."""
    if number < 0:
        raise RulesError(_("{number} {what}: a count cannot be negative").format(number=number, what=_(what)))


def check_hay_action_uses(sheet: Sheet, row_id: str, uses: int) -> None:
    if sheet.hay_action(row_id) is None:
        raise RulesError(_('"{row}" is not a Hay action of sheet {letter}; one of {rows}').format(
            row=row_id, letter=sheet.letter, rows=_one_of([r.id for r in sheet.hay_actions])))
    if not 0 <= uses <= HAY_ACTION_USES_PER_ROW:
        raise RulesError(ngettext("{uses} use; each Hay action can be performed 0 to {most} times",
                                  "{uses} uses; each Hay action can be performed 0 to {most} times", uses).format(
            uses=uses, most=HAY_ACTION_USES_PER_ROW))


def marked(
    printed: Sequence[str], marks: tuple[str, ...], item: str, on: bool, what: str, verb: str,
    sheet: Sheet, limit: int | None = None, limit_reason: str = "",
) -> tuple[str, ...]:
    """The marks with ``item`` marked (``on``) or not, in printed order; each at most once.
    ``what`` (one of COUNTED_MARKS) and ``verb`` are English (N_), translated here."""
    if item not in printed:
        raise RulesError(_('"{item}" is not a {what} of sheet {letter}; one of {items}').format(
            item=item, what=_(what), letter=sheet.letter, items=_one_of(printed)))
    if on and item in marks:
        raise RulesError(_('"{item}" is already {verb}; each {what} is {verb} only once').format(
            item=item, verb=_(verb), what=_(what)))
    if not on and item not in marks:
        raise RulesError(_('"{item}" is not marked as {verb}').format(item=item, verb=_(verb)))
    if on and limit is not None and len(marks) >= limit:
        raise RulesError(_("{count}, but {reason}").format(
            count=COUNTED_MARKS[what](len(marks) + 1).format(n=len(marks) + 1), reason=limit_reason))
    chosen = set(marks) ^ {item}
    return tuple(i for i in printed if i in chosen)


def _milestone_limit(sheet: Sheet) -> str:
    thresholds = ", ".join(str(t) for t in sheet.milestone_thresholds or ())
    most = sheet.max_milestones or 0
    return ngettext("sheet {letter} has {most} milestone (reached at {thresholds} {condition})",
                    "sheet {letter} has {most} milestones (reached at {thresholds} {condition})", most).format(
        letter=sheet.letter, most=most, thresholds=thresholds, condition=_(sheet.milestone_condition))


def at_setup(sheet: Sheet, province: str) -> list[tuple[str, int]]:
    """(facility, icons built before round 1): the Farm and, on C, the Bridge."""
    return [(f.id, built_at_setup(sheet, province, f)) for f in sheet.facilities if f.built_at_setup]


def dp_gained(sheet: Sheet, player: PlayerSheet) -> int:
    """What the Development Passport icons lie between: the Development Bonuses gained (A-C)
    or the Contracts executed (D)."""
    return len(player.development_bonuses) if sheet.contracts is None else len(player.contracts)


def dp_refusal(sheet: Sheet, player: PlayerSheet, filled: int) -> str | None:
    """Why ``filled`` DP icons cannot be on the player's sheet as it is now (design page,
    gaps 11), or None."""
    return dp_icons_refusal(sheet, filled, dp_gained(sheet, player), player.built.get("bridge", 0))


def finish_refusal(state: State) -> str | None:
    """Why Finish is refused: the first problem of the first sheet, in seating order, that
    no game can reach (``reachable.sheet_problems``), said with the player's name ("Ann:
    ..."); None: every sheet can be finished."""
    sheet = state.rules
    for player in state.players:
        for _key, _item, reason in sheet_problems(sheet, player, at_setup(sheet, player.province)):
            return f"{player.name}: {reason}"
    return None


def apply_to_player(sheet: Sheet, player: PlayerSheet, action: PlayerAction) -> PlayerSheet:
    """``player``'s sheet after ``action``; raises RulesError (the player's words, no place)."""
    if isinstance(action, SetFacility):
        check_built(sheet, player.province, action.facility, action.built)
        built = player.built | {action.facility: action.built}
        return player.changed(facilities=tuple((f.id, built[f.id]) for f in sheet.facilities))
    if isinstance(action, SetDpIcons):
        check_sheet_has(sheet, "dp_icons")
        check_not_negative(action.filled, DP_ICONS)
        if action.bounded and action.filled > player.dp_icons:
            refused = dp_refusal(sheet, player, action.filled)
            if refused:
                raise RulesError(refused)
        return player.changed(dp_icons=action.filled)
    if isinstance(action, SetBeanichalcum):
        check_sheet_has(sheet, "beanichalcum")
        check_not_negative(action.gained, BEANICHALCUM)
        return player.changed(beanichalcum=action.gained)
    if isinstance(action, MarkMilestoneBonus):
        printed = [b.id for b in sheet.milestone_bonuses]
        bonuses = marked(printed, player.milestone_bonuses, action.bonus, action.gained,
                         MILESTONE_BONUS, GAINED, sheet, sheet.max_milestones, _milestone_limit(sheet))
        return player.changed(milestone_bonuses=bonuses)
    if isinstance(action, MarkDevelopmentBonus):
        check_sheet_has(sheet, "development_bonuses")
        printed = [b.id for b in sheet.development_bonuses or ()]
        bonuses = marked(printed, player.development_bonuses, action.bonus, action.gained,
                         DEVELOPMENT_BONUS, GAINED, sheet)
        return player.changed(development_bonuses=bonuses)
    if isinstance(action, MarkContract):
        check_sheet_has(sheet, "contracts")
        printed = [c.id for c in sheet.contracts or ()]
        contracts = marked(printed, player.contracts, action.contract, action.executed,
                           CONTRACT, EXECUTED, sheet)
        return player.changed(contracts=contracts)
    if isinstance(action, SetHayActionUses):
        check_hay_action_uses(sheet, action.row, action.uses)
        uses = player.uses | {action.row: action.uses}
        return player.changed(hay_actions=tuple((r.id, uses[r.id]) for r in sheet.hay_actions))
    raise AssertionError(f"unhandled entry {action!r}")


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises RulesError (``where``: the player) and leaves
    ``state`` as it was."""
    if isinstance(action, Finish):
        refused = finish_refusal(state) if action.checked else None
        if refused:
            raise RulesError(refused)
        return state.changed(finished=True)
    if isinstance(action, Reopen):
        return state.changed(finished=False)
    if not isinstance(action, PlayerAction):
        raise RulesError(_("{action} is not a Gone with the Beans entry").format(action=repr(action)))
    player = state.player(action.player)
    try:
        changed = apply_to_player(state.rules, player, action)
    except RulesError as exc:
        raise RulesError(exc.reason, player.name) from None
    players = tuple(changed if p.name == player.name else p for p in state.players)
    return state.changed(players=players)


def players(state: State) -> tuple[str, ...]:
    return state.names


def is_over(state: State) -> bool:
    """Over once the table says everything is entered (``finish``); a score file is."""
    return state.finished


def ratings(state: State) -> dict[str, str]:
    """Solitaire: the rulebook's rating for the one player's total, once finished."""
    if len(state.players) != 1 or not state.finished:
        return {}
    player = state.players[0]
    return {player.name: solitaire_rating(breakdown(state.rules, player)["total"])}


def result(state: State) -> GameResult:
    return build_result(
        GAME_ID,
        {p.name: breakdown(state.rules, p) for p in state.players},
        over=is_over(state),
        ratings=ratings(state),
    )
