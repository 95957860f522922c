"""Table mode (issue: one game, every player's phone): seats, PINs, who may change what."""

from __future__ import annotations

import threading

import pytest

from companion.session import Games, PhoneGames
from companion.storage import open_repository
from sheets.errors import RulesError
from sheets.names import isolated


@pytest.fixture
def games(tmp_path):
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()


def gwtb(games: Games, starter: str = "host") -> str:
    setup = {"sheet": "A", "players": [{"name": "Ann", "province": "macadimia"},
                                       {"name": "Ben", "province": "ammond"},
                                       {"name": "Cy", "province": "cashew"}]}
    return games.new_game("gone-with-the-beans", setup, starter=starter)


def dp(player: str, filled: int) -> dict:
    return {"kind": "set-dp-icons", "player": player, "filled": filled}


def test_without_seats_the_game_is_a_one_phone_game(games):
    gid = gwtb(games)
    games.dispatch(gid, dp("Ann", 2), device="any-phone")
    games.dispatch(gid, dp("Ben", 3))
    assert games.record(gid).log[-1]["by"] is None
    games.undo(gid)
    assert games.state(gid).player("Ben").dp_icons == 0


def test_the_first_claim_sets_the_pin_and_the_pin_gets_the_seat_back_elsewhere(games):
    gid = gwtb(games)
    games.seating.claim_seat(gid, "Ann", "1234", device="ann-phone")
    assert games.seat(gid, "ann-phone") == "Ann"
    with pytest.raises(RulesError, match=f"wrong PIN for {isolated('Ann')}'s seat"):
        games.seating.claim_seat(gid, "Ann", "9999", device="ann-laptop")
    assert games.seat(gid, "ann-phone") == "Ann"
    games.seating.claim_seat(gid, "Ann", "1234", device="ann-laptop")  # another browser
    assert games.seat(gid, "ann-laptop") == "Ann" and games.seat(gid, "ann-phone") is None
    with pytest.raises(RulesError, match="a PIN is 4 digits"):
        games.seating.claim_seat(gid, "Ben", "12", device="ben-phone")
    with pytest.raises(RulesError, match=f"{isolated(repr('Eve'))} is not playing"):
        games.seating.claim_seat(gid, "Eve", "1111", device="eve-phone")
    assert "1234" not in str(games.record(gid).table)  # only a salted hash is stored


def test_a_phone_holds_one_seat(games):
    gid = gwtb(games)
    games.seating.claim_seat(gid, "Ann", "1234", device="phone")
    games.seating.claim_seat(gid, "Ben", "4321", device="phone")
    assert games.seat(gid, "phone") == "Ben"
    assert games.record(gid).table["seats"]["Ann"]["device"] is None  # Ann's seat keeps its PIN


def test_a_seat_changes_only_its_own_players_entries_and_watchers_change_nothing(games):
    gid = gwtb(games)
    games.seating.claim_seat(gid, "Ann", "1111", device="ann")
    games.seating.claim_seat(gid, "Ben", "2222", device="ben")
    games.dispatch(gid, dp("Ann", 4), device="ann")
    with pytest.raises(RulesError, match="only Ben's phone changes Ben's entries"):
        games.dispatch(gid, dp("Ben", 4), device="ann")
    with pytest.raises(RulesError, match="this phone is watching"):
        games.dispatch(gid, dp("Cy", 1), device="onlooker")
    before = games.record(gid).log
    assert [e["by"] for e in before] == ["Ann"]


def test_shared_entries_any_seat_makes_and_the_log_says_who(games):
    gid = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="ann")
    games.seating.claim_seat(gid, "Ann", "1111", device="ann")
    games.seating.claim_seat(gid, "Ben", "2222", device="ben")
    games.dispatch(gid, {"kind": "take-card", "round": 1, "player": "Cy", "card": "red-3"}, device="ben")
    assert games.record(gid).log[-1]["by"] == "Ben"


