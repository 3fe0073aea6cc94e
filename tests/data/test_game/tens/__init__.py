"""Tens: a small game of bidding tricks kept only for the tests, to prove that a game is a
folder and one line in ``scorekeeper.games.PACKAGES``."""
