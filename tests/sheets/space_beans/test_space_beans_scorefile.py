"""``space-beans`` score files (score-files.md, section space-beans)."""

import copy

import pytest

from sheets.errors import ScoreFileError
from sheets.game import fold
from sheets.registry import score
from sheets.space_beans import RULES, seen_by
from sheets.space_beans.scorefile import read
from sheets.names import bare
from testkit.refusals import refusal


def trophies(*cards: str) -> list[dict]:
    """ "bohrion-9" -> {"bean": "bohrion", "value": 9}"""
    return [{"bean": c.rsplit("-", 1)[0], "value": int(c.rsplit("-", 1)[1])} for c in cards]


ALLISTER_31 = trophies("bohrion-9", "moonbohnen-8", "bluebeans-7", "beanliens-5", "centauribohnen-2")


def allister_file() -> dict:
    """The rulebook's End of Game example, with Leia as the other player."""
    return copy.deepcopy({
        "format": "beans-score/1", "game": "space-beans",
        "players": ["Allister", "Leia"],
        "ended_by": "Allister",
        "trophies": {"Allister": ALLISTER_31, "Leia": trophies("bohrion-5", "bluebeans-3", "bluebeans-4")},
        "collections": {
            "Allister": [{"bean": "klingbohnen", "values": [1, 4, 4, 5, 7, 9]},
                         {"bean": "darth-beans", "values": [2, 8]}],
            "Leia": [{"bean": "moonbohnen", "values": [3, 1, 9]}],
        },
    })


def test_allisters_36_from_a_score_file():
    """End of Game example: 31 + 3 + 0 + 2 = 36; the result JSON of score-files.md."""
    assert score(allister_file()).as_json() == {
        "game": "space-beans",
        "players": [
            {"name": "Allister", "total": 36, "rank": 1,
             "breakdown": {"trophies": 31, "bohnus": 3, "collections": 2, "total": 36}},
            {"name": "Leia", "total": 15, "rank": 2,
             "breakdown": {"trophies": 12, "bohnus": 0, "collections": 3, "total": 15}},
        ],
        "winners": ["Allister"],
    }


def test_a_game_not_over_counts_only_trophies():
    """score-files.md: ended_by null: only trophies count, collections not closed out, no winners."""
    data = allister_file()
    data["ended_by"] = None
    result = score(data).as_json()
    assert [p["breakdown"] for p in result["players"]] == [
        {"trophies": 31, "bohnus": 0, "collections": 0, "total": 31},
        {"trophies": 12, "bohnus": 0, "collections": 0, "total": 12},
    ]
    assert result["winners"] == []


def test_empty_lists_and_blanks_around_names_are_fine():
    data = allister_file()
    data["players"] = [" Allister ", "Leia"]
    data["trophies"]["Leia"] = []
    data["collections"][" Leia "] = data["collections"].pop("Leia")
    data["ended_by"] = "Allister "
    assert [p.total for p in score(data).players] == [36, 3]


def problem(change) -> str:
    data = allister_file()
    change(data)
    with pytest.raises(ScoreFileError) as exc:
        score(data)
    return str(exc.value)


