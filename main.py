"""Entry point for `flet build` (phones and desktop; see packaging/README.md).

On a device the app runs on its own, storing games in the app's data directory.
For the browser at the table, use `beans serve` instead.
"""

import os
from pathlib import Path

import flet as ft

from companion.cli import default_data_dir
from companion.session import Games
from companion.storage import open_repository
from companion.ui.app import make_main

if __name__ == "__main__":
    data_dir = Path(os.environ.get("FLET_APP_STORAGE_DATA") or default_data_dir())
    ft.run(make_main(Games(open_repository(data_dir))))
