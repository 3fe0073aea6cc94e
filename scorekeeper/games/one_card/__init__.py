"""One Card: its rules, referee and the app's side of it (``kind``)."""
