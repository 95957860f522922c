"""Entering rounds on the pad: validation, corrections, the Bean chip, ranks and winners."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheets.errors import RulesError, ScoreFileError
from sheets.game import fold
from sheets.nicht_die_bohne import (
    DECK, RULES, CorrectRound, EnterCards, RecordChip, ReturnCard, State, TakeCard, parse_card,
)
from sheets.nicht_die_bohne.engine import apply
from sheets.names import bare, isolated

PLAYERS = ["Alex", "Beate", "Claudia", "Dirk"]


def deal(players: list[str], seed: int) -> dict[str, list[str]]:
    """A whole deck shared out as the players might have collected it."""
    deck = sorted(str(c) for c in DECK.elements())
    random.Random(seed).shuffle(deck)
    size = 60 // len(players)
    return {p: deck[i * size:(i + 1) * size] for i, p in enumerate(players)}


def play(players: list[str], rounds: list[dict[str, list[str]]]) -> State:
    state = RULES.new_game({"players": players})
    for n, hands in enumerate(rounds, start=1):
        for p in players:
            state = apply(state, EnterCards(round=n, player=p, cards=hands[p]))
    return state


def test_setup_takes_3_to_6_unique_non_empty_names_in_seating_order():
    assert RULES.new_game({"players": [" Ann ", "Bo", "Cy"]}).names == ("Ann", "Bo", "Cy")
    with pytest.raises(RulesError, match="2 players; this game is for 3 to 6"):
        RULES.new_game({"players": ["Ann", "Bo"]})
    with pytest.raises(RulesError, match="7 players"):
        RULES.new_game({"players": list("ABCDEFG")})
    with pytest.raises(RulesError, match="player 3: Ann is named twice"):
        RULES.new_game({"players": ["Ann", "Bo", "Ann"]})
    with pytest.raises(RulesError, match="player 2: the name is empty"):
        RULES.new_game({"players": ["Ann", "  ", "Cy"]})


def test_a_card_another_player_took_this_round_cannot_be_taken_twice():
    """Issue 18: the message names the card as printed ("red 3"), not its file notation."""
    state = apply(RULES.new_game({"players": PLAYERS}), TakeCard(round=1, player="Alex", card="red-3"))
    with pytest.raises(RulesError) as err:
        apply(state, TakeCard(round=1, player="Beate", card="red-3"))
    assert bare(str(err.value)) == "Beate: red 3 is already taken by Alex in this round"


def test_the_three_plus_minus_of_a_colour_can_be_shared_between_players():
    state = RULES.new_game({"players": PLAYERS})
    for player in ("Alex", "Alex", "Beate"):
        state = apply(state, TakeCard(round=1, player=player, card="blue-plusminus"))
    with pytest.raises(RulesError, match="blue Plus/Minus is already taken by \u2068Alex\u2069 and \u2068Beate\u2069"):
        apply(state, TakeCard(round=1, player="Dirk", card="blue-plusminus"))


def test_a_hand_holding_a_card_more_often_than_the_deck_names_it_as_printed():
    """Contents: each colour has one Doubler and three Plus/Minus cards (issue 18: the
    message says "blue Plus/Minus", never "blue-plusminus")."""
    state = RULES.new_game({"players": PLAYERS})
    with pytest.raises(RulesError) as err:
        apply(state, EnterCards(round=1, player="Alex", cards=["blue-plusminus"] * 4))
    assert str(err.value) == "Alex: blue Plus/Minus 4 times; the deck holds 3"
    with pytest.raises(RulesError) as err:
        apply(state, EnterCards(round=1, player="Alex", cards=["green-doubler", "green-doubler"]))
    assert str(err.value) == "Alex: green Doubler 2 times; the deck holds one"


def test_no_engine_message_shows_a_card_in_file_notation():
    """Every refusal a random round of taps meets names cards as a player says them."""
    state = RULES.new_game({"players": PLAYERS})
    notation = re.compile(r"\b(blue|red|green|yellow)-")
    rng = random.Random(7)
    seen = 0
    for _ in range(400):
        card = rng.choice(sorted(DECK))
        action = rng.choice([TakeCard, ReturnCard])(round=1, player=rng.choice(PLAYERS), card=card)
        try:
            state = apply(state, action)
        except RulesError as exc:
            seen += 1
            assert not notation.search(str(exc)), str(exc)
    assert seen > 50  # the random taps did meet refusals


def test_a_player_collects_no_more_than_the_hand_size():
    hands = deal(PLAYERS, 1)
    state = play(PLAYERS, [])
    state = apply(state, EnterCards(round=1, player="Alex", cards=hands["Alex"]))
    with pytest.raises(RulesError, match="Alex: 16 cards, a 4-player round deals 15"):
        apply(state, TakeCard(round=1, player="Alex", card=hands["Beate"][0]))


def test_a_rejected_action_leaves_the_state_as_it_was():
    state = apply(RULES.new_game({"players": PLAYERS}), TakeCard(round=1, player="Alex", card="red-3"))
    before = state.model_dump()
    with pytest.raises(RulesError):
        apply(state, TakeCard(round=1, player="Beate", card="red-3"))
    assert state.model_dump() == before


def test_return_card_gives_back_one_card_the_player_has():
    state = apply(RULES.new_game({"players": PLAYERS}), TakeCard(round=1, player="Alex", card="red-3"))
    assert apply(state, ReturnCard(round=1, player="Alex", card="red-3")).cards_of(1, "Alex") == ()
    with pytest.raises(RulesError, match="Beate: has no red 3 in round 1"):
        apply(state, ReturnCard(round=1, player="Beate", card="red-3"))


def test_unknown_players_are_named_in_the_error():
    with pytest.raises(RulesError, match="'Eve' is not playing"):
        apply(RULES.new_game({"players": PLAYERS}), TakeCard(round=1, player="Eve", card="red-3"))


def test_the_next_round_starts_only_once_the_round_before_is_complete():
    """Rulebook, Game End: a round ends when the last card is played; then a new round."""
    state = apply(RULES.new_game({"players": PLAYERS}), TakeCard(round=1, player="Alex", card="red-3"))
    with pytest.raises(RulesError, match="round 2 starts once round 1 is complete"):
        apply(state, TakeCard(round=2, player="Alex", card="red-4"))
    state = play(PLAYERS, [deal(PLAYERS, 2)])
    assert state.round_complete(1) and state.entering == 2
    state = apply(state, TakeCard(round=2, player="Alex", card="red-4"))
    with pytest.raises(RulesError, match="round 1 is finished; correct it as a whole round"):
        apply(state, TakeCard(round=1, player="Alex", card="red-4"))
    with pytest.raises(RulesError, match="rounds 1 to 3"):
        apply(state, TakeCard(round=4, player="Alex", card="red-4"))


def test_a_finished_round_is_corrected_as_a_whole_round_and_must_stay_complete():
    first = deal(PLAYERS, 3)
    state = play(PLAYERS, [first, deal(PLAYERS, 4)])
    swapped = dict(first)
    swapped["Alex"], swapped["Beate"] = first["Beate"], first["Alex"]
    corrected = apply(state, CorrectRound(round=1, cards=swapped))
    assert corrected.cards_of(1, "Alex") == state.cards_of(1, "Beate")
    assert corrected.rounds[1] == state.rounds[1]
    short = {**first, "Dirk": first["Dirk"][:-1]}
    with pytest.raises(RulesError, match="Dirk: 14 cards, a 4-player round deals 15"):
        apply(state, CorrectRound(round=1, cards=short))
    twice = {**first, "Dirk": [*first["Dirk"][:-1], first["Alex"][0]]}
    with pytest.raises(RulesError, match=f"Dirk: {parse_card(first['Alex'][0]).label} is already taken by {isolated('Alex')}"):
        apply(state, CorrectRound(round=1, cards=twice))


def test_the_player_who_took_the_bean_chip_last_starts_the_next_round():
    """Rulebook, Game End: "The player who takes the Bean chip the very last of the
    previous round starts the new round"."""
    state = play(PLAYERS, [deal(PLAYERS, 5)])
    assert state.starter(2) is None
    state = apply(state, RecordChip(round=1, player="Claudia"))
    assert state.starter(2) == "Claudia"
    with pytest.raises(RulesError, match="round 2 has not been entered yet"):
        apply(state, RecordChip(round=2, player="Alex"))


