"""What the pad allows a player (``RULES.allowed``): the cards they may take or give back
in the round being entered, each refused one with the engine's own reason; "the rest of
the deck"; who starts the next round; which rounds are corrected as a whole."""

from __future__ import annotations

import random

import pytest

from companion import i18n
from sheets.errors import RulesError
from sheets.i18n import using
from sheets.nicht_die_bohne import (
    DECK, RULES, Allowed, CorrectRound, EnterCards, RecordChip, ReturnCard, State, TakeCard, hand_offer, parse_card,
)
from sheets.nicht_die_bohne.engine import apply
from sheets.names import bare
from testkit.refusals import refusal

PLAYERS = ["Alex", "Beate", "Claudia", "Dirk"]


def deal(players: list[str], seed: int) -> dict[str, list[str]]:
    deck = sorted(str(c) for c in DECK.elements())
    random.Random(seed).shuffle(deck)
    size = 60 // len(players)
    return {p: deck[i * size:(i + 1) * size] for i, p in enumerate(players)}


def entered(state: State, number: int, hands: dict[str, list[str]]) -> State:
    for player, cards in hands.items():
        state = apply(state, EnterCards(round=number, player=player, cards=cards))
    return state


def new(players: list[str] = PLAYERS) -> State:
    return RULES.new_game({"players": players})


def test_a_card_another_player_took_is_refused_with_the_engines_reason():
    """Game Play, 2. Take One Card: the red 3 is on the table once; Alex took it."""
    state = apply(new(), TakeCard(round=1, player="Alex", card="red-3"))
    red_3 = parse_card("red-3")
    offer = RULES.allowed(state, "Beate").hand(1)
    assert offer is not None
    card = offer.offer(red_3)
    assert bare(card.take) == "red 3 is already taken by Alex in this round"
    assert card.take == refusal(RULES, state, TakeCard(round=1, player="Beate", card=red_3))
    assert card.holders == ("Alex",) and card.mine == 0 and card.left == 0
    assert RULES.allowed(state, "Alex").hand(1).offer(red_3).give_back is None
    assert offer.offer(parse_card("red-4")).take is None  # nobody has it


def test_the_three_plus_minus_of_a_colour_are_offered_until_all_are_held():
    state = new()
    pm = parse_card("blue-plusminus")
    for player in ("Alex", "Alex"):
        state = apply(state, TakeCard(round=1, player=player, card=pm))
    beate = RULES.allowed(state, "Beate").hand(1).offer(pm)
    assert beate.take is None and beate.left == 1 and beate.holders == ("Alex", "Alex")
    state = apply(state, TakeCard(round=1, player="Beate", card=pm))
    dirk = RULES.allowed(state, "Dirk").hand(1).offer(pm)
    assert bare(dirk.take) == "blue Plus/Minus is already taken by Alex and Beate in this round"
    assert dirk.left == 0


def test_a_full_hand_takes_no_card_and_says_the_hand_size():
    """Preparation: 4 players are dealt 15 cards each."""
    hands = deal(PLAYERS, 1)
    state = apply(new(), EnterCards(round=1, player="Alex", cards=hands["Alex"]))
    offer = RULES.allowed(state, "Alex").hand(1)
    assert offer is not None and offer.full
    assert {card.take for card in offer.offers} == {"16 cards, a 4-player round deals 15"}
    assert all(card.give_back is None for card in offer.offers if card.mine)


def test_every_answer_is_the_one_the_engine_gives_the_tap():
    """Random rounds of taps: for every player and card, what ``allowed`` says of taking
    and giving back is exactly ``apply``'s refusal of that entry (the same words, or None)."""
    rng = random.Random(11)
    cards = sorted(DECK)
    for players in (PLAYERS, ["Ann", "Ben", "Cy"], ["A", "B", "C", "D", "E", "F"]):
        state = new(players)
        for step in range(120):
            action = rng.choice([TakeCard, TakeCard, ReturnCard])(
                round=1, player=rng.choice(players), card=rng.choice(cards))
            try:
                state = apply(state, action)
            except RulesError:
                pass
            if step % 20 == 19:
                for player in players:
                    offer = RULES.allowed(state, player).hand(1)
                    assert offer is not None
                    for card in offer.offers:
                        assert card.take == refusal(RULES, state, TakeCard(round=1, player=player, card=card.card))
                        assert card.give_back == refusal(RULES, state, ReturnCard(round=1, player=player,
                                                                                 card=card.card))
                        assert card.may_take == (card.take is None)
                        assert card.may_give_back == (card.give_back is None)
                    assert offer.cards == state.cards_of(1, player)


def test_the_rest_of_the_deck_is_offered_exactly_when_the_others_hold_all_but_a_hand():
    """The last player's hand is what the others left of the 60 cards."""
    hands = deal(PLAYERS, 5)
    state = new()
    for player in ("Alex", "Beate"):
        state = apply(state, EnterCards(round=1, player=player, cards=hands[player]))
    state = apply(state, EnterCards(round=1, player="Claudia", cards=hands["Claudia"][:-1]))
    assert RULES.allowed(state, "Dirk").hand(1).rest == ()  # one card short
    state = apply(state, TakeCard(round=1, player="Claudia", card=hands["Claudia"][-1]))
    offer = RULES.allowed(state, "Dirk").hand(1)
    assert offer is not None
    assert offer.rest == tuple(sorted(parse_card(c) for c in hands["Dirk"]))
    assert refusal(RULES, state, EnterCards(round=1, player="Dirk", cards=offer.rest)) is None
    assert RULES.allowed(state, "Claudia").hand(1).rest == ()  # her hand is full
    state = apply(state, TakeCard(round=1, player="Dirk", card=hands["Dirk"][0]))  # begun: still offered
    assert RULES.allowed(state, "Dirk").hand(1).rest == offer.rest
    state = apply(state, EnterCards(round=1, player="Dirk", cards=offer.rest))
    assert RULES.allowed(state, "Dirk").hand(1).rest == ()  # full now


