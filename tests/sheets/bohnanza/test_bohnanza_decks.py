"""Today's box (sheets/bohnanza/decks.py): its beans, card counts and beanometers, and what it
sets by the number of players; quotes are from its rulebook ("Variations based on number of
players", "The bean duel for 2 players")."""

from __future__ import annotations

import pytest

from sheets.bohnanza import (
    BEANS, RULES, Bean, BuyField, Deck, DeckExhausted, EnterBeanometer, FinalCount, Harvest, Plant, PlayerCount, TellHand,
    allowed, entered_rows, table_for,
)
from sheets.errors import RulesError, ScoreFileError
from sheets.names import bare

RIO = Deck.RIO_GRANDE.value
NAMES = ["Ann", "Ben", "Cem", "Dee", "Eli", "Fay", "Gus", "Hal"]

# "Frequency of each bean variety in the game": 154 cards of 11 beans.
TODAY = {"coffee": 24, "wax": 22, "blue": 20, "chili": 18, "stink": 16, "green": 14, "soy": 12,
         "black-eyed": 10, "red": 8, "garden": 6, "cocoa": 4}

# players -> (beans removed, passes, third-field price, everyone starts with it)
BY_PLAYERS = {
    2: ({"garden", "cocoa"}, 1, 3, False),  # "Remove the Garden Beans and the Cocoa Beans"; "exhausted for the first time"
    3: ({"cocoa"}, 2, 0, True),  # "remove the Cocoa Beans ... starts ... with a 3rd bean field card ... second time"
    4: ({"coffee"}, 3, 3, False),  # "With 4 or 5 players, remove the Coffee Beans"
    5: ({"coffee"}, 3, 3, False),
    6: ({"cocoa", "garden"}, 3, 2, False),  # "remove the Cocoa Beans and the Garden Beans ... costs two gold coins"
    7: ({"cocoa", "garden"}, 3, 2, False),
}


def new(players: int, **rows):
    return RULES.new_game({"deck": RIO, "players": NAMES[:players], "beanometers": rows})


def test_todays_box_has_eleven_beans_and_154_cards():
    assert {bean.value: BEANS[bean].cards for bean in Bean} == TODAY
    assert sum(TODAY.values()) == 154


@pytest.mark.parametrize("players", sorted(BY_PLAYERS))
def test_the_deck_for_each_number_of_players(players):
    removed, passes, price, at_start = BY_PLAYERS[players]
    table = table_for(Deck.RIO_GRANDE, players)
    assert {bean.value for bean in table.beans} == set(TODAY) - removed
    assert [BEANS[b].cards for b in table.beans] == sorted((BEANS[b].cards for b in table.beans), reverse=True)
    assert table.deck_size == 154 - sum(TODAY[b] for b in removed)
    assert (table.passes, table.third_field_price, table.third_field_at_start) == (passes, price, at_start)
    state = new(players)
    assert all(farmer.third_field == at_start for farmer in state.players)


@pytest.mark.parametrize("players", [1, 8])
def test_todays_box_is_for_two_to_seven(players):
    with pytest.raises(RulesError, match=f"{players} players; this game is for 2 to 7"):
        new(players)


def test_the_1997_deck_stays_for_three_to_five_and_is_the_default():
    with pytest.raises(RulesError, match="2 players; this game is for 3 to 5"):
        RULES.new_game({"players": NAMES[:2]})
    state = RULES.new_game({"players": NAMES[:3]})
    assert state.deck is Deck.AMIGO_1997
    with pytest.raises(RulesError, match="Coffee Bean.* is not in this game"):
        RULES.apply(state, Plant(player="Ann", field=1, bean=Bean.COFFEE))


def test_a_bean_the_player_count_removes_is_refused():
    state = new(4)
    with pytest.raises(RulesError, match="Coffee Bean.* is not in this game") as caught:
        RULES.apply(state, Plant(player="Ann", field=1, bean=Bean.COFFEE))
    assert caught.value.where == "Ann"
    refusal = allowed(state, "Ann").plant(1, Bean.COFFEE, 1)
    assert refusal is not None and "not in this game" in refusal


# Issue 47: today's rulebook prints no beanometer of Coffee, Wax or Cocoa; its published card
# tables do (sources cited in sheets/bohnanza/decks.py): beans for 1 / 2 / 3 / 4 coins.
PUBLISHED = {"coffee": (4, 7, 10, 12), "wax": (4, 7, 9, 11), "cocoa": (None, 2, 3, 4)}