def test_who_took_the_bean_chip_at_the_deal_starts_round_1_told_like_the_later_rounds():
    """Rulebook, Preparation: "The player left to the deal takes the Bean chip", and starts
    round 1 (issue 32: asked like the later rounds, so a file carries it). Before any card
    is entered; told again it changes; a game logged without it reads as not told."""
    state = RULES.new_game({"players": PLAYERS})
    assert state.starter(1) is None
    state = apply(state, RecordChip(round=0, player="Dirk"))
    assert state.starter(1) == "Dirk" and state.starter(2) is None
    assert apply(state, TakeCard(round=1, player="Alex", card="red-3")).starter(1) == "Dirk"  # kept
    assert apply(state, RecordChip(round=0, player="Beate")).starter(1) == "Beate"
    with pytest.raises(RulesError, match="'Zed' is not playing"):
        apply(state, RecordChip(round=0, player="Zed"))
    assert play(PLAYERS, [deal(PLAYERS, 3)]).starter(1) is None


def test_a_score_file_carries_who_started_each_round_and_one_without_them_still_loads():
    """score-files.md (issue 32): "starters", who started each exported round, null where
    not told; read back as told. A file written before it has none and loads as before;
    a starter who is not playing, or more starters than rounds, is refused by place."""
    state = play(PLAYERS, [deal(PLAYERS, 4), deal(PLAYERS, 5)])
    state = apply(apply(state, RecordChip(round=0, player="Dirk")), RecordChip(round=2, player="Alex"))
    data = RULES.export(state)
    assert data["starters"] == ["Dirk", None]  # round 3's starter (told) is not in the file: no round 3 yet
    setup, actions = RULES.import_file(data)
    again = fold(RULES, setup, actions)
    assert (again.starter(1), again.starter(2)) == ("Dirk", None) and RULES.read(data).starter(1) == "Dirk"
    old = {k: v for k, v in data.items() if k != "starters"}
    assert RULES.read(old).starter(1) is None and RULES.score_file(old).players[0].name == "Alex"
    assert "starters" not in RULES.export(play(PLAYERS, [deal(PLAYERS, 4)]))
    for starters, place in ((["Zed"], "starters[0]"), (["Dirk", None, "Alex"], "starters")):
        with pytest.raises(ScoreFileError) as exc:
            RULES.read({**data, "starters": starters})
        assert exc.value.place == place


