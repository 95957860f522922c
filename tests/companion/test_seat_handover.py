"""Issue 33: a released or locked seat goes only to a phone the host approves, and
nothing private of it (the note, a face-down secret collection) reaches any phone before;
bounds on a private note and on a phone's imports; issue 32: what a phone is told
(the host's answer, what its Undo took back). Decided in the session layer."""

from __future__ import annotations

import pytest

from companion import session, table
from companion.pin_guard import FREE_TRIES, PinGuard
from companion.session import IMPORTS_PER_MINUTE, NOTE_MAX, Games, PhoneGames
from companion.storage import open_repository
from sheets.errors import RulesError
from sheets.names import bare, isolated


@pytest.fixture
def clock():
    return [1000.0]


@pytest.fixture
def games(tmp_path, clock):
    repo = open_repository(tmp_path)
    found = Games(repo, PinGuard(clock=lambda: clock[0]))
    found.followers.clock = lambda: clock[0]
    yield found
    repo.close()


def pad(games: Games) -> str:
    return games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="host")


def seated_with_notes(games: Games) -> tuple[str, PhoneGames, PhoneGames]:
    gid = pad(games)
    host, ben = PhoneGames(games, "host"), PhoneGames(games, "ben")
    host.claim_seat(gid, "Ann", "1111")
    ben.claim_seat(gid, "Ben", "2222")
    ben.write_private_note(gid, "Ben's secret: blue 5 face down")
    return gid, host, ben


def seat(phone: PhoneGames, gid: str, player: str) -> session.SeatView:
    return next(s for s in phone.seats(gid) if s.player == player)


def test_a_released_seat_with_a_note_goes_to_no_phone_before_the_host_approves_it(games):
    gid, host, ben = seated_with_notes(games)
    host.release_seat(gid, "Ben")
    assert ben.my_seat(gid) is None and ben.private_note(gid) == ""  # releasing ends Ben's private access
    stranger = PhoneGames(games, "stranger")
    assert seat(stranger, gid, "Ben").host_decides
    with pytest.raises(RulesError, match=f"the host released {isolated('Ben')}'s seat: ask the host"):
        stranger.claim_seat(gid, "Ben", "9999")
    with pytest.raises(RulesError, match="ask the host"):
        ben.claim_seat(gid, "Ben", "2222")  # his old PIN is gone with the release...
    assert games.seating.wrong_pin_tries(gid, "Ben") == 0  # ...and is not counted as a wrong try
    stranger.ask_seat(gid, "Ben", "9999")
    assert stranger.my_seat(gid) is None and stranger.private_note(gid) == ""
    assert seat(stranger, gid, "Ben").asked and not seat(ben, gid, "Ben").asked
    assert stranger.seat_asks(gid) == () and ben.seat_asks(gid) == ()  # only the host sees who asks
    (ask,) = host.seat_asks(gid)
    assert ask == session.SeatAsk(player="Ben", code=stranger.my_code(gid))
    assert "stranger" not in repr(ask)


def test_the_host_hands_a_released_seat_to_the_phone_it_approves_with_its_pin(games):
    gid, host, ben = seated_with_notes(games)
    host.release_seat(gid, "Ben")
    new_phone, other = PhoneGames(games, "ben-new"), PhoneGames(games, "other")
    new_phone.ask_seat(gid, "Ben", "4321")
    other.ask_seat(gid, "Ben", "5555")
    with pytest.raises(RulesError, match="only the phone that started the game"):
        other.answer_ask(gid, "Ben", other.my_code(gid), True)
    host.answer_ask(gid, "Ben", new_phone.my_code(gid), True)
    assert new_phone.my_seat(gid) == "Ben"
    assert new_phone.private_note(gid) == "Ben's secret: blue 5 face down"
    assert other.my_seat(gid) is None and host.seat_asks(gid) == ()
    assert new_phone.news(gid).said == f"The host handed {isolated('Ben')}'s seat to this phone"
    assert bare(other.news(gid).said) == "The host did not hand Ben's seat to this phone"
    # the PIN it asked with is the seat's PIN now: it gets the seat back from another browser
    PhoneGames(games, "ben-third").claim_seat(gid, "Ben", "4321")
    assert games.seat(gid, "ben-third") == "Ben"


def test_a_refused_phone_is_told_and_gets_nothing(games):
    gid, host, _ben = seated_with_notes(games)
    host.release_seat(gid, "Ben")
    stranger = PhoneGames(games, "stranger")
    stranger.ask_seat(gid, "Ben", "9999")
    host.answer_ask(gid, "Ben", stranger.my_code(gid), False)
    assert stranger.my_seat(gid) is None and stranger.private_note(gid) == ""
    news = stranger.news(gid)
    assert bare(news.said) == "The host did not hand Ben's seat to this phone"
    stranger.told(gid, news.serial)
    assert stranger.news(gid) is None
    assert not seat(stranger, gid, "Ben").asked and seat(stranger, gid, "Ben").host_decides