@pytest.mark.parametrize("bean, count, coins", [
    ("coffee", 3, 0), ("coffee", 4, 1), ("coffee", 7, 2), ("coffee", 10, 3), ("coffee", 12, 4),
    ("wax", 6, 1), ("wax", 7, 2), ("wax", 9, 3), ("wax", 11, 4),
    ("cocoa", 1, 0), ("cocoa", 2, 2), ("cocoa", 3, 3), ("cocoa", 4, 4),
])
def test_the_new_beans_pay_their_published_rows_without_asking(bean, count, coins):
    """Issue 47, item 6: the card tables of today's edition (decks.py: wikide.org/de/Bohnanza,
    sassierl/bonanza-backend, Meijuh/psd, groovytaco/bohnanza) print Coffee 4/7/10/12, Wax
    4/7/9/11, Cocoa -/2/3/4; a harvest pays them and asks nothing."""
    assert BEANS[Bean(bean)].beanometer == PUBLISHED[bean] and BEANS[Bean(bean)].from_cards
    players = 5 if bean == "cocoa" else 3  # Cocoa is in with 4 or 5 players, Coffee with 2, 3, 6 or 7
    state = RULES.apply(new(players), Plant(player="Ann", field=1, bean=Bean(bean), count=count))
    assert allowed(state, "Ann").farmer.field(1).asks is None
    assert RULES.apply(state, Harvest(player="Ann", field=1)).player("Ann").total == coins


def test_a_table_whose_cards_differ_corrects_a_published_row_at_setup():
    """Issue 47: "a table whose cards differ may still correct a value at setup"; the
    correction is what the table's next game of the deck starts with (entered_rows)."""
    state = new(3, coffee=[4, 7, 10, 13])
    assert state.beanometer(Bean.COFFEE) == (4, 7, 10, 13)
    assert entered_rows(state) == {Bean.COFFEE: (4, 7, 10, 13)}
    assert entered_rows(new(3)) == {}
    with pytest.raises(RulesError, match="known already"):
        RULES.apply(state, EnterBeanometer(bean=Bean.COFFEE, row=(4, 7, 10, 12)))


def test_a_row_typed_in_a_game_stored_before_is_kept():
    """A game stored before issue 47 asked for Coffee's row and holds the table's entry: it
    folds as it was recorded, once (the row the table typed)."""
    state = RULES.apply(new(3), Plant(player="Ann", field=1, bean=Bean.COFFEE, count=5))
    state = RULES.apply(state, EnterBeanometer(bean=Bean.COFFEE, row=(4, 6, 10, 12)))
    assert state.beanometer(Bean.COFFEE) == (4, 6, 10, 12)
    with pytest.raises(RulesError, match="known already"):
        RULES.apply(state, EnterBeanometer(bean=Bean.COFFEE, row=(4, 7, 10, 12)))
    with pytest.raises(RulesError, match="known already"):
        RULES.apply(state, EnterBeanometer(bean=Bean.BLUE, row=(4, 6, 8, 10)))
    with pytest.raises(RulesError, match="each step needs more beans"):
        RULES.apply(new(3), EnterBeanometer(bean=Bean.WAX, row=(4, 4, 10, 12)))
    assert RULES.apply(state, Harvest(player="Ann", field=1)).player("Ann").total == 1


def test_a_row_given_at_setup_needs_no_asking():
    state = new(5, wax=[4, 7, 9, 11])
    state = RULES.apply(state, Plant(player="Ann", field=1, bean=Bean.WAX, count=7))
    assert RULES.apply(state, Harvest(player="Ann", field=1)).player("Ann").total == 2


def test_three_players_start_with_the_third_field_and_buy_none():
    state = new(3)
    with pytest.raises(RulesError, match="starts with a third field"):
        RULES.apply(state, BuyField(player="Ann"))
    assert RULES.apply(state, Plant(player="Ann", field=3, bean=Bean.BLUE)).player("Ann").fields[2].count == 1


def _earn(state, player: str, coins: int):
    """Plant and sell Blue Beans (4/6/8/10) until ``player`` holds ``coins``."""
    need = {1: 4, 2: 6, 3: 8, 4: 10}[coins]
    state = RULES.apply(state, Plant(player=player, field=1, bean=Bean.BLUE, count=need))
    return RULES.apply(state, Harvest(player=player, field=1))


def test_six_or_seven_pay_two_coins_for_the_third_field():
    state = _earn(new(6), "Ann", 2)
    bought = RULES.apply(state, BuyField(player="Ann"))
    assert bought.player("Ann").third_field and bought.player("Ann").total == 0
    assert bought.discard[Bean.BLUE] == 6  # 4 beans sold off + the 2 coins paid, bean side up


def test_the_duel_puts_the_paid_coins_out_of_the_game():
    """ "he places the three gold coins face down in the box (out of the game)"."""
    state = _earn(new(2), "Ann", 3)
    bought = RULES.apply(state, BuyField(player="Ann"))
    assert bought.player("Ann").total == 0 and bought.discard[Bean.BLUE] == 5  # only the 5 sold off


