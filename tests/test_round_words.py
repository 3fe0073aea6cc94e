"""Every game kind's word for a round has every sentence of the round screen."""

from __future__ import annotations

import pytest

from scorekeeper.round_words import SENTENCES
from scorekeeper.rules import GAMES


@pytest.mark.parametrize("key", sorted(GAMES), ids=sorted(GAMES))
def test_every_game_kind_has_the_round_screens_sentences(key: str) -> None:
    word = GAMES[key].round_word
    assert set(SENTENCES[word]) == set(SENTENCES["round"])


@pytest.mark.parametrize("word", sorted(SENTENCES), ids=sorted(SENTENCES))
def test_each_sentence_keeps_its_placeholders_across_words(word: str) -> None:
    for sentence, text in SENTENCES[word].items():
        placeholders = {part.split(")")[0] for part in text.split("%(")[1:]}
        expected = {part.split(")")[0] for part in SENTENCES["round"][sentence].split("%(")[1:]}
        assert placeholders == expected, sentence
