"""The Plackett–Luce rating update (Weng and Lin, 2011, algorithm 4) as openskill computes
it with its defaults, on plain numbers.

openskill's ``PlackettLuce.rate`` takes rating objects, deep-copies every team and makes a
new object (with a ``uuid4``) for every player it rates: for a club's ten years rated again
after a correction of its first game, about 10,000 calls and two thirds of their time.
This is the same arithmetic, step for step and in the same order (so the same floating-point
results), on ``(mu, sigma)`` pairs; ``tests/test_plackett_luce.py`` holds it to openskill's
own ``rate`` on random tables, teams and places.

What openskill's defaults leave out is left out here too: no weights, no scores or margin,
no balance, no limit on sigma. Teams that share a place are rated as openskill rates them:
each by its own update (openskill's averaging of tied teams' changes compares each rating
with itself, so it changes nothing).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

MU = 25.0
"""A new player's mean."""
SIGMA = 25.0 / 3.0
"""A new player's uncertainty: a new player's conservative rating (mu - 3 sigma) is 0."""
BETA = 25.0 / 6.0
KAPPA = 0.0001
TAU = 25.0 / 300.0

Strength = tuple[float, float]
"""A rating: (mu, sigma)."""

_BETA_SQUARED = BETA**2
_TAU_SQUARED = TAU * TAU


def rate(teams: Sequence[Sequence[Strength]], places: Sequence[int]) -> list[list[Strength]]:
    """Each team's players' ratings after a game in which team ``i`` finished at
    ``places[i]`` (1 the winner; teams that tie share a place), in the order given.

    >>> after = rate([[(MU, SIGMA)], [(MU, SIGMA)]], [1, 2])
    >>> [round(mu, 3) for (mu, _sigma), in after]
    [27.635, 22.365]
    """
    # The uncertainty every rating gains between games (tau), then the teams in the order
    # of their places (a stable sort: tied teams in the order given).
    count = len(teams)
    order = sorted(range(count), key=places.__getitem__)
    ranks = [int(places[i]) for i in order]
    widened: list[list[Strength]] = []
    team_mu: list[float] = []
    team_variance: list[float] = []
    for i in order:
        team = [(mu, math.sqrt(sigma * sigma + _TAU_SQUARED)) for mu, sigma in teams[i]]
        widened.append(team)
        if len(team) > 1:
            # openskill sums a team's players from the highest conservative rating down.
            team = sorted(team, key=_conservative, reverse=True)
        mu_summed = 0.0
        variance_summed = 0.0
        for mu, sigma in team:
            mu_summed += mu
            variance_summed += sigma**2
        team_mu.append(mu_summed)
        team_variance.append(variance_summed)
    collective = 0.0
    for variance in team_variance:
        collective += variance + _BETA_SQUARED
    c = math.sqrt(collective)
    strengths = [math.exp(mu / c) for mu in team_mu]
    # Where each team's place begins and ends in that order (teams that tie share one).
    first = [ranks.index(rank) for rank in ranks]
    ties = [ranks.count(rank) for rank in ranks]
    # For each team: the strengths of the teams placed where it is or after it, added in
    # that order (as openskill adds them: a float sum depends on its order).
    sum_q = []
    for q in range(count):
        summed = 0.0
        for strength in strengths[first[q] :]:
            summed += strength
        sum_q.append(summed)
    after: list[list[Strength]] = [[] for _ in teams]
    for i in range(count):
        omega = 0.0
        delta = 0.0
        strength = strengths[i]
        for q in range(first[i] + ties[i]):  # the teams placed where it is or before it
            share = strength / sum_q[q]
            delta += share * (1 - share) / ties[q]
            if q == i:
                omega += (1 - share) / ties[q]
            else:
                omega -= share / ties[q]
        variance = team_variance[i]
        omega *= variance / c
        delta *= variance / c**2
        delta *= math.sqrt(variance) / c  # openskill's default gamma
        rated = []
        for mu, sigma in widened[i]:
            share_of_team = sigma**2 / variance
            rated.append(
                (
                    mu + share_of_team * omega,
                    sigma * math.sqrt(max(1 - share_of_team * delta, KAPPA)),
                )
            )
        after[order[i]] = rated
    return after


def _conservative(rating: Strength) -> float:
    """openskill's ``ordinal()``, by which it orders a team's players."""
    return rating[0] - 3.0 * rating[1]
