"""Printed values through the app layer (issue 7, "Printed values"; design page, "Printed
values the rulebook does not give"): entered when play needs them, checked for sense,
remembered for that sheet letter, corrected, exported and imported. Bad input gets one
clear message and changes nothing (DEVELOPERS.md)."""

from __future__ import annotations

import asyncio
import functools
import json

import pytest

from companion.session import Games, PhoneGames
from companion.sheet_values import SheetValuesService, values_in_file
from companion.storage import Repository
from companion.storage.sheet_values import FILE_NAME, FORMAT
from companion.ui.components import files
from sheets.errors import RulesError, ScoreFileError
from sheets.gone_with_the_beans.live import RULES as LIVE
from sheets.gone_with_the_beans.live.events import said
from testkit.gwtb_live_play import setup

# TEST values a table might read off its sheet; the product ships none of them.
HOUSE = {"thaler": 3, "worker": 1}
SETUP = setup(("Ann", "zoodai"), ("Ben", "cashew"))


@pytest.fixture
def games(tmp_path):
    games = Games(Repository(tmp_path))
    yield games
    games.repo.close()


def reopened(games: Games) -> Games:
    games.repo.close()
    return Games(Repository(games.repo.data_dir))


@functools.cache
def values_of(games: Games) -> SheetValuesService:
    """The printed values remembered beside these games (one service per server, as in the app)."""
    return SheetValuesService(games)


def enter(games: Games, gid: str, key: str, value, device: str | None = None):
    """A printed value entered in a live game from a phone."""
    return values_of(games).enter_in_game(PhoneGames(games, device), gid, key, value)


def test_a_remembered_value_is_checked_kept_per_letter_and_survives_a_restart(games):
    assert values_of(games).remember("A", "icons:farm", 6) == 6
    assert values_of(games).remember("A", "building-cost:house", {"thaler": 3, "worker": 1, "bean": 0}) == HOUSE
    assert values_of(games).remember("B", "milestones", (2, 4, 6)) == [2, 4, 6]
    games = reopened(games)
    assert values_of(games).of("A") == {"icons:farm": 6, "building-cost:house": HOUSE}
    assert values_of(games).of("B") == {"milestones": [2, 4, 6]}
    assert values_of(games).of("C") == {}


@pytest.mark.parametrize("key, value, says", [
    ("icons:farm", 99, "Number of Farm icons, Sheet A: 99 cannot be printed there; enter 1 to 30"),
    ("icons:farm", "six", "enter a whole number"),
    ("building-cost:house", {}, "a building cost is never nothing"),
    ("building-cost:house", {"thaler": -1}, "none below 0"),
    ("milestones", [4, 2], "must rise from left to right"),
    ("building-cost:farm", {"bean": 1}, "stated by the rulebook"),
    ("icons:castle", 3, '"castle" is not a facility of sheet A'),
])
def test_nonsense_is_refused_with_its_reason_and_nothing_is_stored(games, key, value, says):
    values_of(games).remember("A", "icons:farm", 6)
    before = (games.repo.data_dir / FILE_NAME).read_bytes()
    with pytest.raises(RulesError, match=says):
        values_of(games).remember("A", key, value)
    assert values_of(games).of("A") == {"icons:farm": 6}
    assert (games.repo.data_dir / FILE_NAME).read_bytes() == before


def test_an_unknown_sheet_letter_is_refused(games):
    with pytest.raises(RulesError, match='"E" is not a Gone with the Beans sheet'):
        values_of(games).remember("E", "icons:farm", 6)


def test_forget_value(games):
    values_of(games).remember("A", "icons:farm", 6)
    values_of(games).forget("A", "icons:farm")
    assert values_of(games).of("A") == {}


def test_entering_a_value_in_a_game_changes_the_game_and_the_memory(games):
    gid = games.new_game(LIVE.id, SETUP)
    heard = []
    book = values_of(games)
    games.followers.subscribe(gid, heard.append)
    book.subscribe(lambda: heard.append("the sheet values"))  # their own listeners, not a game's
    state = book.enter_in_game(PhoneGames(games, None), gid, "building-cost:house", HOUSE)
    assert state.entered["building-cost:house"].thaler == 3
    assert values_of(games).of("A") == {"building-cost:house": HOUSE}
    assert heard == [gid, "the sheet values"]
    # Corrected: the game and the memory both hold the new value; the log says who.
    state = enter(games, gid, "building-cost:house", {"thaler": 4}, device="phone-1")
    assert "corrected" in said(state.events[0])
    assert values_of(games).of("A") == {"building-cost:house": {"thaler": 4}}
    games = reopened(games)
    assert games.state(gid).entered["building-cost:house"].thaler == 4
    assert values_of(games).of("A")["building-cost:house"] == {"thaler": 4}


