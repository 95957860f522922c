"""A game's table (seats, PINs, notes) as a frozen typed model read from what its file
stores: data is sacred, so a table written by a newer or an older version comes back as it
was stored, whatever this version cannot read in it, and changing one part of it leaves
the others as they were."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion import table
from companion.session import Games
from companion.storage import open_repository
from companion.table import Ask, Seat, Table
from sheets.errors import RulesError
from testkit.stored import stored_record

KNOWN = ("starter", "seats", "notes", "released", "asks", "comment", "location", "imported", "deleted_by")

words = st.text(max_size=6)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | words,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(words, inner, max_size=3),
    max_leaves=6)
unknown_keys = st.dictionaries(words.filter(lambda key: key not in KNOWN), json_values, max_size=3)


def with_unknown(fields: st.SearchStrategy[dict[str, Any]], keys: st.SearchStrategy[str] = words) -> st.SearchStrategy[
        dict[str, Any]]:
    """``fields`` beside keys this version does not know (a newer version's)."""
    others = st.dictionaries(keys, json_values, max_size=2)
    return st.builds(lambda known, more: {**{k: v for k, v in more.items() if k not in known}, **known}, fields, others)


salts = st.binary(min_size=1, max_size=8).map(bytes.hex)
seats = with_unknown(st.fixed_dictionaries({"salt": salts, "pin": words}, optional={"device": st.none() | words}),
                     words.filter(lambda key: key not in ("salt", "pin", "device")))
asks = with_unknown(st.fixed_dictionaries({"device": words, "salt": salts, "pin": words}),
                    words.filter(lambda key: key not in ("salt", "pin", "device")))
well_formed = st.fixed_dictionaries({}, optional={
    "starter": st.none() | words,
    "seats": st.dictionaries(words, seats, max_size=3),
    "notes": st.dictionaries(words, words, max_size=3),
    "released": st.lists(words, max_size=3),
    "asks": st.dictionaries(words, st.lists(asks, max_size=3), max_size=2),
    "comment": st.none() | words,
    "location": st.none() | words,
    "imported": st.dictionaries(words, json_values, max_size=3),
    "deleted_by": st.none() | words | st.dictionaries(words, json_values, max_size=2),
})
stored_tables = st.builds(lambda known, more: {**more, **known}, well_formed, unknown_keys)
# Parts a hand, a bug or another program may have left in a file: any value where a part is
# expected, a list of asks or released seats with things among them that are not one
malformed = st.fixed_dictionaries({}, optional={
    **{key: json_values for key in KNOWN},
    "asks": st.dictionaries(words, st.lists(asks | json_values, max_size=3) | json_values, max_size=3),
    "released": st.lists(words | json_values, max_size=4),
    "seats": st.dictionaries(words, seats | json_values, max_size=3),
})
any_tables = st.builds(lambda known, more: {**more, **known}, malformed, unknown_keys)


@given(stored_tables)
def test_a_stored_table_is_written_back_as_it_was_stored(stored):
    kept = Table.read(stored)
    assert kept.as_json() == stored
    assert json.loads(json.dumps(kept.as_json())) == stored  # the same JSON in the game's file
    assert set(kept.seats) == set(stored.get("seats", {}))
    assert all(kept.seats[p].salt == seat["salt"] and kept.seats[p].pin == seat["pin"]
               for p, seat in stored.get("seats", {}).items())


@given(stored_tables, words)
def test_a_changed_part_is_written_as_it_is_now_and_every_other_part_as_it_was_stored(stored, comment):
    assert Table.read(stored).changed(comment=comment).as_json() == {**stored, "comment": comment}


@given(any_tables)
def test_a_table_this_version_cannot_fully_read_is_read_without_failing_and_kept_as_it_was_stored(stored):
    kept = Table.read(stored)
    assert kept.as_json() == stored
    # the phones asking for a seat are those whose ask names the phone, its salt and its PIN
    found = stored.get("asks")
    readable = {p: [a for a in waiting if isinstance(a, dict) and all(isinstance(a.get(k), str)
                                                                     for k in ("device", "salt", "pin"))]
                for p, waiting in found.items() if isinstance(waiting, list)} if isinstance(found, dict) else {}
    assert {p: [a.as_json() for a in waiting] for p, waiting in kept.asks.items()} == readable
    released = stored.get("released")
    assert list(kept.released) == ([p for p in released if isinstance(p, str)] if isinstance(released, list) else [])


@given(any_tables, st.sampled_from(["Ann", "Ben"]), st.sampled_from(["1111", "2222"]))
def test_sitting_down_keeps_what_this_version_does_not_know(stored, player, pin):
    unknown = {key: value for key, value in stored.items() if key not in KNOWN}
    before = Table.read(stored)
    salt = table.salt_for(before, player)
    try:
        after = table.claim(before, ("Ann", "Ben"), player, salt, f"hash of {pin}", "a phone")  # hashed as it comes
    except RulesError:  # a seat taken with another PIN: nothing changes
        return
    written = after.as_json()
    assert {key: written[key] for key in unknown} == unknown
    assert table.seat_of(Table.read(written), "a phone") == player


@pytest.mark.parametrize("stored", [None, [], "seats", 7])
def test_a_table_that_is_no_object_reads_as_an_empty_table(stored):
    kept = Table.read(stored)
    assert not table.seated(kept) and kept.starter is None and table.is_starter(kept, "any phone")


def test_every_part_of_a_table_is_read_from_its_stored_key():
    stored = {"starter": "host", "seats": {"Ann": {"device": "ann", "salt": "00", "pin": "h"}},
              "notes": {"Ann": "secret"}, "released": ["Ben"],
              "asks": {"Ben": [{"device": "new", "salt": "01", "pin": "p"}]}, "comment": "fun",
              "location": "Pub", "imported": {"fingerprint": "f"}, "deleted_by": {"seat": "Ann"}}
    kept = Table.read(stored)
    assert kept == Table(starter="host", seats={"Ann": Seat(device="ann", salt="00", pin="h")},
                         notes={"Ann": "secret"}, released=("Ben",),
                         asks={"Ben": (Ask(device="new", salt="01", pin="p"),)}, comment="fun", location="Pub",
                         imported={"fingerprint": "f"}, deleted_by={"seat": "Ann"})
    assert set(KNOWN) == set(Table.model_fields)


def test_a_table_is_frozen():
    kept = Table.read({"starter": "host", "seats": {}, "notes": {}})
    with pytest.raises(ValueError):
        kept.starter = "another phone"  # type: ignore[misc]


def test_a_game_file_of_a_newer_version_keeps_its_table_through_seats_notes_and_a_restart(tmp_path):
    """Data is sacred: what a newer version stored in a game's table stays in its file."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    gid = games.new_game("gone-with-the-beans", {"sheet": "A", "players": [
        {"name": "Ann", "province": "macadimia"}, {"name": "Ben", "province": "ammond"}]}, starter="host")
    repo.close()
    path = tmp_path / "games" / f"{gid}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    newer = {"table_version": 9, "timer": {"Ann": [1, 2]}}
    data["game"]["1"]["table"] = {**data["game"]["1"]["table"], **newer,
                                  "asks": {"Ben": [{"device": "old"}, "?"], "Cy": 5}}
    path.write_text(json.dumps(data), encoding="utf-8")

    repo = open_repository(tmp_path)
    games = Games(repo)
    games.seating.claim_seat(gid, "Ann", "1234", device="ann-phone")
    games.seating.write_private_note(gid, "three red beans", device="ann-phone")
    games.seating.leave_seat(gid, "ann-phone")
    repo.close()

    stored = stored_record(path)["table"]
    assert {key: stored[key] for key in newer} == newer
    assert stored["asks"] == {"Ben": [{"device": "old"}, "?"], "Cy": 5}  # nobody asked since: kept as stored
    assert stored["notes"] == {"Ann": "three red beans"} and stored["seats"]["Ann"]["device"] is None
    games = Games(open_repository(tmp_path))
    assert games.seating.seat_asks(gid, "host") == ()  # none of those asks names a phone with its PIN
    games.repo.close()
