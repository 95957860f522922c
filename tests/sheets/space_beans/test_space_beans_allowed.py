"""What a Space Beans state allows a player (``RULES.allowed``): every lay, the close-out
and the end of the game, each refused one with the engine's own reason (rulebook:
Gameplay, actions 2 and 3; End of Game), and never a word of another player's face-down
collection (rulebook, action 2: "Only the player who laid down the secret collection knows
its contents")."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from companion import i18n
from sheets.i18n import using
from sheets.space_beans import (
    DECK, RULES, WAYS, Allowed, Bean, Card, CloseOut, Collection, EndGame, Lay, State, allowed, allowed_every,
    close_out, worth,
)
from sheets.names import bare
from testkit.refusals import refusal
from tests.sheets.space_beans.test_space_beans_engine import earn, lay, play, start
from tests.sheets.space_beans.test_space_beans_properties import SETTINGS, games


def free_value(state: State, bean: Bean) -> int | None:
    """A value of ``bean`` the table does not hold every card of (the full state)."""
    on_table = state.on_table()
    return next((v for v in range(1, 10) if on_table[Card(bean=bean, value=v)] < DECK[Card(bean=bean, value=v)]),
                None)


def agrees_with_apply(state: State, player: str) -> None:
    """Each answer is the one ``apply`` gives the entry it stands for."""
    answer = allowed(state, player)
    assert answer.player == player
    assert [(c.collection, c.new) for c in answer.lays] == list(WAYS)
    assert answer.close_out.refused == refusal(RULES, state, CloseOut(player=player))
    assert answer.close_out.forced_refused == refusal(RULES, state, CloseOut(player=player, forced=True))
    assert answer.end_game == refusal(RULES, state, EndGame(player=player))
    for choice in answer.lays:
        bean = choice.bean or Bean.BOHRION
        value = free_value(state, bean)
        if value is None:
            continue
        entry = Lay(player=player, collection=choice.collection, new=choice.new, bean=bean, values=(value,))
        assert choice.refused == refusal(RULES, state, entry), entry
        said = answer.lay(choice, [value], bean)
        if choice.refused is None:
            assert said.refused is None and said.action == entry
            assert said.after == Collection(bean=bean, values=(*choice.holds, value))
            assert RULES.apply(state, entry).player(player).collections[0 if choice.collection == "open" else 1] \
                == said.after
        else:
            assert said.action is None and said.refused == choice.refused


@given(games())
@SETTINGS
def test_every_answer_is_the_engines_own_in_random_games(game):
    """Whatever a table enters, what ``allowed`` says is what ``apply`` does."""
    _setup, _log, states = game
    for state in states[-3:]:
        for player in state.names:
            agrees_with_apply(state, player)
        assert allowed_every(state) == tuple(allowed(state, p) for p in state.names)
    by_grounds: dict[object, Allowed] = {}  # equal grounds, equal answers (the session keeps them so)
    for state in states:
        for player in state.names:
            answer = by_grounds.setdefault(RULES.grounds(state, player), allowed(state, player))
            assert answer == allowed(state, player)


def test_a_first_collection_is_the_open_one():
    """Round 1, action 2: start one collection (face up)."""
    answer = allowed(start(), "Leia")
    assert [(c.collection, c.new) for c in answer.lays if c.refused is None] == [("open", True)]
    assert bare(answer.choice("open", False).refused) == "Leia has no open collection to add to; start a new one"
    assert bare(answer.close_out.refused) == "Leia has no collection to close out"
    assert answer.close_out.collection is None


def test_beside_an_open_collection_add_to_it_or_start_the_secret_one():
    """Action 3: add to the existing collection, or start the secret one beside it."""
    state = play(start(), lay("Leia", "darth-beans", 3, 6, new=True))
    answer = allowed(state, "Leia")
    allowed_ways = [(c.collection, c.new) for c in answer.lays if c.refused is None]
    assert allowed_ways == [("open", False), ("secret", True)]
    adding = answer.choice("open", False)
    assert (adding.bean, adding.holds) == (Bean.DARTH_BEANS, (3, 6))
    said = answer.lay(adding, [8])
    assert said.after == Collection(bean="darth-beans", values=(3, 6, 8)) and said.value == 3


def test_two_collections_are_the_most():
    """Action 3: a player may never have more than two collections at once."""
    state = play(start(), lay("Leia", "darth-beans", 3, new=True), lay("Leia", "bohrion", 5, collection="secret",
                                                                          new=True))
    answer = allowed(state, "Leia")
    assert bare(answer.choice("open", True).refused) == bare(answer.choice("secret", True).refused) == (
        "Leia already has two collections, the most a player may have; close out the open one first")
    assert answer.choice("secret", False).bean == Bean.BOHRION


def test_the_supply_rule_in_a_lay_preview():
    """Game Contents: one card each of 1 to 3 per bean; a second Bohrion 1 is refused."""
    state = play(start(), lay("Leia", "bohrion", 1, new=True))
    answer = allowed(state, "Londo")
    said = answer.lay(answer.choice("open", True), [1], Bean.BOHRION)
    assert said.action is None
    assert said.refused == "Bohrion 1: the only card is already on the table"
    assert answer.lay(answer.choice("open", True), [4, 4], Bean.BOHRION).action is not None
    assert answer.lay(answer.choice("open", True), [4, 4, 4], Bean.BOHRION).refused == \
        "Bohrion 4: the deck holds only 2"


def test_example_2a_the_close_out_shows_the_trophy_and_the_discards():
    """Example 2a: Londo's three Centauribohnen with the 3 are worth three; the 3 is the
    trophy, the 6 and 7 go to the discard pile; then his secret collection turns up."""
    state = play(start(), lay("Londo", "centauribohnen", 3, 6, 7, new=True),
                 lay("Londo", "bohrion", 1, 5, 5, 9, 7, collection="secret", new=True))
    offer = allowed(state, "Londo").close_out
    assert offer.refused is None and offer.forced_refused is None
    outcome = offer.outcome()
    assert outcome is not None and outcome.trophy == Card(bean="centauribohnen", value=3)
    assert outcome.discarded == (Card(bean="centauribohnen", value=6), Card(bean="centauribohnen", value=7))
    assert (offer.value, offer.points, offer.points_after, offer.secret_cards) == (3, 0, 3, 5)
    assert not offer.reaches_end


def test_example_3_a_valueless_collection_only_when_forced():
    """Example 3: Jean-Luc's four Klingbohnen without a 4 have no value: closed out only when
    forced, and forced only with two collections."""
    alone = play(start(), lay("Leia", "klingbohnen", 2, 3, 6, 8, new=True))
    offer = allowed(alone, "Leia").close_out
    assert bare(offer.refused) == ("Leia's open collection (Klingbohnen 2, 3, 6, 8) has 4 cards and no 4: it has no "
                             "value, and is closed out only when forced")
    assert offer.forced_refused is not None and "forced only when a player with two collections" in \
        offer.forced_refused
    both = play(alone, lay("Leia", "darth-beans", 1, collection="secret", new=True))
    offer = allowed(both, "Leia").close_out
    assert offer.refused is not None and offer.forced_refused is None
    outcome = offer.outcome()
    assert outcome is not None and outcome.trophy is None and len(outcome.discarded) == 4


def at_28() -> State:
    state = start("Allister", "Beth")
    for bean, value, fill in (("beanliens", 9, (1, 2, 3, 4, 4, 5, 5, 6)), ("moonbohnen", 8, (1, 2, 3, 4, 4, 5, 5)),
                              ("bluebeans", 6, (1, 2, 3, 4, 4)), ("bohrion", 5, (1, 2, 3, 4))):
        state = earn(state, "Allister", bean, value, fill)
    return play(state, lay("Allister", "centauribohnen", 3, 6, 7, new=True))


def test_end_of_game_the_turn_that_reaches_30():
    """End of Game: the game ends at the end of the turn of the player whose trophies reach
    30; nobody else plays, and that player lays once, which ends the turn."""
    state = at_28()
    offer = allowed(state, "Allister").close_out
    assert (offer.points, offer.points_after, offer.reaches_end) == (28, 31, True)
    assert allowed(state, "Allister").end_game is not None
    state = play(state, CloseOut(player="Allister"))
    allister, beth = allowed(state, "Allister"), allowed(state, "Beth")
    assert bare(allister.end_game) == ("Allister lays first: every turn ends with a lay, and the game ends at the end of "
                                 "Allister's turn")  # issue 47: "the last two must be carried out"
    assert allister.choice("open", True).refused is None
    nobody_else = ("Allister's trophies already reached 30: the game ends at the end of Allister's turn, and "
                   "nobody else lays or closes out before it")
    assert {c.refused for c in beth.lays} == {nobody_else}
    assert beth.close_out.refused == nobody_else
    state = play(state, lay("Allister", "darth-beans", 2, new=True))
    over = ("Allister's trophies already reached 30 and Allister's turn is over, so the game has ended: record the "
            "end of the game")
    assert {c.refused for c in allowed(state, "Allister").lays} == {over}
    assert allowed(state, "Allister").end_game is None
    ended = play(state, EndGame(player="Allister"))
    assert bare(allowed(ended, "Beth").end_game) == "the game is over: Allister ended it"


def test_a_name_that_is_not_playing_is_refused_everything():
    answer = allowed(start(), "Zoe")
    reason = "'Zoe' is not playing; the players are Leia, Londo"
    assert {c.refused for c in answer.lays} == {reason}
    assert answer.close_out.refused == answer.close_out.forced_refused == answer.end_game == reason


def secret_of(state: State, player: str, collection: Collection) -> State:
    return state.with_player(state.player(player).changed(secret_collection=collection))


def test_another_players_face_down_cards_change_nothing_of_the_answer():
    """Action 2: only the player who laid the secret collection knows its contents: what
    Leia may do reads nothing of Londo's face-down cards."""
    state = play(start(), lay("Leia", "bohrion", 4, new=True), lay("Londo", "moonbohnen", 2, new=True))
    for secret in (Collection(bean="bohrion", values=(1,)), Collection(bean="bohrion", values=(4,)),
                   Collection(bean="klingbohnen", values=(9, 9))):
        hidden = secret_of(state, "Londo", secret)
        assert allowed(hidden, "Leia") == allowed(state, "Leia")
        assert RULES.grounds(hidden, "Leia") == RULES.grounds(state, "Leia")
        assert RULES.grounds(hidden, "Londo") != RULES.grounds(state, "Londo")


