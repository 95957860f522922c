"""What the live sheet's screens ask the engine before a tap (issue 7): the payment to
propose, why an action is not allowed, the Development Bonuses to choose, the printed
values remembered from earlier games, and the list of every printed value."""

from __future__ import annotations

import pytest

from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import (
    AddHayShed,
    BonusesDue,
    Build,
    Forgo,
    HayActionTaken,
    Materials,
    Milestone,
    UnknownPrintedValue,
    apply,
    keys,
    new_game,
    parse_action,
    quote,
    spec,
    why_none_of,
    why_not,
)
from sheets.gone_with_the_beans.sheets import SHEETS
from testkit.gwtb_live_play import (
    BRIDGES,
    ENTERED,
    ENTERED_BY_SHEET,
    FIRST_TRIES,
    PLAYERS,
    THEN_TRIES,
    card,
    game,
    give,
    player,
    rejects,
    setup,
)


def round_1(*players, **options):
    return apply(game(*players or (("Ann", "zoodai"),), **options), card("market", 0))


def test_quote_of_player_as_example_after_the_rows_hay():
    """Rulebook, Details on Hay Actions: Player A's 2-road build with the travel action:
    after 8 Hay, 1 road's travel (2 Bean + 1 Thaler) and the Farm (1 Bean + 2 Thaler)."""
    state = give(round_1(("Ann", "zoodai")), "Ann", bean=3, thaler=3, hay=8)
    what, cost, have, proposed = quote(state, HayActionTaken(player="Ann", row="travel", facility="farm"))
    assert what == "Building a Farm with travel for 1 road (2 Bean + 1 Thaler)"
    assert cost == Materials(bean=3, thaler=3)
    assert have == Materials(bean=3, thaler=3)
    assert proposed == Materials(bean=3, thaler=3)


def test_quote_proposes_nothing_when_the_player_cannot_pay():
    state = give(round_1(("Ann", "macadimia")), "Ann", thaler=2)
    what, cost, have, proposed = quote(state, Build(player="Ann", facility="farm"))
    assert (what, cost, proposed) == ("Building a Farm", Materials(bean=1, thaler=2), None)


def test_quote_asks_for_an_unknown_building_cost():
    state = give(apply(game(("Ann", "macadimia"), known=False), card("market", 0)), "Ann", thaler=9)
    with pytest.raises(UnknownPrintedValue) as info:
        quote(state, Build(player="Ann", facility="market"))
    assert info.value.key == "building-cost:market:upper"


def test_why_not_says_what_is_missing_and_allows_what_only_needs_a_value_or_a_choice():
    state = give(round_1(("Ann", "zoodai")), "Ann", bean=5, thaler=3)
    assert why_not(state, Build(player="Ann", facility="farm")) == (
        "Building a Farm with travel for 2 roads (4 Bean + 2 Thaler) costs 5 Bean + 4 Thaler; you have 5 Bean + 3 Thaler"
        " (1 Thaler missing)")
    rich = give(round_1(("Ann", "macadimia")), "Ann", thaler=20, bean=20, worker=5)
    assert why_not(rich, Build(player="Ann", facility="silo")) is None  # a Development Bonus to choose
    unknown = give(apply(game(("Ann", "macadimia"), known=False), card("market", 0)), "Ann", thaler=9)
    assert why_not(unknown, Build(player="Ann", facility="market")) is None  # a printed value to enter
    assert why_not(state, Build(player="Zed", facility="farm")) == "'Zed' is not playing; the players are Ann"


def test_what_a_player_may_do_is_not_changed_by_another_players_entry():
    """The answers are shared by states with the same grounds (the table and the player's
    own sheet): Ben's, asked again after Ann's build, are Ben's as the rules say them."""
    state = give(round_1(("Ann", "macadimia"), ("Ben", "cashew")), "Ben", thaler=1)
    farm = Build(player="Ben", facility="farm")
    before = why_not(state, farm)
    assert before is not None and "1 Thaler" in before
    after_ann = apply(give(state, "Ann", bean=5, thaler=5), Build(player="Ann", facility="farm"))
    assert why_not(after_ann, farm) == before
    assert why_not(give(after_ann, "Ben", bean=5, thaler=5), farm) is None  # his own sheet changed: asked anew


def test_a_silo_asks_for_its_development_bonus_with_the_ones_left():
    """Design page, gaps 5: a Silo gives a Development Bonus; the player chooses it."""
    state = give(round_1(("Ann", "macadimia")), "Ann", thaler=20, bean=20, worker=5)
    error = rejects(state, Build(player="Ann", facility="silo"), "choose 1 of", error=BonusesDue)
    assert error.due == 1 and error.left[:3] == ("worker", "hay", "thaler") and error.where == "Ann"
    after = apply(state, Build(player="Ann", facility="silo", development_bonuses=("worker",)))
    assert player(after).development_bonuses == ("worker",)


