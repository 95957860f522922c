"""The Gone with the Beans scorer's play screen at a table of phones (issue 30): it renders
from one typed view of the game, and each piece shows a slice of it, so Ann's entry sends
Ben's phone (showing his own sheet) the new totals and the final table, and neither his
sheet's areas nor the screen around them again."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import flet as ft

from testkit.harness import Table, controls_on, patched, record
from testkit.positions import PIN, device
from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from companion.ui.components.sheet_scoring import final_table_of, players_section
from companion.ui.screens.gone_with_the_beans import play as scorer
from companion.ui.screens.gone_with_the_beans.view import view
from companion.ui.screens.game import GameScreen
from sheets.errors import RulesError
from sheets.names import isolated
from sheets.gone_with_the_beans import (
    RULES, SHEETS, MarkDevelopmentBonus, MarkMilestoneBonus, SetDpIcons, SetFacility, SetHayActionUses, State,
)

SETUP = {"sheet": "A", "players": [{"name": "Ann", "province": "cashew"}, {"name": "Ben", "province": "ammond"}]}




async def anns_entry(root: Path) -> tuple[list[str], list[str]]:
    """Two seated phones, each showing its own sheet: what each is sent after Ann builds a Stable
    (Horse-Riding Level 2: 6 pt)."""
    repo = open_repository(root)
    games = Games(repo)
    game_id = games.new_game(RULES.id, SETUP, starter=device(0))
    for number, name in enumerate(("Ann", "Ben")):
        games.seating.claim_seat(game_id, name, PIN, device(number))
    async with Table() as table:
        ann = await table.open(make_main(games), f"/game/{game_id}", device(0))
        ben = await table.open(make_main(games), f"/game/{game_id}", device(1))
        to_ann, to_ben = record(ann), record(ben)
        games.dispatch(game_id, SetFacility(player="Ann", facility="stable", built=1), device=device(0))
        await table.quiet()
        await asyncio.sleep(0.1)
    repo.close()
    return to_ann, to_ben


def test_anns_entry_sends_bens_phone_the_totals_and_the_final_table_not_his_sheet(tmp_path):
    """One patch of each phone's play screen: Ben's holds Ann's total on her chip and the
    final table, and nothing of a sheet's areas (his did not change, hers is not shown);
    Ann's holds her Stables and their Horse-Riding Level."""
    to_ann, to_ben = asyncio.run(anns_entry(tmp_path))
    ben = [m for m in to_ben if "PATCH_CONTROL" in m and "_services" not in m]  # a snackbar's patch is the page's
    assert ben and all(m.startswith(f"{scorer.Play.__name__} ") for m in ben)
    assert any(repr(f"{isolated('Ann')} 6") in m for m in ben)  # her total on her chip (the name isolated)
    assert any("Total 6; Rank 1" in m for m in ben)  # the final table
    assert not any(re.search(r"Horse-Riding Level \d|Stables", m) for m in ben)
    assert not patched(to_ben, GameScreen)
    assert any("Horse-Riding Level 2" in m and "Stables: 1" in m for m in patched(to_ann, scorer.Play))


def test_one_view_for_the_whole_table():
    """The scorer shows every sheet to every phone alike: the view is the state's, whoever looks."""
    state: State = RULES.new_game(SETUP)
    assert view(state, "Ann") == view(state, None)
    shown = view(state, None)
    assert shown.names == ("Ann", "Ben") and shown.sheet_of("Ben").points["total"] == 0





def an_entry(rng: random.Random, state: State) -> Any:
    who = rng.choice(state.names)
    sheet = state.rules
    return rng.choice([
        SetFacility(player=who, facility=rng.choice(sheet.facilities).id, built=rng.randint(1, 3)),
        SetDpIcons(player=who, filled=rng.randint(0, 6)),
        MarkMilestoneBonus(player=who, bonus=rng.choice(sheet.milestone_bonuses).id,
                           gained=rng.random() < 0.7),
        MarkDevelopmentBonus(player=who, bonus=rng.choice(sheet.development_bonuses or ()).id,
                             gained=rng.random() < 0.7),
        SetHayActionUses(player=who, row=rng.choice(sheet.hay_actions).id, uses=rng.randint(0, 3)),
    ])


def test_after_many_entries_every_control_on_a_phone_is_the_one_its_taps_reach(tmp_path):
    """The areas, ticks, chips and table rows kept across renders (parts) stand where
    they stood: after a dozen entries (and undos) on both sheets, every control on each
    phone is there once, under an id of its own, and a tap sent to that id reaches it."""

    async def go_on() -> None:
        repo = open_repository(tmp_path)
        games = Games(repo)
        game_id = games.new_game(RULES.id, SETUP, starter=device(0))
        for number, name in enumerate(("Ann", "Ben")):
            games.seating.claim_seat(game_id, name, PIN, device(number))
        rng = random.Random(3)
        async with Table() as table:
            phones = [await table.open(make_main(games), f"/game/{game_id}", device(n)) for n in range(2)]
            made = 0
            while made < 12:
                if made % 4 == 3:
                    try:
                        games.undo(game_id, device(0))  # Ann's latest entry, when she has one
                    except RulesError:
                        pass
                    made += 1
                    await table.quiet()
                    continue
                action = an_entry(rng, games.state(game_id))
                try:
                    games.dispatch(game_id, action, device=device(("Ann", "Ben").index(action.player)))
                except RulesError:
                    continue
                made += 1
                await table.quiet()
            await asyncio.sleep(0.1)
            for phone in phones:
                shown = controls_on(phone.session.page)
                assert len({id(c) for c in shown}) == len(shown)  # none stands twice
                assert len({c._i for c in shown}) == len(shown)  # nor shares an id
                assert all(phone.session.index.get(c._i) is c for c in shown if isinstance(c, ft.Control))
        repo.close()

    asyncio.run(go_on())


def test_setup_says_each_province_ability_as_the_chosen_sheet_prints_it():
    """Rulebook, Differences on Sheet D, Differences in Province Abilities: "Macadimia: Gain 3
    Thaler each time you achieve a milestone" (sheets A-C: 3 Bean). Issue 32: sheet D's setup
    showed sheet A's words."""
    def said(letter: str) -> list[str]:
        shown = players_section(SHEETS[letter], [("Ann", "macadimia")], lambda _change: None)
        return [c.value for c in controls_on(shown) if isinstance(c, ft.Text)]

    assert "Gain 3 Thaler each time you achieve a milestone." in said("D")
    assert "Gain 3 Bean each time you achieve a milestone." not in said("D")
    assert "Gain 3 Bean each time you achieve a milestone." in said("A")


def test_the_final_table_names_each_player_whole_on_one_line_and_says_each_block():
    """Issue 32: a block per player, the name on one line cut with "…" (never broken inside a
    word) and whole in its tooltip; a screen reader hears the player's items, total and rank."""
    state = RULES.new_game(SETUP)
    table = final_table_of(RULES.result(state))
    names = [c for c in controls_on(table) if isinstance(c, ft.Text) and c.value in ("Ann", "Ben")]
    assert sorted(n.value for n in names) == ["Ann", "Ben"]
    for name in names:
        assert name.max_lines == 1 and name.overflow == ft.TextOverflow.ELLIPSIS
        assert isinstance(name.tooltip, ft.Tooltip) and name.tooltip.message == name.value
    labels = sorted(c.label for c in controls_on(table) if isinstance(c, ft.Semantics))
    assert labels[0].startswith("Ann: Development Passport Bonus 0; ") and labels[0].endswith("; Total 0; Rank 1")
    assert labels[1].startswith("Ben: ")
