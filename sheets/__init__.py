"""Bean Counter's rules engine: pure Python and pydantic, one subpackage per game.

Nothing here imports flet, tinydb or ``companion``; the package can be used alone.
"""
