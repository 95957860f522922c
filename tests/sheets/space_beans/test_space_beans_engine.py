"""Recording a Space Beans game action by action (rulebook: Gameplay, End of Game)."""

import pytest

from sheets.errors import RulesError
from sheets.game import fold
from sheets.space_beans import RULES, Card, CloseOut, Collection, EndGame, Lay, State, seen_by
from sheets.names import bare


def start(*players: str) -> State:
    return RULES.new_game({"players": list(players or ("Leia", "Londo"))})


def lay(player, bean, *values, collection="open", new=False, in_turn=False):
    """A lay, by default not held to the turns (as an entry of a game stored before the turns
    were kept): so a test lays the table it needs; the turns have tests of their own."""
    return Lay(player=player, collection=collection, new=new, bean=bean, values=values, in_turn=in_turn)


def play(state: State, *actions) -> State:
    for action in actions:
        state = RULES.apply(state, action)
    return state


def refused(state: State, action, message: str) -> None:
    """The action is refused with ``message`` and the state stays as it was."""
    before = state.model_copy(deep=True)
    with pytest.raises(RulesError) as exc:
        RULES.apply(state, action)
    assert message in bare(str(exc.value))
    assert state == before


def last_lay_and_end(player: str) -> tuple[Lay, EndGame]:
    """The turn that reached 30 ends with a lay (Gameplay: "the last two must be carried
    out"; a valueless Moonbohne 9, free beside ``reach_31``'s cards), then the game ends."""
    return lay(player, "moonbohnen", 9, new=True), EndGame(player=player)


def earn(state: State, player: str, bean: str, value: int, fill: tuple[int, ...]) -> State:
    """Lay a collection of ``value`` cards holding a ``value`` and close it out."""
    return play(state, lay(player, bean, value, *fill, new=True), CloseOut(in_turn=False, player=player))


# --- Setup -----------------------------------------------------------------------------

def test_two_to_six_players():
    """Game Contents: Players 2-6."""
    assert start("A", "B").names == ("A", "B")
    assert len(start(*"ABCDEF").players) == 6
    for players in (["A"], list("ABCDEFG")):
        with pytest.raises(RulesError, match="2 to 6"):
            RULES.new_game({"players": players})


def test_names_are_stripped_and_unique():
    assert start(" Leia ", "Londo").names == ("Leia", "Londo")
    with pytest.raises(RulesError, match="named twice"):
        RULES.new_game({"players": ["Leia", "Leia "]})


# --- Action 3: add to a collection or start a new one ---------------------------------

def test_first_round_start_one_collection_face_up():
    """Example 1: Leia lays out two Darth Beans: her open collection."""
    state = play(start(), lay("Leia", "darth-beans", 3, 6, new=True))
    assert state.player("Leia").open_collection == Collection(bean="darth-beans", values=(3, 6))
    assert state.player("Leia").secret_collection is None


def test_a_players_first_collection_is_the_open_one():
    refused(start(), lay("Leia", "bohrion", 4, collection="secret", new=True), "a new collection is the open one")


def test_a_second_collection_is_the_secret_one():
    """Action 3: with one (open) collection, the second one is the secret collection."""
    state = play(start(), lay("Leia", "bohrion", 4, new=True))
    refused(state, lay("Leia", "moonbohnen", 2, new=True), "a new collection is the secret one")
    state = play(state, lay("Leia", "moonbohnen", 2, collection="secret", new=True))
    assert state.player("Leia").secret_collection == Collection(bean="moonbohnen", values=(2,))


def test_never_more_than_two_collections():
    """Action 3: a player may never have more than two collections at once."""
    state = play(start(), lay("Leia", "bohrion", 4, new=True),
                 lay("Leia", "moonbohnen", 2, collection="secret", new=True))
    refused(state, lay("Leia", "bluebeans", 1, collection="secret", new=True), "already has two collections")


