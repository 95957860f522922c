"""The doors every file passes before any heavy work: size, encoding, nesting, number
size, the players' count and names. One place for these limits; each game's own player
range stays where the game defines it (its setup).

Every limit is far above any real game, and is checked before the work it bounds: the
byte limit before the JSON is parsed, the count of players before any player is read.
"""

from __future__ import annotations

import json
import re
from typing import Any

from sheets.errors import ScoreFileError
from sheets.i18n import _

MAX_BYTES = 1_000_000  # a score file of a real game is a few kilobytes; said in whole MB
MAX_DEPTH = 32  # score files nest about 5 deep
MAX_DIGITS = 9  # no count on a score sheet reaches a billion
MAX_PLAYERS = 100  # a file names at most this many players, whatever the game
MAX_NAME = 40  # characters in a player's name, surrounding blanks stripped
MAX_LOCATION = 100  # characters of where a game was played ("Where we play")
MAX_COMMENT = 2_000  # characters of a game's shared comment (as a private note)
MAX_FILES_AT_ONCE = 20_000  # files one `beans import` takes (as many as a backup holds), counted first

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
control_character = _CONTROL  # what one_line escapes: no name, place or comment holds one


def one_line(text: str) -> str:
    """``text`` with every control character escaped (a newline becomes ``\\n``, ESC
    ``\\x1b``): a message stays one line and never drives a terminal."""
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise ScoreFileError("", _("a number of {digits} digits; numbers here have at most {most}").format(
            digits=len(digits.lstrip("-")), most=MAX_DIGITS))
    return int(digits)


def _constant(word: str) -> Any:
    raise ScoreFileError("", _("{word} is not a number JSON allows").format(word=word))


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: a repeated key would silently keep only
    its last value (a second "players" list replacing the first), so it is refused."""
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            shown = json.dumps(key if len(key) <= MAX_NAME else key[:MAX_NAME] + "...", ensure_ascii=False)
            raise ScoreFileError("", _("the key {key} appears twice in one object; each key may appear once").format(
                key=one_line(shown)))
        seen.add(key)
    return dict(pairs)


def _depth_problem(data: Any) -> str | None:
    """Why ``data`` nests too deeply, or None (walked level by level, without recursion;
    only objects and lists are visited, so a long list of numbers costs one pass)."""
    level = [data] if isinstance(data, (dict, list)) else []
    depth = 1
    while level:
        if depth > MAX_DEPTH:
            return too_deep()
        inner: list[Any] = []
        for value in level:
            items = value.values() if isinstance(value, dict) else value
            inner.extend(item for item in items if isinstance(item, (dict, list)))
        level, depth = inner, depth + 1
    return None


def too_deep() -> str:
    """The refusal of a file nested deeper than MAX_DEPTH."""
    return _("nested more than {most} levels deep").format(most=MAX_DEPTH)


def check_size(raw: bytes) -> None:
    """ScoreFileError when ``raw`` is larger than any file this app reads (MAX_BYTES)."""
    if len(raw) > MAX_BYTES:
        raise ScoreFileError("", _("larger than {megabytes} MB; a score file is a few kilobytes").format(
            megabytes=MAX_BYTES // 1_000_000))


def json_problem(exc: json.JSONDecodeError, text: str) -> str:
    """What is wrong with JSON text, in a player's words and naming the line ("not JSON:
    line 10: a string is not closed"), never the parser's own words."""
    if not text.strip():
        return _("not JSON: the file is empty")
    problems = {
        "Expecting value": _("a value is missing or is not one JSON allows"),
        "Expecting property name enclosed in double quotes": _("a key is not in double quotes"),
        "Expecting ':' delimiter": _("a ':' is missing after a key"),
        "Expecting ',' delimiter": _("a ',' is missing between two items"),
        "Unterminated string starting at": _("a string is not closed"),
        "Invalid control character at": _("a string holds a line break or another control character"),
        "Invalid \\escape": _("a backslash starts no escape JSON knows"),
        "Invalid \\uXXXX escape": _("a backslash starts no escape JSON knows"),
        "Extra data": _("more text follows the end of the JSON"),
    }
    problem = problems.get(exc.msg)
    if exc.msg == "Invalid control character at" and text[exc.pos:exc.pos + 1] in ("\n", "\r"):
        problem = problems["Unterminated string starting at"]  # the line ends inside a string
    if problem is None:
        problem = _("a comma before a closing bracket") if exc.msg.startswith("Illegal trailing comma") \
            else _("this is not JSON")
    return _("not JSON: line {line}: {problem}").format(line=exc.lineno, problem=problem)


def read_json(raw: bytes) -> Any:
    """The JSON value in ``raw`` (UTF-8, with or without a byte-order mark), checked for
    size, nesting, number size and repeated keys; ScoreFileError with one plain line otherwise."""
    check_size(raw)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ScoreFileError("", _("not a text file (UTF-8)")) from None
    try:
        data = json.loads(text, parse_int=_int, parse_constant=_constant, object_pairs_hook=unique_keys)
    except json.JSONDecodeError as exc:
        raise ScoreFileError("", json_problem(exc, text)) from None
    except RecursionError:
        raise ScoreFileError("", too_deep()) from None
    why = _depth_problem(data)
    if why:
        raise ScoreFileError("", why)
    return data


def check_count(players: Any) -> None:
    """At most MAX_PLAYERS players, counted before any player is read (each game's own
    range is checked next, by its setup, also before any name is read)."""
    if isinstance(players, (list, dict)) and len(players) > MAX_PLAYERS:
        raise ScoreFileError("players", _("{n} players; a score file names at most {most}").format(
            n=len(players), most=MAX_PLAYERS))


def name_problem(name: str) -> str | None:
    """Why a player's name (already stripped) cannot be used, or None."""
    if len(name) > MAX_NAME:
        return _("the name is {n} characters long; at most {most}").format(n=len(name), most=MAX_NAME)
    if _CONTROL.search(name):
        return _("{name} holds a control character").format(name=one_line(repr(name)))
    return None
