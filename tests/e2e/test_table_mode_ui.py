"""Table mode in real browsers: three phones on one game (issue: one game, every
player's phone, live)."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from companion.session import Games
from companion.storage import open_repository
from testkit.browser import ARGS, CHROMIUM, PHONE, Server
from testkit.positions import ann_and_ben_seated
from tests.e2e.conftest import Phone, phone_holding
from tests.e2e.conftest import as_read
from tests.e2e.conftest import ISOLATES

pytestmark = pytest.mark.e2e

SENTINEL = "SENTINEL-7f3a-secret"


def test_three_phones_see_each_others_entries_and_keep_their_secrets(browser, tmp_path):
    """Ann and Ben sit at the table (seats taken, PINs: tests/companion/test_table_mode.py),
    a third phone watches. Ann's private note, saved on her phone, never reaches Ben's browser
    (its page or its websocket); an entry on one phone appears on the others without
    reloading; a watching phone makes no entry; Ben's reloaded page is his seat still."""
    game_id = ann_and_ben_seated(tmp_path)
    server = Server(tmp_path).start()
    ben_frames: list = []
    contexts = [phone_holding(browser, server, "dev-ann"), phone_holding(browser, server, "dev-ben", ben_frames),
                phone_holding(browser, server)]
    (_, ann), (_, ben), (_, onlooker) = contexts
    try:
        ann.open(f"/game/{game_id}/seats")
        ann.type_into("Ann's private note", SENTINEL)
        expect(ann.button("Save note")).to_be_enabled()
        ann.tap("Save note")
        expect(ann.button("Save note")).to_be_disabled()  # saved: nothing left to save
        stored = json.loads((tmp_path / "games" / f"{game_id}.json").read_text())
        assert stored["game"]["1"]["table"]["notes"] == {"Ann": SENTINEL}

        for phone in (ann, ben, onlooker):
            phone.open(f"/game/{game_id}")
            phone.chip("Ann 0/20").wait_for()

        # A change on one phone appears on the others without reloading.
        ann.tap("blue 3")
        for phone in (ben, onlooker):
            phone.chip("Ann 1/20").wait_for(timeout=10_000)
        ben.see("Last entry by Ann")

        # Watching phones make no entries.
        onlooker.tap("blue 4")
        onlooker.see("this phone is watching: take a seat to make entries")

        # Ben reloads (or his phone slept): his seat waits for him.
        ben.page.reload()
        ben.open(f"/game/{game_id}")
        ben.button("Seat: Ben").wait_for()
        received = b"".join(f if isinstance(f, bytes) else f.encode() for f in ben_frames)
        assert received, "Ben's browser received the game over its websocket"
        assert SENTINEL.encode() not in received
        assert SENTINEL not in ben.page.content()
    finally:
        for context, _ in contexts:
            context.close()
        server.stop()


def test_a_seated_phone_opens_the_game_on_its_own_player(browser, tmp_path):
    """A seat enters only its own player's entries, so Ben's phone opens on Ben's fields
    (the other players are a tap away)."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = games.new_game("bohnanza", {"players": ["Ann", "Ben", "Cy"]}, starter="dev-ann")
    games.seating.claim_seat(game_id, "Ben", "2222", "dev-ben")
    repo.close()
    server = Server(tmp_path).start()
    context = browser.new_context(viewport=PHONE)
    try:
        context.add_init_script("localStorage.setItem('flutter.bean-counter.device', JSON.stringify('dev-ben'))")
        ben = Phone(context.new_page(), server.url).open(f"/game/{game_id}")
        ben.button("Seat: Ben").wait_for(timeout=30_000)
        expect(ben.chip("Ben · 0")).to_be_checked()
        expect(ben.chip("Ann · 0")).not_to_be_checked()
    finally:
        context.close()
        server.stop()


def test_a_browser_that_cannot_keep_the_phones_token_still_opens_the_app(browser, server):
    """The screens wait for this phone's token; a browser whose local storage refuses to
    keep it (full, or blocked) gets one for this visit instead of an empty screen."""
    context = browser.new_context(viewport=PHONE)
    context.add_init_script(
        "Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); };")
    try:
        phone = Phone(context.new_page(), server.url).open("/")
        phone.button("New game").wait_for(timeout=45_000)
    finally:
        context.close()


def test_two_phones_tapping_the_same_card_at_once_one_is_refused_with_a_message(tmp_path):
    """Both taps are checked in commit order against the latest state: one takes the
    card, the other phone hears why its tap was refused; neither is lost silently."""
    game_id = ann_and_ben_seated(tmp_path)
    server = Server(tmp_path).start()
    try:
        with ThreadPoolExecutor(1) as pool:  # the sync Playwright of other tests owns this thread's loop
            messages = pool.submit(asyncio.run, tap_together(server.url, game_id)).result()
    finally:
        server.stop()
    assert sorted(messages) == [0, 1], "exactly one phone hears that its tap came too late"
    record = open_repository(tmp_path, read_only=True).load(game_id)
    assert [e["action"]["card"] for e in record.log] == ["blue-7"]


async def tap_together(url: str, game_id: str) -> list[int]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pages = []
        for device, player in (("dev-ann", "Ann"), ("dev-ben", "Ben")):
            context = await browser.new_context(viewport=PHONE)
            # The phone's token, as the app keeps it in the browser's local storage.
            await context.add_init_script(
                f"localStorage.setItem('flutter.bean-counter.device', JSON.stringify('{device}'))")
            page = await context.new_page()
            await page.goto(f"{url}/game/{game_id}")
            await page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=60_000)
            await page.locator("flt-semantics-placeholder").dispatch_event("click")
            await page.get_by_role("button", name=as_read(f"Seat: {player}")).wait_for(timeout=30_000)
            # A seated phone opens on its own player's cards.
            await page.get_by_role("checkbox", name=as_read(f"{player} 0/20"), checked=True).wait_for(timeout=30_000)
            pages.append(page)
        boxes = [await page.get_by_role("button", name="blue 7", exact=True).bounding_box() for page in pages]
        await asyncio.gather(*[
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            for page, box in zip(pages, boxes)
        ])
        refused = re.compile(rf"blue 7 is already taken by {ISOLATES}(Ann|Ben){ISOLATES} in this round")
        # Until the later tap's phone says why (the phone whose tap took the card never does).
        for _ in range(150):
            counts = [await page.get_by_text(refused).count() for page in pages]
            if sum(counts):
                break
            await asyncio.sleep(0.1)
        await browser.close()
        return counts
