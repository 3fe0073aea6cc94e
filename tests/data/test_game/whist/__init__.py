"""Whist: a small game of two fixed partnerships and no bids, kept only for the tests, to
prove that a game may score sides rather than seats and have no bids, and still be a
folder and one line in ``scorekeeper.games.PACKAGES``."""
