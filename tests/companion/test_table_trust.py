"""Table mode you can trust (issue 14), decided in the session layer whatever a screen
shows: who may delete, restore and release; what a phone's export holds; how slowly a
PIN can be guessed; and what a phone is told."""

from __future__ import annotations

import json
import os
import threading
import time

import pytest

from companion import session, table
from companion.pin_guard import FIRST_WAIT, FREE_TRIES, MAX_PER_HOUR, PinGuard
from companion.session import Games, PhoneGames, export_game
from companion.sheet_values import SheetValuesService
from companion.storage import open_repository
from sheets.errors import RulesError
from sheets.names import bare, isolated


@pytest.fixture
def games(tmp_path):
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()


def pad(games: Games, host: str | None = "host") -> str:
    return games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter=host)


def take(player: str, card: str) -> dict:
    return {"kind": "take-card", "round": 1, "player": player, "card": card}


def test_once_anybody_sits_only_the_host_deletes_the_game(games):
    gid = pad(games)
    host, ann, watcher = (PhoneGames(games, d) for d in ("host", "ann", "watcher"))
    ann.claim_seat(gid, "Ann", "1111")
    for phone in (ann, watcher):
        assert "only the phone that started the game (the host)" in (phone.why_not_delete(gid) or "")
        with pytest.raises(RulesError, match="only the phone that started the game"):
            phone.delete(gid)
    assert watcher.kind(gid) == "nicht-die-bohne"  # still there for the table
    assert host.why_not_delete(gid) is None
    host.delete(gid)
    assert gid not in {s.id for s in games.summaries()}


def test_a_game_nobody_sits_at_any_phone_deletes(games):
    gid = pad(games)
    PhoneGames(games, "someone").delete(gid)
    assert [b.deleted_by for b in games.bin.listing()] == ["a phone"]


def test_an_imported_game_gets_the_first_phone_to_sit_as_its_host(games):
    gid = pad(games, host=None)  # as an imported game, or one stored before seats existed
    ann, ben = PhoneGames(games, "ann"), PhoneGames(games, "ben")
    ann.claim_seat(gid, "Ann", "1111")
    ben.claim_seat(gid, "Ben", "2222")
    assert ann.is_starter(gid) and not ben.is_starter(gid)
    with pytest.raises(RulesError, match="only the phone that started the game"):
        ben.release_seat(gid, "Ann")
    with pytest.raises(RulesError, match="only the phone that started the game"):
        ben.delete(gid)


def test_a_deleted_game_waits_in_the_bin_and_every_phone_learns_who_deleted_it(games):
    gid = pad(games)
    host, ann = PhoneGames(games, "host"), PhoneGames(games, "ann")
    host.claim_seat(gid, "Ben", "2222")
    ann.claim_seat(gid, "Ann", "1111")
    ann.dispatch(gid, take("Ann", "blue-5"))
    heard: list[str] = []
    ann.subscribe(gid, heard.append)
    host.delete(gid)
    assert heard == [gid]
    assert ann.deleted_by(gid) == f"{isolated('Ben')}'s phone"
    (binned,) = ann.bin()
    assert (binned.id, binned.players, binned.may_restore) == (gid, ("Ann", "Ben", "Cy"), False)
    with pytest.raises(RulesError, match="only the phone that started the game"):
        ann.undelete(gid)
    assert host.bin()[0].may_restore
    host.undelete(gid)
    assert ann.deleted_by(gid) is None
    assert ann.state(gid).cards_of(1, "Ann") == ann.state(gid).cards_of(1, "Ann")[:1]  # nothing lost
    assert len(ann.state(gid).cards_of(1, "Ann")) == 1


def test_the_bin_keeps_a_game_for_30_days(games):
    gid = pad(games)
    games.bin.delete(gid, host=True)  # the host's command line
    kept = games.repo.trash_dir / f"{gid}.json"
    month = time.time() - (session.BIN_DAYS - 1) * 86400
    os.utime(kept, (month, month))
    assert [b.deleted_by for b in games.bin.listing()] == ["the command line"]
    assert games.bin.deleted_by(gid) == "the command line"
    old = time.time() - (session.BIN_DAYS + 1) * 86400
    os.utime(kept, (old, old))
    assert games.bin.deleted_by(gid) is None  # what a phone showing it is told: gone, not restorable
    with pytest.raises(RulesError, match="no longer in the bin"):
        games.bin.undelete(gid)
    assert games.bin.listing() == [] and not kept.exists()


def test_who_deleted_a_game_is_read_from_its_own_file_in_the_bin(games):
    """A phone showing a deleted game asks who deleted it on every redraw: its own file
    answers, whatever else lies in the bin (even an unreadable file)."""
    gid, other = pad(games), pad(games)
    games.bin.delete(gid, host=True)  # the host's command line
    games.bin.delete(other)
    (games.repo.trash_dir / f"{other}.json").write_bytes(b"{broken")
    assert games.bin.deleted_by(gid) == "the command line"
    assert games.bin.deleted_by(other) is None and games.bin.deleted_by("nosuch00") is None
    games.bin.undelete(gid, device="host")
    assert games.bin.deleted_by(gid) is None and games.kind(gid) == "nicht-die-bohne"