def test_the_next_game_on_that_letter_starts_with_the_remembered_values(games):
    first = games.new_game(LIVE.id, SETUP)
    enter(games, first, "icons:farm", 6)
    second = games.new_game(LIVE.id, {**SETUP, "printed": values_of(games).of("A")})
    assert games.state(second).entered == {"icons:farm": 6}


def test_a_value_the_game_refuses_changes_neither_the_game_nor_the_memory(games):
    gid = games.new_game(LIVE.id, SETUP)
    enter(games, gid, "icons:farm", 6)
    log = list(games.record(gid).log)
    with pytest.raises(RulesError, match="enter 1 to 30"):
        enter(games, gid, "icons:farm", 0)
    assert games.record(gid).log == log
    assert values_of(games).of("A") == {"icons:farm": 6}


def test_printed_values_are_entered_only_in_a_live_game(games):
    gid = games.new_game("gone-with-the-beans", {"sheet": "A", "players": [{"name": "Ann", "province": "zoodai"}]})
    with pytest.raises(RulesError, match="live sheet"):
        enter(games, gid, "icons:farm", 6)
    assert values_of(games).of("A") == {}


def test_export_and_import_roundtrip_to_another_data_dir(games, tmp_path_factory):
    values_of(games).remember("A", "icons:farm", 6)
    values_of(games).remember("A", "building-cost:house", HOUSE)
    values_of(games).remember("A", "milestones", [2, 4, 6, 8])
    values_of(games).remember("B", "icons:farm", 5)
    data = json.loads(json.dumps(values_of(games).export("A")))  # as a downloaded file
    assert data == {"format": FORMAT, "sheets": {"A": {"icons:farm": 6, "building-cost:house": HOUSE,
                                                       "milestones": [2, 4, 6, 8]}}}
    other = Games(Repository(tmp_path_factory.mktemp("other")))
    values_of(other).remember("A", "icons:farm", 7)  # theirs loses to the file's
    values_of(other).remember("A", "icons:silo", 4)  # kept: the file does not name it
    assert values_of(other).import_file(data) == "A"
    assert values_of(other).of("A") == {"icons:farm": 6, "icons:silo": 4, "building-cost:house": HOUSE,
                                       "milestones": [2, 4, 6, 8]}
    assert values_of(other).of("B") == {}
    other.repo.close()


@pytest.mark.parametrize("data, says", [
    ({"format": "beans-score/1", "sheets": {"A": {}}},
     "not a Bean Counter sheet-values file: its format is 'beans-score/1', not \"beans-sheet-values/1\""),
    ([1, 2], "not a Bean Counter sheet-values file: not a JSON object"),
    ({"format": FORMAT, "sheets": {"A": {}, "B": {}}}, "sheets: a sheet-values file holds the values of exactly one"),
    ({"format": FORMAT, "sheets": {"A": {"icons:farm": 6, "icons:castle": 3}}},
     '^"icons:castle": "castle" is not a facility of sheet A$'),
    ({"format": FORMAT, "sheets": {"A": {"icons:farm": 6, "icons:silo": 31}}},
     '^"icons:silo": Number of Silo icons, Sheet A: 31 cannot be printed there; enter 1 to 30$'),
    # design page, gaps 14: any materials the sheet prints, but sheet A prints no Beanichalcum
    ({"format": FORMAT, "sheets": {"A": {"travel:2": {"beanichalcum": 1}}}},
     '^"travel:2": Travel cost .*, Sheet A: sheet A has no Beanichalcum$'),
])
def test_a_bad_file_is_refused_with_one_line_and_changes_nothing(games, data, says):
    values_of(games).remember("A", "icons:farm", 2)
    before = (games.repo.data_dir / FILE_NAME).read_bytes()
    with pytest.raises(ScoreFileError, match=says) as caught:
        values_of(games).import_file(data)
    assert "\n" not in str(caught.value)
    assert values_of(games).of("A") == {"icons:farm": 2}
    assert (games.repo.data_dir / FILE_NAME).read_bytes() == before


