"""Whose entry an action is, for table mode (issue: a seat changes only its own player's
entries; shared entries, like the Nicht die Bohne! round entry, any seat may make)."""

from __future__ import annotations

from sheets.registry import KINDS


def owner(game: str, action: dict) -> str | None:
    rules = KINDS[game]
    return rules.owner(rules.parse_action(action))


def test_nicht_die_bohne_round_entries_are_shared():
    assert owner("nicht-die-bohne", {"kind": "take-card", "round": 1, "player": "Ann", "card": "red-3"}) is None


def test_space_beans_collections_belong_to_their_player_and_the_end_is_shared():
    lay = {"kind": "lay", "player": "Ann", "collection": "open", "new": True, "bean": "bohrion", "values": [5]}
    assert owner("space-beans", lay) == "Ann"
    assert owner("space-beans", {"kind": "close-out", "player": "Ann", "forced": False}) == "Ann"
    assert owner("space-beans", {"kind": "end-game", "player": "Ann"}) is None


def test_bohnanza_fields_belong_to_their_player_and_the_deck_is_shared():
    assert owner("bohnanza", {"kind": "harvest", "player": "Bo", "field": 1}) == "Bo"
    assert owner("bohnanza", {"kind": "deck-exhausted"}) is None


def test_gone_with_the_beans_sheets_belong_to_their_player_and_finishing_is_shared():
    assert owner("gone-with-the-beans", {"kind": "set-dp-icons", "player": "Ann", "filled": 3}) == "Ann"
    assert owner("gone-with-the-beans", {"kind": "finish"}) is None


def test_gone_with_the_beans_live_round_card_and_printed_values_are_the_tables():
    """Issue 7: the round card and Ruler are entered once for all; each sheet is its player's."""
    game = "gone-with-the-beans-live"
    assert owner(game, {"kind": "reveal", "card": {"facility": "farm", "hay": 3}}) is None
    assert owner(game, {"kind": "printed-value", "key": "icons:farm", "value": 6}) is None
    assert owner(game, {"kind": "build", "player": "Ann", "facility": "farm"}) == "Ann"
    assert owner(game, {"kind": "special-income", "player": "Bo", "option": "hay"}) == "Bo"
