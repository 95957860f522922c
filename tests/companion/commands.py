"""The installed `beans` command, found next to the running interpreter (any clone, any venv)."""

from __future__ import annotations

import sys
from pathlib import Path

BEANS = Path(sys.executable).with_name("beans")