def test_add_to_an_existing_collection_of_the_same_type():
    state = play(start(), lay("Leia", "bohrion", 4, new=True), lay("Leia", "bohrion", 9, 5))
    assert state.player("Leia").open_collection.values == (4, 9, 5)
    refused(state, lay("Leia", "bluebeans", 7), "Leia's open collection is Bohrion, not Bluebeans")
    refused(state, lay("Leia", "bohrion", 7, collection="secret"), "Leia has no secret collection")


def test_same_type_in_both_collections_is_permitted():
    """Action 3: it is permitted to collect the same type in both collections at once."""
    state = play(start(), lay("Leia", "bohrion", 4, new=True),
                 lay("Leia", "bohrion", 5, collection="secret", new=True),
                 lay("Leia", "bohrion", 6, collection="secret"))
    assert state.player("Leia").secret_collection.values == (5, 6)


# --- The supply: 105 cards -----------------------------------------------------------

def test_no_card_more_often_than_the_deck_holds_it_across_players():
    """Game Contents: two "5"s of Bohrion; trophies and collections of all players count."""
    state = earn(start(), "Londo", "bohrion", 5, (1, 2, 3, 4))
    state = earn(state, "Londo", "bohrion", 3, (1, 2))
    state = play(state, lay("Leia", "bohrion", 5, new=True))
    refused(state, lay("Londo", "bohrion", 5, new=True), "Bohrion 5: all 2 cards are already on the table")
    refused(state, lay("Leia", "bohrion", 3), "Bohrion 3: the only card is already on the table")
    refused(state, lay("Leia", "bohrion", 4, 4, 4), "Bohrion 4: the deck holds only 2")
    state = play(state, lay("Leia", "bohrion", 4))
    refused(state, lay("Leia", "bohrion", 4, 4), "Bohrion 4: the deck holds only 2, and 1 is already on the table")


def test_discarded_cards_return_to_the_supply():
    """Close out: the rest of the collection goes to the discard pile (reshuffled later)."""
    state = earn(start(), "Londo", "bohrion", 5, (1, 2, 3, 4))
    state = play(state, lay("Leia", "bohrion", 1, 2, 3, 4, new=True))
    assert state.player("Leia").open_collection.values == (1, 2, 3, 4)


# --- Action 2: close out --------------------------------------------------------------

def test_examples_2a_2b_londo_closes_out_both_collections():
    """Examples 2a/2b: Centauribohnen 3,6,7 -> trophy 3; the secret Bohrion of five with
    two 5s turns up and is closed out too -> one 5 kept."""
    state = play(start(), lay("Londo", "centauribohnen", 3, 6, 7, new=True),
                 lay("Londo", "bohrion", 5, 1, 5, 8, 9, collection="secret", new=True))
    state = play(state, CloseOut(in_turn=False, player="Londo"))
    londo = state.player("Londo")
    assert londo.trophies == (Card(bean="centauribohnen", value=3),)
    assert londo.open_collection == Collection(bean="bohrion", values=(5, 1, 5, 8, 9))
    assert londo.secret_collection is None
    state = play(state, CloseOut(in_turn=False, player="Londo"))
    londo = state.player("Londo")
    assert londo.trophies == (Card(bean="centauribohnen", value=3), Card(bean="bohrion", value=5))
    assert londo.collections == ()
    assert RULES.result(state).players[1].breakdown["trophies"] == 8
    # the second 5 went to the discard pile: it may be laid again
    play(state, lay("Leia", "bohrion", 5, new=True))


def test_example_3_forced_close_out_of_a_valueless_collection_discards_all():
    """Example 3: Jean-Luc must close out four Klingbohnen without a 4: all are discarded."""
    state = play(start("Jean-Luc", "Leia"), lay("Jean-Luc", "klingbohnen", 1, 5, 8, 9, new=True),
                 lay("Jean-Luc", "bluebeans", 2, 6, collection="secret", new=True))
    state = play(state, CloseOut(in_turn=False, player="Jean-Luc", forced=True))
    jean_luc = state.player("Jean-Luc")
    assert jean_luc.trophies == ()
    assert jean_luc.open_collection == Collection(bean="bluebeans", values=(2, 6))
    assert jean_luc.secret_collection is None