def _set(path: list, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        if value is DELETE:
            del target[path[-1]]
        else:
            target[path[-1]] = value
    return change


DELETE = object()


@pytest.mark.parametrize("change, expected", [
    (_set(["score"], 3), "score: unknown key"),
    (_set(["ended_by"], DELETE), "ended_by: missing"),
    (_set(["players"], ["Allister"]), "players: 1 players; this game is for 2 to 6"),
    (_set(["players"], list("ABCDEFG")), "players: 7 players; this game is for 2 to 6"),
    (_set(["players"], ["Leia", "Leia"]), "players: player 2: Leia is named twice"),
    (_set(["players"], ["Allister", ""]), "players: player 2: the name is empty"),
    (_set(["trophies", "Allister", 2, "value"], 10), "trophies.Allister[2].value: 10 is not a card value"),
    (_set(["trophies", "Allister", 2, "value"], "7"), "trophies.Allister[2].value: Input should be a valid integer"),
    (_set(["trophies", "Allister", 0, "bean"], "limabohnen"), "trophies.Allister[0].bean: Input should be"),
    (_set(["trophies", "Allister", 0, "colour"], "red"), "trophies.Allister[0].colour: unknown key"),
    (_set(["trophies", "Han"], []), "trophies.Han: not one of the players (Allister and Leia)"),
    (_set(["trophies", "Leia"], DELETE), "trophies.Leia: missing"),
    (_set(["collections", "Leia"], DELETE), "collections.Leia: missing"),
    (_set(["collections", "Leia", 0, "values"], []), "collections.Leia[0].values: a collection holds at least one card"),
    (_set(["collections", "Leia", 0, "values", 1], 0), "collections.Leia[0].values[1]: 0 is not a card value"),
    (lambda d: d["collections"]["Leia"].extend([{"bean": "bluebeans", "values": [1]},
                                                {"bean": "bluebeans", "values": [2]}]),
     "collections.Leia: 3 collections; a player has at most two (open and secret)"),
    (lambda d: d["collections"]["Leia"].append({"bean": "bohrion", "values": [5, 5]}),
     "collections.Leia[1].values[1]: Bohrion 5: all 2 cards are already on the table"),
    (lambda d: d["trophies"]["Leia"].append({"bean": "bohrion", "values": 9}),
     "trophies.Leia[3].value: missing"),
    (lambda d: d["trophies"]["Leia"].extend(trophies("bohrion-9", "bohrion-9")),
     "trophies.Leia[4]: Bohrion 9: all 2 cards are already on the table"),
    (lambda d: d["trophies"]["Leia"].append({"bean": "bluebeans", "value": 3}),
     "trophies.Leia[3]: Bluebeans 3: the only card is already on the table"),
    (_set(["ended_by"], "Han"), "ended_by: 'Han' is not one of the players (Allister and Leia)"),
    (_set(["ended_by"], "Leia"), "ended_by: Leia's trophies are worth 12; the game ends when a player's trophies reach 30"),
    (_set(["trophies", "Leia"], trophies("klingbohnen-9", "darth-beans-9", "klingbohnen-8", "darth-beans-8")),
     "trophies.Leia: worth 34, but only Allister, who ended the game, can have 30 or more"),
])
def test_invalid_files_name_the_place(change, expected):
    assert bare(problem(change)).startswith(expected)


def test_two_players_at_30_is_never_a_game_in_progress():
    """End of Game: the game ends after the turn of the first player to reach 30."""
    def change(data):
        data["ended_by"] = None
        data["trophies"]["Leia"] = trophies("klingbohnen-9", "darth-beans-9", "klingbohnen-8", "darth-beans-8")
    assert problem(change).startswith("trophies.Leia: worth 34, but Allister's trophies reached 30 too")


def test_score_file_checks_its_own_game_and_format():
    data = allister_file()
    data["game"] = "bohnanza"
    with pytest.raises(ScoreFileError, match="^game: "):
        RULES.score_file(data)


def test_export_writes_the_file_back():
    """Trophies are a pile: the export sorts them; everything else comes back as it was."""
    data = allister_file()
    exported = RULES.export(read(data))
    for name, cards in exported.pop("trophies").items():
        assert sorted(map(str, cards)) == sorted(map(str, data["trophies"][name]))
    del data["trophies"]
    assert exported == data
    assert score(RULES.export(read(allister_file()))) == score(allister_file())


@pytest.mark.parametrize("ended_by", ["Allister", None])
def test_import_folds_into_the_game_the_file_records(ended_by):
    data = allister_file()
    data["ended_by"] = ended_by
    setup, actions = RULES.import_file(copy.deepcopy(data))
    state = fold(RULES, setup, actions)
    assert state == read(data)
    assert RULES.is_over(state) == (ended_by is not None)


def bohrion(*values: int) -> list[dict]:
    return [{"bean": "bohrion", "value": v} for v in values]


def test_import_of_every_card_as_a_trophy():
    """The highest trophies are earned first, so even the whole of one bean type imports;
    Ann's last turn closes out the Bohrion 1 alone (every other Bohrion is a trophy)."""
    data = {"format": "beans-score/1", "game": "space-beans", "players": ["Ann", "Ben", "Cem"], "ended_by": "Ann",
            "trophies": {"Ann": bohrion(9, 9, 8, 3, 1), "Ben": bohrion(8, 7, 7, 6), "Cem": bohrion(6, 5, 5, 4, 4, 2)},
            "collections": {"Ann": [{"bean": "moonbohnen", "values": [9]}], "Ben": [{"bean": "klingbohnen", "values": [9]}],
                            "Cem": [{"bean": "darth-beans", "values": [9]}]}}
    state = fold(RULES, *RULES.import_file(data))
    assert state == read(data)


# End of Game: "The game ends at the end of the turn of the player whose trophy collection
# is worth at least 30 points." Before that turn the pile was worth 29 or less, and one turn
# closes out at most two collections (the open one, then the secret one turned up, which
# "may then be closed out at once"); after closing out both, "a player ... must start a new
# open collection": one.

def test_a_pile_more_than_one_turn_over_29_is_refused():
    """End of Game: the player who ended gained at most one turn's close-outs over 29. All
    15 Bohrion as one player's trophies (84 points) never happen."""
    every_bohrion = bohrion(1, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9)
    data = {"format": "beans-score/1", "game": "space-beans", "players": ["Ann", "Ben"], "ended_by": "Ann",
            "trophies": {"Ann": every_bohrion, "Ben": []}, "collections": {"Ann": [], "Ben": []}}
    with pytest.raises(ScoreFileError) as exc:
        score(data)
    assert str(exc.value) == (
        "trophies.Ann: worth 84, but the game ends at the end of the turn in which a player's trophies "
        "reach 30, and one turn closes out at most two collections: without Bohrion 9 and Bohrion 9 the "
        "pile is still worth 66, so the game would have ended a turn earlier")


@pytest.mark.parametrize("ended_by", ["Allister", None])
def test_two_close_outs_in_the_last_turn_at_most(ended_by):
    """End of Game with actions 2 and 3: 29 + two 9s = 47 is one turn (both collections closed
    out, one new one laid); 48 is not; and after two close-outs there is one collection."""
    def allister(*extra: str, collections: int = 1) -> dict:
        data = allister_file()
        data["ended_by"] = ended_by
        data["trophies"]["Allister"] = trophies("bohrion-9", "moonbohnen-8", "bluebeans-7", "beanliens-5", *extra)
        data["collections"]["Allister"] = data["collections"]["Allister"][:collections]
        return data

    data = allister("klingbohnen-9", "darth-beans-9")
    assert score(data).players[0].breakdown["trophies"] == 47
    assert fold(RULES, *RULES.import_file(copy.deepcopy(data))) == read(data)
    with pytest.raises(ScoreFileError, match="^trophies.Allister: worth 48, but the game ends at the end of the "
                                             "turn in which a player's trophies reach 30"):
        score(allister("klingbohnen-9", "darth-beans-9", "centauribohnen-1"))
    with pytest.raises(ScoreFileError) as exc:
        score(allister("klingbohnen-9", "darth-beans-9", collections=2))
    assert str(exc.value) == (
        "collections.Allister: 2 collections, but Allister's trophies pass 29 only with two close-outs in "
        "the last turn, and a player who closed out both collections starts just one new collection in "
        "that turn")


def test_the_last_turns_collection_must_fit_the_deck():
    """End of Game: the collection closed out in the last turn lay on the table beside every
    other trophy; with every Bohrion a trophy, only a Bohrion 1 can have been closed out then."""
    data = {"format": "beans-score/1", "game": "space-beans", "players": ["Ann", "Ben", "Cem"], "ended_by": "Ann",
            "trophies": {"Ann": bohrion(9, 9, 8, 4), "Ben": bohrion(8, 7, 7, 6), "Cem": bohrion(6, 5, 5, 4, 3, 2, 1)},
            "collections": {"Ann": [], "Ben": [], "Cem": []}}
    with pytest.raises(ScoreFileError) as exc:
        score(data)
    assert str(exc.value) == ("trophies.Ann: worth 30, but no collection that could have lifted it over 29 in "
                              "the last turn fits the deck beside the other cards on the table")


def test_an_unfinished_file_at_30_leaves_only_that_turn():
    """End of Game: with ended_by null, the player at 30 is in the last turn; one who holds a
    collection has laid it (action 3), so only the end of the game is left to record."""
    data = allister_file()
    data["ended_by"] = None
    state = fold(RULES, *RULES.import_file(copy.deepcopy(data)))
    assert state.turn_over and refusal(RULES, state, RULES.parse_action({"kind": "end-game", "player": "Allister"})) is None
    assert "already reached 30" in (refusal(RULES, state, RULES.parse_action(
        {"kind": "lay", "player": "Leia", "collection": "open", "bean": "moonbohnen", "values": [4]})) or "")
    data["collections"]["Allister"] = []
    state = fold(RULES, *RULES.import_file(copy.deepcopy(data)))
    assert not state.turn_over and state == read(data)
    assert refusal(RULES, state, RULES.parse_action(
        {"kind": "lay", "player": "Allister", "collection": "open", "new": True, "bean": "darth-beans", "values": [2, 8]})) is None


def test_an_unfinished_games_import_keeps_secret_collections_private():
    data = allister_file()
    data["ended_by"] = None
    state = fold(RULES, *RULES.import_file(data))
    assert seen_by(state, "Leia")["players"][0]["secret_collection"] == {"cards": 2}


def test_an_imported_game_goes_on_from_whoever_plays_next():
    """A score file says what lies on the table, not whose turn it is: the imported entries
    are not held to turns and leave the turn open; the next entry starts that player's turn,
    and from it the turns pass to the left (Gameplay: "Turns pass clockwise")."""
    data = allister_file()
    data["ended_by"] = None
    data["trophies"]["Allister"] = trophies("bohrion-9", "moonbohnen-8", "bluebeans-7")
    data["collections"]["Allister"] = [{"bean": "klingbohnen", "values": [1, 4, 4, 5, 7, 9]}]
    setup, actions = RULES.import_file(data)
    assert all(a.get("in_turn") is False for a in actions if a["kind"] != "end-game")
    state = fold(RULES, setup, actions)
    assert state.turn is None
    state = RULES.apply(state, RULES.parse_action(
        {"kind": "lay", "player": "Leia", "collection": "open", "bean": "moonbohnen", "values": [2], "in_turn": True}))
    assert state.turn == "Allister"
    assert bare(refusal(RULES, state, RULES.parse_action(
        {"kind": "close-out", "player": "Leia", "in_turn": True}))) == (
        "Leia has laid this turn; close-outs come before the lay")


def test_a_finished_game_where_a_player_holds_no_collection_is_refused():
    """Issue 47; score-files.md (reading of 2026-12-05): once the game is over every player
    holds 1 or 2 collections. Gameplay: "the last two must be carried out"; "A player who has
    closed out both of his collections must start a new open collection with the following
    action"; End of Game: "The game ends at the end of the turn". An empty list is fine while
    the game is not over."""
    data = {"format": "beans-score/1", "game": "space-beans", "players": ["Ann", "Ben"], "ended_by": "Ann",
            "trophies": {"Ann": bohrion(9, 9, 8, 3, 1), "Ben": bohrion(8)},
            "collections": {"Ann": [{"bean": "moonbohnen", "values": [9]}], "Ben": []}}
    with pytest.raises(ScoreFileError) as exc:
        score(data)
    assert str(exc.value) == (
        "collections.Ben: Ben holds no collection, but the game is over: every turn ends with a lay, so at the "
        "end every player holds 1 or 2 collections (an empty list is fine only while the game is not over)")
    data["collections"]["Ben"] = [{"bean": "klingbohnen", "values": [9]}]
    assert score(data).winners == ("Ann",)
    data["ended_by"] = None
    data["trophies"]["Ann"] = bohrion(9, 9, 8)
    data["collections"] = {"Ann": [], "Ben": []}
    assert score(data).winners == ()