def test_a_released_secret_collection_waits_for_the_host_too(games):
    gid = games.new_game("space-beans", {"players": ["Leia", "Londo"]}, starter="host")
    leia, host = PhoneGames(games, "leia"), PhoneGames(games, "host")
    host.claim_seat(gid, "Londo", "1111")
    leia.claim_seat(gid, "Leia", "2222")
    lay = {"kind": "lay", "player": "Leia", "new": True, "bean": "bohrion"}
    leia.dispatch(gid, {**lay, "collection": "open", "values": [4]})
    leia.dispatch(gid, {**lay, "collection": "secret", "bean": "moonbohnen", "values": [7]})
    host.release_seat(gid, "Leia")
    with pytest.raises(RulesError, match="ask the host"):
        PhoneGames(games, "stranger").claim_seat(gid, "Leia", "9999")
    assert games.seat(gid, "stranger") is None  # so no screen shows it Leia's face-down cards


def test_a_released_seat_with_nothing_private_takes_a_new_pin_as_before(games):
    gid = pad(games)
    host, ann = PhoneGames(games, "host"), PhoneGames(games, "ann")
    ann.claim_seat(gid, "Ann", "1111")
    host.release_seat(gid, "Ann")
    assert not seat(host, gid, "Ann").host_decides
    PhoneGames(games, "ann-new").claim_seat(gid, "Ann", "7777")
    assert games.seat(gid, "ann-new") == "Ann"


def test_the_host_sits_at_a_released_seat_itself(games):
    gid, host, _ben = seated_with_notes(games)
    host.release_seat(gid, "Ben")
    host.claim_seat(gid, "Ben", "3333")
    assert host.my_seat(gid) == "Ben"


def test_the_owner_of_a_seat_under_attack_gets_it_from_the_host(games, clock):
    """Issue 33: after wrong tries the owner's right PIN from a new browser is refused
    (the seat waits); the host hands him the seat, with a PIN he chooses."""
    gid, host, ben = seated_with_notes(games)
    for n in range(FREE_TRIES):
        with pytest.raises(RulesError):
            PhoneGames(games, f"attacker-{n}").claim_seat(gid, "Ben", f"{n:04d}")
    bens_new_browser = PhoneGames(games, "ben-new")
    with pytest.raises(RulesError, match="too many wrong PINs"):
        bens_new_browser.claim_seat(gid, "Ben", "2222")
    assert seat(bens_new_browser, gid, "Ben").host_decides
    bens_new_browser.ask_seat(gid, "Ben", "8642")
    host.answer_ask(gid, "Ben", bens_new_browser.my_code(gid), True)
    assert bens_new_browser.my_seat(gid) == "Ben"
    assert bens_new_browser.private_note(gid) == "Ben's secret: blue 5 face down"
    assert ben.my_seat(gid) is None and ben.seat_moved(gid) == "Ben"  # the old browser is told
    assert not seat(host, gid, "Ben").host_decides  # the wait is over for the seat's new PIN
    clock[0] += 3600
    with pytest.raises(RulesError, match="wrong PIN"):
        PhoneGames(games, "attacker-x").claim_seat(gid, "Ben", "2222")  # the old PIN is gone


def test_a_seat_that_needs_no_host_is_not_asked_for(games):
    gid = pad(games)
    with pytest.raises(RulesError, match="needs no asking"):
        PhoneGames(games, "ann").ask_seat(gid, "Ann", "1111")


def test_phones_asking_for_one_seat_are_bounded(games):
    gid, host, _ben = seated_with_notes(games)
    host.release_seat(gid, "Ben")
    for n in range(table.ASKS_PER_SEAT):
        PhoneGames(games, f"phone-{n}").ask_seat(gid, "Ben", "1234")
    PhoneGames(games, "phone-0").ask_seat(gid, "Ben", "4321")  # asking again replaces its own ask
    with pytest.raises(RulesError, match=f"phones already ask for {isolated('Ben')}'s seat: the host answers them first"):
        PhoneGames(games, "one-more").ask_seat(gid, "Ben", "1234")
    assert len(host.seat_asks(gid)) == table.ASKS_PER_SEAT