def test_forced_close_out_of_a_valuable_collection_keeps_the_trophy():
    state = play(start(), lay("Leia", "bohrion", 2, 9, new=True),
                 lay("Leia", "bluebeans", 4, collection="secret", new=True),
                 CloseOut(in_turn=False, player="Leia", forced=True))
    assert state.player("Leia").trophies == (Card(bean="bohrion", value=2),)


def test_a_valueless_collection_is_not_closed_out_voluntarily():
    """A collection need not be closed out if it has no value; only a forced close-out discards it."""
    state = play(start(), lay("Leia", "klingbohnen", 1, 5, 8, 9, new=True))
    refused(state, CloseOut(in_turn=False, player="Leia"), "has 4 cards and no 4: it has no value")


def test_a_close_out_is_forced_only_with_two_collections():
    """If the player has no secret collection, the open collection need not be closed out."""
    state = play(start(), lay("Leia", "klingbohnen", 1, 5, 8, 9, new=True))
    refused(state, CloseOut(in_turn=False, player="Leia", forced=True), "a close-out is forced only when a player with two")


def test_nothing_to_close_out():
    refused(start(), CloseOut(in_turn=False, player="Leia"), "Leia has no collection to close out")


def test_after_closing_out_both_a_new_collection_is_the_open_one():
    """Note: a player who has closed out both collections must start a new open collection."""
    state = earn(start(), "Leia", "bohrion", 1, ())
    state = play(state, lay("Leia", "bluebeans", 2, new=True))
    assert state.player("Leia").open_collection.bean == "bluebeans"


def test_unknown_player():
    refused(start(), lay("Han", "bohrion", 4, new=True), "'Han' is not playing; the players are Leia, Londo")


# --- End of Game ----------------------------------------------------------------------

def reach_29(state: State, player: str = "Allister") -> State:
    """Trophies Bohrion 9, Moonbohnen 8, Bluebeans 7, Beanliens 5: 29 points."""
    state = earn(state, player, "bohrion", 9, (1, 2, 3, 4, 4, 5, 5, 6))
    state = earn(state, player, "moonbohnen", 8, (1, 2, 3, 4, 4, 5, 5))
    state = earn(state, player, "bluebeans", 7, (1, 2, 3, 4, 4, 5))
    return earn(state, player, "beanliens", 5, (1, 2, 3, 4))


def reach_31(state: State, player: str = "Allister") -> State:
    """Trophies Bohrion 9, Moonbohnen 8, Bluebeans 7, Beanliens 5, Centauribohnen 2: 31 points."""
    return earn(reach_29(state, player), player, "centauribohnen", 2, (9,))


def test_allisters_36_points():
    """End of Game example: 31 trophies + 3 Bohnus + Klingbohnen 1,4,4,5,7,9 (0)
    + Darth Beans 2,8 (2) = 36. His last turn: the open collection closed out (31), the
    secret Klingbohnen turned up, two Darth Beans laid as the new secret collection."""
    state = play(reach_29(start("Allister", "Leia")), lay("Allister", "centauribohnen", 2, 9, new=True),
                 lay("Allister", "klingbohnen", 1, 4, 4, 5, 7, 9, collection="secret", new=True),
                 CloseOut(in_turn=False, player="Allister"),
                 lay("Allister", "darth-beans", 2, 8, collection="secret", new=True))
    assert state.player("Allister").trophy_points == 31
    assert not RULES.is_over(state)
    state = play(state, EndGame(player="Allister"))
    assert RULES.is_over(state)
    result = RULES.result(state)
    assert result.players[0].breakdown == {"trophies": 31, "bohnus": 3, "collections": 2, "total": 36}
    assert result.winners == ("Allister",)


def test_while_the_game_runs_only_trophies_count_and_nobody_has_won():
    state = play(start(), lay("Leia", "darth-beans", 2, 8, new=True))
    state = earn(state, "Londo", "bohrion", 1, ())
    result = RULES.result(state)
    assert [p.breakdown for p in result.players] == [
        {"trophies": 0, "bohnus": 0, "collections": 0, "total": 0},
        {"trophies": 1, "bohnus": 0, "collections": 0, "total": 1},
    ]
    assert result.winners == ()


