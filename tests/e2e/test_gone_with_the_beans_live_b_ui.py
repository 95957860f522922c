"""Gone with the Beans on the live sheet, sheet B: a solitaire player's first three rounds
on a phone-sized screen, with Beanichalcum (issue 16), sheet B's printed values known
from earlier games (the test values of gwtb_live_play.ENTERED_BY_SHEET["B"]).

Setup: Macadimia, the Ruler starts in Macadimia, 30 Hay.
Round 1, a Farm card (2 Hay below Farm icon 1: 2 of them lost over the 30-Hay shed):
"Gain 1 Beanichalcum" for 10 Hay.
Round 2, a Market card (4 Hay); the Ruler moves to Cashew, 1 road away. A Stable cannot
be paid: the app says what is missing under its button, which opens no payment form. "Gain 1 Worker" for 6 Hay.
Round 3, a Farm card (2 Hay); the Ruler moves to Zoodai, 2 roads away. The Farm's travel
(4 Bean + 2 Thaler) is more than the warehouse pays, so the app offers 1 Beanichalcum for
the whole travel (design page, gaps 4); the payment question is in view when it opens.
"""

from __future__ import annotations

import pytest

from companion.storage.sheet_values import SheetValues
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone
from tests.e2e.test_gone_with_the_beans_live_ui import in_view, materials, reveal, start_game
from testkit.gwtb_live_play import ENTERED_BY_SHEET

pytestmark = pytest.mark.e2e


@pytest.fixture
def known(browser, tmp_path):
    """A phone on a server that remembers a sheet letter's printed values."""
    servers: list[Server] = []
    contexts = []

    def start(letter: str) -> Phone:
        SheetValues(tmp_path).replace(letter, ENTERED_BY_SHEET[letter])
        servers.append(Server(tmp_path).start())
        contexts.append(browser.new_context(viewport=PHONE, color_scheme="dark"))
        return Phone(contexts[-1].new_page(), servers[-1].url)

    yield start
    for context in contexts:
        context.close()
    for server in servers:
        server.stop()


def start_sheet(phone: Phone, letter: str, players, first: str, hay: dict[str, int]) -> None:
    start_game(phone, players, "Basic game: 1 special card", first, hay)
    phone.click(phone.page.get_by_role("radio", name=f"{letter} · ", exact=False))


def test_a_players_first_three_rounds_on_sheet_b(known):
    phone = known("B")
    start_sheet(phone, "B", [("Ann", "macadimia")], "macadimia", {"macadimia": 30})
    phone.tap("Start the game")
    phone.see("Before round 1")

    reveal(phone, "Farm", 3)
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.tap("Gain 1 Beanichalcum (10 Hay, used 0 of 3)")
    phone.see("Ann: paid 10 Hay (Hay action: Gain 1 Beanichalcum); Ann: +1 Beanichalcum")  # what it did, with Undo
    materials(phone, "20 Hay + 1 Beanichalcum")

    reveal(phone, "Market", 4)
    materials(phone, "24 Hay + 1 Beanichalcum")
    # A build that cannot be paid says what is missing (under its disabled button), no payment form.
    phone.see("Building a Stable with travel for 1 road (2 Bean + 1 Thaler) costs 3 Bean + 4 Thaler; "
              "you have 24 Hay + 1 Beanichalcum (2 Thaler missing)")
    assert phone.button("Build Stable").first.is_disabled()
    phone.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
    materials(phone, "1 Worker + 18 Hay + 1 Beanichalcum")

    reveal(phone, "Farm", 3)
    materials(phone, "1 Worker + 20 Hay + 1 Beanichalcum")
    phone.tap("Build Farm")
    phone.see("Building a Farm with travel for 2 roads (1 Beanichalcum) costs 1 Bean + 2 Thaler + 1 Beanichalcum")
    phone.shot("gwtb-live-b-beanichalcum-travel")
    in_view(phone, "Pay and build")
    phone.tap("Pay and build")
    materials(phone, "1 Worker + 8 Hay")
    phone.text("Farms: 2 built of 6").first.wait_for()
    phone.see("Beanichalcum gained 1")
    phone.shot("gwtb-live-b-round-3")
