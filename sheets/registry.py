"""Every game Bean Counter knows: ``GAMES`` by score-file id, ``KINDS`` by stored kind."""

from __future__ import annotations

from sheets.bohnanza import RULES as BOHNANZA
from sheets.game import GameRules
from sheets.gone_with_the_beans import RULES as GONE_WITH_THE_BEANS
from sheets.gone_with_the_beans.live import RULES as GONE_WITH_THE_BEANS_LIVE
from sheets.nicht_die_bohne import RULES as NICHT_DIE_BOHNE
from sheets.space_beans import RULES as SPACE_BEANS

GAMES: dict[str, GameRules] = {rules.id: rules for rules in (NICHT_DIE_BOHNE, GONE_WITH_THE_BEANS, SPACE_BEANS, BOHNANZA)}

# What a stored game can be: every score-file game, and Gone with the Beans played on the
# live sheet (it exports as a "gone-with-the-beans" score file).
KINDS: dict[str, GameRules] = {**GAMES, GONE_WITH_THE_BEANS_LIVE.id: GONE_WITH_THE_BEANS_LIVE}
