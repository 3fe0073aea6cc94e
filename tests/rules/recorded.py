"""What the replays of recorded games share: a sheet read from a game's folder
(``scorekeeper/games/<key>/recorded/``), and its rounds played again through a game's rules
(each game's replay test checks what it scores)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

GAMES = Path(__file__).resolve().parent.parent.parent / "scorekeeper" / "games"
WORKED_OUT = ("scores", "totals")
"""What a sheet records that the rules work out themselves."""


def sheets(pattern: str) -> list[Path]:
    """The recorded games whose files match ``pattern`` (``"wizard-*.json"``,
    ``"anniversary/*.json"``) in any game's folder."""
    return sorted(GAMES.glob(f"*/recorded/{pattern}"))


def name_of(path: Path) -> str:
    """A recorded game's name within its game's folder (``"anniversary/wizard-4p-short"``)."""
    folder = next(parent for parent in path.parents if parent.name == "recorded")
    return str(path.relative_to(folder).with_suffix(""))


def sheet(name: str) -> Path:
    """The one recorded game called ``name`` (``"wizard-3p-full.json"``)."""
    (path,) = sheets(name)
    return path


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def facts_of(round_: dict[str, Any], worked_out: Iterable[str] = WORKED_OUT) -> dict[str, Any]:
    """What happened at the table, without what was worked out from it."""
    left_out = set(worked_out)
    return {key: value for key, value in round_.items() if key not in left_out}


def new_game(game: Any, sheet: dict[str, Any]) -> Any:
    """A game of the rules class ``game`` at the sheet's table, with its options."""
    return game.new(sheet["players"], sheet["first_dealer"], sheet["options"])


def replay(
    game: Any,
    sheet: dict[str, Any],
    rounds: list[dict[str, Any]] | None = None,
    worked_out: Iterable[str] = WORKED_OUT,
) -> Any:
    """The game after the sheet's rounds (or ``rounds``), each read and applied by the rules."""
    state = new_game(game, sheet)
    for round_ in sheet["rounds"] if rounds is None else rounds:
        state = state.apply_round(state.parse_round(facts_of(round_, worked_out)))
    return state
