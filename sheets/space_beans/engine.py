"""The Space Beans score sheet: what lies in front of each player, action by action.

The sheet mirrors the table, not the hands: drawing and passing cards are not recorded.
Three kinds of action are enough to record a game:

- ``lay``: action 3 of a turn, add cards to the open or the secret collection, or start
  a new one (``new``); a player's first collection is the open one, a second one the
  secret one.
- ``close-out``: action 2, close out the open collection; the secret one then turns up
  as the open one. ``forced`` when the player has two collections and no card in hand
  fits either: the only close-out that may discard a valueless collection.
- ``end-game``: the turn of a player whose trophies reached 30 has ended (after that
  player's lay: every turn ends with one).

Turns (rulebook, Gameplay: "Turns pass clockwise"; action 3, then "It is then the turn of
the player to the left"): the lay is the last recorded action of a turn, so after it the
turn passes to the next player in seating order (``State.turn``). One lay a turn, and
close-outs only before it (action 2: "Collections of SpaceBeans may only be closed out
before this action, not after"). The first entry of a game says who starts (the player to
the left of the dealer, whom the sheet does not know). Every lay and close-out recorded
now says so (``in_turn``) and is held to the turn.

Old games: an entry stored before the sheet kept the turns has no ``in_turn`` and is read
as it was recorded (the end rules were kept then too): it is not held to a turn and leaves
the turn open, so the next entry recorded now says whose turn it is, as at the start of a
game. So every stored game still folds, and goes on from whoever lays or closes out next.

The end at 30 binds (rulebook, End of Game: "The game ends at the end of the turn of the
player whose trophy collection is worth at least 30 points"). Trophies grow only by a
close-out (action 2), so the turn that reaches 30 still holds the rest of action 2 (the
secret collection turned up may be closed out at once) and action 3, the one lay; passing
the hand (action 4) is not recorded. From the reach on, nobody else lays or closes out;
the reaching player's lay ends the turn (``State.turn_over``), and then only ``end-game``
is accepted.

Privacy: ``PlayerSheet.secret_collection`` lies face-down, known only to its player until
the game ends; show the state to anyone else through ``seen_by``. (A ``lay`` with
``collection == "secret"`` names those cards too: the engine does not hide the log.)
No answer of ``apply`` reads another player's face-down cards either: a lay is held to the
supply rule against the cards its player can see (``known_to``: every card face up, and the
player's own secret collection). Refusing a lay because its card lies face down in front of
someone else would tell every phone that sees the refusal what that collection holds. So a
card recorded twice while one copy lies face down (a recording mistake: the cards on the
table are real) is not refused; it shows once that collection is turned up, and a score file
holding it is refused on import, naming the card.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import Field, TypeAdapter, field_validator

from sheets.errors import RulesError, parse_entry, parse_setup
from sheets.i18n import _, ngettext
from sheets.model import Frozen
from sheets.names import isolated
from sheets.results import GameResult, build_result, clean_names, position_of
from sheets.space_beans.cards import BEAN_NAMES, Bean, Card, CardValue, Collection, check_supply
from sheets.space_beans.scoring import END_AT, close_out, score, trophy_points, worth

GAME_ID = "space-beans"


def player_names(value: Any) -> tuple[str, ...]:
    """2 to 6 players (rulebook: Game Contents), named as score-files.md wants."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(_("must be a list of names"))
    try:
        return clean_names(value, 2, 6)
    except RulesError as exc:
        raise ValueError(str(exc)) from None


class Setup(Frozen):
    players: tuple[str, ...]  # in seating order

    @field_validator("players", mode="before")
    @classmethod
    def _names(cls, value: Any) -> tuple[str, ...]:
        return player_names(value)


