"""A Nicht die Bohne! round entered on a phone-sized screen, as players would."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import Phone

pytestmark = pytest.mark.e2e

ALEX = [f"blue-{n}" for n in range(1, 11)] + [f"red-{n}" for n in range(1, 11)]
BEATE = [f"green-{n}" for n in range(1, 11)] + ["green-plusminus"] + [f"yellow-{n}" for n in range(1, 10)]


def start_game(phone: Phone, names: list[str]) -> str:
    phone.open("/")
    phone.tap("New game")
    phone.page.get_by_text("Nicht die Bohne!").first.click()
    for i, name in enumerate(names, start=1):
        phone.type_into(f"Player {i}", name)
    phone.tap("Start game")
    phone.see("Round 1")
    return phone.page.url.rsplit("/", 1)[-1]


def choose_player(phone: Phone, name: str) -> None:
    phone.click(phone.page.get_by_role("checkbox", name=re.compile(rf"^{name} ")))


def tap_cards(phone: Phone, player: str, cards: list[str]) -> None:
    shown = None
    for card in cards:
        colour, face = card.split("-")
        if colour != shown:
            phone.click(phone.page.get_by_role("button", name=re.compile(rf"^{colour.capitalize()} ")))
            shown = colour
        if face == "plusminus":
            phone.tap(f"{colour} Plus/Minus more")
        else:
            phone.tap(f"{colour} {face}")
    phone.page.get_by_role("checkbox", name=f"{player} {len(cards)}/20").wait_for(timeout=15_000)


def row_text(phone: Phone, player: str) -> str:
    """The player's line of the round table, as a screen reader reads it."""
    row = phone.page.get_by_text(re.compile(rf"^{player} [-+0–]"))
    row.wait_for()
    return row.inner_text()


def test_a_three_player_round_entered_by_taps_scores_like_the_pad_and_survives_a_reload(phone, server):
    """Rulebook, Scoring: colours add up, a single Plus/Minus makes green negative, the
    Nullifier zeroes yellow; the last player's hand is "the rest of the deck"."""
    game_id = start_game(phone, ["Alex", "Beate", "Claudia"])

    tap_cards(phone, "Alex", ALEX)
    choose_player(phone, "Beate")
    tap_cards(phone, "Beate", BEATE)
    phone.see("-10")  # Beate: +45 yellow, -55 green
    choose_player(phone, "Claudia")
    phone.tap("Claudia takes the rest of the deck (20 cards)")
    phone.see("Round 1 is complete")
    phone.shot("ndb-round-1")

    # Alex 55 + 55; Beate 45 - 55; Claudia's yellow 10 is nullified, the rest are specials.
    for player, total in {"Alex": 110, "Beate": -10, "Claudia": 0}.items():
        assert row_text(phone, player).split()[-1] == str(total)

    phone.page.reload()
    phone.open(f"/game/{game_id}")
    phone.see("Round 2")
    assert row_text(phone, "Alex").endswith("110")
    assert row_text(phone, "Beate").endswith("-10")
