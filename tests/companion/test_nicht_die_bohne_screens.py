"""Nicht die Bohne! entered on phones in process (testkit/screen.py), as players would:
a round tapped in and scored like the paper pad, a card another player holds, a finished
round corrected as a whole, a finished game closed to taps. What only a browser shows (the
keypad on the screen for six players, the question at the top, Enter moving on to the next
name) stays in tests/e2e/test_nicht_die_bohne_ui.py."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main
from testkit.positions import dealt_in_order
from testkit.screen import Screen, Tables, at_a_players_pace

ALEX = [f"blue-{n}" for n in range(1, 11)] + [f"red-{n}" for n in range(1, 11)]
BEATE = [f"green-{n}" for n in range(1, 11)] + ["green-plusminus"] + [f"yellow-{n}" for n in range(1, 10)]
SIX = ["Anna", "Ben", "Cleo", "Dirk", "Eva", "Finn"]


@pytest.fixture
def games(tmp_path: Path) -> Iterator[Games]:
    repo = open_repository(tmp_path)
    yield at_a_players_pace(Games(repo))
    repo.close()


def tap_cards(phone: Screen, player: str, cards: list[str]) -> None:
    shown = None
    for card in cards:
        colour, face = card.split("-")
        if colour != shown:
            phone.tap(re.compile(rf"^{colour.capitalize()}: "))
            shown = colour
        phone.tap(f"{colour} Plus/Minus more" if face == "plusminus" else f"{colour} {face}")
    phone.see(f"{player} {len(cards)}/20", exact=True)


def row_text(phone: Screen, player: str) -> str:
    """The player's line of the round table, as a screen reader reads it: a round is +5,
    −10 (U+2212), 0, or – (not begun)."""
    return phone.node(re.compile(rf"^{player} [−+0–]")).label or ""


def test_a_three_player_round_entered_by_taps_scores_like_the_pad_and_survives_a_reload(games: Games) -> None:
    """Rulebook, Scoring: colours add up, a single Plus/Minus makes green negative, the
    Nullifier zeroes yellow; the last player's hand is "the rest of the deck"."""
    main = make_main(games)
    with Tables() as table:
        phone = table.open(main, "/", "phone")
        phone.tap("New game")
        phone.tap("Nicht die Bohne!", exact=False)
        for i, name in enumerate(["Alex", "Beate", "Claudia"], start=1):
            phone.type_into(f"Player {i}", name)
        phone.tap("Start game")
        phone.see("Round 1")

        tap_cards(phone, "Alex", ALEX)
        phone.tap("Beate 0/20")
        tap_cards(phone, "Beate", BEATE)
        phone.see("−10")  # Beate: +45 yellow, -55 green (the minus sign, U+2212, as printed)
        phone.tap("Claudia 0/20")
        phone.tap("Claudia takes the rest of the deck (20 cards)")
        phone.see("Round 1 is complete")

        # Alex 55 + 55; Beate 45 - 55; Claudia's yellow 10 is nullified, the rest are specials.
        totals = {"Alex": 110, "Beate": -10, "Claudia": 0}
        for player, total in totals.items():
            assert row_text(phone, player).split()[-1] == str(total).replace("-", "−")

        phone = table.reload(phone, main)
        phone.see("Round 2")
        assert row_text(phone, "Alex").endswith("110")
        assert row_text(phone, "Beate").endswith("−10")


def test_six_players_move_on_to_the_next_player_after_each_full_hand(games: Games) -> None:
    """Preparation: 6 players are dealt 10 cards each. After a full hand the next player
    still entering is shown, also when a player chip was tapped before (issue 18: the next
    taps were refused "16 cards, a 6-player round deals 10")."""
    game_id = games.new_game("nicht-die-bohne", {"players": SIX})
    with Tables() as table:
        phone = table.open(make_main(games), f"/game/{game_id}", "phone")
        phone.tap("Ben 0/10")
        for n in range(1, 11):
            phone.tap(f"blue {n}")
        assert phone.chip("Cleo 0/10").selected
        phone.tap(re.compile(r"^Red: "))
        for n in range(1, 11):
            phone.tap(f"red {n}")  # Cleo's, without a tap on her chip
        phone.see("Cleo 10/10")
        assert phone.chip("Dirk 0/10").selected
        assert not phone.says("a 6-player round deals 10")
        phone.chip("Ben 10/10")
        phone.chip("Anna 0/10")


@pytest.fixture
def round_two(games: Games) -> str:
    """Six players, round 1 complete: a game at the start of round 2."""
    return dealt_in_order(games, SIX, rounds=1)


