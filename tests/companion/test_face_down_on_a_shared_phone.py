"""Issue 32: Space Beans on one phone for the whole table. Which phone may show a player's
face-down cards (a secret collection) for that player to look at and record is decided by
the session (``PhoneGames.why_not_show_face_down``): a seat's own phone; while nobody sits,
the one phone the table shares; once anybody sat down, no other phone, a watcher's neither."""

from __future__ import annotations

import pytest

from companion.session import Games, PhoneGames
from companion.storage import open_repository
from sheets.names import bare, isolated


@pytest.fixture
def games(tmp_path):
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()


def space_beans(games: Games) -> str:
    return games.new_game("space-beans", {"players": ["Ann", "Beth", "Cyd"]}, starter="host")


def test_while_nobody_sits_the_shared_phone_shows_each_players_face_down_cards(games):
    gid = space_beans(games)
    for device in ("host", "another", None):
        phone = PhoneGames(games, device)
        assert [phone.why_not_show_face_down(gid, p) for p in ("Ann", "Beth", "Cyd")] == [None, None, None]


def test_once_anybody_sat_down_only_the_players_own_phone_shows_them(games):
    gid = space_beans(games)
    games.seating.claim_seat(gid, "Beth", "4321", "beths-phone")
    beth, watcher, host = PhoneGames(games, "beths-phone"), PhoneGames(games, "watcher"), PhoneGames(games, "host")
    assert beth.why_not_show_face_down(gid, "Beth") is None
    refused = f"{isolated('Beth')}'s face-down cards are shown only on {isolated('Beth')}'s own phone"
    assert watcher.why_not_show_face_down(gid, "Beth") == refused
    assert host.why_not_show_face_down(gid, "Beth") == refused  # the host too: a seat is its player's
    assert bare(str(beth.why_not_show_face_down(gid, "Ann"))) == "Ann's face-down cards are shown only on Ann's own phone"
    assert PhoneGames(games, None).why_not_show_face_down(gid, "Cyd") is not None


def test_a_name_that_is_not_a_players_is_refused(games):
    gid = space_beans(games)
    assert PhoneGames(games, "host").why_not_show_face_down(gid, "Zed") == f"{isolated('Zed')} is not a player of this game"
