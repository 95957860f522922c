"""Issue 35: a game's timeline through the session (who made each entry at a table of
seats, entries undone) and `beans timeline GAME_ID [--json]` on the command line."""

from __future__ import annotations

import json
import re

import pytest

from companion.cli import main
from companion.session import Games, PhoneGames, rules_for
from companion.storage import Repository, open_repository
from companion.ui.app import make_main
from companion.ui.components.charts import (
    axis, axis_range, holdings_charts, line_chart, phase_ends, phase_holdings, phase_totals, running_totals, totals_words, whole_step,
)
from sheets.bohnanza import RULES as BOHNANZA
from sheets.nicht_die_bohne import DECK as NDB_DECK
from sheets.errors import RulesError
from sheets.timeline import story
from testkit.positions import GAMES, device, live_rounds, mid_game, planted_and_taken_back
from testkit.screen import Tables, at_a_players_pace
from sheets.names import bare

PLAYERS = ["Ann", "Ben", "Cy"]


@pytest.fixture
def played(tmp_path):
    """A Bohnanza game at a table of seats: Ann's phone plants and harvests, Ben's plants
    and takes it back."""
    games = Games(Repository(tmp_path))
    game_id = planted_and_taken_back(games, PLAYERS, ("phone-ann", "phone-ben"))
    yield games, game_id
    games.repo.close()


def test_the_session_tells_which_seat_made_each_entry_and_what_was_undone(played):
    games, game_id = played
    moments = games.timeline(game_id)
    assert [(m.n, m.by, bare(m.what), m.undone) for m in moments] == [
        (1, "Ann", "Ann planted 4 Blue Beans on field 1", False),
        (2, "Ann", "Ann harvested field 1", False),
        (3, "Ben", "Ben planted 2 Red Beans on field 1", True)]
    assert moments[1].totals == (("Ann", 1), ("Ben", 0), ("Cy", 0))
    games.redo(game_id, device="phone-ben")  # made again: no longer undone, and the story follows
    assert [m.undone for m in games.timeline(game_id)] == [False, False, False]


