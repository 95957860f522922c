"""Gone with the Beans on the live sheet: a solitaire player's first three rounds on a
phone-sized screen (issue 7), every number checked against the engine's rules:

Setup: Macadimia, the Ruler starts in Macadimia, the Starting Point card gives 30 Hay;
the easier deck with two special cards (one among rounds 1-7).
Round 1, a Farm card: Income is the Hay below the rightmost built Farm icon (asked for:
the table enters 2); 32 Hay in a 30-Hay shed, 2 lost. Action: "Gain 1 Worker" for 6 Hay.
Round 2, a Market card (no Market built: the card's 4 Hay). The Ruler moves to Cashew,
1 road away: a Farm costs 1 Bean + 2 Thaler plus 2 Bean + 1 Thaler travel; the app
proposes 27 Hay (keeps the Worker: rulebook, Substituting Materials), asks for the
number of Farm icons (6), builds.
Round 3, the special card: the player chooses 4 Hay, then adds a Hay Shed (its capacity
asked for: 10), +2 Hay. Undo takes the shed back; Redo puts it back.
"""

from __future__ import annotations

import re

import pytest

from companion.storage.sheet_values import SheetValues
from sheets.gone_with_the_beans.live import map_orders
from testkit.browser import PHONE, Server
from tests.e2e.conftest import Phone
from testkit.gwtb_live_play import ENTERED

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


def test_a_players_first_three_rounds_on_sheet_a(fresh):
    phone = fresh
    start_game(phone, [("Ann", "macadimia")], "Easier: 2 special cards", "macadimia", {"macadimia": 30})
    phone.shot("gwtb-live-setup")
    phone.tap("Start the game")
    phone.see("Before round 1")
    materials(phone, "30 Hay; Hay Sheds hold 30")

    # Round 1: the Farm card; the income needs the Hay below Farm icon 1.
    reveal(phone, "Farm", 3)
    enter_value(phone, "Hay below Farm icon 1 (Income), Sheet A", {"Value": "2"})
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.see("Ann: 2 Hay lost (the Hay Sheds hold 30)")
    phone.shot("gwtb-live-round-1")
    phone.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
    materials(phone, "1 Worker + 24 Hay")
    phone.see("Reveal round 2's Round card")

    # Round 2: a Market card; the Ruler moves to Cashew.
    reveal(phone, "Market", 4)
    phone.text(re.compile(r"^Round 2 of 15: Ruler in Cashew; Market · 4 Hay")).first.wait_for()
    materials(phone, "1 Worker + 28 Hay")
    phone.tap("Build Farm")
    phone.see("Building a Farm with travel for 1 road (2 Bean + 1 Thaler) costs 3 Bean + 3 Thaler")
    phone.shot("gwtb-live-payment")
    phone.tap("Pay and build")
    enter_value(phone, "number of Farm icons, Sheet A", {"Value": "6"})
    materials(phone, "1 Worker + 1 Hay")
    phone.text("Farms: 2 built of 6").first.wait_for()

    # Round 3: the special card, 4 Hay, then a Hay Shed.
    phone.tap("Special card")
    phone.see("Special card: choose your income")
    phone.tap("Gain 4 Hay")
    materials(phone, "1 Worker + 5 Hay")
    phone.tap("Add a Hay Shed (+2 Hay)")
    enter_value(phone, "Hay the added Hay Shed 1 holds, Sheet A", {"Value": "10"})
    materials(phone, "1 Worker + 7 Hay; Hay Sheds hold 40")
    phone.shot("gwtb-live-round-3")

    phone.tap("Undo")
    materials(phone, "1 Worker + 5 Hay; Hay Sheds hold 30")
    phone.menu("Redo")  # the app bar's "More" menu
    materials(phone, "1 Worker + 7 Hay; Hay Sheds hold 40")


def test_abilities_payments_bonuses_and_milestones_on_one_phone(known):
    """Two players on one phone, sheet A's printed values known from earlier games.

    Round 1 (Farm card, 2 Hay below Farm icon 1): Ann (Beanzantine) builds a Silo as if
    the Ruler were in Beanzantine; 17 Hay does not cover 2 Bean + 2 Thaler, the proposed
    18 does; the Silo's Development Bonus is chosen. Ben (Zoodai) gains a Worker twice
    (Zoodai's ability). Round 2 (the Ruler moves to Cashew): Ann achieves the milestone
    of 2 facilities (5 Thaler); Ben removes the travel for 1 road and builds a Farm,
    paying 1 Worker + 6 Hay (the proposal keeps the other Worker).
    """
    phone = known
    start_game(phone, [("Ann", "beanzantine"), ("Ben", "zoodai")], "Basic game: 1 special card", "macadimia",
               {"beanzantine": 20, "zoodai": 20})
    phone.tap("Start the game")
    reveal(phone, "Farm", 3)
    materials(phone, "22 Hay")

    phone.tap("Build Silo as if the Ruler were in Beanzantine")
    phone.see("Building a Silo costs 2 Bean + 2 Thaler")
    in_view(phone, "Pay and build")
    phone.tap("Pay Hay fewer")
    phone.tap("Pay and build")
    phone.see("Building a Silo costs 2 Bean + 2 Thaler; 17 Hay leaves 1 Thaler missing")
    phone.tap("Pay Hay more")
    phone.tap("Pay and build")
    phone.see("Choose a Development Bonus (1 of 1)")
    phone.shot("gwtb-live-development-bonus")
    phone.tap("Gain 1 Worker")
    materials(phone, "1 Worker + 4 Hay")
    phone.text("Silos: 1 built of 4").first.wait_for()

    phone.tap("Sheet of Ben")
    phone.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
    phone.tap("Gain 1 Worker (6 Hay, used 1 of 3)")  # Zoodai: the same action again, once per game
    materials(phone, "2 Worker + 10 Hay")
    phone.see("Ben: Zoodai's ability, the action again")

    reveal(phone, "Market", 4)
    phone.text(re.compile(r"^Round 2 of 15: Ruler in Cashew")).first.wait_for()
    phone.tap("Remove the travel cost for 1 road and build a facility (8 Hay, used 0 of 3)")
    in_view(phone, "Farm")
    phone.tap("Farm")
    phone.see("Building a Farm costs 1 Bean + 2 Thaler")
    phone.shot("gwtb-live-travel-payment")
    phone.tap("Pay and build")
    materials(phone, "1 Worker; Hay Sheds hold 30")
    phone.text("Farms: 2 built of 6").first.wait_for()

    phone.tap("Sheet of Ann")
    phone.tap("Achieve a milestone")
    in_view(phone, "Gain 5 Thaler · 5 pt")
    phone.tap("Gain 5 Thaler · 5 pt")
    materials(phone, "1 Worker + 5 Thaler + 8 Hay")
    phone.see("Milestones achieved: 1")
    phone.shot("gwtb-live-milestone")


