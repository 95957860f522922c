"""What a player types into the printed-value form, read into the value the rules check
(issue 7, "Printed values": entered from the printed sheet at the moment play needs it),
and the Sheet values screen's rows (from the rulebook / entered / not known yet)."""

from __future__ import annotations

import pytest

from companion.ui.components.printed_value import as_fields, parse
from companion.ui.screens.sheet_values import ENTERED, FROM_RULEBOOK, UNKNOWN, group_of, in_words, rows_of
from sheets.gone_with_the_beans.live import Materials
from sheets.gone_with_the_beans.sheets import SHEETS

A = SHEETS["A"]


def test_typing_is_read_into_the_json_form():
    assert parse("number", {"number": " 6 "}) == 6
    assert parse("materials", {"thaler": "3", "bean": "", "worker": "1", "hay": "0"}) == {"thaler": 3, "worker": 1}
    assert parse("materials", {}) == {}  # every field empty: nothing (the rules say if that makes sense)
    assert parse("numbers", {"numbers": "2, 4,6 8"}) == [2, 4, 6, 8]


@pytest.mark.parametrize("kind, fields, says", [
    ("number", {"number": ""}, "Value: enter a whole number"),
    ("number", {"number": "six"}, 'Value: "six" is not a whole number'),
    ("number", {"number": "2.5"}, 'Value: "2.5" is not a whole number'),
    ("materials", {"bean": "x"}, 'Bean: "x" is not a whole number'),
    ("numbers", {"numbers": " , "}, "enter the numbers"),
    ("numbers", {"numbers": "2, four"}, 'Numbers, left to right: "four" is not a whole number'),
])
def test_typing_that_cannot_be_read_says_which_field(kind, fields, says):
    with pytest.raises(ValueError, match=says):
        parse(kind, fields)


def test_the_fields_are_filled_from_the_json_or_the_engine_form():
    assert as_fields("number", 6) == {"number": "6"}
    assert as_fields("number", None) == {"number": ""}
    filled = {"thaler": "3", "bean": "", "worker": "1", "hay": ""}
    assert as_fields("materials", {"thaler": 3, "worker": 1}) == filled
    assert as_fields("materials", Materials(thaler=3, worker=1)) == filled
    assert as_fields("numbers", (2, 4, 6)) == as_fields("numbers", [2, 4, 6]) == {"numbers": "2, 4, 6"}


def test_rows_say_where_each_value_came_from_in_sheet_order():
    """Design page: Farm costs 1 Bean + 2 Thaler and Level 1 travel 2 Bean + 1 Thaler per
    road (stated); the rest is entered or not known yet."""
    rows = rows_of(A, {"icons:farm": 2, "building-cost:house": {"thaler": 3}})
    by_key = {key: (value, source) for key, value, source, _ in rows}
    assert [k for k, *_ in rows[:6]] == ["building-cost:farm", "icons:farm", "hay-income:farm:1",
                                        "extra-income:farm:1", "hay-income:farm:2", "extra-income:farm:2"]
    assert by_key["building-cost:farm"][1] == FROM_RULEBOOK
    assert in_words("materials", by_key["building-cost:farm"][0]) == "1 Bean + 2 Thaler"
    assert in_words("materials", by_key["travel:1"][0]) == "2 Bean + 1 Thaler"
    assert by_key["building-cost:house"] == ({"thaler": 3}, ENTERED)
    assert by_key["icons:market"] == (None, UNKNOWN)
    assert group_of(A, "hay-income:farm:2") == "Farm" and group_of(A, "travel:3") == "Travel"


def test_a_remembered_value_the_rules_refuse_is_listed_with_the_reason():
    rows = rows_of(A, {"icons:silo": 99, "icons:castle": 3})
    problems = {key: problem for key, _, _, problem in rows if problem}
    assert "99 cannot be printed there" in problems["icons:silo"]
    assert problems["icons:castle"] == '"castle" is not a facility of sheet A'
    assert group_of(A, "icons:castle") == "Not on this sheet"
