"""What the tests and the benchmarks share, in one place both import (never each other):
Flet sessions in this process (``harness``), games in mid-play (``positions``), a real
server and browser (``browser``), and the live sheet's play helpers (``gwtb_live_play``).
Not shipped: pyproject's packages are ``sheets`` and ``companion`` only."""