def test_who_deleted_a_game_is_kept_as_who_never_as_words(games):
    """Issue 19: phones at one table speak different languages, so the bin keeps which
    seat deleted the game, and each phone words it in its own language when shown."""
    gid = pad(games)
    host = PhoneGames(games, "host")
    host.claim_seat(gid, "Ben", "2222")
    host.delete(gid)
    (record,) = json.loads((games.repo.trash_dir / f"{gid}.json").read_text(encoding="utf-8"))["game"].values()
    assert record["table"]["deleted_by"] == {"seat": "Ben"}
    assert bare(games.bin.deleted_by(gid)) == "Ben's phone"


@pytest.mark.parametrize(("words", "said"), [
    ("Ann's phone", "Ann's phone"),
    ("Zoë's's phone", "Zoë's's phone"),
    ("the host's phone", "the host's phone"),
    ("the command line", "the command line"),
    ("a phone", "a phone"),
    ("someone by hand", "someone by hand"),  # words this version does not know: as they are
    ("", "a phone"),
])
def test_a_game_deleted_by_an_older_version_still_says_who_deleted_it(games, words, said):
    """Before issue 19 the bin kept who deleted a game as English words: they still read
    the same, and the ones this version knows are said in the phone's language."""
    gid = pad(games)
    games.bin.delete(gid, host=True)
    kept = games.repo.trash_dir / f"{gid}.json"
    stored = json.loads(kept.read_text(encoding="utf-8"))
    (record,) = stored["game"].values()
    record["table"]["deleted_by"] = words
    kept.write_text(json.dumps(stored), encoding="utf-8")
    assert bare(games.bin.deleted_by(gid)) == said
    assert [bare(b.deleted_by) for b in games.bin.listing()] == [said]


def space_beans_in_play(games: Games) -> str:
    gid = games.new_game("space-beans", {"players": ["Leia", "Londo"]}, starter="host")
    lay = {"kind": "lay", "player": "Leia", "new": True, "bean": "bohrion"}
    games.dispatch(gid, {**lay, "collection": "open", "values": [4]})
    games.dispatch(gid, {**lay, "collection": "secret", "bean": "moonbohnen", "values": [7]})
    return gid


def test_a_phone_never_exports_a_face_down_secret_collection(games):
    gid = space_beans_in_play(games)
    for device in ("host", "watcher"):
        with pytest.raises(RulesError, match="face-down"):
            PhoneGames(games, device).export(gid)
    whole = export_game(games.repo, gid)  # the host's command line reads the whole record
    assert 7 in [v for c in whole["collections"]["Leia"] for v in c["values"]]


def scored_sheets(games: Games) -> str:
    setup = {"sheet": "A", "players": [{"name": "Ann", "province": "macadimia"},
                                       {"name": "Ben", "province": "ammond"}]}
    return games.new_game("gone-with-the-beans", setup, starter="host")


def test_a_game_with_nothing_face_down_exports_from_a_phone(games):
    gid = scored_sheets(games)
    games.dispatch(gid, {"kind": "finish"})
    data = PhoneGames(games, "watcher").export(gid)
    assert data["game"] == "gone-with-the-beans"


def test_no_sequence_of_pin_tries_beats_100_an_hour():
    """Whatever an attacker does (a try every second, from a new phone each time), the
    seat takes no more than MAX_PER_HOUR wrong tries in any hour."""
    now = [0.0]
    guard = PinGuard(clock=lambda: now[0])
    taken = []
    for second in range(4 * 3600):
        now[0] = float(second)
        try:
            guard.check(("game", "Ben"), f"phone-{second}")
        except RulesError:
            continue
        guard.wrong(("game", "Ben"), f"phone-{second}")
        taken.append(second)
    assert len(taken) > FREE_TRIES  # the legitimate player is slowed, never locked out
    for i, start in enumerate(taken):
        assert len([t for t in taken[i:] if t < start + 3600]) <= MAX_PER_HOUR


def test_wrong_pins_make_the_next_try_wait_and_the_seat_is_told(games):
    gid = pad(games)
    ben = PhoneGames(games, "ben")
    ben.claim_seat(gid, "Ben", "2222")
    thief = PhoneGames(games, "thief")
    for pin in ("0000", "0001", "0002", "0003", "0004"):
        with pytest.raises(RulesError, match=f"wrong PIN for {isolated('Ben')}'s seat"):
            thief.claim_seat(gid, "Ben", pin)
    with pytest.raises(RulesError, match="too many wrong PINs: try again in 1 minute"):
        thief.claim_seat(gid, "Ben", "2222")  # even the right PIN waits now
    assert ben.wrong_pin_tries(gid) == FREE_TRIES
    assert ben.my_seat(gid) == "Ben"


