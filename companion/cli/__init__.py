"""The ``beans`` command: serve (the default), score, export, import, list, delete,
restore, bin, players, schema.

Exit status: 0 done; 2 bad input (one line on stderr, no traceback); 1 anything else.
Each command imports what it needs when it runs: ``beans score`` never loads Flet or
the storage, so it answers at once.

A module of this package per concern (``serve``, ``scores``, ``games``, ``files``,
``deleted``, ``players``) adds its subcommands in its ``add_commands(commands)`` (``shared.Commands``:
``commands.add(name, run, help=...)`` gives the subcommand for its options);
``entry.COMMANDS`` lists those functions in the order ``beans --help`` shows the
commands, and ``entry.main`` runs the one asked for. A new command is a new module with
its own ``add_commands`` and one more line in ``entry.COMMANDS``.
"""

from __future__ import annotations

from companion.cli.entry import build_parser, main
from companion.cli.serve import SERVER_EXTRA
from companion.cli.shared import DISTRIBUTION, UsageError, default_data_dir

__all__ = ["DISTRIBUTION", "SERVER_EXTRA", "UsageError", "build_parser", "default_data_dir", "main"]
