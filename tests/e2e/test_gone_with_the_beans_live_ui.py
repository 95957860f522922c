"""Gone with the Beans on the live sheet in a real browser: one smoke test per sheet, A-D.
What only a browser shows: the setup typed and picked on a phone-sized screen (sheet A),
the round card revealed by taps, and each question the app asks (a payment, a province,
a Contract) brought into view as it opens (issue 16), so the next tap is on the screen.
The rounds themselves, every number against the engine's rules, are played in process:
tests/companion/test_gwtb_live_screens.py (sheets A-D, the table, the end of the game).
"""

from __future__ import annotations

import re

import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.storage.sheet_values import SheetValues
from sheets.gone_with_the_beans.live import RULES, map_orders
from testkit.browser import PHONE, Server
from testkit.gwtb_live_play import ENTERED, ENTERED_BY_SHEET, HAY, setup
from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e


@pytest.fixture
def serve(tmp_path):
    """A server of its own: what the table remembers (sheet values, the map) starts known."""
    servers = []

    def start(values: dict | None = None) -> Server:
        if values:
            SheetValues(tmp_path).replace("A", values)
        servers.append(Server(tmp_path).start())
        return servers[-1]

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def fresh(browser, serve):
    """A phone on a server that remembers nothing yet."""
    context = browser.new_context(viewport=PHONE)
    yield Phone(context.new_page(), serve().url)
    context.close()


@pytest.fixture
def known(browser, serve):
    """A phone on a server that remembers sheet A's printed values (test values, as a
    table would have entered them in earlier games)."""
    context = browser.new_context(viewport=PHONE)
    yield Phone(context.new_page(), serve(ENTERED).url)
    context.close()


def arrow(order) -> str:
    return " > ".join(p.capitalize() for p in order)


def materials(phone: Phone, text: str) -> None:
    """The materials row, as a screen reader hears it."""
    phone.text(re.compile(rf"^Materials: {re.escape(text)}")).first.wait_for()


def enter_value(phone: Phone, place: str, fields: dict[str, str]) -> None:
    """Play asks for a printed value the rulebook does not state; the player reads it off
    once the question has come into view (typing into it while it scrolls in is lost)."""
    phone.see(place)
    in_view(phone, "Save value")
    for label, value in fields.items():
        phone.type_into(label, value)
    phone.tap("Save value")


def in_view(phone: Phone, name: str) -> None:
    """The control is on the screen as it is, without the test scrolling: a question
    the app asks is brought into view when it opens (issue 16)."""
    locator = phone.button(name).first
    locator.wait_for()
    last = None
    for _ in range(25):  # the scroll follows the question's first frame, then animates: wait till it rests
        box = locator.bounding_box()
        if box is not None and 56 <= box["y"] and box["y"] + box["height"] <= PHONE["height"] and box == last:
            return
        last = box
        phone.page.wait_for_timeout(200)
    raise AssertionError(f"{name} is not on the screen: {box}")


def reveal(phone: Phone, facility: str, hay: int) -> None:
    phone.click(phone.button(f"Card {facility}"))
    phone.type_into("Card Hay", str(hay))
    phone.tap("Reveal")


def start_game(phone: Phone, players: list[tuple[str, str]], deck: str, first: str, hay: dict[str, int]) -> None:
    phone.open("/new")
    phone.click(phone.page.get_by_text("Gone with the Beans: live sheet").first)
    for i, (name, province) in enumerate(players, start=1):
        if i > 2:
            phone.tap("Add player")
        phone.type_into(f"Player {i}", name)
        phone.tap(f"Player {i} {province.capitalize()}")
    if len(players) == 1:
        phone.tap("Remove player 2")
    phone.click(phone.page.get_by_role("radio", name=deck))
    phone.tap(f"Ruler starts in {first.capitalize()}")
    for province, amount in hay.items():
        phone.type_into(f"Hay {province.capitalize()}", str(amount))
    phone.tap(arrow(map_orders()[0]))


