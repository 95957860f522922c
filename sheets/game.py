"""What every game's rules object offers the app, the storage and the command line.

A game is its setup plus an ordered log of actions; the state is ``fold``-ed from them.
Setups and actions cross the storage boundary as plain JSON-able dicts.

One vocabulary in every engine (``sheets/<game>/engine.py``):

- ``GAME_ID``: the game's id, its stored kind and its score files' ``"game"``.
- ``State.names``: the players' names in seating order.
- ``State.players``: each player's own record in seating order (Bohnanza ``Farmer``,
  Space Beans ``PlayerSheet``, Gone with the Beans ``PlayerSheet``, live sheet
  ``PlayerState``). Nicht die Bohne! has none: a round holds the cards by seat.
- ``State.player(name)``: that player's record; RulesError "'Zoe' is not playing; the
  players are Ann, Ben" for a name that is not.
- ``State.position(name)``: the 0-based seat, in games that index by seat (Nicht die
  Bohne!, Bohnanza); the same RulesError.
- ``Action``: the discriminated union of the game's actions on ``kind``; ``ACTION`` its
  TypeAdapter, ``parse_action`` its reader. An action's ``player`` names whose entry it is.
- ``Setup.players`` and a score file's ``"players"`` stay as stored.
- ``new_game``, ``apply``, ``is_over``, ``result``, ``players`` in the engine; ``read``,
  ``export``, ``import_file`` in ``scorefile.py``: wired into the package's ``RULES``.
- Words a player reads go through ``sheets.i18n``: a refusal is said where it is raised,
  ``RulesError(_("...{name}...").format(name=...))``, in the language of the phone whose
  call it is; a title, a rating or a breakdown word that is kept or shared is marked
  ``N_("...")`` and stays English in the state and in files (translated where shown).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from sheets.i18n import _
from sheets.names import isolated
from sheets.results import GameResult

S = TypeVar("S")  # a game's State
A = TypeVar("A")  # a game's Action (a discriminated union on ``kind``)
L = TypeVar("L")  # what a state allows one player: the game's own frozen type (``allowed``)
L_co = TypeVar("L_co", covariant=True)  # the same, as the protocol returns it

# (setup, actions) as storage keeps a game: what a score file imports as.
StoredGame = tuple[dict[str, Any], list[dict[str, Any]]]
# Each player's (name, ((what, how many), ...)) in seating order: ``GameRules.holdings``.
# ``what`` is English, marked N_ (translated where shown), in the order a player reads them.
Holdings = tuple[tuple[str, tuple[tuple[str, int], ...]], ...]


class GameRules(Protocol[S, A, L_co]):
    @property
    def id(self) -> str:
        """The stored kind, and the score files' "game" value, e.g. "nicht-die-bohne"."""

    @property
    def title(self) -> str:
        """As printed on the box."""

    def new_game(self, setup: dict[str, Any]) -> S:
        """The state at the start; raises RulesError for a bad setup."""

    def parse_action(self, data: dict[str, Any]) -> A:
        """An action from its JSON form; raises RulesError when it is not one."""

    def apply(self, state: S, action: A) -> S:
        """The new state; raises RulesError (the old state stays as it was)."""

    def is_over(self, state: S) -> bool: ...

    def result(self, state: S) -> GameResult: ...

    def players(self, state: S) -> tuple[str, ...]:
        """The players' names in seating order."""

    def allowed(self, state: S, player: str) -> L_co:
        """What ``player`` may do now: every action the rules allow, each refused one with
        its reason (in the asking phone's language), and the offers that go with them (a
        build's options and the payment proposed). Screens show it and decide no rule.
        ``player`` may be "" for the table's own entries. Pure: the session keeps the
        answer (``grounds``)."""

    def grounds(self, state: S, player: str) -> Hashable | None:
        """What ``allowed(state, player)`` depends on, when that is less than the whole
        state (equal grounds, equal answers: another player's entry does not change it);
        None: the state itself. The session keeps answers by their grounds."""

    def owner(self, action: A) -> str | None:
        """The player whose own entry the action changes; None for the table's shared entries.

        At a table of phones (table mode) only that player's seat may send it.
        """

    def score_file(self, data: dict[str, Any]) -> GameResult:
        """Score a ``beans-score/1`` file of this game; raises ScoreFileError."""

    def export(self, state: S) -> dict[str, Any]:
        """A finished game as a ``beans-score/1`` file."""

    def import_file(self, data: dict[str, Any]) -> StoredGame:
        """(setup, actions) that fold into the game a valid score file records."""

    def face_down(self, state: S) -> bool:
        """Whether something lies face-down, known to one seat only (a Space Beans secret
        collection): such a game leaves the table as a file only once it is turned up."""

    def describe(self, state: S, action: A) -> str:
        """An entry in a player's words, as made in ``state`` ("Ann took blue 3"): what
        Undo says it took back. Never more than that entry's own phone saw when it was
        made (no face-down card); in the asking phone's language."""

    @property
    def phase(self) -> Phase | None:
        """What the game is played in, and which one ``state`` is in ("round", the number of
        rounds begun): the timeline charts the totals at the end of each. None: a game
        charted entry by entry."""

    @property
    def holdings(self) -> Callable[[S], Holdings] | None:
        """What each player holds as ``state`` stands, beside the total (the live sheet's
        materials): the timeline charts it at the end of each ``phase``. Only what is on the
        table for every phone to see. None: a game whose timeline charts its totals only."""