def test_at_the_end_every_players_collections_are_closed_out_as_usual():
    """End of Game: all secret collections are turned face-up and closed out as usual."""
    state = play(start("Allister", "Leia"), lay("Leia", "darth-beans", 2, 8, new=True),
                 lay("Leia", "klingbohnen", 3, 1, 9, collection="secret", new=True))
    state = play(reach_31(state), *last_lay_and_end("Allister"))
    leia = RULES.result(state).players[1]
    assert leia.breakdown == {"trophies": 0, "bohnus": 0, "collections": 5, "total": 5}


def test_the_game_ends_only_when_trophies_reach_30():
    state = earn(start(), "Leia", "bohrion", 9, (1, 2, 3, 4, 4, 5, 5, 6))
    refused(state, EndGame(player="Leia"), "Leia's trophies are worth 9")


def test_nothing_is_recorded_after_the_end():
    state = play(reach_31(start("Allister", "Leia")), *last_lay_and_end("Allister"))
    refused(state, lay("Leia", "klingbohnen", 1, new=True), "the game is over: Allister ended it")
    refused(state, EndGame(player="Allister"), "the game is over")


def test_the_enders_turn_goes_on_after_reaching_30():
    """The game ends at the end of the turn: the ender still adds cards (action 3)."""
    state = play(reach_31(start("Allister", "Leia")), lay("Allister", "klingbohnen", 1, new=True))
    assert state.player("Allister").open_collection is not None


def test_only_one_player_can_reach_30():
    """End of Game: the game ends at the end of the turn of the first player to reach 30."""
    state = earn(start("Allister", "Leia"), "Leia", "klingbohnen", 9, (1, 2, 3, 4, 4, 5, 5, 6))
    state = earn(state, "Leia", "darth-beans", 8, (1, 2, 3, 4, 4, 5, 5))
    state = earn(state, "Leia", "bohrion", 8, (1, 2, 3, 4, 4, 5, 5))
    state = play(state, lay("Leia", "klingbohnen", 9, 1, 2, 3, 4, 4, 5, 5, 6, new=True))  # worth 9: 34
    state = reach_31(state)
    refused(state, CloseOut(in_turn=False, player="Leia"), "Allister's trophies already reached 30")


# "The game ends at the end of the turn of the player whose trophy collection is worth at
# least 30 points." Trophies grow only by closing out (action 2), so that turn still holds
# the rest of action 2 and its one lay (action 3); then the turn, and the game, is over.

def test_the_game_ends_at_the_end_of_the_turn_nobody_else_lays_or_closes_out():
    """End of Game: "The game ends at the end of the turn of the player whose trophy collection
    is worth at least 30 points": once Allister reached 30 nobody else takes a turn."""
    state = play(start("Allister", "Leia"), lay("Leia", "darth-beans", 2, 8, new=True),
                 lay("Leia", "klingbohnen", 3, 1, 9, collection="secret", new=True))
    state = reach_31(state)
    for action in (lay("Leia", "darth-beans", 3), lay("Leia", "klingbohnen", 4, collection="secret"),
                   CloseOut(in_turn=False, player="Leia"), CloseOut(in_turn=False, player="Leia", forced=True)):
        refused(state, action, "Allister's trophies already reached 30: the game ends at the end of "
                               "Allister's turn, and nobody else lays or closes out before it")


