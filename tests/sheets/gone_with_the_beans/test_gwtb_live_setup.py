"""Setup of the live sheet: provinces, setup Farms, Starting Point card, deck, map.

Citations: rulebook = shared/rules/gone-with-the-beans.txt; design = shared/design/
gone-with-the-beans.md; issue 7 "Setup".
"""

from __future__ import annotations

import pytest
from testkit.gwtb_live_play import HAY, MAP, game, player, setup, told

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import map_orders, new_game, roads


def test_the_map_orders_are_the_two_the_rulebook_allows():
    """Design page, gaps 7: Tachiopi follows Zoodai, Macadimia follows Ammond, Zoodai is 2
    roads from Macadimia; Cashew and Beanzantine take the two open places."""
    assert map_orders() == (
        ("zoodai", "tachiopi", "beanzantine", "ammond", "macadimia", "cashew"),
        ("zoodai", "tachiopi", "cashew", "ammond", "macadimia", "beanzantine"),
    )


@pytest.mark.parametrize("order", map_orders())
def test_travel_example_zoodai_is_two_roads_from_macadimia(order):
    """Rulebook, Travel cost: "The Ruler token is in Macadimia. Zoodai ... is 2 roads away";
    roads are counted the shorter way round."""
    assert roads(order, "zoodai", "macadimia") == roads(order, "macadimia", "zoodai") == 2
    assert max(roads(order, a, b) for a in order for b in order) == 3
    assert roads(order, "zoodai", "zoodai") == 0


def test_any_rotation_of_an_allowed_order_is_the_same_map():
    state = game(("Ann", "cashew"), known=False, order=MAP[2:] + MAP[:2])
    assert state.map[0] == "cashew"


def test_an_order_the_rulebook_does_not_allow_is_refused():
    wrong = ("zoodai", "cashew", "tachiopi", "ammond", "macadimia", "beanzantine")
    with pytest.raises(RulesError, match="not the Bean World map's clockwise order; the rulebook allows "
                                         "Zoodai > Tachiopi > Beanzantine"):
        new_game(setup(order=wrong))


def test_setup_farms_and_starting_hay():
    """Rulebook, Setup and Province Abilities: 1 Farm each, Tachiopi 2; Hay as the
    Ruler's Starting Point card shows for each province; the Ruler on its 1st province."""
    state = game(("Ann", "tachiopi"), ("Ben", "cashew"), known=False, first="ammond")
    assert state.ruler == "ammond" and state.round == 0
    assert dict(player(state, "Ann").built) == {"farm": 2, "market": 0, "house": 0, "silo": 0, "stable": 0}
    assert dict(player(state, "Ben").built)["farm"] == 1
    assert player(state, "Ann").materials.hay == HAY["tachiopi"]
    assert player(state, "Ben").materials.hay == HAY["cashew"]


def test_starting_hay_is_capped_by_the_30_hay_shed():
    """Rulebook, How to Use the Materials: "you can only circle up to 30 Hay. The Hay
    beyond the limit do not count and are lost"."""
    state = game(("Ann", "cashew"), known=False, hay={"cashew": 34})
    assert player(state).materials.hay == 30 and player(state).hay_lost == 4
    assert "Ann: 4 Hay lost (the Hay Shed holds 30)" in told(state)


@pytest.mark.parametrize("players, match", [
    ((("Ann", "cashew"), ("Ben", "cashew")), "already Ann's province"),
    ((("Ann", "mars"),), '"mars" is not a province'),
])
def test_provinces_are_distinct_with_up_to_six_players(players, match):
    """Rulebook, Determining Each Player's Province."""
    with pytest.raises(RulesError, match=match):
        new_game(setup(*players))


@pytest.mark.parametrize("change, match", [
    ({"deck": "easy"}, '"easy" is not a Round card deck; one of basic, two-specials, three-specials'),
    ({"sheet": "E"}, '"E" is not a game sheet; one of A, B, C, D'),
    ({"starting_point": {"first_province": "atlantis", "hay": HAY}}, '"atlantis" is not a province'),
    ({"starting_point": {"first_province": "cashew", "hay": {"cashew": 3}}},
     "Starting Point card's Hay for Zoodai is missing"),
    ({"starting_point": {"first_province": "cashew", "hay": {"zoodai": -1}}}, "Hay cannot be negative"),
])
def test_setup_problems_are_named(change, match):
    with pytest.raises(RulesError, match=match):
        new_game(setup() | change)
