"""Names a player can tell apart, at the doors of new names (issue 46, item 6): a new
game's setup (the app) and a score file (`beans score`, `beans import`, the app's
import) refuse a name a reader cannot tell apart, in one plain line naming the
characters; a stored game with such names still opens, plays on and restores."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from companion.backup import make_backup, read_backup, restore
from companion.cli import main
from companion.session import Games, PhoneGames
from companion.storage import Repository
from sheets.errors import RulesError, ScoreFileError

TWIN = "Ann\u200b"  # "Ann" and a zero-width space: Chromium shows two identical "Sit as Ann"
LOOKALIKE = "\u0410nn"  # a Cyrillic А
SCORE = {"format": "beans-score/1", "game": "bohnanza",
         "players": [{"name": "Ann", "coins": 14, "third_field": True},
                     {"name": LOOKALIKE, "coins": 9, "third_field": False},
                     {"name": "Cy", "coins": 11, "third_field": False}]}


@pytest.fixture
def games(tmp_path):
    games = Games(Repository(tmp_path / "data"))
    yield games
    games.repo.close()


@pytest.mark.parametrize("name, said", [
    (TWIN, "player 2: the name holds characters no one can see (U+200B ZERO WIDTH SPACE); leave them out"),
    ("\u202enna", "player 2: the name holds characters that turn the text's direction "
                  "(U+202E RIGHT-TO-LEFT OVERRIDE); leave them out"),
    ("\u3164", "player 2: the name shows nothing (U+3164 HANGUL FILLER)"),
    (LOOKALIKE, "player 2: “Аnn” looks like “Ann”, another player's name (U+0410 CYRILLIC CAPITAL LETTER A)"),
])
def test_a_new_game_refuses_a_name_no_one_can_tell_apart(games, name, said):
    phone = PhoneGames(games, "host")
    for game in ("nicht-die-bohne", "bohnanza", "space-beans"):
        with pytest.raises(RulesError) as refused:
            phone.new_game(game, {"players": ["Ann", name, "Cy"]})
        assert str(refused.value) == said
    assert games.summaries() == []  # nothing stored


def test_a_score_file_with_a_lookalike_name_is_refused_everywhere(games, tmp_path, capsys):
    with pytest.raises(ScoreFileError, match="^players: player 2: “Аnn” looks like “Ann”"):
        games.files.import_file(SCORE)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(SCORE), encoding="utf-8")
    for command in (["score", str(path)], ["import", "--data-dir", str(tmp_path / "other"), str(path)]):
        assert main(command) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and "U+0410 CYRILLIC CAPITAL LETTER A" in err
    assert not (tmp_path / "other").exists()


def test_a_stored_game_with_such_names_still_opens_plays_and_restores(games, tmp_path):
    """Stored before this rule: its names were accepted once, and stay."""
    record = games.repo.new_record("bohnanza", {"players": ["Ann", TWIN, LOOKALIKE]})
    games.repo.save(record)
    assert games.players(record.id) == ("Ann", TWIN, LOOKALIKE)
    assert [s.id for s in games.summaries()] == [record.id] and games.set_aside() == []
    games.dispatch(record.id, {"kind": "plant", "player": TWIN, "field": 1, "bean": "blue", "count": 3})
    raw = make_backup(games)
    with zipfile.ZipFile(io.BytesIO(raw)) as archive:
        assert f"games/{record.id}.json" in archive.namelist()
    other = Repository(tmp_path / "other")
    try:
        assert restore(other, read_backup(raw)).added == 1
        assert Games(other).players(record.id) == ("Ann", TWIN, LOOKALIKE)
    finally:
        other.close()