def test_a_right_pin_clears_the_count():
    now = [0.0]
    guard = PinGuard(clock=lambda: now[0])
    for _ in range(FREE_TRIES):
        guard.wrong(("g", "Ben"), "phone")
    now[0] = FIRST_WAIT
    guard.check(("g", "Ben"), "phone")
    guard.right(("g", "Ben"), "phone")
    assert guard.wrong_tries(("g", "Ben")) == 0


def test_hashing_a_pin_never_holds_the_game_lock(games, monkeypatch):
    """Another phone's tap is never stalled behind a PIN being hashed."""
    gid = pad(games)
    free: list[bool] = []
    hash_pin = table.pin_hash

    def watched(pin: str, salt: str) -> str:
        other = threading.Thread(target=lambda: free.append(games.repo.lock.acquire(timeout=2)
                                                            and not games.repo.lock.release()))
        other.start()
        other.join()
        return hash_pin(pin, salt)

    monkeypatch.setattr(table, "pin_hash", watched)
    games.seating.claim_seat(gid, "Ann", "1111", device="ann")
    assert free == [True]


def test_a_phone_whose_seat_is_taken_with_the_pin_is_told(games):
    gid = pad(games)
    phone, laptop = PhoneGames(games, "ann-phone"), PhoneGames(games, "ann-laptop")
    phone.claim_seat(gid, "Ann", "1111")
    laptop.claim_seat(gid, "Ann", "1111")
    assert phone.my_seat(gid) is None and phone.seat_moved(gid) == "Ann"
    assert laptop.seat_moved(gid) is None
    phone.told_seat_moved(gid)
    assert phone.seat_moved(gid) is None


def test_a_lone_phone_that_leaves_its_seat_enters_for_everyone_again(games):
    gid = scored_sheets(games)
    phone = PhoneGames(games, "host")
    phone.claim_seat(gid, "Ann", "1111")
    ben = {"kind": "set-dp-icons", "player": "Ben", "filled": 2}
    with pytest.raises(RulesError, match="only Ben's phone changes Ben's entries"):
        phone.dispatch(gid, ben)
    phone.leave_seat(gid)
    assert not phone.seated(gid)
    phone.dispatch(gid, ben)


def test_a_phone_that_sits_nowhere_changes_no_remembered_sheet_values(games):
    """Remembered sheet values serve every later game: while a table is in play, a phone
    that neither sits nor hosts may read them but not change them."""
    values = SheetValuesService(games)
    watcher, host = PhoneGames(games, "watcher"), PhoneGames(games, "host")
    values.remember("A", "icons:farm", 6, by=watcher)  # no table in play: any phone may
    gid = pad(games)
    host.claim_seat(gid, "Ann", "1111")
    with pytest.raises(RulesError, match="this phone is watching the table"):
        values.remember("A", "icons:farm", 7, by=watcher)
    with pytest.raises(RulesError, match="this phone is watching the table"):
        values.forget("A", "icons:farm", by=watcher)
    assert values.of("A") == {"icons:farm": 6}
    values.remember("A", "icons:farm", 7, by=host)
    assert values.of("A") == {"icons:farm": 7}


def test_a_game_follows_a_bounded_number_of_phones_without_a_seat_and_every_seat_always(games):
    """Issue 33: each phone following a game is drawn again on every tap, so phones without
    a seat are bounded (WATCHERS_PER_GAME); the seats' phones and the host always follow,
    and the next watcher gets its turn when one leaves. The session decides; the screen shows
    ``why_not_follow``."""
    gid = pad(games)
    PhoneGames(games, "ann").claim_seat(gid, "Ann", "1111")
    told: list[str] = []
    leave = [PhoneGames(games, f"watcher-{n}").subscribe(gid, lambda _g, n=n: told.append(f"w{n}"))
             for n in range(session.WATCHERS_PER_GAME)]
    late = PhoneGames(games, "late")
    assert late.why_not_follow(gid).startswith(f"This game is followed by {session.WATCHERS_PER_GAME} phones without")
    late.subscribe(gid, lambda _g: told.append("late"))  # not followed
    for device in ("ann", "host"):  # a seat's phone and the host always
        assert PhoneGames(games, device).why_not_follow(gid) is None
        PhoneGames(games, device).subscribe(gid, lambda _g, d=device: told.append(d))
    assert PhoneGames(games, "watcher-0").why_not_follow(gid) is None  # one following already keeps its place
    assert PhoneGames(games, "another").subscribe(gid, lambda _g: told.append("another")) is not None

    PhoneGames(games, "ann").dispatch(gid, take("Ann", "red-1"))
    assert sorted(told) == sorted([*(f"w{n}" for n in range(session.WATCHERS_PER_GAME)), "ann", "host"])
    leave[0]()  # one watcher leaves: the next one follows
    assert late.why_not_follow(gid) is None
    late.subscribe(gid, lambda _g: told.append("late"))
    told.clear()
    PhoneGames(games, "ann").dispatch(gid, take("Ann", "red-2"))
    assert "late" in told and "w0" not in told and len(told) == session.WATCHERS_PER_GAME + 2
