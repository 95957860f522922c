"""Every game Bean Counter knows, by its score-file id."""

from __future__ import annotations

from sheets.bohnanza import RULES as BOHNANZA
from sheets.game import GameRules
from sheets.gone_with_the_beans import RULES as GONE_WITH_THE_BEANS
from sheets.nicht_die_bohne import RULES as NICHT_DIE_BOHNE
from sheets.space_beans import RULES as SPACE_BEANS

GAMES: dict[str, GameRules] = {rules.id: rules for rules in (NICHT_DIE_BOHNE, GONE_WITH_THE_BEANS, SPACE_BEANS, BOHNANZA)}