def test_after_round_15_the_dp_icons_are_counted_and_the_breakdown_names_the_winner(browser, tmp_path):
    """Rulebook, End of the Game: after round 15 each sheet's filled DP icons are counted,
    then the sheets are scored; the same breakdown as the end-game scorer. A count the sheet
    cannot hold is refused with the reason (design page, reading 11: no icon without a
    gained Development Bonus)."""
    from companion.session import Games
    from companion.storage import open_repository
    from sheets.gone_with_the_beans.live import RULES
    from testkit.gwtb_live_play import setup

    repo = open_repository(tmp_path)
    games = Games(repo)
    gid = games.new_game(RULES.id, {**setup(("Ann", "macadimia"), ("Ben", "ammond")), "printed": ENTERED})
    # Ann builds a Farm in round 1 and takes the milestone's points in round 2; else Hay Sheds.
    ann = {1: {"kind": "build", "player": "Ann", "facility": "farm"},
           2: {"kind": "milestone", "player": "Ann", "bonus": "points"}}
    for number in range(1, 16):
        special = number == 10  # the basic deck's one special card lies in rounds 8-15
        games.dispatch(gid, {"kind": "reveal", "card": {"special": True} if special else {"facility": "farm", "hay": 5}})
        for name in ("Ann", "Ben"):
            if special:
                games.dispatch(gid, {"kind": "special-income", "player": name, "option": "thaler"})
            games.dispatch(gid, ann[number] if name == "Ann" and number in ann else {"kind": "hay-shed", "player": name})
    games.dispatch(gid, {"kind": "dp-icons", "player": "Ben", "filled": 0})
    repo.close()

    server = Server(tmp_path).start()
    context = browser.new_context(viewport=PHONE)
    try:
        phone = Phone(context.new_page(), server.url).open(f"/game/{gid}")
        phone.see("End of the game: count the filled Development Passport icons on each sheet")
        phone.see("Ann: not counted yet")
        phone.tap("Ann: filled DP icons more")
        phone.see("but no Development Bonus is gained")  # Ann gained none: no icon is filled
        phone.tap("No DP icon filled")
        phone.see("Ann wins with 12 pt")  # the milestone's points; Hay Sheds score nothing
        phone.shot("gwtb-live-final")
    finally:
        context.close()
        server.stop()


def test_at_a_table_each_phone_plays_its_own_sheet_and_the_card_is_entered_once(browser, serve):
    """Table mode: Ben's phone reveals the round card for everyone; Ann's phone shows who
    revealed it, takes Ann's action, and leaves Ben's sheet to Ben's phone."""
    from tests.e2e.test_table_mode_ui import sit

    server = serve(ENTERED)
    contexts = [browser.new_context(viewport=PHONE) for _ in range(2)]
    ann, ben = (Phone(c.new_page(), server.url) for c in contexts)
    try:
        start_game(ann, [("Ann", "macadimia"), ("Ben", "ammond")], "Basic game: 1 special card", "macadimia",
                   {"macadimia": 12, "ammond": 12})
        ann.tap("Start the game")
        ann.see("Before round 1")
        game_id = ann.page.url.rsplit("/", 1)[-1]
        sit(ann, game_id, "Ann", "1111")
        sit(ben, game_id, "Ben", "2222")
        ann.open(f"/game/{game_id}")
        ben.open(f"/game/{game_id}")
        reveal(ben, "Farm", 3)
        ann.text(re.compile(r"^Round 1 of 15: .*; revealed by Ben$")).first.wait_for()  # live, no reload
        materials(ann, "14 Hay")  # Income: 2 Hay below Farm icon 1
        ann.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
        ben.see("Waiting for Ben to take an action")
        ann.tap("Sheet of Ben")
        ann.see("Ben takes Ben's actions on Ben's own phone.")
        ann.shot("gwtb-live-table-other-sheet")
        ben.tap("Add a Hay Shed (+2 Hay)")
        ann.see("Reveal round 2's Round card")
    finally:
        for context in contexts:
            context.close()
