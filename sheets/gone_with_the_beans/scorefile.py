"""``gone-with-the-beans`` score files (shared/design/score-files.md).

The reader checks the file's shape with pydantic, then replays each entry as the
action a phone would send, so every rule is checked in one place (the engine) and each
problem is reported at its place in the file, e.g. ``players[1].milestone_bonuses[2]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import Field, StrictInt, StrictStr

from sheets.errors import RulesError, ScoreFileError
from sheets.gone_with_the_beans.engine import (
    GAME_ID,
    SHEET_ITEMS,
    Finish,
    MarkContract,
    MarkDevelopmentBonus,
    MarkMilestoneBonus,
    PlayerAction,
    SetBeanichalcum,
    SetDpIcons,
    SetFacility,
    SetHayActionUses,
    SetupPlayer,
    State,
    apply,
    built_at_setup,
    check_sheet_has,
    new_game,
    setup_problems,
    sheet_named,
)
from sheets.gone_with_the_beans.reachable import sheet_problems
from sheets.gone_with_the_beans.sheets import Sheet
from sheets.i18n import _
from sheets.model import Frozen
from sheets.scorefile import FORMAT, parse_model


class PlayerFile(Frozen):
    """One player's entries; a key the sheet does not use must be left out."""

    name: StrictStr
    province: StrictStr
    facilities: dict[str, StrictInt] = Field(default_factory=dict)  # left out: 0
    dp_icons: StrictInt = 0  # A, C, D
    beanichalcum: StrictInt = 0  # B
    milestone_bonuses: list[StrictStr] = Field(default_factory=list)
    development_bonuses: list[StrictStr] = Field(default_factory=list)  # A, B, C
    contracts: list[StrictStr] = Field(default_factory=list)  # D: executed
    hay_actions: dict[str, StrictInt] = Field(default_factory=dict)  # left out: 0


class GoneWithTheBeansFile(Frozen):
    format: str
    game: str
    sheet: StrictStr
    players: tuple[PlayerFile, ...]


def _entries(sheet: Sheet, index: int, player: PlayerFile) -> Iterator[tuple[str, PlayerAction]]:
    """(place, action) for every entry of one player, in the file's order."""
    base = f"players[{index}]"
    name = player.name.strip()
    for key in SHEET_ITEMS:
        if key in player.model_fields_set:
            try:
                check_sheet_has(sheet, key)
            except RulesError as exc:
                raise ScoreFileError(f"{base}.{key}", exc.reason) from None
    for facility, built in player.facilities.items():
        yield f"{base}.facilities.{facility}", SetFacility(player=name, facility=facility, built=built)
    for printed in sheet.facilities:
        if printed.id not in player.facilities:
            yield f"{base}.facilities.{printed.id}", SetFacility(player=name, facility=printed.id, built=0)
    if "dp_icons" in player.model_fields_set:
        yield f"{base}.dp_icons", SetDpIcons(player=name, filled=player.dp_icons)
    if "beanichalcum" in player.model_fields_set:
        yield f"{base}.beanichalcum", SetBeanichalcum(player=name, gained=player.beanichalcum)
    lists = (
        ("milestone_bonuses", lambda item: MarkMilestoneBonus(player=name, bonus=item)),
        ("development_bonuses", lambda item: MarkDevelopmentBonus(player=name, bonus=item)),
        ("contracts", lambda item: MarkContract(player=name, contract=item)),
    )
    for key, action in lists:
        listed: list[str] = []
        for position, item in enumerate(getattr(player, key)):
            if item in listed:
                raise ScoreFileError(f"{base}.{key}[{position}]", _('"{item}" is listed twice').format(item=item))
            listed.append(item)
            yield f"{base}.{key}[{position}]", action(item)
    for row, uses in player.hay_actions.items():
        yield f"{base}.hay_actions.{row}", SetHayActionUses(player=name, row=row, uses=uses)


def read(data: dict[str, Any]) -> State:
    """The finished game a score file records; ScoreFileError naming the place if invalid."""
    parsed = parse_model(GoneWithTheBeansFile, data)
    try:
        sheet = sheet_named(parsed.sheet)
    except RulesError as exc:
        raise ScoreFileError("sheet", exc.reason) from None
    setup_players = [SetupPlayer(name=p.name, province=p.province) for p in parsed.players]
    for index, field, reason in setup_problems(setup_players):
        raise ScoreFileError(f"players[{index}].{field}" if index is not None else field, reason)
    state = new_game({"sheet": sheet.letter, "players": [p.model_dump() for p in setup_players]})
    for index, player in enumerate(parsed.players):
        for place, action in _entries(sheet, index, player):
            try:
                state = apply(state, action)
            except RulesError as exc:
                raise ScoreFileError(place, exc.reason) from None
        _check_reachable(sheet, index, player, state)
    return apply(state, Finish())


def _check_reachable(sheet: Sheet, index: int, player: PlayerFile, state: State) -> None:
    """A sheet no game can reach is refused at the entry that says too much (issue 31;
    sheets/gone_with_the_beans/reachable.py): each entry was valid on its own."""
    entered = state.players[index]
    in_file_order = entered.changed(milestone_bonuses=tuple(player.milestone_bonuses),
                                    development_bonuses=tuple(player.development_bonuses),
                                    contracts=tuple(player.contracts))
    at_setup = [(f.id, built_at_setup(sheet, entered.province, f)) for f in sheet.facilities if f.built_at_setup]
    for key, item, reason in sheet_problems(sheet, in_file_order, at_setup):
        place = f"players[{index}].{key}" if key else f"players[{index}]"
        if item is not None:
            place += f"[{getattr(player, key).index(item)}]"
        raise ScoreFileError(place, reason)


def export(state: State) -> dict[str, Any]:
    """The score file of a game: every key the sheet uses, none it does not."""
    sheet = state.rules
    players = []
    for p in state.players:
        entry: dict[str, Any] = {"name": p.name, "province": p.province, "facilities": p.built}
        if sheet.development_passport:
            entry["dp_icons"] = p.dp_icons
        if sheet.beanichalcum:
            entry["beanichalcum"] = p.beanichalcum
        entry["milestone_bonuses"] = list(p.milestone_bonuses)
        if sheet.development_bonuses is not None:
            entry["development_bonuses"] = list(p.development_bonuses)
        if sheet.contracts is not None:
            entry["contracts"] = list(p.contracts)
        entry["hay_actions"] = p.uses
        players.append(entry)
    return {"format": FORMAT, "game": GAME_ID, "sheet": state.sheet, "players": players}


def import_file(data: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(setup, actions) that fold into the finished game a valid score file records."""
    state = read(data)
    file = export(state)
    setup = {"sheet": state.sheet, "players": [{"name": p.name, "province": p.province} for p in state.players]}
    actions = [
        action.model_dump(mode="json")
        for index, player in enumerate(file["players"])
        for _, action in _entries(state.rules, index, PlayerFile.model_validate(player))
    ]
    return setup, actions + [Finish().model_dump(mode="json")]