def test_the_duels_final_count_leaves_out_the_boxed_coins():
    """Issue 47. "He places the three gold coins face down in the box (out of the game)": with
    the 144-card duel deck and both third fields bought at most 144 - 6 = 138 coins are on the
    table at the end; in a score file, exit 2 naming the coins."""
    file = {"format": "beans-score/1", "game": "bohnanza", "deck": RIO,
            "players": [{"name": "Ann", "coins": 70, "third_field": True},
                        {"name": "Ben", "coins": 68, "third_field": True}]}
    assert table_for(Deck.RIO_GRANDE, 2).deck_size == 144
    assert [p.total for p in RULES.result(RULES.read(file)).players] == [70, 68]
    file["players"][1]["coins"] = 69
    with pytest.raises(ScoreFileError) as info:
        RULES.read(file)
    assert (info.value.place, info.value.reason) == (
        "players[1].coins", "the coins add up to 139; coins are bean cards, the deck has 144 and 6 of them lie "
        "in the box for third fields: at most 138")
    file["players"][1]["third_field"] = False  # one field bought: 3 coins boxed
    assert RULES.result(RULES.read(file)).players[1].total == 69
    file["players"][1]["coins"] = 72
    with pytest.raises(ScoreFileError, match="at most 141"):
        RULES.read(file)


def test_the_duel_ends_at_the_first_exhaustion():
    state = RULES.apply(new(2), DeckExhausted())
    assert state.over


@pytest.mark.parametrize("players", sorted(BY_PLAYERS))
def test_a_whole_game_for_each_number_of_players(players):
    """Plant, harvest and buy as the deck allows; the draw pile runs out as often as the
    deck says; the end sells every field; the final count agrees."""
    _removed, passes, price, at_start = BY_PLAYERS[players]
    state = new(players, coffee=[4, 7, 10, 12], wax=[4, 7, 9, 11], cocoa=[None, 2, 3, 4])
    names = NAMES[:players]
    for seat, name in enumerate(names):
        bean = state.table.beans[seat % len(state.table.beans)]
        state = RULES.apply(state, Plant(player=name, field=1, bean=bean, count=3))
        state = RULES.apply(state, Harvest(player=name, field=1))
    state = _earn(state, "Ann", 4)
    if not at_start:
        state = RULES.apply(state, BuyField(player="Ann"))
    state = RULES.apply(state, Plant(player="Ann", field=3, bean=Bean.RED, count=4))
    for number in range(1, passes + 1):
        assert not state.over and state.deck_pass == number
        state = RULES.apply(state, DeckExhausted())
    assert state.over
    with pytest.raises(RulesError, match="over"):
        RULES.apply(state, DeckExhausted())
    result = RULES.result(state)
    assert result.winners == ("Ann",)
    count = FinalCount(players=tuple(PlayerCount(name=f.name, coins=f.total, third_field=f.third_field)
                                     for f in state.players))
    assert RULES.result(RULES.apply(state, count)) == result
    assert price == (0 if at_start else state.table.third_field_price)


def test_a_score_file_names_the_deck_and_one_without_is_1997():
    state = new(6)
    for _ in range(3):
        state = RULES.apply(state, DeckExhausted())
    exported = RULES.export(state)
    assert exported["deck"] == RIO and len(exported["players"]) == 6
    assert RULES.read(exported).deck is Deck.RIO_GRANDE
    setup, _actions = RULES.import_file(exported)
    assert setup["deck"] == RIO
    old = {key: value for key, value in exported.items() if key != "deck"}
    with pytest.raises(ScoreFileError, match="6 players; Bohnanza is for 3 to 5"):
        RULES.read(old)


def test_a_score_file_of_three_says_every_third_field():
    file = {"format": "beans-score/1", "game": "bohnanza", "deck": RIO,
            "players": [{"name": n, "coins": 3, "third_field": n != "Cem"} for n in NAMES[:3]]}
    with pytest.raises(ScoreFileError, match=r"players\[2\].third_field"):
        RULES.read(file)
    file["players"][2]["third_field"] = True
    assert [p.total for p in RULES.result(RULES.read(file)).players] == [3, 3, 3]


def test_a_score_file_with_an_unknown_deck_is_refused():
    file = {"format": "beans-score/1", "game": "bohnanza", "deck": "1996",
            "players": [{"name": n, "coins": 3, "third_field": False} for n in NAMES[:3]]}
    with pytest.raises(ScoreFileError, match="not a deck"):
        RULES.read(file)


# --- Today's tie-break (issue 47, item 5) ------------------------------------------------------
# Rio Grande's rules: "If two or more players tie with the most gold coins, the player with the
# most cards in his hand ... is the winner." The 1997 rules keep their shared victory.

