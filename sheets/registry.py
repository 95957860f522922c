"""Every game Bean Counter knows: ``GAMES`` by score-file id, ``KINDS`` by stored kind;
``score`` reads any game's score file."""

from __future__ import annotations

from typing import Any

from sheets.bohnanza import RULES as BOHNANZA
from sheets.errors import ScoreFileError
from sheets.game import GameRules
from sheets.i18n import _
from sheets.gone_with_the_beans import RULES as GONE_WITH_THE_BEANS
from sheets.gone_with_the_beans.live import RULES as GONE_WITH_THE_BEANS_LIVE
from sheets.nicht_die_bohne import RULES as NICHT_DIE_BOHNE
from sheets.limits import check_count
from sheets.names import readable_problem_at
from sheets.results import GameResult
from sheets.scorefile import FORMAT, check_start_player, split_play_fields
from sheets.space_beans import RULES as SPACE_BEANS

GAMES: dict[str, GameRules[Any, Any, Any]] = {rules.id: rules for rules in (NICHT_DIE_BOHNE, GONE_WITH_THE_BEANS, SPACE_BEANS, BOHNANZA)}

# What a stored game can be: every score-file game, and Gone with the Beans played on the
# live sheet (it exports as a "gone-with-the-beans" score file).
KINDS: dict[str, GameRules[Any, Any, Any]] = {**GAMES, GONE_WITH_THE_BEANS_LIVE.id: GONE_WITH_THE_BEANS_LIVE}


def score(data: Any, stored: bool = False) -> GameResult:
    """Score any game's score file: checks the envelope, then the game's own rules, then
    that its players' names can be told apart (``sheets.names``; not for a file made of a
    ``stored`` game, which keeps the names it was stored with)."""
    if not isinstance(data, dict):
        raise ScoreFileError("", _("a score file is a JSON object"))
    if data.get("format") != FORMAT:
        raise ScoreFileError("format", _('must be "{format}"').format(format=FORMAT))
    game = data.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise ScoreFileError("game", _("unknown game {game}; one of {games}").format(
            game=repr(game)[:60], games=", ".join(GAMES)))
    check_count(data.get("players"))
    rest, fields = split_play_fields(data)  # the optional fields every game's file may carry
    result = GAMES[game].score_file(rest)
    check_start_player(fields, [p.name for p in result.players])
    problem = None if stored else readable_problem_at([p.name for p in result.players])
    if problem:
        raise ScoreFileError("players", _("player {number}: {reason}").format(number=problem[0] + 1, reason=problem[1]))
    return result