def test_a_private_note_is_bounded_and_a_longer_one_changes_nothing(games):
    gid, _host, ben = seated_with_notes(games)
    with pytest.raises(RulesError, match=f"a private note holds at most {NOTE_MAX:,}|at most {NOTE_MAX} characters"):
        ben.write_private_note(gid, "x" * (NOTE_MAX + 1))
    assert ben.private_note(gid) == "Ben's secret: blue 5 face down"
    ben.write_private_note(gid, "y" * NOTE_MAX)
    assert ben.private_note(gid) == "y" * NOTE_MAX


def send(phone: PhoneGames) -> None:
    """A phone asked for a file (``may_send_file``) that sends one."""
    phone.may_send_file()
    phone.file_sent()


def test_a_phone_sends_a_bounded_number_of_files_a_minute_asked_before_it_sends(games, clock):
    """Issue 33: every file a phone sent counts, and room is asked before it is asked for
    one: past the bound it is never sent."""
    flood = PhoneGames(games, "flood")
    for _ in range(IMPORTS_PER_MINUTE):
        send(flood)
    with pytest.raises(RulesError, match="too many score files imported in the last minute"):
        flood.may_send_file()
    send(PhoneGames(games, "friend"))  # another phone is not held up by it
    clock[0] += 61
    send(flood)  # a minute on, the phone sends again


def test_all_phones_together_send_a_bounded_number_of_files_a_minute(games, clock):
    for n in range(session.IMPORTS_AT_ONCE_PER_MINUTE):
        send(PhoneGames(games, f"phone-{n % 10}-{n}"))
    with pytest.raises(RulesError, match="too many score files imported in the last minute"):
        PhoneGames(games, "yet-another").may_send_file()


def test_a_picker_opened_and_cancelled_uses_up_nothing(games, clock):
    """Issue 46: three phones opening and cancelling the import picker again and again
    used up the table's quota; only files sent count."""
    for n in range(3 * session.IMPORTS_AT_ONCE_PER_MINUTE):
        PhoneGames(games, f"phone-{n % 3}").may_send_file()  # asked, and cancelled: nothing sent
    send(PhoneGames(games, "phone-0"))


def test_the_serving_machines_browser_is_never_refused_for_files_others_sent(games, clock):
    """Issue 46: phones that used up the table's imports never refuse the host's own
    restore on the serving machine, nor count it."""
    for n in range(session.IMPORTS_AT_ONCE_PER_MINUTE):
        send(PhoneGames(games, f"phone-{n % 10}-{n}"))
    laptop = PhoneGames(games, "laptop", here=True)
    for _ in range(IMPORTS_PER_MINUTE + 5):
        send(laptop)
    clock[0] += 61
    for n in range(session.IMPORTS_AT_ONCE_PER_MINUTE):  # and its files took nobody's room
        send(PhoneGames(games, f"phone-{n % 10}-{n}"))


def test_undo_tells_the_phone_what_it_took_back(games):
    """Issue 32: "Undone: Ann took blue 3"."""
    gid = pad(games)
    ann = PhoneGames(games, "ann")
    ann.claim_seat(gid, "Ann", "1111")
    ann.dispatch(gid, {"kind": "take-card", "round": 1, "player": "Ann", "card": "blue-3"})
    ann.undo(gid)
    assert bare(ann.news(gid).said) == "Undone: Ann took blue 3"
    assert PhoneGames(games, "ben").news(gid) is None  # told to the phone that undid it



def test_redo_tells_the_phone_what_it_made_again(games):
    """Issue 48: Redo said nothing while Undo said what it undid."""
    gid = pad(games)
    ann = PhoneGames(games, "ann")
    ann.claim_seat(gid, "Ann", "1111")
    ann.dispatch(gid, {"kind": "take-card", "round": 1, "player": "Ann", "card": "blue-3"})
    ann.undo(gid)
    ann.told(gid, ann.news(gid).serial)
    ann.redo(gid)
    assert bare(ann.news(gid).said) == "Redone: Ann took blue 3"
    assert [e["action"]["card"] for e in games.record(gid).log] == ["blue-3"]
    assert PhoneGames(games, "ben").news(gid) is None  # told to the phone that redid it


def test_undo_of_a_face_down_entry_counts_its_cards_and_never_names_them(games):
    gid = games.new_game("space-beans", {"players": ["Leia", "Londo"]}, starter="host")
    leia = PhoneGames(games, "leia")
    leia.claim_seat(gid, "Leia", "2222")
    lay = {"kind": "lay", "player": "Leia", "new": True, "bean": "bohrion"}
    leia.dispatch(gid, {**lay, "collection": "open", "values": [4]})
    leia.dispatch(gid, {**lay, "collection": "secret", "bean": "moonbohnen", "values": [7]})
    leia.undo(gid)
    assert bare(leia.news(gid).said) == "Undone: Leia laid 1 card face down"  # never the face-down card
