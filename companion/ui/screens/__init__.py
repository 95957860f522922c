"""The app's screens: one module per game (its setup form and its play screen), Home,
New game, Statistics, Sheet values; ``catalog.py`` lists the game screens by stored kind."""
