"""A game screen is built again only where a change touches it: its frame (title, seat,
the watching line) when that changes, the game bar when Undo or Redo comes on, and the
play screen when its view differs, where only the pieces whose slice differs render
(companion/ui/hooks.py: use_view, piece; what that saves, bench/server_time.py). What every phone at the table still sees: an entry reaches every
play screen, Undo and Redo follow this seat's entries, and a game deleted under the phones
leaves every screen in plain words."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from testkit.harness import Phone, Table, controls_on, patched, record
from testkit.positions import device, mid_game, play
from companion.session import WATCHERS_PER_GAME, Games
from companion.storage import open_repository
from companion.ui.app import make_main
from companion.ui.components.game_bar import GameBar
from companion.ui.flet_compat import MessageAction
from companion.ui.screens import nicht_die_bohne
from companion.ui.screens.catalog import GAME_SCREENS
from companion.ui.screens.game import GameScreen
from sheets.errors import RulesError
from sheets.names import isolated


FRAME = "'appbar'"  # a patch that reaches into the app bar from the screen



async def at_the_table(change: str, root: Path, kind: str = "nicht-die-bohne") -> tuple[list[str], list[str]]:
    """Two seated phones on a game of ``kind`` in mid-play (stored in ``root``): what
    Ann's phone (seat 0) and Ben's (seat 1) are sent after ``change``."""
    repo = open_repository(root)
    games = Games(repo)
    game_id = mid_game(games, kind)
    main = make_main(games)
    async with Table() as table:
        ann = await table.open(main, f"/game/{game_id}", device(0))
        ben = await table.open(main, f"/game/{game_id}", device(1))
        to_ann, to_ben = record(ann), record(ben)
        if change == "undo":  # the latest entry is Ann's: her Redo comes on
            games.undo(game_id, device(0))
        elif change == "ben's entry":  # nothing of Ann's frame changes
            change_a_card(games, game_id, "Ben", device(1))
        elif change == "delete":
            games.bin.delete(game_id, host=True)
        await table.quiet()
        await asyncio.sleep(0.1)
    repo.close()
    return to_ann, to_ben


def change_a_card(games: Games, game_id: str, player: str, phone: str) -> None:
    """``player`` gives back a card of round 1, or takes the first one the rules allow."""
    held = games.state(game_id).cards_of(1, player)
    if held:
        games.dispatch(game_id, {"kind": "return-card", "round": 1, "player": player,
                                 "card": held[0].model_dump(mode="json")}, device=phone)
        return
    for card in (f"{colour}-{n}" for colour in ("blue", "red", "green", "yellow") for n in range(1, 11)):
        try:
            games.dispatch(game_id, {"kind": "take-card", "round": 1, "player": player, "card": card}, device=phone)
            return
        except RulesError:
            continue
    raise AssertionError(f"no card is left for {player}")



def as_sent(words: str) -> str:
    """``words`` as a recorded message holds them (its repr: the isolates escaped)."""
    return repr(words)[1:-1]


def test_an_entry_reaches_every_play_screen_without_sending_the_frame_again(tmp_path):
    to_ann, to_ben = asyncio.run(at_the_table("ben's entry", tmp_path))
    for sent in (to_ann, to_ben):
        assert any(as_sent(f"Last entry by {isolated('Ben')}") in m for m in sent)
        assert not any(FRAME in m for m in sent)  # the app bar stays as it was
        assert not patched(sent, GameBar) and not patched(sent, GameScreen)


def test_undo_changes_the_frame_of_the_phone_whose_entry_it_takes_back(tmp_path):
    to_ann, to_ben = asyncio.run(at_the_table("undo", tmp_path))
    assert any("'disabled', False" in m for m in patched(to_ann, GameBar))  # Ann's Redo comes on in the bar's menu
    assert not patched(to_ben, GameBar)  # Ben has nothing to redo
    assert any("Last entry by" in m for m in to_ben)


def test_another_phone_is_sent_only_the_pieces_an_entry_changes(tmp_path):
    """Ann's entry undone: on Ben's phone the words on her chip and her row of the pad
    change, and who made the last entry, each patched by the piece that shows it (it follows
    its slice of the play screen's feed); the play screen around them, the screen around
    it and its game bar are sent nothing."""
    _to_ann, to_ben = asyncio.run(at_the_table("undo", tmp_path))
    patches = [m for m in to_ben if "PATCH_CONTROL" in m and "_services" not in m]  # a snackbar's patch is the page's
    assert sorted(m.split(" ")[0] for m in patches) == ["LastEntry", "PadRow", "PlayerChip"]
    assert any(as_sent(f"{isolated('Ann')} ") in m and "'value'" in m for m in patches)  # her chip's words
    assert not patched(to_ben, nicht_die_bohne.Play)
    assert not patched(to_ben, GameScreen) and not patched(to_ben, GameBar)


def test_a_game_deleted_under_the_phones_leaves_every_screen_in_plain_words(tmp_path):
    for sent in asyncio.run(at_the_table("delete", tmp_path)):
        assert not any(m.startswith(MessageAction.SESSION_CRASHED.name) for m in sent)
        assert any("deleted this game" in m or "Game deleted" in m for m in sent)


# What Ben's phone is sent when Ann's last entry is undone: each piece that shows what it
# changed, patched by that piece (it follows its slice of the play screen's feed).
CHANGED_ON_ANOTHER_PHONE = {
    "nicht-die-bohne": ["LastEntry", "PadRow", "PlayerChip"],  # her chip, her row, who entered last
    "space-beans": ["OpenCollection"],  # her open collection (laid out of turn: whose turn it is stays open)
    "bohnanza": ["PlayerChip"],  # her coins on her chip; Ben's purse and fields are his own
    # what just happened, who has still to act this round, whether her sheet's action is done
    "gone-with-the-beans-live": ["EventsOf", "RoundStatus", "SheetChipOf"],
}


@pytest.mark.parametrize("kind", ["nicht-die-bohne", "space-beans", "bohnanza", "gone-with-the-beans-live"])
def test_every_game_sends_another_phone_only_what_an_entry_changes(kind, tmp_path):
    """Ann's last entry undone (a card, a lay, a harvest, an action): Ben's phone is sent
    what changed on his screen, each by the piece that shows it, and not the screen around
    it again."""
    _to_ann, to_ben = asyncio.run(at_the_table("undo", tmp_path, kind))
    patches = [m for m in to_ben if "PATCH_CONTROL" in m and "_services" not in m]
    assert sorted(m.split(" ")[0] for m in patches) == CHANGED_ON_ANOTHER_PHONE[kind]
    assert not patched(to_ben, GAME_SCREENS[kind].play)
    assert not patched(to_ben, GameScreen) and not patched(to_ben, GameBar)




@pytest.mark.parametrize("kind", ["nicht-die-bohne", "space-beans", "bohnanza", "gone-with-the-beans-live"])
def test_after_many_entries_every_control_on_a_phone_is_the_one_its_taps_reach(kind, tmp_path):
    """Play goes on with two phones open (pieces re-render and keep what did not change,
    use_kept): every control on each screen is there once, under an id of its own, and a
    tap sent to that id reaches it."""

    async def go_on() -> list[Phone]:
        repo = open_repository(tmp_path)
        games = Games(repo)
        game_id = mid_game(games, kind)
        async with Table() as table:
            phones = [await table.open(make_main(games), f"/game/{game_id}", device(n)) for n in range(2)]
            for step in range(12):
                if step % 4 == 3:
                    games.undo(game_id, device(0))
                elif kind == "nicht-die-bohne":  # round 1's hands are full: a card goes back, or comes
                    change_a_card(games, game_id, games.players(game_id)[step % 2], device(step % 2))
                else:
                    play(games, game_id, kind, 1, seed=step, last_by=None)
                await table.quiet()
            await asyncio.sleep(0.1)
            for phone in phones:
                shown = controls_on(phone.session.page)
                assert len({id(c) for c in shown}) == len(shown)  # none stands twice
                assert len({c._i for c in shown}) == len(shown)  # nor shares an id
                assert all(phone.session.index.get(c._i) is c for c in shown if isinstance(c, ft.Control))
        repo.close()
        return phones

    asyncio.run(go_on())


def test_a_phone_past_the_watchers_bound_is_told_in_plain_words_and_sent_no_taps(tmp_path):
    """Issue 33: beyond WATCHERS_PER_GAME phones without a seat on a game, the next one's
    game screen says so (sit down, or come back later) and a tap at the table sends it
    nothing, while a seat's phone follows every tap."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = mid_game(games, "nicht-die-bohne")
    main = make_main(games)

    async def run() -> tuple[list[str], list[str], list[str]]:
        async with Table() as table:
            ann = await table.open(main, f"/game/{game_id}", device(0))
            for n in range(WATCHERS_PER_GAME):
                await table.open(main, f"/game/{game_id}", f"watcher-{n}")
            late = await table.open(main, f"/game/{game_id}", "late-watcher")
            said = [c.value for c in controls_on(late.session.page) if isinstance(c, ft.Text)]
            to_ann, to_late = record(ann), record(late)
            change_a_card(games, game_id, "Ben", device(1))
            await table.quiet()
            return said, to_ann, to_late

    said, to_ann, to_late = asyncio.run(run())
    repo.close()
    assert f"This game is followed by {WATCHERS_PER_GAME} phones without a seat already. Sit down at it (a " \
           "seat's phone always may), or come back when one of them has left it." in said
    assert any(as_sent(f"Last entry by {isolated('Ben')}") in m for m in to_ann)
    assert not any("Last entry" in m or "GameScreen" in m for m in to_late)  # not drawn again for a tap
