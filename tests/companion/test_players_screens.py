"""The group's players on a phone (issue 49): a game set up from chips without typing, and a
finished game played again in one tap, a player's record, and the serving machine's renames and
merges with Undo."""

from __future__ import annotations

import flet as ft
import pytest

from companion.rematch import play_again
from companion.session import Games, PhoneGames
from companion.storage import open_repository
from companion.ui.app import make_main
from companion.ui.hooks import SNACKBAR_TOP
from sheets.errors import RulesError
from testkit.positions import bohnanza_final, bohnanza_over
from testkit.screen import Screen, Tables, at_a_players_pace



def typed_names(phone: Screen) -> list[str]:
    fields = [c for c in phone.visible() if isinstance(c, ft.TextField) and str(c.label).startswith("Player ")]
    return [str(f.value or "") for f in fields]


def test_a_four_player_game_is_set_up_from_the_groups_names_without_typing(tmp_path):
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    games.files.import_file(bohnanza_final(["Anna", "Ben", "Cleo", "Dirk"], [9, 7, 5, 3], "2026-01-10"))
    games.files.import_file(bohnanza_final(["Zoe", "Ben", "Cleo"], [9, 7, 5], "2026-01-09"))
    with Tables() as table:
        phone = table.open(make_main(games), "/new/bohnanza", "phone")
        offered = [c.content for c in phone.visible() if isinstance(c, ft.OutlinedButton) and c.icon == ft.Icons.PERSON_ADD_ALT]
        assert offered[:4] == ["Anna", "Ben", "Cleo", "Dirk"]  # the last game's players first
        for name in ("Anna", "Ben", "Cleo", "Dirk"):
            phone.tap(name)
        assert typed_names(phone) == ["Anna", "Ben", "Cleo", "Dirk"]  # the fourth field added for Dirk
        phone.tap("Start game")
        phone.see("pass 1 of 3")
    assert games.summaries()[0].players == ("Anna", "Ben", "Cleo", "Dirk")
    repo.close()


def test_typing_offers_the_names_it_begins_and_a_tap_completes_the_field(tmp_path):
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    games.files.import_file(bohnanza_final(["Anna", "Ben", "Cleo", "Zoe"], [9, 7, 5, 3], "2026-01-10"))
    with Tables() as table:
        phone = table.open(make_main(games), "/new/bohnanza", "phone")
        phone.type_into("Player 1", "Ben")
        phone.type_into("Player 2", "z")
        assert not phone.says("Anna", exact=True)  # only the names "z" begins are offered
        phone.tap("Zoe")
        assert typed_names(phone)[:2] == ["Ben", "Zoe"]
    repo.close()


def test_play_again_starts_the_same_game_with_the_same_players_in_one_tap(tmp_path):
    """A finished game's result offers "Play again": Bohnanza's deck and players as before."""
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    names = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]
    over = bohnanza_over(games, names)
    with Tables() as table:
        phone = table.open(make_main(games), f"/game/{over}", "phone")
        phone.tap("Play again")
        phone.see("pass 1 of 3")
        new_id = phone.route.removeprefix("/game/")
    assert new_id != over
    assert games.record(new_id).setup == games.record(over).setup
    assert not games.rules(new_id).is_over(games.state(new_id))
    repo.close()


def test_play_again_is_refused_for_a_game_not_over(tmp_path):
    repo = open_repository(tmp_path)
    games = Games(repo)
    game_id = games.new_game("space-beans", {"players": ["Ann", "Ben"]})
    with pytest.raises(RulesError, match="not over"):
        play_again(PhoneGames(games, "phone"), game_id)
    assert len(games.summaries()) == 1
    repo.close()


def undo_in_message(phone: Screen) -> None:
    """Tap the Undo of the message at the bottom of the screen (a snackbar's action)."""
    bar = next(c for c in phone.visible() if isinstance(c, ft.SnackBar) and c.action)
    phone.table.run(phone.phone.session.dispatch_event(bar._i, "action", None))
    phone.table.settle()


def group_of_three(tmp_path):
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    games.files.import_file(bohnanza_final(["Anna", "Ben", "Cleo"], [9, 7, 5], "2026-01-10"))
    games.files.import_file(bohnanza_final(["Anna", "Ben", "Cleo"], [3, 8, 5], "2026-01-11"))
    games.files.import_file(bohnanza_final(["Jurgen", "Ben", "Cleo"], [9, 7, 5], "2026-01-12"))
    return repo, games


def test_statistics_opens_a_players_record_with_head_to_head(tmp_path):
    repo, games = group_of_three(tmp_path)
    with Tables() as table:
        phone = table.open(make_main(games), "/stats", "phone")
        phone.tap("Ben")
        phone.see("3 games, 1 won (33 %)")
        phone.see("Head to head")
        phone.see("3 games together: ahead 3, behind 0")  # against Cleo
        phone.see("Last results, the oldest first: 7, 8, 7")
        assert not phone.says("Rename")  # a phone at the table only reads the figures
        phone.tap("Anna")  # head to head leads on to the other player
        phone.see("2 games, 1 won (50 %)")
    repo.close()


