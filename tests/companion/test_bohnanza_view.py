"""What a Bohnanza phone is given of a finished game (``view``): the ranking with what the
end harvest paid each player (issue 32), best first."""

from __future__ import annotations

from companion.ui.screens.bohnanza.view import view
from sheets.bohnanza import RULES, DeckExhausted, FinalCount, Harvest, Plant, PlayerCount

PLAYERS = ["Ann", "Ben", "Cem"]


def test_the_ranking_says_what_the_end_harvest_paid_each_player_best_first():
    """Rulebook: when the third pass is exhausted every field is harvested. Ben sold 4 Soy
    Beans for 2 coins during the game and had nothing left in his fields: +0 at the end;
    Cem's 8 Blue Beans pay 3 at the end (beanometer 4/6/8/10), Ann's single Red Bean
    nothing. Before the end there is no ranking; after the table's own count, the harvest
    the app tracked is no longer said."""
    state = RULES.new_game({"players": PLAYERS})
    for action in (Plant(player="Ben", field=1, bean="soy", count=4), Harvest(player="Ben", field=1),
                   Plant(player="Ann", field=1, bean="red", count=1),
                   Plant(player="Cem", field=1, bean="blue", count=8),
                   DeckExhausted(), DeckExhausted()):
        state = RULES.apply(state, action)
    assert view(state).ranking == ()
    end = RULES.apply(state, DeckExhausted())
    assert view(end).ranking == ((1, "Cem", 3, 3), (2, "Ben", 2, 0), (3, "Ann", 0, 0))
    counted = RULES.apply(end, FinalCount(players=tuple(
        PlayerCount(name=n, coins=c, third_field=False) for n, c in zip(PLAYERS, (5, 1, 3)))))
    assert view(counted).ranking == ((1, "Ann", 5, None), (2, "Cem", 3, None), (3, "Ben", 1, None))


def test_todays_new_beans_lie_on_a_field_and_no_row_is_asked():
    """Issue 47, item 6: Coffee, Wax and Cocoa have their published rows (sheets/bohnanza/decks.py
    cites each source), so the screen asks for no beanometer and shows the row with the field."""
    state = RULES.new_game({"deck": "rio-grande", "players": PLAYERS})
    for bean, field in (("coffee", 1), ("wax", 2)):
        state = RULES.apply(state, Plant(player="Ann", field=field, bean=bean, count=5))
    shown = view(state)
    assert shown.unknown_rows == ()
    assert [f.beanometer for f in shown.sides[0].fields[:2]] == [(4, 7, 10, 12), (4, 7, 9, 11)]