def test_beans_timeline_prints_each_entry_and_its_json(played, tmp_path, capsys):
    games, game_id = played
    games.repo.close()
    assert main(["timeline", "--data-dir", str(tmp_path), game_id]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert bare(lines[1]).split()[4:] == ["Ann", "Ann", "harvested", "field", "1", "Ann", "1", "Ben", "0", "Cy", "0"]  # after n, day, time, zone
    assert lines[2].endswith("(undone)")
    assert main(["timeline", "--data-dir", str(tmp_path), game_id, "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)["entries"]
    assert [(e["n"], e["by"], e["totals"]) for e in entries[:2]] == [
        (1, "Ann", {"Ann": 0, "Ben": 0, "Cy": 0}), (2, "Ann", {"Ann": 1, "Ben": 0, "Cy": 0})]
    assert entries[2]["undone"] is True and entries[2]["totals"] == {}


def test_beans_timeline_of_an_unknown_game_is_one_line_and_exit_2(tmp_path, capsys):
    Repository(tmp_path).close()
    assert main(["timeline", "--data-dir", str(tmp_path), "nope"]) == 2
    assert capsys.readouterr().err == "beans: no game 'nope' (see beans list)\n"


def test_the_chart_draws_each_total_where_it_changed_and_leaves_undone_entries_out(played):
    """The chart's step line: a total holds until the entry that changes it (Ann's harvest,
    entry 2), drawn to the last entry made; Ben's planting, undone, draws nothing."""
    games, game_id = played
    lines = running_totals(games.timeline(game_id))
    assert lines == {"Ann": [(1, 0), (2, 1)], "Ben": [(1, 0), (2, 0)], "Cy": [(1, 0), (2, 0)]}
    assert bare(totals_words(lines)) == "Ann from 0 to 1; Ben from 0 to 0; Cy from 0 to 0"
    assert [whole_step(span) for span in (0, 1, 4, 5, 300)] == [1, 1, 1, 2, 100]  # round axis steps (issue 48)


def test_a_phone_shows_the_game_as_it_stood_after_an_entry_and_changes_nothing_there(played):
    """Back to any moment (issue 35): the state after entry 1 is the log's first entry played,
    the same object for every screen; every change from there is refused with the way back."""
    games, game_id = played
    ann = PhoneGames(games, "phone-ann")
    then = ann.as_it_stood(1)
    state = then.game(game_id, BOHNANZA).state()
    assert state is then.state(game_id) and state != ann.state(game_id)
    assert state == BOHNANZA.apply(BOHNANZA.new_game({"players": PLAYERS}), BOHNANZA.parse_action(
        {"kind": "plant", "player": "Ann", "field": 1, "bean": "blue", "count": 4}))
    for change in (lambda: then.dispatch(game_id, {"kind": "harvest", "player": "Ann", "field": 1}),
                   lambda: then.game(game_id, BOHNANZA).dispatch(BOHNANZA.parse_action(
                       {"kind": "harvest", "player": "Ann", "field": 1})),
                   lambda: then.undo(game_id)):
        with pytest.raises(RulesError, match="as it stood after entry 1: go back to now"):
            change()
    assert not then.can_undo(game_id) and len(games.record(game_id).log) == 2  # nothing changed
    with pytest.raises(RulesError, match="no entry 3"):
        ann.as_it_stood(3).state(game_id)


def test_the_story_told_on_after_new_entries_is_the_story_told_afresh(played):
    """The session tells a game's story on from where it stopped when entries were only
    added, and afresh after an Undo: either way it is the story of what is stored."""
    games, game_id = played
    games.timeline(game_id)
    games.dispatch(game_id, {"kind": "plant", "player": "Ann", "field": 2, "bean": "red", "count": 3},
                   device="phone-ann")
    games.dispatch(game_id, {"kind": "harvest", "player": "Ann", "field": 2}, device="phone-ann")

    def afresh() -> tuple:
        record = games.record(game_id)
        return story(BOHNANZA, record.setup, record.log, record.redo)

    assert games.timeline(game_id) == afresh() and len(afresh()) == 4
    games.undo(game_id, device="phone-ann")
    assert games.timeline(game_id) == afresh() and afresh()[-1].undone


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_every_games_timeline_at_a_table_of_seats_tells_each_entry_and_its_totals(kind, tmp_path):
    """Each game with a log, in mid-play at a table where every seat has its phone: one
    moment per entry, made by the seat whose phone sent it, in words; the totals after
    entry n are the game's result as it stood after it (the screen's "back to any moment"
    state); Ann's last entry, undone, comes last, marked undone."""
    games = Games(Repository(tmp_path))
    try:
        game_id = mid_game(games, kind)
        made = len(games.record(game_id).log)
        games.undo(game_id, device=device(0))  # Ann's own last entry (mid_game makes it last)
        moments = games.timeline(game_id)
        assert len(moments) == made and moments[-1].undone and moments[-1].by == "Ann"
        assert not any(m.undone for m in moments[:-1]) and all(m.what for m in moments)
        rules = rules_for(kind)
        for n in (1, made // 2, made - 1):
            result = rules.result(games.state_after(game_id, n))
            assert moments[n - 1].totals == tuple((p.name, p.total) for p in result.players)
            assert moments[n - 1].by == games.record(game_id).log[n - 1]["by"]
    finally:
        games.repo.close()


def test_a_charts_axis_is_labelled_at_round_steps_with_the_minus_sign_and_not_at_its_ends():
    """Nicht die Bohne! totals run negative: "−50" with the one minus sign, as every number
    a player reads; no number at the chart's edges, where 150 % text would cut it. Issue 48:
    the steps are round (they read 154 / 77 / −77) and the axis holds the data's range, a
    label at its highest step ("Games won" with one win showed only "0")."""
    low, high, step = axis_range(-88, 67)
    assert (low, high, step) == (-100, 100, 50)
    labels = axis(low, high, step=step).labels
    assert [label.value for label in labels] == [-50, 0, 50]
    assert [label.label.value for label in labels] == ["−50", "0", "50"]
    assert [label.value for label in axis(1, 4).labels] == [2, 3]
    one_win = axis_range(0, 1)
    assert one_win == (0, 2, 1) and [label.value for label in axis(0, 2, step=1).labels] == [0, 1]
    assert axis_range(0, 154)[:2] == (0, 200) and whole_step(154 + 77) == 100


def test_a_game_played_in_rounds_is_charted_at_the_end_of_each_round(tmp_path):
    """Nicht die Bohne!'s three rounds (rulebook: points are scored after each round): the
    chart's points are the totals at each round's end; entries before the first round (none
    here) and undone ones are left out."""
    games = Games(Repository(tmp_path))
    try:
        game_id = games.new_game("nicht-die-bohne", {"players": PLAYERS})
        deck = sorted(str(card) for card in NDB_DECK.elements())
        for number in (1, 2):
            hands = {p: deck[i * 20:(i + 1) * 20] for i, p in enumerate(PLAYERS)}
            for player, cards in hands.items():
                games.dispatch(game_id, {"kind": "enter-cards", "round": number, "player": player, "cards": cards})
        moments = games.timeline(game_id)
        assert [m.phase for m in moments] == [1, 1, 1, 2, 2, 2]
        lines = phase_totals(moments)
        ann = dict(moments[2].totals)["Ann"], dict(moments[5].totals)["Ann"]
        assert lines["Ann"] == [(1, ann[0]), (2, ann[1])]
    finally:
        games.repo.close()


def test_the_live_sheets_materials_are_charted_as_they_stood_at_each_rounds_end(tmp_path):
    """Issue 35: the live sheet's chart of materials per round: each player's Thaler, Bean,
    Worker and Hay at the end of each round are those of the game as it stood after the
    round's last entry (what "back to any moment" shows), told once with the story; told
    on after a new entry as afresh."""
    games = Games(Repository(tmp_path))
    try:
        game_id = live_rounds(games, 3)
        moments = games.timeline(game_id)
        charted = phase_holdings(moments)
        assert list(charted) == ["Thaler", "Bean", "Worker", "Hay"]
        for moment in phase_ends(moments):
            stood = games.state_after(game_id, moment.n)
            assert stood.round == moment.phase
            for player in stood.players:
                for what, lines in charted.items():
                    assert (moment.phase, getattr(player.materials, what.lower())) in lines[player.name]
        assert [round for round, _n in charted["Hay"]["Ann"]] == [1, 2, 3]
        assert any(len({n for _round, n in line}) > 1 for line in charted["Thaler"].values())  # they change
        said = [part.label for part in holdings_charts(moments, "round").controls[:-1]]  # the legend last
        assert said == [f"Chart of {what} at the end of each round: {totals_words(lines)}"
                        for what, lines in charted.items()]
        assert bare(said[0]).startswith("Chart of Thaler at the end of each round: Ann from ")
        games.dispatch(game_id, {"kind": "reveal", "card": {"facility": "farm", "hay": 4}})  # round 4's income
        record = games.record(game_id)
        assert games.timeline(game_id) == story(rules_for(record.game), record.setup, record.log, record.redo)
        assert [round for round, _n in phase_holdings(games.timeline(game_id))["Hay"]["Ann"]] == [1, 2, 3, 4]
    finally:
        games.repo.close()


def test_only_the_live_sheet_holds_materials_in_its_story(played):
    games, game_id = played
    assert all(m.held == () for m in games.timeline(game_id))
    assert phase_holdings(games.timeline(game_id)) == {}


def test_a_chart_of_fifteen_rounds_labels_every_other_round():
    """At 320 px and 150 % text "14" and "15" ran together under a live sheet's chart: past
    eight rounds every other round is labelled, the first and the last among them."""
    lines = {"Ann": [(r, r) for r in range(1, 16)]}
    chart = line_chart(lines, True, 120).content
    assert [label.value for label in chart.bottom_axis.labels] == [1, 3, 5, 7, 9, 11, 13, 15]
    three = line_chart({"Ann": [(1, 0), (2, 3), (3, 5)]}, True, 200).content
    assert [label.value for label in three.bottom_axis.labels] == [1, 2, 3]


def test_the_timeline_screen_tells_every_entry_who_made_it_and_the_totals_after_it(tmp_path):
    """Issue 35, on a phone in process (testkit/screen.py): every game screen opens its
    timeline, each entry newest first with its number, whose phone made it, what it was in
    words and the totals after it; an entry taken back is marked undone; a tap on an entry
    shows the game as it stood after it, read only, a tap away from the next entry and from
    now. (Drawn at 320 px, dark, 150 %: tests/e2e/test_timeline_ui.py.)"""
    players = ["Alexandra-Marie", "Ben", "Cy", "Dee", "Eli"]
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    game_id = planted_and_taken_back(games, players, ("phone-a", "phone-b"))
    try:
        with Tables() as table:
            phone = table.open(make_main(games), f"/game/{game_id}", "phone")
            phone.tap("Timeline")  # the app bar's "More" menu
            phone.see("3 entries, the newest first")
            # each entry is one node, said as one line
            phone.see("by Alexandra-Marie: Alexandra-Marie harvested field 1. "
                      "Alexandra-Marie 1 · Ben 0 · Cy 0 · Dee 0 · Eli 0")  # 4 Blue Beans: 1 coin
            said = phone.node(re.compile(r"^Entry 2, ")).label or ""
            assert "Entry 1" not in said, said
            phone.see("by Ben: Ben planted 2 Red Beans on field 1. undone")

            # back to any moment: the game's own screen as it stood after entry 1, read only
            phone.tap(re.compile(r"^Entry 1, "))
            phone.see("After entry 1 of 2: the game as it stood then, read only")
            phone.see("Field 1: 4 Blue Beans")  # planted, not yet harvested
            assert not phone.find("Undo", exact=False)  # nothing changes the past
            phone.tap("Next entry")
            phone.see("After entry 2 of 2: the game as it stood then, read only")
            phone.see("Field 1: empty")  # harvested
            phone.tap("Back to now")
            phone.button("Undo", exact=False)
            assert not phone.says("After entry")
    finally:
        repo.close()


def test_the_app_bars_more_menu_opens_the_timeline_and_redoes(tmp_path):
    """Issue 35, on phones in process: the app bar holds the seat, Undo and "More" (⋮); the
    menu opens the timeline and holds Redo, on only once this seat has something to redo;
    a watching phone's Redo is off and says why. (The menu drawn at 320 px, dark, 150 %:
    tests/e2e/test_timeline_ui.py.)"""
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    game_id = mid_game(games, "nicht-die-bohne")  # Ann's entry is the latest
    made = len(games.record(game_id).log)
    try:
        with Tables() as table:
            ann = table.open(make_main(games), f"/game/{game_id}", device(0))
            assert ann.button("Redo").disabled  # nothing to redo yet
            ann.tap("Undo")
            ann.tap("Timeline")
            ann.see(f"{made} entries, the newest first")
            ann.see(re.compile(rf"^Entry {made}, "))
            ann.see(". undone")  # Ann's entry, taken back
            ann.tap("Back")
            ann.tap("Redo")
            ann.tap("Timeline")
            ann.see(f"{made} entries, the newest first")
            assert not ann.says(". undone")  # made again

            watcher = table.open(make_main(games), f"/game/{game_id}", "a watching phone")
            watcher.see("This phone is watching. Sit down to make entries.")
            assert watcher.button("Redo: sit down to make entries").disabled
    finally:
        repo.close()


def test_a_short_timeline_is_charted_as_levels_not_as_a_line_at_the_right_edge():
    """Issue 48: a three-entry Gone with the Beans timeline was one vertical line at the
    chart's right edge (the totals changed at the last entry). Each total is held half an
    entry past the last, so the newest totals read as levels; one entry is charted too."""
    chart = line_chart({"Ann": [(1, 0), (2, 0), (3, 35)], "Ben": [(1, 0), (2, 0), (3, 12)]}, False, 200).content
    assert (chart.min_x, chart.max_x) == (0.5, 3.5)
    assert [[(p.x, p.y) for p in line.points][-2:] for line in chart.data_series] == [
        [(3, 35), (3.5, 35)], [(3, 12), (3.5, 12)]]
    single = line_chart({"Ann": [(1, 7)]}, False, 200).content
    assert (single.min_x, single.max_x) == (0.5, 1.5) and single.max_y > 7
