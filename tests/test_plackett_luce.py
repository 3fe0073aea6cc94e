"""scorekeeper.plackett_luce is openskill's Plackett–Luce ``rate`` with its defaults, to the
last bit: the same tables, teams, ratings and places give the same floating-point numbers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from scorekeeper import plackett_luce

MODEL = PlackettLuce()

ratings = st.tuples(
    st.floats(min_value=-50, max_value=80, allow_nan=False),
    st.floats(min_value=0.001, max_value=12, allow_nan=False),
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[list[tuple[float, float]]], list[int]]:
    """A table: 2 to 8 teams of 1 to 3 players, each team's place 1 to the number of
    teams (ties, gaps and every order included)."""
    teams = draw(st.lists(st.lists(ratings, min_size=1, max_size=3), min_size=2, max_size=8))
    places = draw(
        st.lists(
            st.integers(min_value=1, max_value=len(teams)),
            min_size=len(teams),
            max_size=len(teams),
        )
    )
    return teams, places


def openskill_rate(
    teams: list[list[tuple[float, float]]], places: list[int]
) -> list[list[tuple[float, float]]]:
    rated = MODEL.rate(
        [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams],
        ranks=[float(place) for place in places],
    )
    return [[(rating.mu, rating.sigma) for rating in team] for team in rated]


@settings(max_examples=500)
@given(tables())
def test_the_same_numbers_as_openskills_rate(
    table: tuple[list[list[tuple[float, float]]], list[int]],
) -> None:
    teams, places = table
    assert plackett_luce.rate(teams, places) == openskill_rate(teams, places)


def test_a_new_players_defaults_are_openskills() -> None:
    new = MODEL.rating()
    assert (new.mu, new.sigma) == (plackett_luce.MU, plackett_luce.SIGMA)
    assert (
        MODEL.beta,
        MODEL.kappa,
        MODEL.tau,
    ) == (plackett_luce.BETA, plackett_luce.KAPPA, plackett_luce.TAU)


def test_a_season_of_games_in_order() -> None:
    """Ratings carried from game to game (as a club's are) stay the same as openskill's:
    200 games of 3 to 6 players from 12, ties included, a few with partnerships."""
    import random

    rng = random.Random(33)
    mine: dict[int, tuple[float, float]] = {}
    theirs: dict[int, object] = {}
    new = (plackett_luce.MU, plackett_luce.SIGMA)
    for _game in range(200):
        players = rng.sample(range(12), rng.choice((3, 4, 4, 5, 6)))
        if len(players) == 4 and rng.random() < 0.3:
            sides = [[players[0], players[2]], [players[1], players[3]]]
        else:
            sides = [[player] for player in players]
        places = [rng.randint(1, len(sides)) for _ in sides]
        after = plackett_luce.rate([[mine.get(p, new) for p in side] for side in sides], places)
        expected = MODEL.rate(
            [[theirs.get(p) or MODEL.rating() for p in side] for side in sides],  # type: ignore[misc]
            ranks=[float(place) for place in places],
        )
        for side, team, rated in zip(sides, after, expected, strict=True):
            for player, rating, want in zip(side, team, rated, strict=True):
                assert rating == (want.mu, want.sigma)
                mine[player] = rating
                theirs[player] = want
