"""The end: after round 15 the scorer's breakdown of the sheet the game produced, ranks,
winners and the solitaire rating (rulebook: End of the Game, Solitaire Rules; issue 7
"After round 15 the game flows into the end-game scorer's breakdown").
"""

from __future__ import annotations

from testkit.gwtb_live_play import SPECIAL, card, game, give, player, rejects

from sheets.errors import RulesError
from sheets.gone_with_the_beans import engine as scorer
from sheets.gone_with_the_beans.live import (
    AddHayShed,
    EnterDpIcons,
    HayActionTaken,
    SpecialIncome,
    apply,
    is_over,
    rounds_played,
    result,
    scored_sheet,
)
from sheets.gone_with_the_beans.scoring import breakdown


def play(state, each_round):
    """15 rounds; the special card in round 8 (basic deck); ``each_round(state, name)``."""
    for number in range(1, 16):
        state = apply(state, SPECIAL if number == 8 else card("market", 9))
        for p in state.players:
            if state.card.special:
                state = apply(state, SpecialIncome(player=p.name, option="thaler"))
            state = each_round(state, p.name)
    return state


def hay_action_or_shed(state, name):
    """A Hay action while Hay and rows last (the 3rd use takes the first bonus left), else a shed."""
    me = player(state, name)
    left = [b.id for b in state.rules.development_bonuses if b.id not in me.development_bonuses]
    for row in ("worker", "bean", "thaler"):
        try:
            return apply(state, HayActionTaken(player=name, row=row,
                                               development_bonuses=tuple(left[:1]) if me.uses(row) == 2 else ()))
        except RulesError:  # not enough Hay, or the row is used 3 times
            continue
    return apply(state, AddHayShed(player=name))


def test_a_solitaire_game_ends_with_the_scorers_breakdown_and_a_rating():
    state = play(game(("Ann", "ammond")), hay_action_or_shed)
    assert rounds_played(state) and not is_over(state)
    assert result(state).winners == ()  # Development Passport icons not yet counted
    rejects(state, EnterDpIcons(player="Ann", filled=-1), "enter 0 to 30")
    state = apply(state, EnterDpIcons(player="Ann", filled=2))
    assert is_over(state)
    outcome = result(state)
    ann = outcome.players[0]
    assert ann.breakdown == breakdown(state.rules, scored_sheet(state).players[0])
    assert ann.breakdown["development_passport"] == 3
    uses = sum(n for _, n in player(state).hay_actions)
    assert uses >= 6 and ann.breakdown["ammond"] == uses // 2
    assert outcome.winners == ("Ann",) and ann.rating is not None
    assert outcome == scorer.result(scored_sheet(state))


def test_dp_icons_are_counted_only_after_round_15():
    rejects(apply(game(), card()), EnterDpIcons(player="Ann", filled=3), "counted after round 15")


def test_two_players_ranked_by_the_scorer():
    def ann_works(state, name):
        return hay_action_or_shed(give(state, name, hay=10) if name == "Ann" else state, name) if name == "Ann" \
            else apply(state, AddHayShed(player=name))

    state = play(game(("Ann", "cashew"), ("Ben", "tachiopi")), ann_works)
    for name in ("Ann", "Ben"):
        state = apply(state, EnterDpIcons(player=name, filled=0))
    outcome = result(state)
    assert outcome.winners == ("Ann",)
    assert [p.rank for p in outcome.players] == [1, 2]
    assert all(p.rating is None for p in outcome.players)


def test_a_finished_game_exports_as_a_score_file_the_scorer_reads():
    """Issue 7: a finished game exports as a ``beans-score/1`` file."""
    from sheets.gone_with_the_beans import RULES
    from sheets.gone_with_the_beans.live import export

    state = apply(play(game(("Ann", "ammond")), hay_action_or_shed), EnterDpIcons(player="Ann", filled=4))
    assert RULES.score_file(export(state)) == result(state)