def test_the_turn_that_reaches_30_goes_on_with_the_secret_collection_and_one_lay():
    """Action 2: the secret collection turned face-up "may then be closed out at once"
    (Example 2b: Londo closes out both); action 3 follows. Both still belong to the turn
    that reached 30; the lay ends it, and then only the end of the game is recorded."""
    state = play(reach_29(start("Allister", "Leia")), lay("Allister", "centauribohnen", 3, 6, 7, new=True),
                 lay("Allister", "bohrion", 5, 5, 7, 8, 9, collection="secret", new=True))
    state = play(state, CloseOut(in_turn=False, player="Allister"))  # 29 + 3 = 32: the end is reached
    assert state.player("Allister").trophy_points == 32 and not state.turn_over
    state = play(state, CloseOut(in_turn=False, player="Allister"))  # the Bohrion turned up, closed out at once: 37
    assert state.player("Allister").trophy_points == 37
    state = play(state, lay("Allister", "klingbohnen", 1, new=True))  # action 3: the turn is over
    assert state.turn_over and not RULES.is_over(state)
    over = "Allister's trophies already reached 30 and Allister's turn is over"
    refused(state, lay("Allister", "klingbohnen", 4), over)
    refused(state, lay("Allister", "darth-beans", 1, collection="secret", new=True), over)
    refused(state, lay("Leia", "darth-beans", 1, new=True), over)
    assert RULES.is_over(play(state, EndGame(player="Allister")))


def test_the_game_ends_only_after_the_lay_that_ends_the_turn():
    """Issue 47. Gameplay: "The first two actions are optional; the last two must be carried
    out"; "A player who has closed out both of his collections must start a new open collection
    with the following action"; End of Game: "The game ends at the end of the turn". So the end
    is recorded after that player's lay, and nobody ends it holding no collection."""
    state = reach_31(start("Allister", "Leia"))
    assert state.player("Allister").collections == ()
    refused(state, EndGame(player="Allister"), "Allister lays first: every turn ends with a lay")
    state = play(state, lay("Allister", "klingbohnen", 1, new=True))
    assert RULES.is_over(play(state, EndGame(player="Allister")))
    old = RULES.parse_action({"kind": "end-game", "player": "Allister"})  # stored before issue 47
    assert old.in_turn is False and RULES.is_over(play(reach_31(start("Allister", "Leia")), old))


def test_the_player_who_reached_30_does_not_close_out_turn_after_turn():
    """Action 2: "Collections of SpaceBeans may only be closed out before this action, not
    after": after the lay of the turn that reached 30 there is no further close-out."""
    state = play(reach_31(start("Allister", "Leia")), lay("Allister", "klingbohnen", 1, new=True))
    refused(state, CloseOut(in_turn=False, player="Allister"), "Allister's turn is over, so the game has ended: "
                                                "record the end of the game")
    answer = RULES.allowed(state, "Allister")  # what the phone offers
    assert answer.close_out.refused is not None and answer.close_out.forced_refused is not None
    assert answer.end_game is None


def test_ties_share_the_victory():
    """End of Game: the player with the most points wins; tied players share the victory."""
    state = earn(start(), "Londo", "klingbohnen", 9, (1, 2, 3, 4, 4, 5, 5, 6))
    state = earn(state, "Londo", "darth-beans", 9, (1, 2, 3, 4, 4, 5, 5, 6))
    state = earn(state, "Londo", "klingbohnen", 8, (1, 2, 3, 4, 4, 5, 5))  # 26 in trophies
    state = play(state, lay("Londo", "darth-beans", 8, 1, 2, 3, 4, 4, 5, 5, new=True))  # worth 8
    state = play(reach_31(state, "Leia"), *last_lay_and_end("Leia"))  # 31 + 3
    result = RULES.result(state)
    assert [(p.total, p.rank) for p in result.players] == [(34, 1), (34, 1)]
    assert result.winners == ("Leia", "Londo")


# --- Privacy: the secret collection ---------------------------------------------------

def test_other_players_see_only_the_size_of_a_secret_collection():
    """Action 2: only the player who laid down the secret collection knows its contents;
    action 3: others can see how many cards are in it."""
    state = play(start(), lay("Leia", "bohrion", 4, new=True),
                 lay("Leia", "moonbohnen", 2, 7, collection="secret", new=True))
    for viewer in ("Londo", None):
        leia = seen_by(state, viewer)["players"][0]
        assert leia["secret_collection"] == {"cards": 2}
        assert leia["open_collection"] == {"bean": "bohrion", "values": [4]}
        assert "moonbohnen" not in str(seen_by(state, viewer))
    own = seen_by(state, "Leia")["players"][0]
    assert own["secret_collection"] == {"bean": "moonbohnen", "values": [2, 7]}


