"""One blueprint a concern: auth, games, rounds, api; error pages."""