def test_the_game_is_over_after_three_complete_rounds_and_all_tied_leaders_win():
    """Rulebook, Game End: "After three rounds, whoever has the most points is the winner"."""
    rounds = [deal(PLAYERS, s) for s in (6, 7, 8)]
    state = play(PLAYERS, rounds[:2])
    assert not RULES.is_over(state) and RULES.result(state).winners == ()
    state = play(PLAYERS, rounds)
    result = RULES.result(state)
    assert RULES.is_over(state)
    best = max(p.total for p in result.players)
    assert result.winners == tuple(p.name for p in result.players if p.total == best)
    for p in result.players:
        assert p.total == sum(r["total"] for r in p.breakdown["rounds"])
        assert p.rank == 1 + sum(q.total > p.total for q in result.players)


def test_a_finished_game_is_closed_to_card_entries_and_reopened_only_by_correcting_round_3():
    """Rulebook, Game End: "After three rounds, whoever has the most points is the winner."
    Issue 31: a stray tap on the result screen reopened the game. Once round 3 is complete,
    no card entry changes it (the engine says why); "Correct round 3" saves it as a whole."""
    rounds = [deal(PLAYERS, s) for s in (9, 10, 11)]
    state = play(PLAYERS, rounds)
    assert RULES.is_over(state) and RULES.result(state).winners
    card = parse_card(rounds[2]["Dirk"][0])
    reason = "the game is finished: round 3 is complete; correct it as a whole round"
    for action in (ReturnCard(round=3, player="Dirk", card=card), TakeCard(round=3, player="Dirk", card=card),
                   EnterCards(round=3, player="Dirk", cards=rounds[2]["Dirk"][1:])):
        with pytest.raises(RulesError, match=reason):
            apply(state, action)
    swapped = {**rounds[2], "Alex": rounds[2]["Dirk"], "Dirk": rounds[2]["Alex"]}
    corrected = apply(state, CorrectRound(round=3, cards=swapped))
    assert RULES.is_over(corrected) and corrected.cards_of(3, "Alex") == state.cards_of(3, "Dirk")
    with pytest.raises(RulesError, match="Dirk: 14 cards, a 4-player round deals 15"):
        apply(state, CorrectRound(round=3, cards={**rounds[2], "Dirk": rounds[2]["Dirk"][1:]}))
    # Every card entry made now says so in the log.
    assert ReturnCard(round=3, player="Dirk", card=card).model_dump(mode="json")["closed"] is True


