"""The session edge (issue 13): what a phone may ask goes through named methods of
``PhoneGames``; screens never see storage documents, PIN hashes or other phones' tokens."""

from __future__ import annotations

import pytest

from companion.session import Games, PhoneGames, SeatView
from companion.storage import DamagedGame, open_repository


@pytest.fixture
def games(tmp_path):
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()


def pad(games: Games) -> str:
    return games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="host")


def take(player: str, card: str) -> dict:
    return {"kind": "take-card", "round": 1, "player": player, "card": card}


def test_a_phone_reaches_only_named_methods_never_the_storage(games):
    phone = PhoneGames(games, "ann-phone")
    assert not hasattr(phone, "repo") and not hasattr(phone, "record")


def test_seats_are_seen_without_pins_or_tokens(games):
    gid = pad(games)
    ann, ben = PhoneGames(games, "ann-phone"), PhoneGames(games, "ben-phone")
    ann.claim_seat(gid, "Ann", "1234")
    ben.claim_seat(gid, "Ben", "4321")
    ben.leave_seat(gid)
    assert ann.seats(gid) == (
        SeatView(player="Ann", mine=True, taken=True, pin_set=True),
        SeatView(player="Ben", mine=False, taken=False, pin_set=True),
        SeatView(player="Cy", mine=False, taken=False, pin_set=False),
    )
    shown = repr(ann.seats(gid))
    assert "ann-phone" not in shown and "salt" not in shown and "pin=" not in shown


def test_the_last_entry_says_which_seat_made_it_once_anybody_sits(games):
    gid = pad(games)
    host = PhoneGames(games, "host")
    host.dispatch(gid, take("Ann", "blue-5"))
    assert host.last_entry_by(gid) is None  # a one-phone game: no seats to name
    ann, ben = PhoneGames(games, "ann-phone"), PhoneGames(games, "ben-phone")
    ann.claim_seat(gid, "Ann", "1234")
    ben.claim_seat(gid, "Ben", "4321")
    ann.dispatch(gid, take("Ann", "red-5"))
    ben.dispatch(gid, take("Ben", "red-6"))
    assert ann.last_entry_by(gid) == "Ben"
    assert ann.last_entry_by(gid, "take-card") == "Ben"
    assert ann.last_entry_by(gid, "bean-chip") is None


def test_a_restored_backup_reaches_every_phone_through_the_state_it_shows(games):
    """Restoring a damaged game goes through the session: the cached state is folded
    again from the backup and every phone showing the game is told."""
    gid = pad(games)
    phone = PhoneGames(games, "host")
    phone.dispatch(gid, take("Ann", "blue-5"))
    phone.dispatch(gid, take("Ann", "red-5"))
    assert len(phone.state(gid).cards_of(1, "Ann")) == 2
    path = games.repo.game_path(gid)
    games.repo.close()
    path.write_bytes(b"{damaged")
    games = Games(open_repository(games.repo.data_dir))
    phone = PhoneGames(games, "host")
    with pytest.raises(DamagedGame):
        phone.kind(gid)
    heard: list[str] = []
    phone.subscribe(gid, heard.append)
    phone.restore_backup(gid)
    assert heard == [gid]
    assert phone.kind(gid) == "nicht-die-bohne"
    assert len(phone.state(gid).cards_of(1, "Ann")) == 1  # the newest good backup: one entry back
    games.repo.close()


def test_once_players_sit_only_the_host_restores_a_damaged_games_backup(games):
    """Issue 33: Home offers a damaged game's backup on every phone; as for deleting it, once
    anybody sits at the game only the phone that started it (the host) restores it."""
    host = PhoneGames(games, "host")
    gid = host.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]})
    ben = PhoneGames(games, "ben-phone")
    ben.claim_seat(gid, "Ben", "2468")
    ben.dispatch(gid, take("Ben", "red-5"))
    path = games.repo.game_path(gid)
    games.repo.close()
    path.write_bytes(b"{damaged")
    games = Games(open_repository(games.repo.data_dir))
    with pytest.raises(ValueError, match="only the phone that started the game"):
        PhoneGames(games, "ben-phone").restore_backup(gid)
    with pytest.raises(DamagedGame):  # nothing was restored
        PhoneGames(games, "host").kind(gid)
    PhoneGames(games, "host").restore_backup(gid)
    assert PhoneGames(games, "host").kind(gid) == "nicht-die-bohne"
    games.repo.close()
