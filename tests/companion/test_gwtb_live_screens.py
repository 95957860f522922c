"""Gone with the Beans on the live sheet, played on phones in process (testkit/screen.py):
the setup form, the rounds of sheets A-D with every number checked against the engine's
rules, and a table of two phones. What only a browser shows (a question scrolled into
view as it opens, the screen drawn) is tests/e2e/test_gone_with_the_beans_live_ui.py's.

Sheet A, a solitaire player's first three rounds (issue 7): Macadimia, the Ruler starts in
Macadimia, the Starting Point card gives 30 Hay; the easier deck with two special cards.
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
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.storage.sheet_values import SheetValues
from companion.ui.app import make_main
from sheets.gone_with_the_beans.live import RULES, map_orders
from testkit.gwtb_live_play import ENTERED, ENTERED_BY_SHEET, setup
from testkit.screen import Screen, Tables, at_a_players_pace


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Callable[..., Screen]]:
    """A phone on a server whose data directory remembers ``letter``'s printed values
    (test values, as a table would have entered them in earlier games), or nothing."""
    repos = []
    with Tables() as tables:
        def phone(letter: str | None = None, device: str = "phone", route: str = "/new") -> Screen:
            if letter and not repos:
                SheetValues(tmp_path).replace(letter, ENTERED_BY_SHEET[letter])
            if not repos:
                repos.append(open_repository(tmp_path))
                phones.append(make_main(Games(repos[0])))
            return tables.open(phones[0], route, device)
        phones: list[Callable[..., object]] = []
        yield phone
    for repo in repos:
        repo.close()


def arrow(order: tuple[str, ...]) -> str:
    return " > ".join(p.capitalize() for p in order)


def materials(phone: Screen, text: str) -> None:
    """The materials row, as a screen reader hears it."""
    phone.see(re.compile(rf"^Materials: {re.escape(text)}"))


def enter_value(phone: Screen, place: str, fields: dict[str, str]) -> None:
    """Play asks for a printed value the rulebook does not state; the player reads it off."""
    phone.see(place)
    for label, value in fields.items():
        phone.type_into(label, value)
    phone.tap("Save value")


def reveal(phone: Screen, facility: str, hay: int) -> None:
    phone.tap(f"Card {facility}")
    phone.type_into("Card Hay", str(hay))
    phone.tap("Reveal")


def start_game(phone: Screen, players: list[tuple[str, str]], deck: str, first: str, hay: dict[str, int],
               letter: str | None = None) -> None:
    phone.tap("Gone with the Beans: live sheet", exact=False)
    for i, (name, province) in enumerate(players, start=1):
        if i > 2:
            phone.tap("Add player")
        phone.type_into(f"Player {i}", name)
        phone.tap(f"Player {i} {province.capitalize()}")
    if len(players) == 1:
        phone.tap("Remove player 2")
    phone.pick(deck)
    phone.tap(f"Ruler starts in {first.capitalize()}")
    for province, amount in hay.items():
        phone.type_into(f"Hay {province.capitalize()}", str(amount))
    phone.tap(arrow(map_orders()[0]))
    if letter:
        phone.pick(f"{letter} · ")


def test_a_players_first_three_rounds_on_sheet_a(table: Callable[..., Screen]) -> None:
    phone = table()  # nothing remembered: every printed value is asked when play needs it
    start_game(phone, [("Ann", "macadimia")], "Easier: 2 special cards", "macadimia", {"macadimia": 30})
    phone.tap("Start the game")
    phone.see("Before round 1")
    materials(phone, "30 Hay; Hay Sheds hold 30")

    # Round 1: the Farm card; the income needs the Hay below Farm icon 1.
    reveal(phone, "Farm", 3)
    enter_value(phone, "Hay below Farm icon 1 (Income), Sheet A", {"Value": "2"})
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.see("Ann: 2 Hay lost (the Hay Sheds hold 30)")
    phone.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
    materials(phone, "1 Worker + 24 Hay")
    phone.see("Reveal round 2's Round card")

    # Round 2: a Market card; the Ruler moves to Cashew.
    reveal(phone, "Market", 4)
    phone.see(re.compile(r"^Round 2 of 15: Ruler in Cashew; Market · 4 Hay"))
    materials(phone, "1 Worker + 28 Hay")
    phone.tap("Build Farm")
    phone.see("Building a Farm with travel for 1 road (2 Bean + 1 Thaler) costs 3 Bean + 3 Thaler")
    phone.tap("Pay and build")
    enter_value(phone, "number of Farm icons, Sheet A", {"Value": "6"})
    materials(phone, "1 Worker + 1 Hay")
    phone.see("Farms: 2 built of 6")

    # Round 3: the special card, 4 Hay, then a Hay Shed.
    phone.tap("Special card")
    phone.see("Special card: choose your income")
    phone.tap("Gain 4 Hay")
    materials(phone, "1 Worker + 5 Hay")
    phone.tap("Add a Hay Shed (+2 Hay)")
    enter_value(phone, "Hay the added Hay Shed 1 holds, Sheet A", {"Value": "10"})
    materials(phone, "1 Worker + 7 Hay; Hay Sheds hold 40")

    phone.tap("Undo")
    materials(phone, "1 Worker + 5 Hay; Hay Sheds hold 30")
    phone.tap("Redo")  # the app bar's "More" menu
    materials(phone, "1 Worker + 7 Hay; Hay Sheds hold 40")


def test_abilities_payments_bonuses_and_milestones_on_one_phone(table: Callable[..., Screen]) -> None:
    """Two players on one phone, sheet A's printed values known from earlier games.

    Round 1 (Farm card, 2 Hay below Farm icon 1): Ann (Beanzantine) builds a Silo as if
    the Ruler were in Beanzantine; 17 Hay does not cover 2 Bean + 2 Thaler, the proposed
    18 does; the Silo's Development Bonus is chosen. Ben (Zoodai) gains a Worker twice
    (Zoodai's ability). Round 2 (the Ruler moves to Cashew): Ann achieves the milestone
    of 2 facilities (5 Thaler); Ben removes the travel for 1 road and builds a Farm,
    paying 1 Worker + 6 Hay (the proposal keeps the other Worker).
    """
    phone = table("A")
    start_game(phone, [("Ann", "beanzantine"), ("Ben", "zoodai")], "Basic game: 1 special card", "macadimia",
               {"beanzantine": 20, "zoodai": 20})
    phone.tap("Start the game")
    reveal(phone, "Farm", 3)
    materials(phone, "22 Hay")

    phone.tap("Build Silo as if the Ruler were in Beanzantine")
    phone.see("Building a Silo costs 2 Bean + 2 Thaler")
    phone.tap("Pay Hay fewer")
    phone.tap("Pay and build")
    phone.see("Building a Silo costs 2 Bean + 2 Thaler; 17 Hay leaves 1 Thaler missing")
    phone.tap("Pay Hay more")
    phone.tap("Pay and build")
    phone.see("Choose a Development Bonus (1 of 1)")
    phone.tap("Gain 1 Worker")
    materials(phone, "1 Worker + 4 Hay")
    phone.see("Silos: 1 built of 4")

    phone.tap("Sheet of Ben")
    phone.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
    phone.tap("Gain 1 Worker (6 Hay, used 1 of 3)")  # Zoodai: the same action again, once per game
    materials(phone, "2 Worker + 10 Hay")
    phone.see("Ben: Zoodai's ability, the action again")

    reveal(phone, "Market", 4)
    phone.see(re.compile(r"^Round 2 of 15: Ruler in Cashew"))
    phone.tap("Remove the travel cost for 1 road and build a facility (8 Hay, used 0 of 3)")
    phone.tap("Farm")
    phone.see("Building a Farm costs 1 Bean + 2 Thaler")
    phone.tap("Pay and build")
    materials(phone, "1 Worker; Hay Sheds hold 30")
    phone.see("Farms: 2 built of 6")

    phone.tap("Sheet of Ann")
    phone.tap("Achieve a milestone")
    phone.tap("Gain 5 Thaler · 5 pt")
    materials(phone, "1 Worker + 5 Thaler + 8 Hay")
    phone.see("Milestones achieved: 1")


def test_after_round_15_the_dp_icons_are_counted_and_the_breakdown_names_the_winner(tmp_path: Path) -> None:
    """Rulebook, End of the Game: after round 15 each sheet's filled DP icons are counted,
    then the sheets are scored; the same breakdown as the end-game scorer. A count the sheet
    cannot hold is refused with the reason (design page, reading 11: no icon without a
    gained Development Bonus)."""
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
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
    try:
        with Tables() as tables:
            phone = tables.open(make_main(games), f"/game/{gid}", "phone")
            phone.see("End of the game: count the filled Development Passport icons on each sheet")
            phone.see("Ann: not counted yet")
            phone.tap("Ann: filled DP icons more")
            phone.see("but no Development Bonus is gained")  # Ann gained none: no icon is filled
            phone.tap("No DP icon filled")
            phone.see("Ann wins with 12 pt")  # the milestone's points; Hay Sheds score nothing
    finally:
        repo.close()


def sit(phone: Screen, game_id: str, player: str, pin: str) -> None:
    phone.go(f"/game/{game_id}/seats")
    phone.tap(f"Sit as {player}")
    phone.type_into(f"PIN for {player}'s seat", pin)
    phone.tap(f"Take {player}'s seat")
    phone.see(f"This phone is {player}'s seat.")


def test_at_a_table_each_phone_plays_its_own_sheet_and_the_card_is_entered_once(table: Callable[..., Screen]) -> None:
    """Table mode: Ben's phone reveals the round card for everyone; Ann's phone shows who
    revealed it, takes Ann's action, and leaves Ben's sheet to Ben's phone."""
    ann = table("A", "ann")
    ben = table("A", "ben", "/")
    start_game(ann, [("Ann", "macadimia"), ("Ben", "ammond")], "Basic game: 1 special card", "macadimia",
               {"macadimia": 12, "ammond": 12})
    ann.tap("Start the game")
    ann.see("Before round 1")
    game_id = ann.route.rsplit("/", 1)[-1]
    sit(ann, game_id, "Ann", "1111")
    sit(ben, game_id, "Ben", "2222")
    ann.go(f"/game/{game_id}")
    ben.go(f"/game/{game_id}")
    reveal(ben, "Farm", 3)
    ann.see(re.compile(r"^Round 1 of 15: .*; revealed by Ben$"))  # live, no reload
    materials(ann, "14 Hay")  # Income: 2 Hay below Farm icon 1
    ann.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
    ben.see("Waiting for Ben to take an action")
    ann.tap("Sheet of Ben")
    ann.see("Ben takes Ben's actions on Ben's own phone.")
    ben.tap("Add a Hay Shed (+2 Hay)")
    ann.see("Reveal round 2's Round card")


# -- sheets B, C and D (issue 16) ------------------------------------------------------------

def test_a_players_first_three_rounds_on_sheet_b(table: Callable[..., Screen]) -> None:
    """Sheet B, with Beanichalcum. Setup: Macadimia, the Ruler starts in Macadimia, 30 Hay.
    Round 1, a Farm card (2 Hay below Farm icon 1: 2 of them lost over the 30-Hay shed):
    "Gain 1 Beanichalcum" for 10 Hay. Round 2, a Market card (4 Hay); the Ruler moves to
    Cashew, 1 road away. A Stable cannot be paid: the app says what is missing under its
    button. "Gain 1 Worker" for 6 Hay. Round 3, a Farm card (2 Hay); the Ruler moves to
    Zoodai, 2 roads away. The Farm's travel (4 Bean + 2 Thaler) is more than the warehouse
    pays, so the app offers 1 Beanichalcum for the whole travel (design page, gaps 4)."""
    phone = table("B")
    start_game(phone, [("Ann", "macadimia")], "Basic game: 1 special card", "macadimia", {"macadimia": 30}, "B")
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
    assert phone.button("Build Stable").disabled
    phone.tap("Gain 1 Worker (6 Hay, used 0 of 3)")
    materials(phone, "1 Worker + 18 Hay + 1 Beanichalcum")

    reveal(phone, "Farm", 3)
    materials(phone, "1 Worker + 20 Hay + 1 Beanichalcum")
    phone.tap("Build Farm")
    phone.see("Building a Farm with travel for 2 roads (1 Beanichalcum) costs 1 Bean + 2 Thaler + 1 Beanichalcum")
    phone.tap("Pay and build")
    materials(phone, "1 Worker + 8 Hay")
    phone.see("Farms: 2 built of 6")
    phone.see("Beanichalcum gained 1")


def test_a_players_first_three_rounds_on_sheet_c(table: Callable[..., Screen]) -> None:
    """Sheet C, with Bridges (a Bridge costs 3 Thaler, a Farm 1 Bean + 2 Thaler). Setup:
    Ammond, its setup Bridge to Macadimia; the Ruler starts in Macadimia; 30 Hay.
    Round 1, a Farm card: the Ruler is in Macadimia, joined by the Bridge, so Ann builds
    there without travel: a Bridge to Cashew (adjacent to Macadimia, which counts as Ann's
    province), for 9 Hay. Round 2, a Market card; the Ruler moves to Cashew, now joined: a
    Farm for 12 Hay. Round 3, a Farm card (3 Hay below Farm icon 2); the Ruler moves to
    Zoodai, not joined: building is refused with the reason; "Gain 4, 5, 6 Thaler" for 6
    Hay gains 4 Thaler."""
    phone = table("C")
    start_game(phone, [("Ann", "ammond")], "Basic game: 1 special card", "macadimia", {"ammond": 30}, "C")
    phone.tap("Ann's setup Bridge to Macadimia")
    phone.tap("Start the game")
    phone.see("Before round 1")
    phone.see("Ann: the setup Bridge joins Macadimia")

    reveal(phone, "Farm", 3)
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.tap("Build Bridge")
    phone.see("Which province does the Bridge join?")
    phone.tap("Cashew")
    phone.see("Building a Bridge costs 3 Thaler")
    phone.tap("Pay and build")
    materials(phone, "21 Hay")
    phone.see("Bridges join Macadimia, Cashew")

    reveal(phone, "Market", 4)
    materials(phone, "25 Hay")
    phone.tap("Build Farm")
    phone.see("Building a Farm costs 1 Bean + 2 Thaler")
    phone.tap("Pay and build")
    materials(phone, "13 Hay")
    phone.see("Farms: 2 built of 6")

    reveal(phone, "Farm", 3)
    materials(phone, "16 Hay")  # Income: 3 Hay below Farm icon 2
    phone.see("on sheet C you build only while the Ruler token is in your province (Ammond or Macadimia or Cashew); "
              "it is in Zoodai")
    phone.tap("Gain 4, 5, 6 Thaler on the 1st, 2nd, 3rd use (6 Hay, used 0 of 3)")
    materials(phone, "4 Thaler + 10 Hay")


def test_two_players_first_three_rounds_on_sheet_d(table: Callable[..., Screen]) -> None:
    """Sheet D, with a Contract gained, executed, and a milestone by Contracts. Setup: Ann in
    Macadimia, Ben in Ammond; the Ruler starts in Macadimia; 30 Hay each. Round 1, a Farm
    card: Ann gains a Normal Contract for 8 Hay (which one is asked: the one for 1 Worker +
    2 Hay) and 3 Thaler (the row's 1st use). Ben's sheet is shown while Ann's question is
    open: it waits on Ann's sheet. Ben adds a Hay Shed. Round 2, a Market card: Ann gains 1
    Worker for 8 Hay (+3 Thaler), then executes that Normal Contract (1 Worker + 2 Hay: 5
    Thaler), no action; Ben adds a Hay Shed. Round 3: with 1 Contract executed, Ann achieves
    a milestone (12 pt; Macadimia gains 3 Thaler on D)."""
    phone = table("D")
    start_game(phone, [("Ann", "macadimia"), ("Ben", "ammond")], "Basic game: 1 special card", "macadimia",
               {"macadimia": 30, "ammond": 30}, "D")
    phone.tap("Start the game")
    phone.see("Before round 1")

    reveal(phone, "Farm", 3)
    materials(phone, "30 Hay; Hay Sheds hold 30; 2 Hay lost")
    phone.tap("Gain 1 Normal Contract (8 Hay, used 0 of 3)")
    phone.see("Choose a Normal Contract")
    phone.button("Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    phone.tap("Sheet of Ann (a question is open)")  # still Ann's; then to Ben's and back
    phone.tap("Sheet of Ben")
    phone.see("Open question on Ann's sheet: it waits there.")
    phone.tap("Add a Hay Shed (+2 Hay)")
    phone.tap("Back to Ann")
    phone.see("Choose a Normal Contract")
    phone.tap("Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    materials(phone, "3 Thaler + 22 Hay")
    phone.see("Contracts: 1 gained, 0 executed")

    reveal(phone, "Market", 4)
    materials(phone, "3 Thaler + 26 Hay")
    phone.tap("Gain 1 Worker (8 Hay, used 0 of 3)")
    materials(phone, "1 Worker + 6 Thaler + 18 Hay")
    phone.tap("Execute Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    phone.see("Normal Contract costs 1 Worker + 2 Hay")
    phone.tap("Pay and execute")
    materials(phone, "11 Thaler + 16 Hay")
    phone.see("Executed: Normal Contract: pay 1 Worker + 2 Hay; Gain 5 Thaler, 5 pt")
    phone.tap("Sheet of Ben")
    phone.tap("Add a Hay Shed (+2 Hay)")

    reveal(phone, "Farm", 3)
    phone.tap("Sheet of Ann")
    materials(phone, "11 Thaler + 18 Hay")
    phone.tap("Achieve a milestone")
    phone.tap("Earn 12 pt · 12 pt")
    materials(phone, "14 Thaler + 18 Hay")
    phone.see("Milestones achieved: 1")


def test_an_owed_hay_action_that_can_be_performed_may_not_be_let_pass(table: Callable[..., Screen]) -> None:
    """Issue 31, design page reading 9: Ann alone builds both Stables of sheet D (5 Thaler, 2
    Hay a Thaler; the second 1 road away: 9 Thaler); the Stable Completion Bonus owes a Hay
    action, which she can perform, so "Let it pass" is disabled and says why."""
    phone = table("D")
    start_game(phone, [("Ann", "macadimia")], "Basic game: 1 special card", "macadimia", {"macadimia": 30}, "D")
    phone.tap("Start the game")
    phone.see("Before round 1")

    reveal(phone, "Farm", 3)
    phone.tap("Build Stable")
    phone.tap("Pay and build")
    materials(phone, "1 Worker + 20 Hay")

    reveal(phone, "Market", 8)  # the Ruler moves 1 road away: 4 Thaler travel
    materials(phone, "1 Worker + 28 Hay")
    phone.tap("Build Stable")
    phone.tap("Pay and build")
    materials(phone, "2 Worker + 10 Hay")
    phone.see("Owed at once: a Hay action")
    phone.see("a Hay action can be performed now; an owed action passes only when it cannot")
    assert phone.button("Let it pass").disabled
    phone.tap("Gain 1 Worker (8 Hay, used 0 of 3)")
    materials(phone, "3 Worker + 3 Thaler + 2 Hay")
    phone.see("Your action this round: build")


def test_a_question_another_phone_answered_goes_from_this_phone(table: Callable[..., Screen]) -> None:
    """No seats taken: two phones ask Ann's Hay Shed capacity (design page, "Printed values
    the rulebook does not give"); the other phone enters it and adds the shed: this phone's
    question goes by itself, and it sends nothing (one shed, once)."""
    one = table(None, "one")
    start_game(one, [("Ann", "macadimia")], "Basic game: 1 special card", "macadimia", {"macadimia": 12})
    one.tap("Start the game")
    game_id = one.route.rsplit("/", 1)[-1]
    reveal(one, "Farm", 3)
    enter_value(one, "Hay below Farm icon 1 (Income), Sheet A", {"Value": "2"})
    one.tap("Add a Hay Shed (+2 Hay)")
    one.see("Hay the added Hay Shed 1 holds, Sheet A")
    other = table(None, "other", f"/game/{game_id}")
    other.tap("Add a Hay Shed (+2 Hay)")
    enter_value(other, "Hay the added Hay Shed 1 holds, Sheet A", {"Value": "10"})
    materials(other, "16 Hay; Hay Sheds hold 40")
    one.table.until(lambda: not one.says("Needed now: a value printed on your sheet"), 5,
                    lambda: f"the question stayed; the screen says:\n{one.text()}")
    materials(one, "16 Hay; Hay Sheds hold 40")
    assert not one.says("Sheet of Ann (a question is open)")
