"""Spades: four players in two fixed sides (RULES.md › Spades)."""
