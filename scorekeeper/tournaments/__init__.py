"""A tournament's own reckoning, apart from any game: the draw of a stage's tables
(:mod:`.draw`) and the standings across tables (:mod:`.standings`). Standard library
only: what a game knows (its player counts, whether it has bids) is asked of its kind by
the caller and handed in as plain values."""
