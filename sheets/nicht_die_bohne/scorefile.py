"""``nicht-die-bohne`` score files (shared/design/score-files.md)."""

from __future__ import annotations

from typing import Any

from pydantic import field_validator

from sheets.errors import RulesError, ScoreFileError
from sheets.i18n import _, ngettext
from sheets.model import Frozen
from sheets.nicht_die_bohne.cards import Card
from sheets.nicht_die_bohne.engine import GAME_ID, ROUNDS, CorrectRound, EnterCards, RecordChip, Setup, State, apply
from sheets.results import clean_names
from sheets.scorefile import FORMAT, parse_model


class NichtDieBohneFile(Frozen):
    format: str
    game: str
    players: tuple[str, ...]
    rounds: tuple[dict[str, tuple[Card, ...]], ...]
    # Who started each round (took the Bean chip at the deal, then last in the round
    # before), one per round or fewer, null where not told; a file without it: none told.
    starters: tuple[str | None, ...] = ()

    @field_validator("players", mode="before")
    @classmethod
    def _names(cls, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise ValueError(_("must be a list of names"))
        try:
            return clean_names(value, 3, 6)
        except RulesError as exc:
            raise ValueError(str(exc)) from None


    @field_validator("rounds")
    @classmethod
    def _one_to_three(cls, value: tuple[dict[str, tuple[Card, ...]], ...]) -> tuple[dict[str, tuple[Card, ...]], ...]:
        if not 1 <= len(value) <= ROUNDS:
            raise ValueError(ngettext("{n} round; a game has 1 to {rounds}", "{n} rounds; a game has 1 to {rounds}",
                                      len(value)).format(n=len(value), rounds=ROUNDS))
        return value


def read(data: dict[str, Any]) -> State:
    """The finished (or partly played) game a score file records; ScoreFileError if invalid."""
    parsed = parse_model(NichtDieBohneFile, data)
    state = State(names=parsed.players)
    for index, round_cards in enumerate(parsed.rounds):
        place = f"rounds[{index}]"
        cards: dict[str, tuple[Card, ...]] = {}
        for key, listed in round_cards.items():  # names compared with blanks stripped
            name = key.strip()
            if name not in parsed.players:
                raise ScoreFileError(f"{place}.{name}", _("not one of the players"))
            if name in cards:
                raise ScoreFileError(f"{place}.{key}", _("{name} is named twice in round {number}").format(
                    name=name, number=index + 1))
            cards[name] = listed
        for name in parsed.players:
            if name not in cards:
                raise ScoreFileError(f"{place}.{name}", _("missing: list the cards this player collected"))
        try:
            for name in parsed.players:  # enter-cards checks the cards as they are added
                state = apply(state, EnterCards(round=index + 1, player=name, cards=cards[name]))
            state = apply(state, CorrectRound(round=index + 1, cards=cards))  # and completeness
        except RulesError as exc:
            raise ScoreFileError(f"{place}.{exc.where}" if exc.where else place, exc.reason) from None
    if len(parsed.starters) > len(parsed.rounds):
        raise ScoreFileError("starters", ngettext("{n} starter for {rounds} rounds; one per round at most",
                                                  "{n} starters for {rounds} rounds; one per round at most",
                                                  len(parsed.starters)).format(n=len(parsed.starters),
                                                                               rounds=len(parsed.rounds)))
    for index, starter in enumerate(parsed.starters):
        who = starter.strip() if starter is not None else None
        if who is not None and who not in parsed.players:
            raise ScoreFileError(f"starters[{index}]", _("not one of the players"))
        state = apply(state, RecordChip(round=index, player=who, closed=False))  # the file's record of the end
    return state


def export(state: State) -> dict[str, Any]:
    """The complete rounds as a score file (a round still being entered is left out:
    score files hold complete rounds only)."""
    if not state.round_complete(1):
        raise RulesError(_("no round is complete yet: a score file holds complete rounds"))
    complete = [n for n in range(1, len(state.rounds) + 1) if state.round_complete(n)]
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": GAME_ID,
        "players": list(state.names),
        "rounds": [{p: [str(c) for c in state.rounds[n - 1].cards[i]] for i, p in enumerate(state.names)}
                   for n in complete],
    }
    starters = [state.starter(n) for n in complete]
    if any(starters):  # who started each round, where told
        data["starters"] = starters
    return data


def import_file(data: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    state = read(data)
    setup = Setup(players=state.names).model_dump(mode="json")
    actions: list[dict[str, Any]] = []
    for n, r in enumerate(state.rounds, start=1):  # each round's starter as it begins (a finished game is closed)
        starter = state.starter(n)
        if starter is not None:
            actions.append(RecordChip(round=n - 1, player=starter).model_dump(mode="json"))
        actions += [EnterCards(round=n, player=p, cards=r.cards[i]).model_dump(mode="json")
                    for i, p in enumerate(state.names)]
    return setup, actions