def test_the_starter_is_asked_once_the_round_before_is_entered_and_kept_once_told():
    """Game End: "The player who takes the Bean chip the very last of the previous round
    starts the new round"."""
    state = new()
    first = RULES.allowed(state, "Alex").starter(1)  # round 1: who took the Bean chip at the deal
    assert first is not None and first.asked and RULES.allowed(state, "Alex").starter(2) is None
    assert RULES.allowed(apply(state, RecordChip(round=0, player="Dirk")), "").starter(1).starter == "Dirk"
    state = entered(state, 1, deal(PLAYERS, 2))
    question = RULES.allowed(state, "Alex").starter(2)
    assert question is not None and question.asked and RULES.allowed(state, "Alex").starter(3) is None
    state = apply(state, RecordChip(round=1, player="Beate"))
    told = RULES.allowed(state, "").starter(2)
    assert told is not None and not told.asked and told.starter == "Beate"


def test_a_finished_game_asks_no_starter_but_keeps_the_ones_told():
    """Game End: after round 3 the game is over; nobody starts a round 4, and a question
    left open (round 3's starter never told) is not asked on the final screen."""
    state = apply(new(), RecordChip(round=0, player="Dirk"))
    for number in (1, 2, 3):
        state = entered(state, number, deal(PLAYERS, number))
    table = RULES.allowed(state, "")
    assert [offer.round for offer in table.starters] == [1]  # told: still correctable
    assert table.starter(1).starter == "Dirk" and table.starter(3) is None


def test_cards_go_to_the_latest_round_or_the_next_and_a_round_before_is_corrected_as_a_whole():
    """The engine's rounds: a complete round stays open to taps until the next begins;
    then it is corrected as a whole (correct-round), and a tap on it is refused."""
    state = new()
    assert [h.round for h in RULES.allowed(state, "Alex").hands] == [1]
    state = entered(state, 1, deal(PLAYERS, 3))
    answer = RULES.allowed(state, "Alex")
    assert [h.round for h in answer.hands] == [1, 2] and answer.finished == () and answer.rounds == (1, 2)
    state = apply(state, TakeCard(round=2, player="Alex", card="red-4"))
    answer = RULES.allowed(state, "Alex")
    assert [h.round for h in answer.hands] == [2] and answer.finished == (1,) and answer.hand(1) is None
    assert refusal(RULES, state, TakeCard(round=1, player="Alex", card="red-4")) == \
        "round 1 is finished; correct it as a whole round"
    fixed = {p: state.cards_of(1, p) for p in PLAYERS}
    assert refusal(RULES, state, CorrectRound(round=1, cards=fixed)) is None
    state = entered(entered(state, 2, {p: [] for p in PLAYERS}), 2, deal(PLAYERS, 4))
    state = entered(state, 3, deal(PLAYERS, 5))
    assert RULES.is_over(state)
    answer = RULES.allowed(state, "Alex")  # a finished game is closed: no round 4, round 3 as a whole only
    assert answer.hands == () and answer.by_card == () and answer.finished == (1, 2, 3) and answer.rounds == (1, 2, 3)
    assert RULES.allowed(state, "").finished == (1, 2, 3)


def test_the_table_asks_for_its_own_entries_and_a_stranger_is_refused():
    state = entered(new(), 1, deal(PLAYERS, 6))
    table = RULES.allowed(state, "")
    assert isinstance(table, Allowed) and table.hands == () and table.starter(2) is not None
    assert table.by_card == (1, 2) and table.rounds == (1, 2)
    with pytest.raises(RulesError, match="'Zoe' is not playing"):
        RULES.allowed(state, "Zoe")


def test_a_correction_draft_is_answered_as_the_round_would_be():
    """A finished round's draft (cards by seat, not stored yet) gets the same offers."""
    hands = deal(PLAYERS, 7)
    draft = [[parse_card(c) for c in hands[p]] for p in PLAYERS]
    moved = draft[0].pop()
    offer = hand_offer(PLAYERS, 1, draft, "Beate")
    assert offer.offer(moved).take == "16 cards, a 4-player round deals 15"
    assert offer.offer(moved).left == 1
    alex = hand_offer(PLAYERS, 1, draft, "Alex")
    assert alex.rest == tuple(sorted([*draft[0], moved]))  # the others hold all but a hand: his 14 and one


def test_a_german_phone_reads_the_reasons_in_german():
    """Issue 19: the answer is in the language of the phone that asks."""
    state = apply(new(), TakeCard(round=1, player="Alex", card="red-3"))
    with using(i18n.translations("de")):
        take = RULES.allowed(state, "Beate").hand(1).offer(parse_card("red-3")).take
        assert take == refusal(RULES, state, TakeCard(round=1, player="Beate", card="red-3"))
    assert bare(take) == "Rot 3 wurde in dieser Runde schon von Alex genommen"