@dataclass(frozen=True)
class Phase:
    """A game's rounds (or passes through the deck): ``name`` says which, ``of`` which one a
    state is in (1 for the first; 0 before it begins)."""

    name: Literal["round", "pass"]
    of: Callable[[Any], int]


def player_entry(action: object) -> str | None:
    """The usual owner: the action's ``player``, if it has one."""
    player = getattr(action, "player", None)
    return player if isinstance(player, str) else None


def table_entry(action: object) -> None:
    """For games whose every entry is the table's (any seat may make it)."""
    return None


def all_face_up(state: object) -> bool:
    """For games with nothing face-down: every entry is on the paper for all to see."""
    return False


def an_entry(state: object, action: object) -> str:
    """The usual ``describe``, for a game without words of its own: whose entry it is."""
    player = player_entry(action)
    return _("{player}'s entry").format(player=isolated(player)) if player else _("an entry for the whole table")


def the_state(state: object, player: str) -> None:
    """The usual ``grounds``: what a player may do depends on the whole state."""
    return None


class EngineRules(Generic[S, A, L]):
    """A game's ``GameRules``, wired from the functions of its engine (new_game,
    parse_action, apply, is_over, result, players, allowed) and of its score files (read:
    a file as the state it records; export; import_file), each passed by name."""

    def __init__(
        self,
        *,
        id: str,
        title: str,
        new_game: Callable[[dict[str, Any]], S],
        parse_action: Callable[[dict[str, Any]], A],
        apply: Callable[[S, A], S],
        is_over: Callable[[S], bool],
        result: Callable[[S], GameResult],
        players: Callable[[S], tuple[str, ...]],
        allowed: Callable[[S, str], L],
        read: Callable[[dict[str, Any]], S],
        export: Callable[[S], dict[str, Any]],
        import_file: Callable[[dict[str, Any]], StoredGame],
        owner: Callable[[A], str | None] = player_entry,
        face_down: Callable[[S], bool] = all_face_up,
        grounds: Callable[[S, str], Hashable | None] = the_state,
        describe: Callable[[S, A], str] = an_entry,
        phase: Phase | None = None,
        holdings: Callable[[S], Holdings] | None = None,
    ) -> None:
        self.id = id
        self.title = title
        self.new_game = new_game
        self.parse_action = parse_action
        self.apply = apply
        self.is_over = is_over
        self.result = result
        self.players = players
        self.allowed = allowed
        self.grounds = grounds
        self.read = read
        self.export = export
        self.import_file = import_file
        self.owner = owner
        self.face_down = face_down
        self.describe = describe
        self.phase = phase
        self.holdings = holdings

    def score_file(self, data: dict[str, Any]) -> GameResult:
        return self.result(self.read(data))

    def __repr__(self) -> str:
        return f"EngineRules({self.id!r})"


def fold(rules: GameRules[S, A, Any], setup: dict[str, Any], actions: Iterable[dict[str, Any]]) -> S:
    """Replay a stored game: the state after every action of the log."""
    state = rules.new_game(setup)
    for data in actions:
        state = rules.apply(state, rules.parse_action(data))
    return state