def _tied_end(deck: str = RIO, coins=(9, 9, 4)):
    file = {"format": "beans-score/1", "game": "bohnanza", "deck": deck,
            "players": [{"name": n, "coins": c, "third_field": True} for n, c in zip(NAMES, coins)]}
    return file


def test_todays_tie_for_the_most_coins_goes_to_the_most_cards_in_hand():
    """Issue 47: the tied players' hands are told at the end, kept, and rank them; a tie
    that remains is shared; the hand is in the breakdown (and so in the exports)."""
    state = RULES.read(_tied_end())
    assert RULES.result(state).winners == ("Ann", "Ben")  # not told yet: shared
    state = RULES.apply(state, TellHand(player="Ann", cards=3))
    assert RULES.result(state).winners == ("Ann", "Ben")  # Ben's hand still to tell
    state = RULES.apply(state, TellHand(player="Ben", cards=5))
    result = RULES.result(state)
    assert result.winners == ("Ben",)
    assert [(p.name, p.rank) for p in result.players] == [("Ann", 2), ("Ben", 1), ("Cem", 3)]
    assert result.players[1].breakdown == {"coins": 9, "hand": 5, "total": 9}
    even = RULES.apply(state, TellHand(player="Ann", cards=5))  # told again: corrected
    assert RULES.result(even).winners == ("Ann", "Ben")
    exported = RULES.export(state)
    assert [p.get("hand") for p in exported["players"]] == [3, 5, None]
    assert RULES.result(RULES.read(exported)) == result
    assert bare(RULES.describe(state, TellHand(player="Ben", cards=5))) == "Ben holds 5 cards in hand"
    # A corrected final count keeps the hands told while their players still tie, else drops them.
    again = FinalCount(players=tuple(PlayerCount(name=f.name, coins=f.total, third_field=True) for f in state.players))
    assert RULES.result(RULES.apply(state, again)).winners == ("Ben",)
    cem = again.players[2].model_copy(update={"coins": 10})
    over = RULES.apply(state, again.model_copy(update={"players": (*again.players[:2], cem)}))
    assert [f.hand for f in over.players] == [None, None, None] and RULES.result(over).winners == ("Cem",)


def test_a_hand_is_refused_where_it_breaks_no_tie_or_exceeds_the_deck():
    """Issue 47: only at the end, only a player tied for the most coins, only today's box,
    and never more cards in hands than the deck holds beside the coins."""
    state = RULES.read(_tied_end())
    for action, reason in (
            (TellHand(player="Cem", cards=2), "holds 4, not the most (9)"),
            (TellHand(player="Ann", cards=140), "the hands add up to 140 cards, but the deck has 150, 22 of them "
                                                "coins and 0 in the box: at most 128 in hands")):
        with pytest.raises(RulesError) as caught:
            RULES.apply(state, action)
        assert reason in caught.value.reason and caught.value.where == action.player
    with pytest.raises(RulesError, match="nobody ties"):
        RULES.apply(RULES.read(_tied_end(coins=(9, 8, 4))), TellHand(player="Ann", cards=2))
    with pytest.raises(RulesError, match="the 1997 rules share a tie"):
        RULES.apply(RULES.read(_tied_end(Deck.AMIGO_1997.value)), TellHand(player="Ann", cards=2))
    with pytest.raises(RulesError, match="counted at the end"):
        RULES.apply(new(3), TellHand(player="Ann", cards=2))


@pytest.mark.parametrize("change, place, reason", [
    ({2: 3}, "players[2].hand", "holds 4, not the most (9)"),
    ({0: 70, 1: 70}, "players[1].hand", "the hands add up to 140 cards"),
    ({0: True}, "players[0].hand", "true is not a number of cards"),
])
def test_a_score_files_hand_is_refused_by_place(change, place, reason):
    """Issue 47, score-files.md: an optional "hand" per player, refused where it is not a tie
    or more cards than could be held (exit 2, one line naming the place)."""
    file = _tied_end()
    for at, hand in change.items():
        file["players"][at]["hand"] = hand
    with pytest.raises(ScoreFileError) as caught:
        RULES.read(file)
    assert caught.value.place == place and reason in caught.value.reason


def test_the_1997_rules_keep_their_shared_victory_and_take_no_hand():
    """bohnanza.txt: the most coins wins; tied players share (score-files.md); a file of the
    1997 deck that tells a hand is refused."""
    file = _tied_end(Deck.AMIGO_1997.value)
    assert RULES.result(RULES.read(file)).winners == ("Ann", "Ben")
    file["players"][0]["hand"] = 4
    with pytest.raises(ScoreFileError, match="the 1997 rules share a tie") as caught:
        RULES.read(file)
    assert caught.value.place == "players[0].hand"