def test_a_finished_games_starter_changes_only_by_correcting_its_round():
    """Issue 47. Rulebook, Game End: "After three rounds, whoever has the most points is the
    winner"; "The player who takes the Bean chip the very last of the previous round starts the
    new round". A finished game is closed: a tap on "Claudia starts round 3" is refused with
    the reason, and "Correct round 3" changes the starter with the round, as it does the cards.
    A Bean chip entry stored before (no "closed") still folds as it was recorded."""
    rounds = [deal(PLAYERS, s) for s in (15, 16, 17)]
    state = apply(play(PLAYERS, rounds[:2]), RecordChip(round=2, player="Alex"))  # as round 3 begins
    for p in PLAYERS:
        state = apply(state, EnterCards(round=3, player=p, cards=rounds[2][p]))
    assert RULES.is_over(state) and state.starter(3) == "Alex"
    reason = "the game is finished: who starts round 3 changes only by correcting round 3 as a whole"
    with pytest.raises(RulesError, match=reason):
        apply(state, RecordChip(round=2, player="Claudia"))
    assert RULES.allowed(state, "Alex").starter(3).refused == reason
    corrected = apply(state, CorrectRound(round=3, cards=rounds[2], starter="Claudia"))
    assert corrected.starter(3) == "Claudia" and corrected.rounds[2] == state.rounds[2]
    assert apply(state, CorrectRound(round=1, cards=rounds[0], starter="Dirk")).starter(1) == "Dirk"
    assert apply(state, CorrectRound(round=3, cards=rounds[2])).starter(3) == "Alex"  # as recorded
    assert "starter" not in CorrectRound(round=3, cards=rounds[2]).model_dump(mode="json")
    assert bare(RULES.describe(state, CorrectRound(round=3, cards=rounds[2], starter="Claudia"))) == (
        "the correction of round 3, started by Claudia")
    log = [EnterCards(round=n, player=p, cards=h[p]).model_dump(mode="json")
           for n, h in enumerate(rounds, start=1) for p in PLAYERS]
    stored = fold(RULES, {"players": PLAYERS}, [*log, {"kind": "bean-chip", "round": 2, "player": "Beate"}])
    assert stored.starter(3) == "Beate"
    assert RULES.allowed(play(PLAYERS, rounds[:2]), "Alex").starter(3).refused is None  # not finished yet


def test_a_stored_game_whose_stray_tap_reopened_round_3_still_opens_as_it_was_played():
    """Issue 31: a card entry stored before a finished game was closed (no "closed" in the
    log) is read as it was then: the game folds, reopened (and closed again by a later tap)."""
    rounds = [deal(PLAYERS, s) for s in (12, 13, 14)]
    log = [EnterCards(round=n, player=p, cards=h[p]).model_dump(mode="json")
           for n, h in enumerate(rounds, start=1) for p in PLAYERS]
    stray = rounds[2]["Dirk"][0]
    old = [{k: v for k, v in entry.items() if k != "closed"} for entry in log]
    reopened = [*old, {"kind": "return-card", "round": 3, "player": "Dirk", "card": stray}]
    state = fold(RULES, {"players": PLAYERS}, reopened)
    assert not RULES.is_over(state) and len(state.cards_of(3, "Dirk")) == 14
    assert RULES.parse_action(reopened[-1]).model_dump(mode="json") == reopened[-1]  # logged again as it came
    assert RULES.allowed(state, "Dirk").hand(3) is not None  # entered card by card again, as then
    again = fold(RULES, {"players": PLAYERS}, [*reopened, TakeCard(round=3, player="Dirk", card=stray).model_dump(
        mode="json")])
    assert RULES.is_over(again) and again == fold(RULES, {"players": PLAYERS}, log)
    # The same tap made now is refused.
    with pytest.raises(RulesError, match="the game is finished"):
        fold(RULES, {"players": PLAYERS}, [*log, ReturnCard(round=3, player="Dirk", card=stray).model_dump(
            mode="json")])