def test_the_serving_machine_merges_a_name_and_undoes_it_from_the_message(tmp_path):
    repo, games = group_of_three(tmp_path)
    with Tables() as table:
        host = table.open(make_main(games), "/players/Anna", "host", host=True)
        host.see("2 games, 1 won (50 %)")
        host.type_into("Another name of Anna", "jurgen")
        host.tap("Merge into Anna")
        host.see("Jurgen merged into Anna")
        host.see("3 games, 2 won (67 %)")
        host.see("Also played as: Jurgen")
        undo_in_message(host)
        host.see("2 games, 1 won (50 %)")
        host.type_into("New name", "Ben")
        host.tap("Rename")
        host.see("The name Ben is taken: Ben plays under it")
    assert games.group.aliases() == {}
    repo.close()


def test_a_message_keeps_clear_of_the_field_being_typed_in(tmp_path):
    """Issue 48: a snackbar covered the field being typed in (at the foot of the screen, above
    the keyboard). While a text field has the focus, the message floats at the top of the
    screen, under the app bar; once none has, at the bottom again."""
    repo, games = group_of_three(tmp_path)
    with Tables() as table:
        host = table.open(make_main(games), "/players/Anna", "host", host=True)
        host.focus("Another name of Anna")
        host.type_into("Another name of Anna", "jurgen")
        host.tap("Merge into Anna")
        host.see("Jurgen merged into Anna")
        bar = message(host)
        assert bar.behavior == ft.SnackBarBehavior.FLOATING
        height = host.phone.session.page.height  # the phone's screen (844 px in the harness)
        assert isinstance(bar.margin, ft.Margin) and height - bar.margin.bottom <= SNACKBAR_TOP < height / 2

        undo_in_message(host)
        host.see("2 games, 1 won (50 %)")
        host.focus("Another name of Anna", focused=False)  # a tap elsewhere: the keyboard closes
        host.type_into("Another name of Anna", "jurgen")
        host.tap("Merge into Anna")
        host.see("3 games, 2 won (67 %)")
        assert message(host).behavior is None and message(host).margin is None  # at the foot of the screen
    repo.close()


def message(phone: Screen) -> ft.SnackBar:
    """The message shown last (a snackbar)."""
    return [c for c in phone.visible() if isinstance(c, ft.SnackBar)][-1]


def test_play_again_seats_the_same_phones_with_their_pins_and_a_watcher_may_not(tmp_path):
    """The rematch keeps each seat with the phone that sat there and its PIN (issue 49: "seats
    offered to the same phones"); a phone that only watched the game starts none."""
    repo = open_repository(tmp_path)
    games = Games(repo)
    names = ["Anna", "Ben", "Cleo", "Dirk", "Eva"]
    over = bohnanza_over(games, names)
    games.seating.claim_seat(over, "Anna", "1111", "anna-phone")
    games.seating.claim_seat(over, "Ben", "2222", "ben-phone")
    games.seating.write_private_note(over, "mine alone", "ben-phone")
    with pytest.raises(RulesError, match="sat at this game"):
        play_again(PhoneGames(games, "a-watcher"), over)
    new_id = play_again(PhoneGames(games, "ben-phone"), over)
    assert PhoneGames(games, "anna-phone").my_seat(new_id) == "Anna"
    assert PhoneGames(games, "ben-phone").my_seat(new_id) == "Ben"
    assert PhoneGames(games, "ben-phone").is_starter(new_id)  # the phone that tapped hosts the rematch
    assert PhoneGames(games, "ben-phone").private_note(new_id) == ""  # notes stay with their game
    games.seating.leave_seat(new_id, "ben-phone")
    games.seating.claim_seat(new_id, "Ben", "2222", "ben-new-browser")  # the same PIN gets it back
    with pytest.raises(RulesError):
        games.seating.claim_seat(new_id, "Anna", "2222", "ben-new-browser")
    repo.close()


def test_a_name_in_a_finished_games_result_opens_that_players_record(tmp_path):
    """Issue 49: a player's screen is reached from Statistics and from a name in a result."""
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    over = bohnanza_over(games, ["Anna", "Ben", "Cleo", "Dirk", "Eva"])
    with Tables() as table:
        phone = table.open(make_main(games), f"/game/{over}", "phone")
        phone.tap("Anna")
        assert phone.route == "/players/Anna"
    repo.close()


def test_gone_with_the_beans_setup_offers_the_groups_names_too(tmp_path):
    """Issue 49: every setup offers the group's players, the sheet's as well: a tap fills the
    first empty name, then adds a row."""
    repo = open_repository(tmp_path)
    games = at_a_players_pace(Games(repo))
    bohnanza_over(games, ["Anna", "Ben", "Cleo", "Dirk", "Eva"])
    with Tables() as table:
        phone = table.open(make_main(games), "/new/gone-with-the-beans", "phone")
        phone.see("Players of this group: tap one to add them")
        for name in ("Anna", "Ben", "Cleo"):
            phone.tap(name)
        phone.tap("Start scoring")
        game_id = phone.route.removeprefix("/game/")
    assert games.players(game_id) == ("Anna", "Ben", "Cleo")
    repo.close()