def test_at_the_end_secret_collections_are_turned_face_up():
    state = play(start("Allister", "Leia"), lay("Leia", "klingbohnen", 4, new=True),
                 lay("Leia", "darth-beans", 2, 7, collection="secret", new=True))
    state = play(reach_31(state), *last_lay_and_end("Allister"))
    assert seen_by(state, "Allister")["players"][1]["secret_collection"]["values"] == [2, 7]


# --- The action log -------------------------------------------------------------------

def test_actions_round_trip_through_json_and_replay():
    actions = [lay("Leia", "bohrion", 4, new=True), lay("Leia", "moonbohnen", 2, collection="secret", new=True),
               CloseOut(in_turn=False, player="Leia", forced=True)]
    log = [a.model_dump(mode="json") for a in actions]
    assert [RULES.parse_action(d) for d in log] == actions
    assert fold(RULES, {"players": ["Leia", "Londo"]}, log) == play(start(), *actions)


@pytest.mark.parametrize("data, message", [
    ({"kind": "draw", "player": "Leia"}, "not a valid entry"),
    ({"kind": "lay", "player": "Leia", "collection": "open", "bean": "bohrion", "values": [10]}, "1 to 9"),
    ({"kind": "lay", "player": "Leia", "collection": "open", "bean": "bohrion", "values": []}, "values"),
    ({"kind": "lay", "player": "Leia", "collection": "left", "bean": "bohrion", "values": [1]}, "collection"),
    ({"kind": "lay", "player": "Leia", "collection": "open", "bean": "limabohnen", "values": [1]}, "bean"),
    ({"kind": "close-out", "player": "Leia", "hand": []}, "hand"),
])
def test_malformed_actions_are_refused(data, message):
    with pytest.raises(RulesError) as exc:
        RULES.parse_action(data)
    assert message in str(exc.value)


# --- Turns (Gameplay: "Turns pass clockwise"; action 4: "It is then the turn of the player to the left") ----

def turn(player, bean, *values, collection="open", new=False):
    """A lay entered now: held to the turn."""
    return lay(player, bean, *values, collection=collection, new=new, in_turn=True)


def test_the_first_lay_says_who_starts_then_the_turn_passes_to_the_left():
    """Preparation: "The player to the left of the dealer starts the game" (the sheet does not
    know the dealer: the first entry says who starts). Action 4: "It is then the turn of the
    player to the left", the next player in seating order, round and round."""
    state = start("Ann", "Ben", "Cem")
    assert state.turn is None
    state = play(state, turn("Ben", "bohrion", 5, new=True))
    assert state.turn == "Cem"
    state = play(state, turn("Cem", "bluebeans", 2, new=True))
    assert state.turn == "Ann"
    state = play(state, turn("Ann", "moonbohnen", 7, new=True))
    assert state.turn == "Ben"


def test_nobody_lays_out_of_turn():
    """Gameplay: "Turns pass clockwise": the table cannot lay for the next player but one."""
    state = play(start("Ann", "Ben", "Cem"), turn("Ann", "bohrion", 5, new=True))
    refused(state, turn("Cem", "bluebeans", 2, new=True), "It is Ben's turn")
    refused(state, CloseOut(player="Cem"), "It is Ben's turn")


def test_one_lay_a_turn():
    """Action 3: "add ... to one (and only one) of his existing collections, or start one new
    collection": after the lay the turn is over, so no secret collection in the same turn."""
    state = play(start("Ann", "Ben"), turn("Ann", "bohrion", 5, new=True))
    refused(state, turn("Ann", "bluebeans", 2, collection="secret", new=True),
            "Ann has laid this turn: one lay a turn, and now it is Ben's turn")
    refused(state, turn("Ann", "bohrion", 6), "Ann has laid this turn")


