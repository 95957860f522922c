"""Places come back (issue 46, item 2): a phone's place (a watcher place of a game) is given
back within 30 s of its socket closing (PLACE_GRACE), whatever Flet's session timeout (an
hour by default), and a phone back in time keeps it; the door never refuses the serving
machine's own browser or the host's phone (its device token) for places others hold, and
one address cannot hold more than its share of the server's places."""

from __future__ import annotations

import asyncio
from pathlib import Path

import flet as ft
import pytest

from companion.server import (
    DEVICE_COOKIE, FAIR_SHARE, MAX_PHONES, MAX_PHONES_PER_ADDRESS, OPEN_PLACES, Door, cookie,
)
from companion.session import PLACE_GRACE, WATCHERS_PER_GAME, Games, Presence
from companion.storage import Repository, open_repository
from companion.ui.app import make_main
from testkit.harness import Table, controls_on
from testkit.positions import device, mid_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def games(tmp_path):
    games = Games(Repository(tmp_path))
    now = [1000.0]
    games.followers.clock = lambda: now[0]
    games.now = now  # type: ignore[attr-defined]  # the test's clock
    yield games
    games.repo.close()


def watch(games: Games, game_id: str, n: int) -> Presence:
    presence = Presence()
    games.followers.subscribe(game_id, lambda _gid: None, f"watcher-{n}", presence)
    return presence


def test_a_closed_phones_watcher_place_is_given_back_after_the_grace(games):
    gid = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="host")
    watchers = [watch(games, gid, n) for n in range(WATCHERS_PER_GAME)]
    assert games.followers.why_not_follow(gid, "late") is not None  # full
    for presence in watchers:
        games.followers.away(presence)  # its socket closed; Flet keeps its session an hour
    games.now[0] += PLACE_GRACE - 1
    assert games.followers.why_not_follow(gid, "late") is not None  # kept for a phone that comes back
    games.now[0] += 1
    assert games.followers.why_not_follow(gid, "late") is None and PLACE_GRACE <= 30
    assert all(p.gone for p in watchers)


def test_a_phone_back_in_time_keeps_its_place_and_one_back_late_subscribes_anew(games):
    gid = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="host")
    watchers = [watch(games, gid, n) for n in range(WATCHERS_PER_GAME)]
    games.followers.away(watchers[0])
    games.now[0] += PLACE_GRACE - 1
    assert games.followers.back(watchers[0])  # a reload: its place kept
    games.now[0] += PLACE_GRACE
    assert games.followers.why_not_follow(gid, "late") is not None
    games.followers.away(watchers[1])
    games.now[0] += PLACE_GRACE
    assert games.followers.why_not_follow(gid, "late") is None
    assert not games.followers.back(watchers[1])  # given back meanwhile: its screens subscribe anew
    assert not watchers[1].gone


def test_a_closed_session_gives_its_places_back_at_once_and_is_told_nothing_more(games):
    gid = games.new_game("nicht-die-bohne", {"players": ["Ann", "Ben", "Cy"]}, starter="host")
    told: list[str] = []
    presence = Presence()
    games.followers.subscribe(gid, told.append, "watcher", presence)
    games.followers.leave(presence)
    games.dispatch(gid, {"kind": "take-card", "round": 1, "player": "Ann", "card": "red-1"})
    assert told == []


def test_flet_sessions_whose_sockets_closed_give_their_places_back(tmp_path):
    """Eight phones watch a game; their sockets close (Flet's session stays); within
    PLACE_GRACE seconds the next phone gets a place, with Flet's session timeout of an hour."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = mid_game(games, "nicht-die-bohne")
    now = [1000.0]
    games.followers.clock = lambda: now[0]
    main = make_main(games)

    async def run() -> tuple[list[str], list[str]]:
        async with Table() as table:
            watchers = [await table.open(main, f"/game/{game_id}", f"watcher-{n}") for n in range(WATCHERS_PER_GAME)]
            late = await table.open(main, f"/game/{game_id}", "late-watcher")
            refused = [c.value for c in controls_on(late.session.page) if isinstance(c, ft.Text)]
            for phone in watchers:
                await phone.session.disconnect(3600)  # what Flet's web server does when a socket closes
            now[0] += PLACE_GRACE
            again = await table.open(main, f"/game/{game_id}", "another-watcher")
            shown = [c.value for c in controls_on(again.session.page) if isinstance(c, ft.Text)]
            return refused, shown

    refused, shown = asyncio.run(run())
    repo.close()
    crowded = f"This game is followed by {WATCHERS_PER_GAME} phones without a seat already"
    assert any(crowded in str(text) for text in refused)
    assert not any(crowded in str(text) for text in shown)


def test_the_serving_machine_and_the_hosts_phone_are_never_refused_for_places_others_hold():
    door = Door(hosting=lambda token: token == "host-token", this_machine=lambda a: a in ("127.0.0.1", "192.0.2.1"))
    n = 0
    while sum(door.by_address.values()) < MAX_PHONES:  # the network's phones hold every place
        address = f"198.51.100.{n // FAIR_SHARE}"
        assert door.counted(address, None) == address
        door.by_address[address] = door.by_address.get(address, 0) + 1
        n += 1
    assert door.counted("198.51.100.200", "not-the-host") is None  # a phone of the network: refused (1013)
    assert door.counted("127.0.0.1", None) == ""  # the serving machine's own browser: never, nor counted
    assert door.counted("192.0.2.1", None) == ""  # ... by its LAN address too
    assert door.counted("198.51.100.201", "host-token") == ""  # the host's phone, by its device token


def test_one_address_cannot_hold_more_than_its_share():
    door = Door()
    for n in range(5):  # 120 idle connections from 5 addresses refused everyone after them
        address = f"192.0.2.{10 + n}"
        while (counted := door.counted(address, None)) is not None:
            door.by_address[counted] = door.by_address.get(counted, 0) + 1
    assert sum(door.by_address.values()) <= OPEN_PLACES + FAIR_SHARE
    assert max(door.by_address.values()) <= MAX_PHONES_PER_ADDRESS
    for n in range(FAIR_SHARE):  # a new table still finds places
        assert door.counted("192.0.2.77", None) == "192.0.2.77"
        door.by_address["192.0.2.77"] = door.by_address.get("192.0.2.77", 0) + 1


def test_the_device_cookie_is_read_and_set_by_the_page():
    scope = {"headers": [(b"cookie", f"a=b; {DEVICE_COOKIE}=0123abcd; c=d".encode())]}
    assert cookie(scope, DEVICE_COOKIE) == "0123abcd" and cookie({"headers": []}, DEVICE_COOKIE) is None
    script = (ROOT / "companion" / "web" / "bean-counter.js").read_text()
    assert f'document.cookie = "{DEVICE_COOKIE}=" + token' in script
