"""The same sheet, not made twice: what a sheet shows, hashed, and finished games'
PDFs kept in memory by that hash."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from ..rules import Game


def sheet_facts(state: Game[Any, Any], created_at: datetime, paper: str) -> dict[str, Any]:
    """Everything a completed sheet shows, as plain data: the game's facts as recorded
    (its rounds as the rules write them, to be read back with ``load_round``), when it
    was made and the paper. A render process makes the sheet from these alone."""
    return {
        "game": state.key,
        "players": list(state.players),
        "first_dealer": state.first_dealer,
        "options": state.options_mapping(),
        "rounds": [record.to_mapping() for record in state.rounds],
        "created": created_at.isoformat(),
        "paper": paper,
    }


def fingerprint(state: Game[Any, Any], created_at: datetime, paper: str) -> str:
    """Everything a completed sheet shows, hashed: any change to the game changes it."""
    return facts_fingerprint(sheet_facts(state, created_at, paper))


def facts_fingerprint(facts: Mapping[str, Any]) -> str:
    """A sheet's :func:`sheet_facts`, hashed."""
    encoded = json.dumps(facts, sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(encoded).hexdigest()[:32]


def night_fingerprint(facts: Mapping[str, Any], games: Sequence[str]) -> str:
    """A night's printed facts (date, place, note, paper) and its games' fingerprints,
    hashed: a night's PDF changes with any of its games, or with what is said of it."""
    encoded = json.dumps([facts, list(games)], sort_keys=True, ensure_ascii=False).encode()
    return hashlib.sha256(encoded).hexdigest()[:32]


class SheetCache:
    """Finished games' PDFs in memory, the least recently used dropped first.

    Keyed by the game's id and its :func:`fingerprint`, so a corrected or undone
    round makes a new key: the old PDF is never served again. Only the newest
    version of a game is kept.

    >>> cache = SheetCache(max_entries=2)
    >>> cache.put("7", "v1", b"%PDF one"); cache.put("7", "v2", b"%PDF two")
    >>> cache.get("7", "v1"), cache.get("7", "v2"), len(cache)
    (None, b'%PDF two', 1)
    """

    def __init__(self, max_entries: int = 32, max_bytes: int = 32 * 1024 * 1024) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, game_id: str, key: str) -> bytes | None:
        with self._lock:
            pdf = self._items.get((game_id, key))
            if pdf is not None:
                self._items.move_to_end((game_id, key))
            return pdf

    def put(self, game_id: str, key: str, pdf: bytes) -> None:
        with self._lock:
            for stale in [k for k in self._items if k[0] == game_id and k[1] != key]:
                self._bytes -= len(self._items.pop(stale))
            if (game_id, key) in self._items:
                return
            self._items[(game_id, key)] = pdf
            self._bytes += len(pdf)
            while self._items and (
                len(self._items) > self.max_entries or self._bytes > self.max_bytes
            ):
                _, dropped = self._items.popitem(last=False)
                self._bytes -= len(dropped)

    def __len__(self) -> int:
        return len(self._items)