def test_sheet_a_is_set_up_on_the_phone_and_its_payment_question_comes_into_view(fresh):
    """Sheet A's setup (a solitaire game) typed and picked on the phone; round 1's Farm card
    revealed; a Farm (1 Bean + 2 Thaler) asks its payment, in view, and is paid with 12 of
    the 14 Hay."""
    phone = fresh
    start_game(phone, [("Ann", "macadimia")], "Basic game: 1 special card", "macadimia", {"macadimia": 12})
    phone.shot("gwtb-live-setup")
    phone.tap("Start the game")
    phone.see("Before round 1")
    reveal(phone, "Farm", 3)
    enter_value(phone, "Hay below Farm icon 1 (Income), Sheet A", {"Value": "2"})
    materials(phone, "14 Hay")
    phone.shot("gwtb-live-round-1")
    phone.tap("Build Farm")
    phone.see("Building a Farm costs 1 Bean + 2 Thaler")
    in_view(phone, "Pay and build")
    phone.shot("gwtb-live-payment")
    phone.tap("Pay and build")
    enter_value(phone, "number of Farm icons, Sheet A", {"Value": "6"})
    materials(phone, "2 Hay")


@pytest.fixture
def seeded(browser, tmp_path):
    """A phone at round 1 of a two-player game of ``letter``, its printed values known."""
    servers: list[Server] = []
    contexts = []

    def start(letter: str, *players: tuple[str, str], **options: dict[str, str]) -> Phone:
        repo = open_repository(tmp_path)
        hay = {**HAY, **{province: 30 for _name, province in players}}
        gid = Games(repo).new_game(RULES.id, {**setup(*players, sheet=letter, hay=hay, first="macadimia", **options),
                                              "printed": ENTERED_BY_SHEET[letter]})
        repo.close()
        servers.append(Server(tmp_path).start())
        contexts.append(browser.new_context(viewport=PHONE, color_scheme="dark"))
        return Phone(contexts[-1].new_page(), servers[-1].url).open(f"/game/{gid}")

    yield start
    for context in contexts:
        context.close()
    for server in servers:
        server.stop()


def test_sheet_b_draws_its_beanichalcum_row_and_gains_one_by_a_tap(seeded):
    """Sheet B's fifth Hay action row: 1 Beanichalcum for 10 Hay, in round 1."""
    phone = seeded("B", ("Ann", "macadimia"))
    reveal(phone, "Farm", 3)
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.tap("Gain 1 Beanichalcum (10 Hay, used 0 of 3)")
    materials(phone, "20 Hay + 1 Beanichalcum")
    phone.shot("gwtb-live-b")


def test_sheet_c_asks_which_province_a_bridge_joins_in_view(seeded):
    """Sheet C: Ann in Ammond, her setup Bridge to Macadimia, where the Ruler starts: a
    Bridge asks which province it joins (in view), then its payment (in view)."""
    phone = seeded("C", ("Ann", "ammond"), bridges={"Ann": "macadimia"})
    reveal(phone, "Farm", 3)
    phone.tap("Build Bridge")
    phone.see("Which province does the Bridge join?")
    in_view(phone, "Cashew")
    phone.tap("Cashew")
    phone.see("Building a Bridge costs 3 Thaler")
    in_view(phone, "Pay and build")
    phone.shot("gwtb-live-c-bridge")
    phone.tap("Pay and build")
    materials(phone, "21 Hay")


def test_sheet_d_asks_which_contract_in_view(seeded):
    """Sheet D: a Contract gained asks which one (in view); the answer is taken."""
    phone = seeded("D", ("Ann", "macadimia"), ("Ben", "ammond"))
    reveal(phone, "Farm", 3)
    phone.tap("Gain 1 Normal Contract (8 Hay, used 0 of 3)")
    phone.see("Choose a Normal Contract")
    in_view(phone, "Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    phone.shot("gwtb-live-d-contract-choice")
    phone.tap("Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    materials(phone, "3 Thaler + 22 Hay")
