"""What a Space Beans play screen is given of the game for one phone (``view(state, me)``):
a secret collection only on its own player's phone until the end (rulebook, action 2:
"Only the player who laid down the secret collection knows its contents"), and what a
player may do as the engine says it (``allowed``)."""

from __future__ import annotations

import pytest

from companion.session import Games, PhoneGames
from companion.storage import open_repository
from companion.ui.screens.space_beans.view import EndView, view
from sheets.space_beans import RULES, Allowed, Card, Collection, EndGame, Lay, State, allowed
from sheets.names import isolated

SECRETS = {"Leia": Collection(bean="klingbohnen", values=(7, 8)), "Londo": Collection(bean="darth-beans", values=(9,))}


def lay(player: str, which: str, bean: str, *values: int, in_turn: bool = True) -> Lay:
    return Lay(player=player, collection=which, new=True, bean=bean, values=values, in_turn=in_turn)


def in_play() -> State:
    """Two rounds: Leia, Londo and Lando lay open collections, then Leia and Londo secret ones."""
    state = RULES.new_game({"players": ["Leia", "Londo", "Lando"]})
    for action in (lay("Leia", "open", "bohrion", 4), lay("Londo", "open", "moonbohnen", 2),
                   lay("Lando", "open", "bluebeans", 5), lay("Leia", "secret", "klingbohnen", 7, 8),
                   lay("Londo", "secret", "darth-beans", 9)):
        state = RULES.apply(state, action)
    return state


def test_the_view_says_whose_turn_it_is():
    """Action 4: "It is then the turn of the player to the left": after Londo's lay, Lando's."""
    state = in_play()
    assert view(state, "Leia").shape.turn == view(state, None).shape.turn == "Lando"
    assert view(state, None).turn("Leia").close_out.refused == "It is Lando's turn"


def test_a_phone_is_given_its_own_secret_collection_and_nobody_elses():
    state = in_play()
    for me in ("Leia", "Londo", "Lando", None):
        seen = view(state, me)
        for name, secret in SECRETS.items():
            sheet = seen.sheet(name)
            assert sheet.secret_cards == len(secret.values)  # how many: public
            assert sheet.secret == (secret if name == me else None)
            if name != me:  # its bean lies nowhere else on the table: not a word of it in the view
                assert secret.bean.name not in repr(seen)


def test_a_phone_shows_its_own_turn_and_the_onlookers_view_every_turn_face_up_only():
    state = in_play()
    assert [a.player for a in view(state, "Leia").turns] == ["Leia"]
    assert view(state, "Leia").turn("Leia") == allowed(state, "Leia")
    onlooker = view(state, None)
    assert [a.player for a in onlooker.turns] == ["Leia", "Londo", "Lando"]
    for name in ("Leia", "Londo", "Lando"):
        assert onlooker.turn(name) == allowed(state, name).seen_by(None)
        assert onlooker.turn(name).secret is None


def test_at_the_end_every_collection_is_turned_up():
    """End of Game: all secret collections are turned face-up."""
    state = in_play().changed(ended_by="Leia", turn_over=True)
    seen = view(state, None)
    assert seen.shape.over and seen.result is not None
    assert {name: seen.sheet(name).secret for name in SECRETS} == SECRETS


def test_the_end_of_the_game_is_offered_with_the_engines_reason():
    """End of Game: once a player's trophies reach 30, the game ends after that turn."""
    state = in_play()
    assert view(state, None).end is None
    trophies = tuple(Card(bean=bean, value=9) for bean in ("beanliens", "bluebeans", "centauribohnen")) + (
        Card(bean="bluebeans", value=3),)
    reached = state.with_player(state.player("Lando").changed(trophies=tuple(sorted(trophies))))
    lays_first = "{name} lays first: every turn ends with a lay, and the game ends at the end of {name}'s turn".format(
        name=isolated("Lando"))
    assert view(reached, "Leia").end == EndView("Lando", 30, False, lays_first)  # issue 47
    assert view(reached, "Leia").shape.reached == "Lando"
    assert RULES.allowed(reached, "Lando").end_game == lays_first
    laid = reached.changed(turn_over=True)
    assert view(laid, "Leia").end == EndView("Lando", 30, True, None)
    assert RULES.allowed(laid, "Lando").end_game is None


@pytest.fixture
def games(tmp_path):
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()


def test_the_session_keeps_an_answer_while_its_grounds_stay(games):
    """What Leia may do is worked out once: Londo's face-down lay leaves her answer as it was.
    (Entries of a game stored before the turns were kept: the turn stays open, so only the
    cards could change her answer.)"""
    game_id = games.new_game(RULES.id, {"players": ["Leia", "Londo"]})
    for action in (lay("Leia", "open", "bohrion", 4, in_turn=False), lay("Londo", "open", "moonbohnen", 2,
                                                                          in_turn=False)):
        games.dispatch(game_id, action)
    game = PhoneGames(games, "leia").game(game_id, RULES)
    before = game.allowed("Leia")
    assert isinstance(before, Allowed) and before == allowed(games.state(game_id), "Leia")
    games.dispatch(game_id, lay("Londo", "secret", "darth-beans", 9, in_turn=False))
    assert game.allowed("Leia") is before
    assert game.allowed("Londo") == allowed(games.state(game_id), "Londo")



def test_a_card_recorded_twice_is_told_only_where_both_copies_are_seen():
    """Issue 33: Londo lays the only Klingbohnen 1 face up while Leia holds it face down (a
    recording mistake: the cards are real). The lay is not refused, which would tell of
    Leia's secret; her phone sees both copies and says so, no other phone does until the
    secret collections are turned up at the end."""
    state = RULES.new_game({"players": ["Leia", "Londo", "Lando"]})
    for action in (lay("Leia", "open", "bohrion", 4, in_turn=False),
                   lay("Leia", "secret", "klingbohnen", 1, in_turn=False),
                   lay("Londo", "open", "klingbohnen", 1, in_turn=False)):
        state = RULES.apply(state, action)
    one = (Card(bean="klingbohnen", value=1),)
    assert view(state, "Leia").doubled == one
    for me in ("Londo", "Lando", None):
        assert view(state, me).doubled == ()
    assert view(state.changed(ended_by="Leia"), None).doubled == one
