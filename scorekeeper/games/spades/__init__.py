"""Spades: its rules and referee; the app's side of it (its kind) is still to come, so it is
not yet in ``scorekeeper.games.PACKAGES``."""
