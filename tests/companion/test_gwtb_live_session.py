"""Gone with the Beans' live sheet through the app's session layer (issue 7): stored and
replayed like every game, at a table of phones (the round card once for all, each sheet
its own player's), and a whole game of 15 rounds that ends in the end-game scorer's
breakdown and exports as a ``beans-score/1`` file."""

from __future__ import annotations

import json

import pytest

from companion.cli import main
from companion.session import Games
from companion.storage import open_repository
from sheets.errors import RulesError
from sheets.gone_with_the_beans.live import RULES
from sheets.registry import score
from testkit.gwtb_live_play import BRIDGES, ENTERED, ENTERED_BY_SHEET, PLAYERS, play_a_turn, setup

KIND = "gone-with-the-beans-live"


@pytest.fixture
def games(tmp_path):
    repo = open_repository(tmp_path)
    yield Games(repo)
    repo.close()


def start(games: Games, *players, starter: str = "host") -> str:
    data = {**setup(*players), "printed": ENTERED}
    return games.new_game(KIND, data, starter=starter)


def reveal(facility: str = "farm", hay: int = 3) -> dict:
    return {"kind": "reveal", "card": {"facility": facility, "hay": hay}}


def worker(player: str) -> dict:
    return {"kind": "hay-action", "player": player, "row": "worker"}


def shed(player: str) -> dict:
    return {"kind": "hay-shed", "player": player}


def test_at_a_table_the_round_card_is_anyones_and_each_sheet_its_players(games):
    gid = start(games, ("Ann", "macadimia"), ("Ben", "ammond"))
    games.seating.claim_seat(gid, "Ann", "1111", device="ann")
    games.seating.claim_seat(gid, "Ben", "2222", device="ben")
    games.dispatch(gid, reveal(), device="ben")  # entered once, for all
    assert games.record(gid).log[-1]["by"] == "Ben"
    with pytest.raises(RulesError, match="Ann's"):
        games.dispatch(gid, shed("Ann"), device="ben")
    games.dispatch(gid, shed("Ann"), device="ann")
    games.dispatch(gid, shed("Ben"), device="ben")
    with pytest.raises(RulesError, match="nothing of yours to undo"):
        games.undo(gid, device="watcher")
    games.undo(gid, device="ann")  # Ann's own entry, though Ben's came later
    state = games.state(gid)
    assert [p.hay_sheds for p in state.players] == [0, 1]


def test_a_stale_action_from_a_second_phone_is_refused_in_commit_order(games):
    gid = start(games, ("Ann", "macadimia"))
    games.dispatch(gid, reveal())
    games.dispatch(gid, shed("Ann"))
    with pytest.raises(RulesError, match="one action per round"):
        games.dispatch(gid, worker("Ann"))  # the same tap from a second phone
    assert len(games.record(gid).log) == 2


def test_a_whole_game_flows_into_the_scorers_breakdown_and_exports(games, tmp_path):
    """Rulebook, End of the Game: after round 15, the sheets are scored; the live game's
    export is the end-game scorer's file of the same sheets."""
    gid = start(games, ("Ann", "macadimia"), ("Ben", "ammond"))
    for number in range(1, 16):
        if number == 10:  # the basic deck's one special card lies in rounds 8-15
            games.dispatch(gid, {"kind": "reveal", "card": {"special": True}})
        else:
            games.dispatch(gid, reveal("farm", 5))
        for name in ("Ann", "Ben"):
            if number == 10:
                games.dispatch(gid, {"kind": "special-income", "player": name, "option": "thaler"})
            row = "worker" if number % 2 else "thaler"
            try:
                games.dispatch(gid, {"kind": "hay-action", "player": name, "row": row})
            except RulesError:
                games.dispatch(gid, shed(name))
    assert not next(s for s in games.summaries() if s.id == gid).finished  # DP icons not counted yet
    with pytest.raises(RulesError):
        games.dispatch(gid, reveal())  # the game ends after round 15
    with pytest.raises(RulesError, match="the game is not over"):
        games.files.export(gid)  # no final score before the DP icons are counted
    with pytest.raises(RulesError, match="no Development Bonus is gained"):  # design page, reading 11
        games.dispatch(gid, {"kind": "dp-icons", "player": "Ann", "filled": 2})  # Hay actions and sheds only
    games.dispatch(gid, {"kind": "dp-icons", "player": "Ann", "filled": 0})
    games.dispatch(gid, {"kind": "dp-icons", "player": "Ben", "filled": 0})
    state = games.state(gid)
    result = RULES.result(state)
    assert result.winners
    summary = next(s for s in games.summaries() if s.id == gid)
    assert summary.finished and summary.winners == result.winners
    exported = games.files.export(gid)
    assert exported["game"] == "gone-with-the-beans"
    assert {p.name: p.total for p in score(exported).players} == {p.name: p.total for p in result.players}
    # Reloaded from disk, the game folds to the same state.
    fresh = Games(games.repo)
    assert fresh.state(gid) == state


# --- Sheets B, C and D: a whole game each (issue 16) ------------------------------------------

@pytest.mark.parametrize("letter", ["B", "C", "D"])
def test_a_whole_game_on_sheets_b_c_d_ends_in_the_breakdown_and_exports_for_beans_score(games, tmp_path, capsys,
                                                                                        letter):
    """Issue 16, Done means: a whole 15-round game on B, C and D through the session ends in
    the breakdown and the winner, exports as that letter's score file, and `beans score`
    of that file gives the same totals (rulebook: End of the Game; Differences on Sheet B/C/D)."""
    data = {**setup(*PLAYERS, sheet=letter, bridges=BRIDGES if letter == "C" else None),
            "printed": ENTERED_BY_SHEET[letter]}
    gid = games.new_game(KIND, data)
    for number in range(1, 16):
        special = number == 10  # the basic deck's one special card lies in rounds 8-15
        games.dispatch(gid, {"kind": "reveal", "card": {"special": True} if special else {"facility": "farm", "hay": 5}})
        for name, _ in PLAYERS:
            play_a_turn(games, gid, name, letter, number)
    state = games.state(gid)
    if letter != "B":  # B scores no Development Passport
        for index, (name, _) in enumerate(PLAYERS):
            games.dispatch(gid, {"kind": "dp-icons", "player": name, "filled": index + 1})
    result = RULES.result(games.state(gid))
    assert RULES.is_over(games.state(gid)) and result.winners
    breakdown = result.players[0].breakdown
    own = {"B": "beanichalcum", "C": "development_passport", "D": "contracts"}[letter]
    assert own in breakdown and breakdown["total"] > 0
    state = games.state(gid)
    if letter == "B":
        assert sum(p.beanichalcum_gained for p in state.players) > 0
    if letter == "C":
        assert any(len(p.bridges) > 1 for p in state.players)
    if letter == "D":
        assert sum(len(p.contracts_executed) for p in state.players) > 0
    exported = games.files.export(gid)
    assert exported["game"] == "gone-with-the-beans" and exported["sheet"] == letter
    assert {p.name: p.total for p in score(exported).players} == {p.name: p.total for p in result.players}
    path = tmp_path / f"sheet-{letter}.json"
    path.write_text(json.dumps(exported), encoding="utf-8")
    capsys.readouterr()
    assert main(["score", "--json", str(path)]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in scored["players"]} == {p.name: p.total for p in result.players}