def test_tied_players_share_the_rank_and_the_victory():
    # Everyone holds the same score: one colour each, 1..10 plus specials that cancel out.
    players = ["Ann", "Bo", "Cy", "Di"]
    hands = {
        p: [f"{colour}-{n}" for n in range(1, 11)] + [f"{colour}-plusminus", f"{colour}-plusminus",
                                                      f"{colour}-doubler", f"{colour}-plusminus",
                                                      f"{colour}-nullifier"]
        for p, colour in zip(players, ["blue", "red", "green", "yellow"])
    }
    state = play(players, [hands] * 3)
    result = RULES.result(state)
    assert [p.rank for p in result.players] == [1, 1, 1, 1]
    assert result.winners == tuple(players)


def test_rest_of_the_deck_is_what_the_other_players_did_not_take():
    hands = deal(PLAYERS, 9)
    state = play(PLAYERS, [])
    for p in PLAYERS[:-1]:
        state = apply(state, EnterCards(round=1, player=p, cards=hands[p]))
    assert sorted(map(str, state.rest_of_deck(1, "Dirk"))) == sorted(hands["Dirk"])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), count=st.integers(3, 6), rounds=st.integers(1, 3), data=st.data())
def test_replaying_the_log_gives_the_same_state_and_totals_do_not_depend_on_seating(seed, count, rounds, data):
    players = [f"P{i}" for i in range(count)]
    hands = [deal(players, seed + r) for r in range(rounds)]
    log = [
        EnterCards(round=n, player=p, cards=h[p]).model_dump(mode="json")
        for n, h in enumerate(hands, start=1)
        for p in players
    ]
    state = fold(RULES, {"players": players}, log)
    assert state == play(players, hands)
    order = data.draw(st.permutations(players))
    reseated = fold(RULES, {"players": order}, [
        EnterCards(round=n, player=p, cards=h[p]).model_dump(mode="json")
        for n, h in enumerate(hands, start=1)
        for p in order
    ])
    totals = {p.name: p.total for p in RULES.result(state).players}
    assert {p.name: p.total for p in RULES.result(reseated).players} == totals


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_taps_never_put_a_card_on_the_table_more_often_than_the_deck_holds_it(data):
    state = RULES.new_game({"players": ["Ann", "Bo", "Cy"]})
    all_cards = sorted(str(c) for c in DECK)
    for _ in range(data.draw(st.integers(0, 80))):
        action = TakeCard(
            round=1, player=data.draw(st.sampled_from(state.names)), card=data.draw(st.sampled_from(all_cards))
        )
        before = state
        try:
            state = apply(state, action)
        except RulesError:
            assert state == before
        held = sum((s.cards for s in state.rounds), ())
        counts: dict = {}
        for hand in held:
            for card in hand:
                counts[card] = counts.get(card, 0) + 1
        assert all(n <= DECK[c] for c, n in counts.items())
        assert all(len(hand) <= 20 for hand in held)


def test_an_unfinished_game_exports_its_complete_rounds_and_imports_back():
    """score-files.md: a round in a file is complete; fewer than 3 rounds: not over."""
    state = play(PLAYERS, [deal(PLAYERS, 10)])
    state = apply(state, TakeCard(round=2, player="Alex", card="red-3"))
    data = RULES.export(state)
    assert len(data["rounds"]) == 1
    setup, actions = RULES.import_file(data)
    assert fold(RULES, setup, actions).rounds == state.rounds[:1]
    assert RULES.score_file(data).winners == ()


def test_a_game_without_a_complete_round_has_nothing_to_export():
    with pytest.raises(RulesError, match="no round is complete yet"):
        RULES.export(apply(RULES.new_game({"players": PLAYERS}), TakeCard(round=1, player="Alex", card="red-3")))


def test_a_player_named_twice_in_a_round_of_a_score_file_is_refused():
    """score-files.md: "Names of players are non-empty, unique strings (compared
    case-sensitively, surrounding blanks stripped)": a round naming " Dirk " beside "Dirk"
    is refused naming the round and the name (the second list never replaces the first)."""
    first, second = deal(PLAYERS, 10), deal(PLAYERS, 11)
    second[" Dirk "] = second["Dirk"]
    data = {"format": "beans-score/1", "game": "nicht-die-bohne", "players": PLAYERS, "rounds": [first, second]}
    for refuse in (RULES.score_file, RULES.read, RULES.import_file):
        with pytest.raises(ScoreFileError) as exc:
            refuse(data)
        assert (exc.value.place, exc.value.reason) == ("rounds[1]. Dirk ", "Dirk is named twice in round 2")
    del second[" Dirk "]
    assert RULES.score_file(data).players[3].name == "Dirk"