def test_a_lay_preview_never_tells_of_a_face_down_card():
    """Londo holds the only Bohrion 1 face down: Leia's phone is not told "the only card is
    already on the table", nor is the entry refused (issue 33: test_space_beans_face_down.py)."""
    state = play(start(), lay("Londo", "moonbohnen", 2, new=True),
                 lay("Londo", "bohrion", 1, collection="secret", new=True))
    answer = allowed(state, "Leia")
    said = answer.lay(answer.choice("open", True), [1], Bean.BOHRION)
    assert said.refused is None and said.action is not None
    # Londo knows his own secret collection: his own answer counts it.
    own = allowed(state, "Londo")
    mine = own.lay(own.choice("open", False), [1], Bean.MOONBOHNEN)
    assert mine.action is not None
    assert own.lay(own.choice("secret", False), [1]).refused == "Bohrion 1: the only card is already on the table"


def test_seen_by_another_phone_the_answer_holds_no_face_down_card():
    """What another phone is given of Londo's answer names no card of his secret collection;
    his secret lays are recorded on his own phone."""
    state = play(start(), lay("Londo", "moonbohnen", 2, new=True),
                 lay("Londo", "klingbohnen", 7, 8, collection="secret", new=True))
    own = allowed(state, "Londo")
    assert own.seen_by("Londo") is own
    for viewer in ("Leia", None):
        seen = own.seen_by(viewer)
        assert seen.secret is None
        secret = seen.choice("secret", False)
        assert secret.bean is None and secret.holds == ()
        assert bare(secret.refused) == bare(seen.elsewhere) == "Londo's secret collection is recorded on Londo's own phone."
        assert "klingbohnen" not in repr(dataclasses.astuple(seen)).lower()
        assert seen.choice("open", False).refused is None  # his open collection: anyone may record it
    nothing_secret = allowed(play(start(), lay("Leia", "bohrion", 3, collection="open", new=True)), "Leia")
    assert nothing_secret.seen_by(None).choice("secret", True).refused is not None