@pytest.mark.parametrize("data, says", [
    ({"format": FORMAT, "sheets": {"A": {"icons:farm": 5}}}, None),
    ({"format": FORMAT, "sheets": {"A": {"icons:farm": 6, "icons:castle": 3}}},
     'values.json was not imported: "icons:castle": "castle" is not a facility of sheet A'),
], ids=["good", "bad"])
def test_the_sheet_values_upload_imports_a_good_file_and_refuses_a_bad_one(reader, games, monkeypatch, data, says):
    """Sheet values' Import: the file is read and checked where uploads are (beans serve's
    worker process, else a thread), then remembered."""
    async def picked(title: str, extensions: tuple[str, ...] = ("json",)) -> tuple[str, bytes]:
        return "values.json", json.dumps(data).encode()

    monkeypatch.setattr(files, "upload", picked)
    values_of(games).remember("A", "icons:farm", 2)
    problems: list[str | None] = []
    imported = asyncio.run(files.import_json("Import", lambda: None, values_in_file, values_of(games).import_file, problems.append))
    assert problems == [says]
    assert imported == (None if says else ("values.json", "A"))
    assert values_of(games).of("A") == {"icons:farm": 2 if says else 5}


def test_a_damaged_memory_is_reported_and_restored_from_its_backup(games):
    values_of(games).remember("A", "icons:farm", 6)
    values_of(games).remember("A", "icons:silo", 4)
    path = games.repo.data_dir / FILE_NAME
    path.write_bytes(b"{broken")
    games = reopened(games)
    with pytest.raises(Exception, match="remembered sheet values could not be read"):
        values_of(games).of("A")
    with pytest.raises(Exception, match="could not be read"):
        values_of(games).remember("A", "icons:house", 4)  # never written over the damage
    values_of(games).restore_backup()
    assert values_of(games).of("A") == {"icons:farm": 6}


def stored_by_hand(games: Games, values: dict) -> None:
    """The file as a newer version (or an edit by hand) left it."""
    (games.repo.data_dir / FILE_NAME).write_text(json.dumps({"format": FORMAT, "sheets": {"A": values}}))


def test_a_value_this_version_cannot_use_is_reported_left_out_of_new_games_and_removable(games):
    """Issue 14: a remembered key this version does not know (or a value out of its
    bounds) is reported and can be removed, instead of blocking every new live game. It
    stays stored until removed: data is never dropped silently."""
    stored_by_hand(games, {"icons:farm": 6, "icons:castle": 3, "future:ferry": [1, 2], "icons:silo": 99})
    games = reopened(games)
    book = values_of(games)
    assert book.unusable("A") == {
        "icons:castle": '"castle" is not a facility of sheet A',
        "future:ferry": '"future:ferry" is not a printed value of sheet A',
        "icons:silo": "Number of Silo icons, Sheet A: 99 cannot be printed there; enter 1 to 30",
    }
    assert book.of("A") == {"icons:farm": 6}  # what a new game starts with, and what is exported
    gid = games.new_game(LIVE.id, {**SETUP, "printed": book.of("A")})
    assert games.state(gid).entered == {"icons:farm": 6}
    assert book.export("A")["sheets"] == {"A": {"icons:farm": 6}}
    assert set(book.kept("A")) == {"icons:farm", "icons:castle", "future:ferry", "icons:silo"}

    book.remember("A", "icons:silo", 4)  # corrected: usable again
    book.forget("A", "future:ferry", by=PhoneGames(games, "a phone"))  # removed in the app
    book.forget("A", "icons:castle")
    assert book.unusable("A") == {}
    games = reopened(games)
    assert values_of(games).kept("A") == values_of(games).of("A") == {"icons:farm": 6, "icons:silo": 4}


def test_a_value_of_any_stored_shape_is_reported_never_a_crash(games):
    stored_by_hand(games, {"milestones": {"a": None}, "building-cost:house": "cheap", "icons:farm": True})
    games = reopened(games)
    assert set(values_of(games).unusable("A")) == {"milestones", "building-cost:house", "icons:farm"}
    assert values_of(games).of("A") == {}


def test_importing_over_a_value_this_version_cannot_use_keeps_it_until_removed(games):
    stored_by_hand(games, {"future:ferry": 1})
    games = reopened(games)
    values_of(games).import_file({"format": FORMAT, "sheets": {"A": {"icons:farm": 6}}})
    assert values_of(games).kept("A") == {"future:ferry": 1, "icons:farm": 6}
    assert values_of(games).of("A") == {"icons:farm": 6}