def test_a_seat_undoes_its_own_entries_the_starter_anybodys(games):
    gid = gwtb(games, starter="ann")
    games.seating.claim_seat(gid, "Ann", "1111", device="ann")
    games.seating.claim_seat(gid, "Ben", "2222", device="ben")
    games.dispatch(gid, dp("Ben", 3), device="ben")
    games.dispatch(gid, dp("Ann", 5), device="ann")
    games.undo(gid, device="ben")  # Ben's own entry, under Ann's later one
    state = games.state(gid)
    assert (state.player("Ann").dp_icons, state.player("Ben").dp_icons) == (5, 0)
    with pytest.raises(RulesError, match="nothing of yours to undo"):
        games.undo(gid, device="ben")
    assert not games.can_undo(gid, device="ben") and games.can_redo(gid, device="ben")
    games.redo(gid, device="ben")
    games.undo(gid, device="ann")  # the starter may undo anybody's: the latest is Ben's again
    assert games.state(gid).player("Ben").dp_icons == 0


def test_the_phone_that_made_a_change_is_told_last_and_the_others_in_their_order(games):
    """Each phone's re-render waits for those of the phones told before it: the others at
    the table do not wait for the tapping phone's own."""
    gid = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="ann")
    for name in ("Ann", "Ben", "Cy"):
        games.seating.claim_seat(gid, name, "1111", device=name.lower())
    told: list[str] = []
    for name in ("ann", "ben", "cy"):
        PhoneGames(games, name).subscribe(gid, lambda _gid, name=name: told.append(name))
    PhoneGames(games, "ann").dispatch(gid, {"kind": "take-card", "round": 1, "player": "Ann", "card": "red-3"})
    assert told == ["ben", "cy", "ann"]
    told.clear()
    PhoneGames(games, "ben").dispatch(gid, {"kind": "take-card", "round": 1, "player": "Ben", "card": "red-4"})
    PhoneGames(games, "ben").undo(gid)
    PhoneGames(games, "ben").redo(gid)
    assert told == ["ann", "cy", "ben"] * 3
    told.clear()
    games.notify(gid)  # a change no phone made (a restored backup): in the order they listen
    assert told == ["ann", "ben", "cy"]


def test_only_the_starter_releases_a_seat(games):
    gid = gwtb(games, starter="host")
    games.seating.claim_seat(gid, "Ann", "1111", device="ann")
    with pytest.raises(RulesError, match="only the phone that started the game"):
        games.seating.release_seat(gid, "Ann", device="ann")
    games.seating.release_seat(gid, "Ann", device="host")
    games.seating.claim_seat(gid, "Ann", "7777", device="ann-new")  # a new PIN for the freed seat
    assert games.seat(gid, "ann-new") == "Ann"


def test_six_phones_committing_at_once_lose_nothing(games):
    players = [f"P{i}" for i in range(6)]
    setup = {"sheet": "A", "players": [{"name": p, "province": prov} for p, prov in
                                       zip(players, ["tachiopi", "cashew", "ammond", "macadimia", "beanzantine", "zoodai"])]}
    gid = games.new_game("gone-with-the-beans", setup, starter="d0")
    for i, p in enumerate(players):
        games.seating.claim_seat(gid, p, f"{i:04d}", device=f"d{i}")
    barrier = threading.Barrier(6)

    def phone(i: int) -> None:
        barrier.wait()
        for n in range(1, 21):
            games.dispatch(gid, dp(players[i], n), device=f"d{i}")

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(games.record(gid).log) == 120
    assert all(games.state(gid).player(p).dp_icons == 20 for p in players)


def test_a_private_note_is_given_to_its_own_seat_only(games):
    gid = gwtb(games)
    games.seating.claim_seat(gid, "Ann", "1111", device="ann")
    games.seating.claim_seat(gid, "Ben", "2222", device="ben")
    games.seating.write_private_note(gid, "Klingbohnen 4, 4 face down", device="ann")
    assert games.seating.private_note(gid, "ann") == "Klingbohnen 4, 4 face down"
    assert games.seating.private_note(gid, "ben") == "" and games.seating.private_note(gid, "onlooker") == ""
    with pytest.raises(RulesError, match="take a seat to keep a private note"):
        games.seating.write_private_note(gid, "x", device="onlooker")