def test_who_starts_round_2_is_told_and_round_1_reads_as_printed(games: Games, round_two: str) -> None:
    """Rulebook, Game End: "The player who takes the Bean chip the very last of the previous
    round starts the new round": asked as round 2 begins, each answer a named button; once
    told, the question folds to its one line (issue 48: the keypad below stays on a small
    phone's screen) and Change opens it again, the answer marked. A finished round reads as
    printed (no card ids)."""
    with Tables() as table:
        phone = table.open(make_main(games), f"/game/{round_two}", "phone")
        phone.see("Who starts round 2?")
        phone.tap("Eva starts round 2")
        phone.see("Eva starts round 2: Eva took the Bean chip last in round 1.")
        assert not phone.says("Who starts round 2?")
        assert not phone.find("Anna starts round 2")  # folded: the names wait behind Change
        phone.tap("Change")
        assert phone.node("Eva starts round 2").selected
        phone.tap("Anna starts round 2")
        phone.see("Anna starts round 2: Anna took the Bean chip last in round 1.")
        assert not phone.find("Eva starts round 2")  # folded again

        phone.tap("blue 1")  # round 2 has begun: round 1 is finished
        phone.see("Anna 1/10")
        phone.tap("Round 1")
        said = next(w for w in phone.words() if w.startswith("Round 1 is finished."))
        assert "blue 1, 2, 3" in said and not re.search(r"(blue|red|green|yellow)-", said), said
        shown = said.removeprefix("Round 1 is finished. ").split(":")[0]
        phone.see(f"{shown}, round 1")  # the finished round's points, as while it was entered


def test_a_card_another_player_holds_says_who_and_a_finished_round_is_corrected_as_a_whole(
        games: Games, round_two: str) -> None:
    """Game Play, 2. Take One Card: each card is on the table once; a tap on one another
    player holds says who, in the engine's words, where the player tapped. A round before
    the latest is corrected as a whole: a draft answered as the round would be (a card
    moves from one player to another once given back), then saved at once."""
    with Tables() as table:
        phone = table.open(make_main(games), f"/game/{round_two}", "phone")
        phone.see("Who starts round 2?")
        phone.tap("Anna 0/10")
        phone.tap("blue 1")
        phone.see("Anna 1/10")
        phone.tap("Ben 0/10")
        phone.tap("blue 1")
        phone.see("blue 1 is already taken by Anna in this round")
        phone.chip("Ben 0/10")

        # Round 1 as dealt: Anna blue 1-10, Ben blue Doubler, Nullifier, three Plus/Minus, green 1-4, 10.
        phone.tap("Round 1")
        phone.tap("Correct round 1")
        phone.see("Round 1 – correcting")
        phone.tap("Anna 10/10")
        phone.tap("blue 1")  # given back: Anna 9/10
        phone.see("Anna 9/10")
        phone.tap("Ben 10/10")
        phone.tap("blue Doubler")
        phone.see("Ben 9/10")
        phone.tap("blue 2")  # still Anna's in the draft
        phone.see("blue 2 is already taken by Anna in this round")
        phone.tap("blue 1")
        phone.see("Ben 10/10")
        phone.tap("Anna 9/10")
        phone.tap("blue Doubler")
        phone.see("Anna 10/10")
        phone.tap("Save round 1")
        phone.see("Round 1 corrected")
        # Anna: blue 2-10 doubled, 108; Ben: blue nullified, green 20 as before.
        assert row_text(phone, "Anna").split()[1] == "+108"
        assert row_text(phone, "Ben").split()[1] == "+20"


def test_a_finished_game_is_closed_to_taps_and_round_3_is_corrected_as_a_whole(games: Games) -> None:
    """Game End: "After three rounds, whoever has the most points is the winner." Issue 31:
    a stray tap on a card of the result screen reopened the game. Once round 3 is complete
    there is no keypad to tap; "Correct round 3" reopens it on purpose, saved as a whole."""
    game_id = dealt_in_order(games, SIX)
    with Tables() as table:
        phone = table.open(make_main(games), f"/game/{game_id}", "phone")
        phone.see("Shared victory with 165: Anna and Dirk")
        phone.see("Round 3 is finished.")
        for card in ("blue 1", "blue 10", "green 4"):
            assert not phone.find(card), card  # no keypad: a tap cannot reopen the game
        phone.chip("Finn 10/10")

        # Round 3 as dealt: Anna blue 1-10, Ben blue Doubler, Nullifier, three Plus/Minus, green 1-4, 10.
        phone.tap("Correct round 3")
        phone.see("Round 3 – correcting")
        phone.tap("Anna 10/10")
        phone.tap("blue 1")  # given back in the draft: nothing is stored yet
        phone.see("Anna 9/10")
        phone.see("Shared victory with 165: Anna and Dirk")
        phone.tap("Ben 10/10")
        phone.tap("blue Doubler")
        phone.see("Ben 9/10")
        phone.tap("blue 1")
        phone.see("Ben 10/10")
        phone.tap("Anna 9/10")
        phone.tap("blue Doubler")
        phone.see("Anna 10/10")
        phone.tap("Save round 3")
        phone.see("Round 3 corrected")
        phone.see("Anna wins with 218")  # blue 2-10 doubled in round 3: 55 + 55 + 108
        assert row_text(phone, "Anna").split()[3] == "+108"
        phone.see("Round 3 is finished.")
        assert not phone.find("blue 1")  # closed again
