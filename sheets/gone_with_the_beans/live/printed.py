"""Printed values the rulebook does not state: asked for when play first needs them.

A value is named by a key (``building-cost:market:upper``, ``hay-income:farm:2``, ...).
The sheet definition (sheets.py) holds every stated value; ``lookup`` gives a stated
one, else the one the table entered (kept in the state), else raises
``UnknownPrintedValue`` naming where on the sheet it is printed (design page, "Printed
values the rulebook does not give"). ``check`` says whether an entered value makes sense.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Literal

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live.materials import Materials
from sheets.gone_with_the_beans.sheets import (
    HORSE_RIDING_START_LEVEL,
    HORSE_RIDING_TOP_LEVEL,
    Cost,
    Facility,
    Sheet,
)
from sheets.i18n import _

Value = int | Materials | tuple[int, ...]
MOST = 30  # the sense bound of one printed number: a full first Hay Shed


class UnknownPrintedValue(RulesError):
    """Play needs a printed value nobody has entered yet; ``key`` names it for the
    ``printed-value`` action, ``place`` says where it is printed (in the language of the
    phone whose call raised it: another phone says it again with ``spec(sheet, key).place``)."""

    def __init__(self, key: str, place: str, where: str | None = None):
        self.key = key
        self.place = place
        super().__init__(_("{place} is not known yet: please enter it from the printed sheet").format(place=place),
                         where)


class NotAPrintedValue(RulesError):
    """A key that names nothing printed on the sheet (its refusal names the key itself)."""


@dataclass(frozen=True)
class Spec:
    key: str
    place: str
    kind: Literal["number", "materials", "numbers"]
    stated: Any  # the sheet's value, None when the rulebook does not state it


def _facility(sheet: Sheet, facility_id: str) -> Facility:
    facility = sheet.facility(facility_id)
    if facility is None:
        raise RulesError(_('"{facility}" is not a facility of sheet {letter}').format(
            facility=facility_id, letter=sheet.letter))
    return facility


def _icon(parts: list[str]) -> int:
    if not parts[0].isdigit() or int(parts[0]) < 1:
        raise RulesError(_('"{icon}" is not an icon number (1 is the leftmost)').format(icon=parts[0]))
    return int(parts[0])


def spec(sheet: Sheet, key: str, words: bool = True) -> Spec:
    """What ``key`` names on ``sheet`` (its ``place`` in the phone's language, ending in
    ", Sheet A"; not worked out, "", unless ``words``: play looks values up many times a
    tap); raises RulesError for a key that names nothing."""
    name, *parts = key.split(":")

    def at(place: Callable[[], str]) -> str:
        return place() + _(", Sheet {letter}").format(letter=sheet.letter) if words else ""

    if name == "building-cost" and parts:
        facility = _facility(sheet, parts[0])
        if facility.has_two_costs:
            if parts[1:] == ["upper"]:
                return Spec(key, at(lambda: _("{facility} building cost, upper field (Ruler token in your province)")
                                    .format(facility=_(facility.name))), "materials", facility.building_cost)
            if parts[1:] == ["lower"]:
                return Spec(key, at(lambda: _("{facility} building cost, bottom field (Ruler token elsewhere)").format(
                    facility=_(facility.name))), "materials", facility.building_cost_ruler_elsewhere)
        elif len(parts) == 1:
            return Spec(key, at(lambda: _("{facility} building cost").format(facility=_(facility.name))), "materials",
                        facility.building_cost)
    if name == "icons" and len(parts) == 1:
        facility = _facility(sheet, parts[0])
        return Spec(key, at(lambda: _("number of {facility} icons").format(facility=_(facility.name))), "number",
                    facility.icons)
    if name in ("hay-income", "extra-income") and len(parts) == 2:
        facility = _facility(sheet, parts[0])
        icon = _icon(parts[1:])
        if name == "hay-income":
            hay = facility.hay_income[icon - 1] if facility.hay_income else None
            return Spec(key, at(lambda: _("Hay below {facility} icon {icon} (Income)").format(
                facility=_(facility.name), icon=icon)), "number", hay)
        extra = facility.extra_income[icon - 1] if facility.extra_income else None
        return Spec(key, at(lambda: _("Extra Income below {facility} icon {icon}").format(
            facility=_(facility.name), icon=icon)), "materials", extra)
    if name == "travel" and len(parts) == 1 and parts[0].isdigit():
        level = int(parts[0])
        if HORSE_RIDING_START_LEVEL <= level <= HORSE_RIDING_TOP_LEVEL and sheet.travel_cost_per_road_by_level:
            return Spec(key, at(lambda: _("travel cost for 1 road at Horse-Riding Level {level}").format(level=level)),
                        "materials", sheet.travel_cost_per_road_by_level[level])
    if name == "hay-shed" and len(parts) == 1 and parts[0].isdigit():
        shed = int(parts[0])
        if 1 <= shed <= sheet.extra_hay_sheds:
            return Spec(key, at(lambda: _("Hay the added Hay Shed {shed} holds").format(shed=shed)), "number",
                        sheet.extra_hay_shed_capacity)
    if name == "milestones" and not parts:
        return Spec(key, at(lambda: _('the numbers in the "No. of facilities" field, left to right')), "numbers",
                    sheet.milestone_thresholds)
    raise NotAPrintedValue(_('"{key}" is not a printed value of sheet {letter}').format(key=key, letter=sheet.letter))


def _as_value(stated: Any) -> Value:
    return Materials.of(stated) if isinstance(stated, Cost) else stated


def lookup(sheet: Sheet, entered: Mapping[str, Value], key: str) -> Value:
    """The value: stated by the rulebook, else entered, else UnknownPrintedValue (where it
    is printed is worked out only then). An entered key is never a stated one (``check``):
    it is taken as it is (play looks values up many times a tap)."""
    if key in entered:
        return entered[key]
    found = spec(sheet, key, words=False)
    if found.stated is not None:
        return _as_value(found.stated)
    raise UnknownPrintedValue(key, spec(sheet, key).place)


def check(sheet: Sheet, key: str, value: Any, least_icons: int = 0) -> Value:
    """The entered value if it makes sense for ``key``; RulesError saying why not.

    ``least_icons``: for ``icons:<facility>``, the most any player has built already.
    """
    found = spec(sheet, key)
    if found.stated is not None:
        raise RulesError(_("{place} is stated by the rulebook ({value}); it cannot be entered").format(
            place=found.place, value=said(_as_value(found.stated))))
    where = found.place[0].upper() + found.place[1:]
    if found.kind == "number":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(_("{place}: enter a whole number").format(place=where))
        low = max(1, least_icons) if key.startswith(("icons:", "hay-shed:")) else 0
        if not low <= value <= MOST:
            raise RulesError(_("{place}: {value} cannot be printed there; enter {low} to {most}").format(
                place=where, value=value, low=low, most=MOST))
        return value
    if found.kind == "materials":
        try:
            materials = value if isinstance(value, Materials) else Materials.model_validate(value)
        except ValueError:
            raise RulesError(_("{place}: enter Thaler, Bean, Worker and Hay as whole numbers, none below 0").format(
                place=where)) from None
        if any(getattr(materials, k) > MOST for k in ("thaler", "bean", "worker", "hay")):
            raise RulesError(_("{place}: {materials} is more than a sheet prints; at most {most} of each").format(
                place=where, materials=materials.said, most=MOST))
        if key.startswith("building-cost:") and materials.empty:
            raise RulesError(_("{place}: a building cost is never nothing").format(place=where))
        if key.startswith("building-cost:") and sheet.travel_cost_by_roads and materials != Materials(
                thaler=materials.thaler):  # rulebook, Differences on Sheet D
            raise RulesError(_("{place}: on sheet D every building cost is paid in money; enter Thaler only").format(
                place=where))
        # Travel at Horse-Riding Levels 2-4: any materials the sheet prints, per road (design
        # page, gaps 14); Beanichalcum is printed on sheet B only.
        if key.startswith("travel:") and materials.beanichalcum and sheet.beanichalcum_travel_roads is None:
            raise RulesError(_("{place}: sheet {letter} has no Beanichalcum").format(
                place=where, letter=sheet.letter))
        return materials
    numbers = tuple(value) if isinstance(value, (list, tuple)) else ()
    if not numbers or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        raise RulesError(_("{place}: enter the numbers, left to right").format(place=where))
    if len(numbers) > len(sheet.milestone_bonuses):
        raise RulesError(_("{place}: {count} numbers, but there are only {bonuses} Milestone Bonuses to gain").format(
            place=where, count=len(numbers), bonuses=len(sheet.milestone_bonuses)))
    if numbers[0] < 1 or any(b <= a for a, b in pairwise(numbers)) or numbers[-1] > MOST:
        raise RulesError(_("{place}: {numbers} must rise from left to right, from 1 to at most {most}").format(
            place=where, numbers=", ".join(map(str, numbers)), most=MOST))
    return numbers


def keys(sheet: Sheet, entered: Mapping[str, Value]) -> tuple[str, ...]:
    """Every printed value of ``sheet``, in the order the sheet reads (for the "Sheet
    values" list); the values under a row's icons once its number of icons is known."""
    found: list[str] = []
    for facility in sheet.facilities:
        if facility.has_two_costs:
            found += [f"building-cost:{facility.id}:upper", f"building-cost:{facility.id}:lower"]
        else:
            found.append(f"building-cost:{facility.id}")
        found.append(f"icons:{facility.id}")
        icons = facility.icons if facility.icons is not None else entered.get(f"icons:{facility.id}")
        for icon in range(1, icons + 1 if isinstance(icons, int) else 1):
            found += [f"hay-income:{facility.id}:{icon}", f"extra-income:{facility.id}:{icon}"]
    if sheet.travel_cost_per_road_by_level:
        found += [f"travel:{level}" for level in range(HORSE_RIDING_START_LEVEL, HORSE_RIDING_TOP_LEVEL + 1)]
    found += [f"hay-shed:{shed}" for shed in range(1, sheet.extra_hay_sheds + 1)]
    found.append("milestones")
    return tuple(found)


def shown(value: Value) -> str:
    """A value in English, whatever the phone: "2 Bean + 1 Thaler", "12", "2, 4, 6"."""
    return ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)


def said(value: Value) -> str:
    """A value as the phone's player reads it: "2 Bean + 1 Thaler", "2 Bohnen + 1 Taler"."""
    return value.said if isinstance(value, Materials) else shown(value)