class PlayerSheet(Frozen):
    """What lies in front of one player.

    ``secret_collection`` lies face-down: only its owner may see its cards before the
    game ends; everyone may see how many cards it holds.
    """

    name: str
    trophies: tuple[Card, ...] = ()  # sorted: a pile has no order
    open_collection: Collection | None = None
    secret_collection: Collection | None = None  # only beside an open collection

    @property
    def collections(self) -> tuple[Collection, ...]:
        return tuple(c for c in (self.open_collection, self.secret_collection) if c is not None)

    @property
    def trophy_points(self) -> int:
        return trophy_points(self.trophies)

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card in front of the player: trophies and collections."""
        return self.trophies + tuple(card for c in self.collections for card in c.cards)


class State(Frozen):
    players: tuple[PlayerSheet, ...]  # in seating order
    ended_by: str | None = None  # set when the game is over
    # The turn in which a player's trophies reached 30 is over (that player laid, or the
    # game ended): only the end of the game is recorded now.
    turn_over: bool = False
    # Whose turn it is (None: open, before the first entry or after an old game's entries:
    # the next entry starts that player's turn) and who laid last (that turn is over).
    turn: str | None = None
    laid: str | None = None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def player(self, name: str) -> PlayerSheet:
        return self.players[position_of(self.names, name)]

    def on_table(self) -> Counter[Card]:
        """Every card in front of every player, face down too (the table's record)."""
        return Counter(card for sheet in self.players for card in sheet.cards)

    def known_to(self, name: str) -> Counter[Card]:
        """The cards on the table ``name`` can see: trophies and open collections (face up)
        and ``name``'s own secret collection; never another player's face-down cards."""
        cards = Counter(card for sheet in self.players for card in sheet.trophies)
        for sheet in self.players:
            if sheet.open_collection is not None:
                cards.update(sheet.open_collection.cards)
            if sheet.secret_collection is not None and sheet.name == name:
                cards.update(sheet.secret_collection.cards)
        return cards

    @property
    def reached(self) -> PlayerSheet | None:
        """The player whose trophies reached 30 (there is never more than one): the game
        ends at the end of that player's turn."""
        return next((s for s in self.players if s.trophy_points >= END_AT), None)

    def left_of(self, name: str) -> str:
        """The next player in seating order: the one to the left (turns pass clockwise)."""
        return self.names[(position_of(self.names, name) + 1) % len(self.names)]

    def with_player(self, new: PlayerSheet) -> "State":
        players = tuple(new if p.name == new.name else p for p in self.players)
        return self.changed(players=players)


class Lay(Frozen):
    """Add cards of one bean type to a collection, or start a new one (rulebook: action 3)."""

    kind: Literal["lay"] = "lay"
    player: str
    collection: Literal["open", "secret"]
    new: bool = False
    bean: Bean
    values: tuple[CardValue, ...] = Field(min_length=1)
    in_turn: bool = True  # held to the turn; False: an entry stored before the turns were kept

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(Card(bean=self.bean, value=v) for v in self.values)


class CloseOut(Frozen):
    """Close out the open collection (rulebook: action 2)."""

    kind: Literal["close-out"] = "close-out"
    player: str
    forced: bool = False  # two collections and no card in hand fits either
    in_turn: bool = True  # held to the turn; False: an entry stored before the turns were kept


class EndGame(Frozen):
    """The turn of the player whose trophies reached 30 is over (rulebook: End of Game)."""

    kind: Literal["end-game"] = "end-game"
    player: str
    # Held to the turn: recorded after that player's lay, which ends the turn ("the last two
    # must be carried out"). False: an entry stored before (issue 47), read as recorded.
    in_turn: bool = True


Action = Annotated[Lay | CloseOut | EndGame, Field(discriminator="kind")]
ACTION: TypeAdapter[Action] = TypeAdapter(Action)


def new_game(setup: dict[str, Any]) -> State:
    parsed = parse_setup(Setup, setup)
    return new_state(parsed)


def owner(action: Action) -> str | None:
    """Laying and closing out are a player's own; the end of the game is the table's."""
    return None if isinstance(action, EndGame) else action.player


def new_state(setup: Setup) -> State:
    return State(players=tuple(PlayerSheet(name=n) for n in setup.players))


def check_where(sheet: PlayerSheet, which: Literal["open", "secret"], new: bool) -> None:
    """Whether ``sheet``'s player may lay to that collection (rulebook: action 3): a new
    one only as the first (open) or second (secret) collection, an existing one only
    when there is one. Raises RulesError."""
    name = sheet.name
    if new:
        if sheet.secret_collection is not None:
            raise RulesError(_("{name} already has two collections, the most a player may have; "
                               "close out the open one first").format(name=isolated(name)))
        expected = "open" if sheet.open_collection is None else "secret"
        if which != expected:
            raise RulesError(
                _("{name} has no collection yet, so a new collection is the open one").format(name=isolated(name))
                if expected == "open"
                else _("{name} has an open collection, so a new collection is the secret one").format(name=isolated(name))
            )
        return
    current = sheet.open_collection if which == "open" else sheet.secret_collection
    if current is None:
        raise RulesError((_("{name} has no open collection to add to; start a new one") if which == "open"
                          else _("{name} has no secret collection to add to; start a new one")).format(name=isolated(name)))


def _lay(state: State, sheet: PlayerSheet, action: Lay) -> PlayerSheet:
    name, which = sheet.name, action.collection
    check_where(sheet, which, action.new)
    if action.new:
        values = action.values
    else:
        current = sheet.open_collection if which == "open" else sheet.secret_collection
        assert current is not None  # check_where: there is one to add to
        if current.bean != action.bean:
            raise RulesError((_("{name}'s open collection is {bean}, not {other}") if which == "open"
                              else _("{name}'s secret collection is {bean}, not {other}")).format(
                name=isolated(name), bean=BEAN_NAMES[current.bean], other=BEAN_NAMES[action.bean]))
        values = current.values + action.values
    check_supply(state.known_to(name), action.cards)  # never another player's face-down cards
    return sheet.changed(**{f"{which}_collection": Collection(bean=action.bean, values=values)})


def check_close_out(sheet: PlayerSheet, forced: bool) -> None:
    """Whether ``sheet``'s player may close out the open collection (rulebook: action 2),
    ``forced`` or not. Raises RulesError."""
    name, collection = sheet.name, sheet.open_collection
    if collection is None:
        raise RulesError(_("{name} has no collection to close out").format(name=isolated(name)))
    if forced and sheet.secret_collection is None:
        raise RulesError(_("{name} has only one collection: a close-out is forced only when a player "
                           "with two collections has no card in hand that fits either").format(name=isolated(name)))
    size = len(collection.values)
    if not forced and worth(collection) == 0:
        raise RulesError(ngettext("{name}'s open collection ({collection}) has {n} card and no {n}: "
                                  "it has no value, and is closed out only when forced",
                                  "{name}'s open collection ({collection}) has {n} cards and no {n}: "
                                  "it has no value, and is closed out only when forced", size).format(
            name=isolated(name), collection=collection.label, n=size))


def _close_out(sheet: PlayerSheet, forced: bool) -> PlayerSheet:
    check_close_out(sheet, forced)
    assert sheet.open_collection is not None  # check_close_out: there is one
    outcome = close_out(sheet.open_collection)
    trophies = sheet.trophies + ((outcome.trophy,) if outcome.trophy else ())
    return sheet.changed(trophies=tuple(sorted(trophies)), open_collection=sheet.secret_collection,
                         secret_collection=None)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises RulesError and leaves ``state`` as it was."""
    check_not_over(state)
    sheet = state.player(action.player)
    if isinstance(action, EndGame):
        check_end(sheet)
        if action.in_turn:
            check_turn_over(state, sheet)
        return state.changed(ended_by=sheet.name, turn_over=True)
    in_the_last_turn(state, sheet)
    if action.in_turn:
        check_turn(state, sheet.name, lay=isinstance(action, Lay))
    if isinstance(action, Lay):
        # The lay is the last recorded action of a turn: the turn passes to the left. Action 3
        # of the turn that reached 30 ends that turn, and with it the game.
        after = state.with_player(_lay(state, sheet, action))
        if action.in_turn:
            return after.changed(turn_over=state.reached is not None, turn=state.left_of(sheet.name),
                                 laid=sheet.name)
        return after.changed(turn_over=state.reached is not None, turn=None, laid=None)
    if isinstance(action, CloseOut):
        after = state.with_player(_close_out(sheet, action.forced))
        return after.changed(turn=sheet.name, laid=None) if action.in_turn else after
    raise RulesError(_("{action} is not a Space Beans action").format(action=repr(action)))


def check_not_over(state: State) -> None:
    """Nothing is recorded after the end of the game. Raises RulesError."""
    if state.ended_by is not None:
        raise RulesError(_("the game is over: {name} ended it").format(name=isolated(state.ended_by)))


def check_end(sheet: PlayerSheet) -> None:
    """Whether the game may end after ``sheet``'s player's turn (rulebook: End of Game).
    Raises RulesError."""
    if sheet.trophy_points < END_AT:
        raise RulesError(_("{name}'s trophies are worth {points}; the game ends only after the turn in "
                           "which a player's trophies reach {end}").format(
            name=isolated(sheet.name), points=sheet.trophy_points, end=END_AT))


def check_turn_over(state: State, sheet: PlayerSheet) -> None:
    """The game ends at the end of the turn that reached 30 (rulebook, End of Game), and every
    turn ends with a lay (Gameplay: "the last two must be carried out"; a player who closed out
    both collections "must start a new open collection"): so at the end every player holds 1
    or 2 collections (score-files.md, reading of 2026-12-05). Raises RulesError."""
    if not state.turn_over:
        raise RulesError(_("{name} lays first: every turn ends with a lay, and the game ends at the end of "
                           "{name}'s turn").format(name=isolated(sheet.name)))


def in_the_last_turn(state: State, sheet: PlayerSheet) -> None:
    """Once a player's trophies reached 30 it is that player's last turn (rulebook, End of
    Game): nobody else lays or closes out, and after that player's lay the turn is over."""
    reached = state.reached
    if reached is None:
        return
    who = reached.name
    if state.turn_over:
        raise RulesError(_("{who}'s trophies already reached {end} and {who}'s turn is over, so the game "
                           "has ended: record the end of the game").format(who=who, end=END_AT))
    if sheet.name != who:
        raise RulesError(_("{who}'s trophies already reached {end}: the game ends at the end of {who}'s "
                           "turn, and nobody else lays or closes out before it").format(who=who, end=END_AT))


def check_turn(state: State, name: str, lay: bool) -> None:
    """Whether ``name`` may lay (``lay``) or close out now (rulebook, Gameplay: turns pass
    clockwise; one lay, action 3, and close-outs, action 2, before it). The last turn, once
    a player's trophies reached 30, is ``in_the_last_turn``'s. Raises RulesError."""
    turn = state.turn
    if state.reached is not None or turn is None or turn == name:
        return
    if name == state.laid:
        raise RulesError((_("{name} has laid this turn: one lay a turn, and now it is {turn}'s turn") if lay
                          else _("{name} has laid this turn; close-outs come before the lay")).format(
            name=isolated(name), turn=turn))
    raise RulesError(_("It is {turn}'s turn").format(turn=turn))


def players(state: State) -> tuple[str, ...]:
    return state.names


def is_over(state: State) -> bool:
    return state.ended_by is not None


def breakdown(state: State, sheet: PlayerSheet) -> dict[str, int]:
    return score(sheet.trophies, sheet.collections, is_over(state), sheet.name == state.ended_by)


def result(state: State) -> GameResult:
    return build_result(GAME_ID, {s.name: breakdown(state, s) for s in state.players}, over=is_over(state))


def face_down(state: State) -> bool:
    """Whether a secret collection still lies face-down (rulebook: it is turned up at a
    close-out and at the end of the game)."""
    return not is_over(state) and any(p.secret_collection is not None for p in state.players)


def seen_by(state: State, viewer: str | None) -> dict[str, Any]:
    """The state as JSON for ``viewer`` (None: an onlooker). Until the game is over, every
    other player's secret collection shows only how many cards it holds: ``{"cards": n}``."""
    data = state.model_dump(mode="json")
    if not is_over(state):  # at the end all secret collections are turned face-up
        for sheet in data["players"]:
            secret = sheet["secret_collection"]
            if secret is not None and sheet["name"] != viewer:
                sheet["secret_collection"] = {"cards": len(secret["values"])}
    return data


def parse_action(data: Any) -> Action:
    """An entry; a lay or close-out stored before the turns were kept (no ``in_turn``) is
    read as recorded (``in_turn`` False: see the module's "Old games")."""
    return parse_entry(ACTION, data, since=("in_turn", ("lay", "close-out", "end-game"), False))