def test_the_answer_in_german():
    """Issue 19: the reasons are said in the asking phone's language."""
    state = play(start(), lay("Leia", "klingbohnen", 2, 3, 6, 8, new=True))
    with using(i18n.translations("de")):
        answer = allowed(state, "Leia")
    assert bare(answer.close_out.refused) == ("die offene Sammlung von Leia (Klingbohnen 2, 3, 6, 8) hat 4 Karten und "
                                        "keine 4: Sie ist nichts wert und wird nur geerntet, wenn es sein muss")


def test_rules_answer_with_the_engines_own_type():
    assert isinstance(RULES.allowed(start(), "Leia"), Allowed)
    assert dataclasses.is_dataclass(Allowed) and Allowed.__dataclass_params__.frozen  # type: ignore[attr-defined]


@given(st.sampled_from(list(Bean)), st.lists(st.integers(1, 9), min_size=1, max_size=12))
def test_worth_is_the_close_outs_value(bean, values):
    """Close out your collections: worth its number of cards if it holds a card of that value."""
    collection = Collection(bean=bean, values=tuple(values))
    assert worth(collection) == close_out(collection).value


def test_out_of_turn_every_lay_and_close_out_is_refused_with_the_reason():
    """Gameplay: "Turns pass clockwise"; action 2: "Collections of SpaceBeans may only be
    closed out before this action, not after"; one lay a turn (action 3)."""
    state = play(start("Ann", "Ben", "Cem"), lay("Ann", "bohrion", 1, new=True),
                 lay("Cem", "bluebeans", 2, new=True),
                 lay("Ann", "moonbohnen", 1, collection="secret", new=True, in_turn=True))
    assert state.turn == "Ben"
    ann, cem, ben = allowed(state, "Ann"), allowed(state, "Cem"), allowed(state, "Ben")
    assert {bare(c.refused) for c in ann.lays} == {"Ann has laid this turn: one lay a turn, and now it is Ben's turn"}
    assert bare(ann.close_out.refused) == bare(ann.close_out.forced_refused) == (
        "Ann has laid this turn; close-outs come before the lay")
    assert {c.refused for c in cem.lays} == {"It is Ben's turn"} and cem.close_out.refused == "It is Ben's turn"
    assert [(c.collection, c.new) for c in ben.lays if c.refused is None] == [("open", True)]
    for player in state.names:
        agrees_with_apply(state, player)
