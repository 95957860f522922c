"""The 60-card deck of Nicht die Bohne! (rulebook: Contents, The Cards, Preparation)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import StrEnum
from functools import total_ordering
from typing import Any

from pydantic import ValidationError, model_serializer, model_validator

from sheets.errors import RulesError, first_problem
from sheets.i18n import N_, _, ngettext, pgettext
from sheets.model import Frozen


class Colour(StrEnum):
    BLUE = "blue"
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"


NUMBERS = tuple(str(n) for n in range(1, 11))
NULLIFIER = "nullifier"
DOUBLER = "doubler"
PLUSMINUS = "plusminus"
SPECIALS = (NULLIFIER, DOUBLER, PLUSMINUS)
FACES = NUMBERS + SPECIALS
# Where a card sorts: by colour, then by face, as the keypad lists them.
_ORDER = {(colour, face): (c, f) for c, colour in enumerate(Colour) for f, face in enumerate(FACES)}

# Per colour: the numbers 1-10 once, one Nullifier, one Doubler, three Plus/Minus.
COPIES_PER_COLOUR = {**{n: 1 for n in NUMBERS}, NULLIFIER: 1, DOUBLER: 1, PLUSMINUS: 3}

# Cards dealt to each player by number of players (rulebook: Preparation).
HAND_SIZES = {3: 20, 4: 15, 5: 12, 6: 10}

# As printed; translated where shown: face_name(), colour_name().
FACE_NAMES = {NULLIFIER: N_("Nullifier"), DOUBLER: N_("Doubler"), PLUSMINUS: N_("Plus/Minus")}
COLOUR_NAMES = {Colour.BLUE: N_("blue"), Colour.RED: N_("red"), Colour.GREEN: N_("green"), Colour.YELLOW: N_("yellow")}


def face_name(face: str) -> str:
    """A card's value as printed, in the phone's language: "7", "Doubler" ("Verdoppler")."""
    return _(FACE_NAMES[face]) if face in FACE_NAMES else face


def colour_name(colour: Colour) -> str:
    """A colour as a player says it: "blue" ("Blau")."""
    return _(COLOUR_NAMES[colour])


@total_ordering
class Card(Frozen):
    """One card, written ``COLOUR-VALUE`` in files and actions (``red-3``, ``blue-doubler``)."""

    colour: Colour
    face: str

    @model_validator(mode="before")
    @classmethod
    def _from_notation(cls, data: Any) -> Any:
        if isinstance(data, str):
            colour, sep, face = data.strip().lower().partition("-")
            if not sep or colour not in Colour.__members__.values() or face not in FACES:
                raise ValueError(_(
                    "{card} is not a card; write COLOUR-VALUE with a colour of "
                    "blue, red, green, yellow and a value 1..10, nullifier, doubler or plusminus"
                ).format(card=repr(data)))
            return {"colour": colour, "face": face}
        return data

    @model_validator(mode="after")
    def _known_face(self) -> "Card":
        if self.face not in FACES:
            raise ValueError(_("{value} is not a card value").format(value=repr(self.face)))
        return self

    @model_serializer
    def _as_notation(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return f"{self.colour.value}-{self.face}"

    @property
    def number(self) -> int | None:
        return int(self.face) if self.face in NUMBERS else None

    @property
    def label(self) -> str:
        """How a player says it: "red 3", "blue Plus/Minus" ("Rot 3", "Blau Plus/Minus")."""
        return pgettext("a card", "{colour} {value}").format(colour=colour_name(self.colour),
                                                           value=face_name(self.face))

    def _key(self) -> tuple[int, int]:
        return _ORDER[self.colour, self.face]

    def __lt__(self, other: "Card") -> bool:
        return self._key() < other._key()


def parse_card(text: str) -> Card:
    try:
        return Card.model_validate(text)
    except ValidationError as exc:
        raise RulesError(first_problem(exc)) from None


DECK: Counter[Card] = Counter(
    {Card(colour=c, face=f): n for c in Colour for f, n in COPIES_PER_COLOUR.items()}
)


def hand_size(player_count: int) -> int:
    if player_count not in HAND_SIZES:
        raise RulesError(_("{n} players; Nicht die Bohne! is for 3 to 6").format(n=player_count))
    return HAND_SIZES[player_count]


def too_many(card: Card, count: int) -> str:
    """The refusal for ``count`` copies of a card the deck holds fewer of."""
    held = DECK[card]
    return ngettext("{card} {count} times; the deck holds one", "{card} {count} times; the deck holds {n}",
                    held).format(card=card.label, count=count, n=held)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a player says them, by colour: "blue 4, 8, Doubler; red 3, Plus/Minus"."""
    by_colour: dict[Colour, list[str]] = {}
    for card in sorted(cards):
        by_colour.setdefault(card.colour, []).append(face_name(card.face))
    return "; ".join(pgettext("a card", "{colour} {value}").format(colour=colour_name(colour), value=", ".join(faces))
                     for colour, faces in by_colour.items())