def test_remembered_printed_values_are_in_the_new_game_and_checked():
    state = new_game({**setup(("Ann", "zoodai")), "printed": {"icons:farm": 6, "milestones": [2, 4]}})
    assert state.entered == {"icons:farm": 6, "milestones": (2, 4)}
    with pytest.raises(RulesError, match="^remembered sheet values: Number of Farm icons, Sheet A: 40 cannot"):
        new_game({**setup(("Ann", "zoodai")), "printed": {"icons:farm": 40}})
    with pytest.raises(RulesError, match="cannot be entered"):  # the rulebook states the Farm's cost
        new_game({**setup(("Ann", "zoodai")), "printed": {"building-cost:farm": {"thaler": 1}}})


def test_tachiopi_remembered_with_fewer_farm_icons_than_its_setup_farms_is_refused():
    with pytest.raises(RulesError, match="enter 2 to 30"):
        new_game({**setup(("Ann", "tachiopi")), "printed": {"icons:farm": 1}})


def test_the_list_of_printed_values_names_every_key_the_engine_asks_for():
    sheet = SHEETS["A"]
    listed = keys(sheet, {})
    assert "building-cost:market:upper" in listed and "building-cost:market:lower" in listed
    assert "travel:1" in listed and "milestones" in listed and "hay-shed:2" in listed
    assert not any(k.startswith("hay-income:") for k in listed)  # icons not known yet
    with_icons = keys(sheet, {"icons:farm": 3})
    assert [k for k in with_icons if k.startswith("hay-income:")] == [f"hay-income:farm:{n}" for n in (1, 2, 3)]
    for key in keys(sheet, {f"icons:{f.id}": 4 for f in sheet.facilities}):
        spec(sheet, key)  # every listed key is one the engine knows
    assert set(ENTERED) <= set(keys(sheet, {f"icons:{f.id}": 6 for f in sheet.facilities}))


def test_a_choice_is_allowed_when_any_of_its_options_is():
    """The milestone button opens the Milestone Bonus choice: with every Farm icon built
    the free Farm may still be chosen, its Farm passes (design page, gaps 16: "when nothing
    can be built, the bonus passes"), and another bonus can be taken (rulebook, Achieve a
    Milestone); with too few facilities every bonus is refused for that reason."""
    state = round_1(("Ann", "zoodai"))
    farms = ENTERED["icons:farm"]
    players = tuple(p.model_copy(update={"built": (("farm", farms),) + p.built[1:]}) for p in state.players)
    full = state.model_copy(update={"players": players})
    bonuses = [Milestone(player="Ann", bonus=b) for b in ("free-farm", "points")]
    assert why_not(full, bonuses[0]) is None
    assert why_not(full, bonuses[1]) is None
    assert why_none_of(full, bonuses) is None
    short = round_1(("Ann", "cashew"))  # one facility built; the first milestone needs 2
    assert why_none_of(short, bonuses) == "the next milestone needs 2 facilities built; you have built 1"


@pytest.mark.parametrize("letter", ["A", "B", "C", "D"])
def test_why_not_answers_as_applying_the_action_in_full(letter):
    """The buttons' why_not asks only whether a payment can be made and keeps its answers
    per state (issue 16, speed): at every step of a whole game on each letter, for every
    action a phone offers, it says what applying the action in full says."""

    def full(state, action):
        try:
            apply(state, action)
        except (UnknownPrintedValue, BonusesDue):
            return None
        except RulesError as exc:
            return exc.reason
        return None

    state = new_game({**setup(*PLAYERS, sheet=letter, bridges=BRIDGES if letter == "C" else None),
                      "printed": ENTERED_BY_SHEET[letter]})
    tries = FIRST_TRIES[letter] + THEN_TRIES
    compared = 0
    for number in range(1, 6):
        state = apply(state, card("farm", 5))
        for name, _ in PLAYERS:
            offered = [parse_action({**t, "player": name}) for t in tries]
            for action in offered:
                assert why_not(state, action) == full(state, action), action
                compared += 1
            taken = next((a for a in offered if why_not(state, a) is None and full(state, a) is None), None)
            try:
                state = apply(state, taken) if taken else state
            except (UnknownPrintedValue, BonusesDue, RulesError):
                pass
            if not state.player(name).actions:
                state = apply(state, AddHayShed(player=name))
            if state.player(name).due:
                state = apply(state, Forgo(player=name))
    assert compared > 100