def test_close_outs_come_before_the_lay():
    """Action 2: "Collections of SpaceBeans may only be closed out before this action, not
    after"; in the player's next turn they may."""
    state = play(start("Ann", "Ben"), turn("Ann", "bohrion", 1, new=True))
    refused(state, CloseOut(player="Ann"), "Ann has laid this turn; close-outs come before the lay")
    state = play(state, turn("Ben", "bluebeans", 2, new=True))
    state = play(state, CloseOut(player="Ann"))  # Ann's turn: action 2 first
    assert state.turn == "Ann" and state.player("Ann").trophy_points == 1
    state = play(state, turn("Ann", "moonbohnen", 3, new=True))
    assert state.turn == "Ben"


def test_a_close_out_in_an_open_turn_starts_that_players_turn():
    """Action 2 comes before action 3 of the same turn: whoever closes out while the turn is
    open (an old game's entries left it so) is the player whose turn it is, and lays next."""
    state = play(start("Ann", "Ben"), lay("Ann", "bohrion", 1, new=True))  # an old game's entry
    assert state.turn is None
    state = play(state, CloseOut(player="Ann"))
    assert state.turn == "Ann"
    refused(state, turn("Ben", "bluebeans", 2, new=True), "It is Ann's turn")


def test_the_last_turn_keeps_its_rules_and_the_turn():
    """End of Game: "The game ends at the end of the turn of the player whose trophy collection
    is worth at least 30 points": the turn that reaches 30 is that player's, who may still
    close out and lays once; then only the end of the game."""
    state = start("Ann", "Ben")
    for bean, value, fill in (("beanliens", 9, (1, 2, 3, 4, 4, 5, 5, 6)), ("moonbohnen", 8, (1, 2, 3, 4, 4, 5, 5)),
                              ("bluebeans", 6, (1, 2, 3, 4, 4)), ("bohrion", 5, (1, 2, 3, 4))):
        state = earn(state, "Ann", bean, value, fill)  # 28
    state = play(state, lay("Ann", "darth-beans", 2, 3, new=True), turn("Ann", "klingbohnen", 1, collection="secret", new=True))
    state = play(state, turn("Ben", "centauribohnen", 4, new=True))
    assert state.turn == "Ann"
    state = play(state, CloseOut(player="Ann"))  # Darth Beans 2: 30
    refused(state, turn("Ben", "centauribohnen", 5), "Ann's trophies already reached 30")
    state = play(state, CloseOut(player="Ann"), turn("Ann", "bohrion", 7, new=True))  # the Klingbohne 1: 31
    assert state.turn_over
    refused(state, CloseOut(player="Ann"), "record the end of the game")
    assert play(state, EndGame(player="Ann")).ended_by == "Ann"


def test_an_old_games_entries_still_fold_and_leave_the_turn_open():
    """A game stored before the turns were kept: its entries (without ``in_turn``) read as
    recorded, even a lay out of turn, two lays in a turn and a close-out after a lay; the
    next entry made now says whose turn it is."""
    old = [
        {"kind": "lay", "player": "Ann", "collection": "open", "new": True, "bean": "bohrion", "values": [1]},
        {"kind": "lay", "player": "Ann", "collection": "secret", "new": True, "bean": "bluebeans", "values": [2, 3]},
        {"kind": "lay", "player": "Cem", "collection": "open", "new": True, "bean": "moonbohnen", "values": [4]},
        {"kind": "close-out", "player": "Ann"},
    ]
    state = fold(RULES, {"players": ["Ann", "Ben", "Cem"]}, old)
    assert state.turn is None and state.player("Ann").trophy_points == 1
    assert not RULES.parse_action(old[0]).in_turn
    state = play(state, turn("Cem", "moonbohnen", 5))
    assert state.turn == "Ann"
    refused(state, turn("Ben", "darth-beans", 2, new=True), "It is Ann's turn")


def test_an_entry_made_now_is_stored_held_to_the_turn():
    """What is stored of an entry made now says it was held to the turn, so it folds the same."""
    entry = turn("Ann", "bohrion", 5, new=True).model_dump(mode="json")
    assert entry["in_turn"] is True
    assert RULES.parse_action(entry).in_turn
