"""Results leave the table (issue 20): "Send to BG Stats" on a finished game's screen, and
Statistics' CSV of every finished game, in a real browser."""

from __future__ import annotations

import csv
import io
import json
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.e2e.conftest import Phone
from tests.e2e.test_home_and_history_ui import PLAYERS, seeded  # noqa: F401 - the fixture

pytestmark = pytest.mark.e2e


def test_a_finished_game_sends_its_play_to_bg_stats(browser, seeded):  # noqa: F811
    server, finished, unfinished, result = seeded
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.route("https://app.bgstatsapp.com/**", lambda route: route.fulfill(body="BG Stats"))  # no internet
    phone = Phone(context.new_page(), server.url).open(f"/game/{finished}")
    phone.see("Send to BG Stats")
    with context.expect_page() as opened:
        phone.tap("Send to BG Stats")
    link = urlsplit(opened.value.url)
    assert f"{link.netloc}{link.path}" == "app.bgstatsapp.com/createPlay.html"
    play = json.loads(parse_qs(link.query)["data"][0])
    assert play["game"]["name"] == "Nicht die Bohne!" and play["game"]["highestWins"] is True
    assert [(p["name"], p["score"], p["rank"]) for p in play["players"]] == [
        (p.name, p.total, p.rank) for p in result.players]
    phone.open(f"/game/{unfinished}")
    phone.see("Dee")
    assert phone.page.get_by_role("button", name="Send to BG Stats").count() == 0
    context.close()


def test_statistics_downloads_every_finished_game_as_csv(browser, seeded, tmp_path):  # noqa: F811
    server, finished, unfinished, result = seeded
    context = browser.new_context(viewport={"width": 390, "height": 844}, accept_downloads=True)
    phone = Phone(context.new_page(), server.url).open("/stats")
    with phone.page.expect_download() as download:
        phone.tap("Download all results (CSV)")
    saved = tmp_path / "results.csv"
    download.value.save_as(saved)
    assert saved.read_bytes().startswith(b"\xef\xbb\xbf")  # the byte-order mark: Excel reads it as UTF-8
    rows = list(csv.DictReader(io.StringIO(saved.read_text(encoding="utf-8-sig"))))
    assert [(r["game_id"], r["player"], r["total"]) for r in rows] == [
        (finished, p.name, str(p.total)) for p in result.players]
    context.close()
