"""The game contract every rules object keeps (issue 13): the players in seating order,
and what a player may do with why the rules refuse the rest (``allowed``), asked the same
way of every game."""

from __future__ import annotations

from typing import Any

import pytest

from sheets.bohnanza import Bean, Harvest, Plant
from sheets.errors import RulesError, ScoreFileError
from sheets.gone_with_the_beans.live import Build
from sheets.registry import KINDS
from testkit.gwtb_live_play import card, game, give
from testkit.gwtb_live_play import setup as live_setup

SETUPS: dict[str, dict[str, Any]] = {
    "nicht-die-bohne": {"players": ["Cem", "Ann", "Ben"]},
    "bohnanza": {"players": ["Cem", "Ann", "Ben"]},
    "space-beans": {"players": ["Cem", "Ann", "Ben"]},
    "gone-with-the-beans": {"sheet": "A", "players": [
        {"name": "Cem", "province": "zoodai"}, {"name": "Ann", "province": "cashew"},
        {"name": "Ben", "province": "ammond"}]},
    "gone-with-the-beans-live": live_setup(("Cem", "zoodai"), ("Ann", "cashew"), ("Ben", "ammond")),
}


def test_every_kind_has_a_setup_here():
    assert set(SETUPS) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_players_are_the_names_in_seating_order(kind: str):
    rules = KINDS[kind]
    assert rules.players(rules.new_game(SETUPS[kind])) == ("Cem", "Ann", "Ben")


def test_allowed_says_why_the_rules_refuse_in_the_words_apply_refuses_with():
    """Bohnanza rulebook: a field is harvested only when it holds beans. What a player may
    do (``allowed``) gives each refused action its reason: the RulesError ``apply`` raises."""
    rules = KINDS["bohnanza"]
    state = rules.new_game(SETUPS["bohnanza"])
    answer = rules.allowed(state, "Ann")
    empty = "field 1 is empty; there is nothing to harvest"
    assert answer.harvest(1) == empty
    with pytest.raises(RulesError, match=empty):
        rules.apply(state, Harvest(player="Ann", field=1))
    assert answer.plant(1, Bean.RED, 1) is None
    assert rules.apply(state, Plant(player="Ann", field=1, bean="red")).player("Ann").fields[0].bean == "red"


def test_the_live_sheet_allows_what_only_needs_a_printed_value():
    """The live sheet's ``allowed``: a build waiting for a printed value is offered (the
    value is asked when it is built)."""
    rules = KINDS["gone-with-the-beans-live"]
    unknown = give(rules.apply(game(("Ann", "macadimia"), known=False), card("market", 0)), "Ann", thaler=9)
    offer = rules.allowed(unknown, "Ann").offer(Build(player="Ann", facility="market"))
    assert offer is not None and offer.reason is None


def test_the_live_sheet_has_no_score_file_of_its_own():
    """Its finished game exports as the scorer's "gone-with-the-beans" file, scored there."""
    rules = KINDS["gone-with-the-beans-live"]
    data = {"format": "beans-score/1", "game": "gone-with-the-beans", "sheet": "A", "players": []}
    for read in (rules.import_file, rules.score_file):
        with pytest.raises(ScoreFileError, match="imports as a scored game"):
            read(data)


@pytest.mark.parametrize("kind", sorted(SETUPS))
def test_one_vocabulary_names_player_and_an_unknown_name(kind: str):
    """Every state: ``names`` in seating order; ``player(name)`` the player's own record
    where the game keeps one; ``position(name)`` where it counts seats."""
    state = KINDS[kind].new_game(SETUPS[kind])
    assert state.names == ("Cem", "Ann", "Ben")
    lookups = [getattr(state, how) for how in ("player", "position") if hasattr(state, how)]
    assert lookups
    for lookup in lookups:
        with pytest.raises(RulesError, match="^'Zoe' is not playing; the players are Cem, Ann, Ben$"):
            lookup("Zoe")
    if hasattr(state, "player"):
        assert [state.player(n).name for n in state.names] == list(state.names)
        assert state.players == tuple(state.player(n) for n in state.names)
    if hasattr(state, "position"):
        assert [state.position(n) for n in state.names] == [0, 1, 2]
