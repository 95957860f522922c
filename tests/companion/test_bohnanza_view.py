"""What a Bohnanza phone is given of a finished game (``view``): the ranking with what the
end harvest paid each player (issue 32), best first."""

from __future__ import annotations

from companion.ui.screens.bohnanza.view import view
from sheets.bohnanza import RULES, DeckExhausted, FinalCount, Harvest, Plant, PlayerCount
from sheets.names import bare

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


def test_a_tie_for_the_most_coins_in_todays_box_asks_the_tied_hands_on_the_result_screen(tmp_path):
    """Issue 47, item 5: Rio Grande's rules, "If two or more players tie with the most gold
    coins, the player with the most cards in his hand ... is the winner". At the end the tied
    players' hands are asked (not the others'), a typed hand is made an entry, a refused one
    says why under the question, and the ranking follows."""
    import asyncio

    import flet as ft

    from companion.session import Games
    from companion.storage import open_repository
    from companion.ui.app import make_main
    from testkit.harness import Table, controls_on

    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = games.new_game("bohnanza", {"deck": "rio-grande", "players": PLAYERS})
    for action in (DeckExhausted(), DeckExhausted(), FinalCount(players=tuple(
            PlayerCount(name=n, coins=c, third_field=True) for n, c in zip(PLAYERS, (9, 9, 4))))):
        games.dispatch(game_id, action)

    def field(page, player):
        (found,) = [c for c in controls_on(page) if isinstance(c, ft.TextField) and bare(c.label) == f"Cards in {player}'s hand"]
        return found

    def texts(page):
        return [bare(c.value) for c in controls_on(page) if isinstance(c, ft.Text) and isinstance(c.value, str)]

    async def play() -> None:
        async with Table() as table:
            phone = await table.open(make_main(games), f"/game/{game_id}", "a phone")
            page = phone.session.page
            assert "Tie for the most coins" in texts(page) and "Ann: not told yet" in texts(page)
            assert not [c for c in controls_on(page) if isinstance(c, ft.TextField) and "Cem" in str(c.label)]
            for player, cards in (("Ann", "3"), ("Ben", "x"), ("Ben", "5")):
                box = field(page, player)
                box.on_change(ft.ControlEvent(name="change", data=cards, control=box))
                await table.quiet()
                (save,) = [c for c in controls_on(page) if isinstance(c, ft.FilledButton) and c.content == "Save"
                           and c.on_click is not None and c in controls_on(field(page, player).parent)]
                save.on_click(None)
                await table.quiet()
                if cards == "x":
                    assert "Ben: type the number of cards in hand" in texts(page)
            assert "Ben holds 5 cards" in texts(page)
            assert RULES.result(games.state(game_id)).winners == ("Ben",)

    asyncio.run(play())
    repo.close()
