"""Bohnanza on a phone in process (testkit/screen.py): a count planted by one tap on its
number, what the engine refuses disabled before the tap with its reason, and the next pass
asked before the discard pile is shuffled, today's box for seven. (A harvest on a
phone-sized screen in a browser: tests/e2e/test_bohnanza_ui.py; today's box drawn for seven
long names: tests/e2e/test_bohnanza_todays_box_ui.py.)"""

from __future__ import annotations

from testkit.screen import Screen

FIVE = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]


def start_game(phone: Screen, names: list[str]) -> None:
    phone.tap("New game")
    phone.tap("Bohnanza", exact=False)
    for i, name in enumerate(names, start=1):
        if i > 3:  # the form starts with three rows
            phone.tap("Add player")
        phone.type_into(f"Player {i}", name)
    phone.tap("Start game")
    phone.see("pass 1 of 3")


def test_a_count_is_planted_by_one_tap_on_its_number(phone: Screen) -> None:
    """Issue 18: 10 Blue Beans took 12 taps (one bean per "+"). Now: the field's Plant, the
    bean, the number; a field that grows a bean already has it chosen: Plant, the number.
    Counts the engine refuses are disabled with its reason (bohnanza.md: 6 Garden Beans).
    The title says the deck pass in full."""
    start_game(phone, FIVE)
    for name in ("Plant in field 1", "Blue Bean", "Plant 10 Blue Beans in field 1"):
        phone.tap(name)
    phone.see("Field 1: 10 Blue Beans")
    phone.see("Anna planted 10 Blue Beans in field 1")  # with Undo
    phone.tap("Plant in field 1")
    assert phone.node("Blue Bean").selected  # already chosen
    phone.tap("Plant 2 Blue Beans in field 1")
    phone.see("Field 1: 12 Blue Beans")
    phone.see("Bohnanza, pass 1 of 3")

    # What the engine refuses is disabled before the tap, and says why.
    phone.tap("Plant in field 1")
    phone.tap("Red Bean")
    phone.see("Field 1 grows Blue Bean (Blaue Bohne); harvest it before planting Red Bean (Rote Bohne)")
    assert phone.button("Plant 1 Red Bean in field 1").disabled
    assert phone.button("Plant 12 Red Beans in field 1").disabled
    phone.tap("Cancel")
    assert not phone.find("Red Bean")
    phone.tap("Plant in field 2")
    phone.tap("Garden Bean")  # bohnanza.md: the deck has 6 Garden Beans
    phone.see("7 or more: Garden Bean (Gartenbohne): that makes 7 on the table (fields, coins, discard pile); "
              "the deck has only 6")
    assert phone.button("Plant 7 Garden Beans in field 2").disabled
    assert not phone.button("Plant 6 Garden Beans in field 2").disabled


def test_the_next_pass_asks_before_the_discard_pile_is_shuffled(phone: Screen) -> None:
    """Rulebook: when the draw pile runs out the discard pile is shuffled into a new one;
    a tap too early cannot be taken back by the table (issue 32: it acted at once, from the
    screen's biggest button). Now it asks; Cancel leaves pass 1, Start pass 2 starts it."""
    start_game(phone, ["Ann", "Bo", "Cy"])
    phone.tap("Draw pile exhausted: start pass 2")
    phone.see("Start pass 2? The discard pile is shuffled and becomes the new draw pile.")
    phone.tap("Cancel")
    assert not phone.says("Start pass 2?")
    phone.see("Pass 1 of 3")
    phone.tap("Draw pile exhausted: start pass 2")
    phone.tap("Start pass 2")
    phone.see("Pass 2 of 3")
    phone.see("Draw pile exhausted: start pass 3")


SEVEN = ["Alexandra-Marie", "Dorothea-Luise", "Bartholomäus", "Christopher", "Friederike", "Maximilian", "Gus"]


def test_seven_players_play_todays_box_and_harvest_by_the_coffee_beanometer(phone: Screen) -> None:
    """Today's box (sheets/bohnanza/decks.py): seven players, its beans (Garden and Cocoa
    left out at seven), three passes; the Coffee Bean's published row (4 / 7 / 10 / 12,
    issue 47), nothing asked; "A 3rd bean field costs two gold coins instead of three"."""
    phone.tap("New game")
    phone.tap("Bohnanza", exact=False)
    phone.pick("Today's box: 2–7 players, 11 beans")
    phone.see("Players in seating order, 2 to 7.")
    for i, name in enumerate(SEVEN, start=1):
        if i > 3:  # the form keeps the three rows it started with
            phone.tap("Add player")
        phone.type_into(f"Player {i}", name)
    phone.tap("Start game")
    phone.see("pass 1 of 3")  # "With 6 or 7 players": three passes, as with 4 or 5

    phone.tap("Plant in field 1")
    phone.button("Coffee Bean")
    assert not phone.find("Garden Bean") and not phone.find("Cocoa Bean")
    phone.tap("Coffee Bean")
    phone.tap("Plant 5 Coffee Beans in field 1")
    phone.see("Field 1: 5 Coffee Beans")
    assert not phone.says("Coffee Bean (Kaffeebohne): its beanometer")  # printed: not asked

    phone.tap("Harvest field 1")
    phone.see("5 Coffee Beans pay 1 coin; 4 to the discard pile.")
    phone.tap("Confirm harvest")
    phone.see("Alexandra-Marie has 1 coin")
    phone.see("Buy third field for 2 coins")
