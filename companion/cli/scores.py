"""``beans score`` and ``beans schema``: a score file scored, and the files' JSON Schema;
neither touches the data directory."""

from __future__ import annotations

import argparse
import json
import sys

from companion.cli.shared import Commands, UsageError, read_json_file
from sheets.errors import RulesError, ScoreFileError
from sheets.names import columns, isolated, listed, padded
from sheets.results import GameResult


def format_table(result: GameResult) -> str:
    """A readable result: rank, name, total and the breakdown's top-level numbers, best
    rank first (tied players in the file's order; the JSON keeps the file's order)."""
    lines = []
    width = max(columns(p.name) for p in result.players)
    for p in sorted(result.players, key=lambda p: p.rank):
        parts = [
            f"{key} {value}" for key, value in p.breakdown.items()
            if key != "total" and isinstance(value, int)
        ]
        if "rounds" in p.breakdown:
            parts = [f"round {i} {r['total']:+d}" for i, r in enumerate(p.breakdown["rounds"], 1)]
        extra = f"  ({', '.join(parts)})" if parts else ""
        rating = f"  {p.rating}" if p.rating else ""
        lines.append(f"{p.rank:>2}. {padded(isolated(p.name), width)}  {p.total:>4}{extra}{rating}")
    if result.winners and len(result.players) == 1:  # solitaire: a rating, not a winner
        lines.append(f"Solitaire: {result.players[0].total} points, {result.players[0].rating}")
    elif result.winners:
        lines.append(("Winner: " if len(result.winners) == 1 else "Shared victory: ") + listed(result.winners))
    else:
        lines.append("The game is not over.")
    return "\n".join(lines)


def cmd_score(args: argparse.Namespace) -> int:
    from sheets.registry import score

    data = read_json_file(args.file)
    try:
        result = score(data)
    except (ScoreFileError, RulesError) as exc:
        raise UsageError(f"{args.file}: {exc}") from None
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        print(format_table(result))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from sheets.scorefile import json_schema_text

    sys.stdout.write(json_schema_text())
    return 0


def add_score(commands: Commands) -> None:
    score = commands.add("score", cmd_score, help="score a beans-score/1 file", data_dir=False)
    score.add_argument("--json", action="store_true", help="print the result as JSON")
    score.add_argument("file", help="the score file, or - for standard input")


def add_schema(commands: Commands) -> None:
    commands.add("schema", cmd_schema, help="print the JSON Schema of beans-score/1 files", data_dir=False)
