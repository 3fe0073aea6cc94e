"""Tournaments: made, their players registered, their stages drawn (each table an
ordinary game, started by the draw in one transaction with the stage), their standings
read from the tables' games, and the links given out: the hall's standings screen and
each table's scorekeeper link (its round screen, without an account).

The draw and the standings are ``scorekeeper.tournaments``'s; what they need of the game
(its player counts, whether it has bids) is asked of the game's rules here.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import Connection, bindparam, func, select
from sqlalchemy.exc import IntegrityError

from ..extensions import db
from ..games import GAMES
from ..i18n import N_
from ..models import (
    Game,
    Night,
    Player,
    Seat,
    Tournament,
    TournamentPlayer,
    TournamentStage,
    TournamentTable,
    User,
)
from ..rules.errors import RoundRefused, RuleError
from ..rules.names import MAX_NAME_LENGTH, name_key
from ..tournaments.draw import DrawError, draw, meetings, table_sizes
from ..tournaments.standings import (
    Line,
    Ranking,
    TableResult,
    finalists,
    standings,
    with_final,
)
from . import screens, writes
from .errors import Conflict, N_plural, NotFound
from .games import State, StoredGame, rules_game, stored_replay
from .nights import evening_of, table_zone, tonight
from .players import player_named
from .text import plain_text, storable

NAME_LENGTH = 80
MOST_STAGES = 12
MOST_PLAYERS = 200


# -- making one ------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """A tournament as asked for: checked whole by :func:`check_plan`."""

    name: Any
    date: Any
    kind: Any
    options: Any = None
    stages: Any = 1
    table_size: Any = 4
    ranking: Any = Ranking.SCORES.value
    final_size: Any = 0
    players: Any = ()


def _number(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check_plan(plan: Plan) -> tuple[str, date, type[State], dict[str, Any], list[str]]:
    """The plan's name, date, game, options and players, or :class:`RoundRefused` listing
    every problem, each on its field."""
    errors: list[RuleError] = []
    name = plan.name.strip() if isinstance(plan.name, str) else ""
    if not name:
        errors.append(RuleError(N_("Give the tournament a name"), field="name"))
    elif len(name) > NAME_LENGTH or not plain_text(name, lines=False):
        errors.append(
            RuleError(
                N_("A tournament's name is plain text of at most {most} characters"),
                most=NAME_LENGTH,
                field="name",
            )
        )
    when = plan.date
    if isinstance(when, str):
        try:
            when = date.fromisoformat(when)
        except ValueError:
            when = None
    if not isinstance(when, date):
        errors.append(RuleError(N_("Give the date as YYYY-MM-DD"), field="date"))
    rules = GAMES.get(plan.kind) if isinstance(plan.kind, str) else None
    if rules is None:
        errors.append(
            RuleError(N_("There is no game “{kind}” here"), kind=str(plan.kind), field="game")
        )
    stages = _number(plan.stages)
    if stages is None or not 1 <= stages <= MOST_STAGES:
        errors.append(
            RuleError(
                N_("A tournament has 1 to {most} stages before its final"),
                most=MOST_STAGES,
                field="stages",
            )
        )
    if plan.ranking not in tuple(Ranking):
        errors.append(
            RuleError(N_("Rank by the scores or by the places at each table"), field="ranking")
        )
    size = _number(plan.table_size)
    final = _number(plan.final_size)
    options: dict[str, Any] = {}
    if rules is not None:
        low, high = rules.min_players, rules.max_players
        if size is None or not low <= size <= high:
            errors.append(
                RuleError(
                    N_("{title}'s tables seat {low} to {high} players"),
                    title=rules.title,
                    low=low,
                    high=high,
                    field="table_size",
                )
            )
        if final is None or not (final == 0 or low <= final <= high):
            errors.append(
                RuleError(
                    N_("The final table seats {low} to {high} players, or 0 for no final"),
                    low=low,
                    high=high,
                    field="final_size",
                )
            )
        if plan.options is not None and not isinstance(plan.options, Mapping):
            errors.append(RuleError(N_("Options must be an object"), field="options"))
        elif size is not None and low <= size <= high:
            # Kept as given (a named schedule stays a name): each table's game resolves
            # them for its own count. Judged for every count a table may have.
            options = dict(plan.options or {})
            counts = {size, max(low, size - 1), min(high, size + 1)}
            if final and low <= final <= high:
                counts.add(final)
            for count in sorted(counts):
                try:
                    rules.new([f"{seat}" for seat in range(count)], 0, options)
                except RoundRefused as refused:
                    errors.extend(e for e in refused.errors if e.field != "players")
                    break
    names = _player_names(plan.players, errors)
    if rules is not None and names and final and len(names) < final:
        errors.append(
            RuleError(
                N_("The final seats {final} players, but only {count} are registered"),
                final=final,
                count=len(names),
                field="final_size",
            )
        )
    if errors:
        raise RoundRefused(errors)
    assert rules is not None and isinstance(when, date)
    return name, when, rules, options, names


def _player_names(players: Any, errors: list[RuleError]) -> list[str]:
    """The registered names, tidied, or an error on ``players``."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        errors.append(RuleError(N_("Players must be a list of names"), field="players"))
        return []
    names: list[str] = []
    seen: set[str] = set()
    for raw in players:
        name = " ".join(raw.split()) if isinstance(raw, str) else ""
        if not name or len(name) > MAX_NAME_LENGTH or not plain_text(name, lines=False):
            errors.append(
                RuleError(
                    N_("Each player needs a name of at most {most} characters"),
                    most=MAX_NAME_LENGTH,
                    field="players",
                )
            )
            return []
        if name_key(name) in seen:
            errors.append(RuleError(N_("{name} is registered twice"), name=name, field="players"))
            return []
        seen.add(name_key(name))
        names.append(name)
    if len(names) > MOST_PLAYERS:
        errors.append(
            RuleError(
                N_("A tournament takes at most {most} players"),
                most=MOST_PLAYERS,
                field="players",
            )
        )
    return names


def create_tournament(owner: User, plan: Plan) -> Tournament:
    name, when, rules, options, names = check_plan(plan)
    writes.begin()
    tournament = Tournament(
        owner_id=owner.id,
        name=name,
        date=when,
        kind=rules.key,
        options=options,
        stages=plan.stages,
        table_size=plan.table_size,
        ranking=str(plan.ranking),
        final_size=plan.final_size,
    )
    db.session.add(tournament)
    _register(owner, tournament, names)
    writes.commit()
    return tournament


CHANGEABLE = ("name", "date", "stages", "table_size", "ranking", "final_size")
"""What of a tournament may change once it is made (its game, options and players do not:
the players have their own page and call, until the first draw)."""


def change_tournament(tournament: Tournament, changes: Any) -> Tournament:
    """Change the tournament's name, date, ranking rule or plan of stages (``changes``:
    any of :data:`CHANGEABLE`, as the API and the form give them), each checked as when
    it was made; the stages and tables still to draw only (the stages drawn stay as they
    are). The standings and the hall's screen follow at once."""
    if not isinstance(changes, Mapping):
        raise RoundRefused([RuleError(N_("Send the changes as an object"), field=None)])
    unknown = sorted(str(key) for key in changes if key not in CHANGEABLE)
    if unknown:
        raise RoundRefused(
            [
                RuleError(N_("A tournament's “{name}” cannot be changed"), name=key, field=key)
                for key in unknown
            ]
        )
    current = {name: getattr(tournament, name) for name in CHANGEABLE}
    wanted = {**current, **changes}
    name, when, _rules, _options, _names = check_plan(
        Plan(
            kind=tournament.kind,
            options=tournament.options,
            players=player_names(tournament),
            **wanted,
        )
    )
    changed = {key for key in CHANGEABLE if wanted[key] != current[key]}
    preliminary = sum(not stage.final for stage in tournament.drawn)
    plan = changed & {"stages", "table_size", "final_size"}
    if plan and any(stage.final for stage in tournament.drawn):
        raise Conflict(
            N_("The final is drawn: the stages and tables cannot change any more"),
            min(plan, key=CHANGEABLE.index),
        )
    if "stages" in changed and wanted["stages"] < preliminary:
        raise Conflict(
            N_plural(
                "%(num)s stage is drawn already: the tournament keeps at least that many",
                "%(num)s stages are drawn already: the tournament keeps at least that many",
            ),
            "stages",
            num=preliminary,
        )
    if not changed:
        return tournament
    tournament_id = tournament.id
    writes.begin()
    tournament.name = name
    tournament.date = when
    tournament.stages = wanted["stages"]
    tournament.table_size = wanted["table_size"]
    tournament.ranking = str(wanted["ranking"])
    tournament.final_size = wanted["final_size"]
    screens.tournament_changed(tournament_id)
    writes.commit()
    return tournament


def _register(owner: User, tournament: Tournament, names: Sequence[str]) -> None:
    tournament.entries.clear()
    db.session.flush()
    with db.session.no_autoflush:
        for position, name in enumerate(names):
            tournament.entries.append(
                TournamentPlayer(player=player_named(owner, name), position=position)
            )


def register_players(owner: User, tournament: Tournament, players: Any) -> Tournament:
    """Set the tournament's players (every name, in order): only before the first draw."""
    errors: list[RuleError] = []
    names = _player_names(players, errors)
    if errors:
        raise RoundRefused(errors)
    if tournament.drawn:
        raise Conflict(
            N_("The first stage is drawn: the players cannot change any more"), "players"
        )
    if tournament.final_size and len(names) < tournament.final_size:
        raise RoundRefused(
            [
                RuleError(
                    N_("The final seats {final} players, but only {count} are registered"),
                    final=tournament.final_size,
                    count=len(names),
                    field="players",
                )
            ]
        )
    tournament_id = tournament.id
    writes.begin()
    _register(owner, tournament, names)
    screens.tournament_changed(tournament_id)
    writes.commit()
    return tournament


def tonight_names(owner: User, now: datetime | None = None) -> list[str]:
    """The names of tonight's players: everyone seated at one of this evening's games."""
    evening = evening_of(now or datetime.now(UTC), table_zone())
    rows = db.session.execute(
        select(Player.name, func.min(Game.created_at))
        .join(Seat, Seat.player_id == Player.id)
        .join(Game, Game.id == Seat.game_id)
        .join(Night, Night.id == Game.night_id)
        .where(Night.owner_id == owner.id, Night.date == evening)
        .group_by(Player.id, Player.name)
        .order_by(func.min(Game.created_at), Player.name)
    )
    return [name for name, _first in rows]


def get_tournament(owner: User, tournament_id: Any) -> Tournament:
    """The owner's tournament, or NotFound (another account's does not exist for them)."""
    number = _number(tournament_id)
    found = db.session.get(Tournament, number) if number is not None and number < 2**31 else None
    if found is None or found.owner_id != owner.id:
        raise NotFound(f"tournament {tournament_id}")
    return found


def list_tournaments(owner: User) -> list[Tournament]:
    return list(
        db.session.scalars(
            select(Tournament)
            .where(Tournament.owner_id == owner.id)
            .order_by(Tournament.date.desc(), Tournament.id.desc())
        )
    )


_PLAYERS = (
    select(Player.name)
    .join(TournamentPlayer, TournamentPlayer.player_id == Player.id)
    .where(TournamentPlayer.tournament_id == bindparam("tournament_id"))
    .order_by(TournamentPlayer.position)
)


def player_names(tournament: Tournament) -> list[str]:
    """The players registered, in the order registered (one statement, no objects)."""
    return list(db.session.scalars(_PLAYERS, {"tournament_id": tournament.id}))


# -- the draw ----------------------------------------------------------------------------


def next_stage(tournament: Tournament) -> tuple[int, bool] | None:
    """The number of the stage to draw next and whether it is the final; None once every
    stage is drawn."""
    number = len(tournament.drawn) + 1
    if number <= tournament.stages:
        return number, False
    if tournament.final_size and number == tournament.stages + 1:
        return number, True
    return None


def draw_stage(tournament: Tournament, seed: int | None = None) -> TournamentStage:
    """Draw the next stage: its tables, seats and first dealers, each table's game started
    (one transaction). The final seats the top of the standings once every preliminary
    table is finished. ``seed`` makes the draw repeatable."""
    upcoming = next_stage(tournament)
    if upcoming is None:
        raise Conflict(N_("Every stage of this tournament is drawn"), "stage")
    number, final = upcoming
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    rules = GAMES[tournament.kind]
    names = player_names(tournament)
    earlier = [
        [tuple(seat.player.name for seat in table.game.seats) for table in stage.tables]
        for stage in tournament.drawn
    ]
    if tournament.drawn and not _stage_finished(tournament.drawn[-1]):
        raise Conflict(
            N_("Stage %(number)s is still being played: draw the next when its tables finish"),
            "stage",
            number=tournament.drawn[-1].number,
        )
    if final:
        lines = current_standings(tournament).preliminary
        players = finalists(lines, tournament.final_size, rng)
        sizes: tuple[int, ...] = (len(players),)
    else:
        players = names
        try:
            sizes = table_sizes(
                len(players), tournament.table_size, rules.min_players, rules.max_players
            )
        except DrawError:
            said = RuleError(
                N_("{players} players cannot sit at tables of {low} to {high}"),
                players=len(players),
                low=rules.min_players,
                high=rules.max_players,
                field="players",
            )
            raise RoundRefused([said]) from None
    earlier_sizes = [[len(table) for table in stage] for stage in earlier]
    tables = draw(players, sizes, rng, meetings(earlier), earlier_sizes)
    states = [
        rules.new(list(table.seats), table.first_dealer, tournament.options) for table in tables
    ]
    owner = db.session.get(User, tournament.owner_id)
    assert owner is not None
    tournament_id = tournament.id  # read before the transaction lets the row go
    writes.begin()
    night = tonight(owner)
    stage = TournamentStage(number=number, final=final)
    tournament.drawn.append(stage)
    with db.session.no_autoflush:
        for index, state in enumerate(states, 1):
            game = Game(
                owner_id=owner.id,
                kind=rules.key,
                first_dealer=state.first_dealer,
                options=state.options_mapping(),
                night=night,
            )
            db.session.add(game)
            for seat, name in enumerate(state.players):
                game.seats.append(Seat(seat=seat, player=player_named(owner, name)))
            stage.tables.append(TournamentTable(number=index, game=game))
    screens.tournament_changed(tournament_id)
    try:
        writes.commit(_stage_made(tournament_id, number))
    except IntegrityError:
        raise Conflict(N_("Another draw of this stage was made meanwhile"), "stage") from None
    return stage


def _stage_made(tournament_id: int, number: int) -> writes.Probe:
    def stored(connection: Connection) -> bool:
        found = connection.execute(
            select(TournamentStage.id).where(
                TournamentStage.tournament_id == tournament_id, TournamentStage.number == number
            )
        ).first()
        return found is not None

    return stored


def _stage_finished(stage: TournamentStage) -> bool:
    return all(table.game.finished for table in stage.tables)


# -- the tables and the standings --------------------------------------------------------


@dataclass(frozen=True)
class TableView:
    """A table as the organiser's and the hall's pages show it."""

    stage: int
    number: int
    game_id: str
    started: datetime
    state: State

    @property
    def rounds_played(self) -> int:
        return len(self.state.rounds)

    @property
    def planned(self) -> int | None:
        return self.state.planned_rounds


@dataclass(frozen=True)
class Standings:
    """The standings as they stand: after the preliminary stages, and with the final."""

    preliminary: list[Line[str]]
    lines: list[Line[str]]
    tables: list[TableView]
    bids: bool
    """The game has bids: the rounds bid exactly break ties."""
    stamp: str


def bids_exactly(state: State) -> tuple[int, ...] | None:
    """The rounds each seat bid exactly, for a game with bids (None for one without)."""
    if "bids" not in state.seat_lists:
        return None
    made = [0] * state.player_count
    for scored in state.scored_rounds:
        for seat, outcome in enumerate(state.seat_outcomes(scored.record)):
            if outcome.made:
                made[seat] += 1
    return tuple(made)


def table_result(state: State) -> TableResult[str]:
    return TableResult(
        tuple(state.players), tuple(state.totals), bids_exactly(state), state.finished
    )


def tournament_stamp(tournament_id: int) -> str:
    """What changes whenever the standings may (services.screens): one small query, for
    the hall's screen to follow."""
    return screens.stamp_of(tournament_id)


# The tournament's version and its tables, each with its game's version: in one statement,
# so that the stamp worked out from them is the stamp of the standings drawn from them.
_FRAME = (
    select(
        Tournament.version.label("tournament_version"),
        Tournament.created_at.label("made"),
        TournamentStage.number.label("stage"),
        TournamentStage.final,
        TournamentTable.number.label("table"),
        Game.id.label("game_id"),
        Game.version.label("game_version"),
        Game.created_at.label("started"),
    )
    .select_from(Tournament)
    .outerjoin(TournamentStage, TournamentStage.tournament_id == Tournament.id)
    .outerjoin(TournamentTable, TournamentTable.stage_id == TournamentStage.id)
    .outerjoin(Game, Game.id == TournamentTable.game_id)
    .where(Tournament.id == bindparam("tournament_id"))
    .order_by(TournamentStage.number, TournamentTable.number)
)

# By the tournament's id and the moment it was made: an id may be given again to another
# tournament once this one is gone (with its account), and its stamp with it.
_CACHE: dict[tuple[int, datetime], Standings] = {}
_CACHE_SIZE = 64


def current_standings(tournament: Tournament) -> Standings:
    """The standings after every saved round (kept while nothing changes: many screens
    in a hall ask for the same). Read in two small statements, the tables' games replayed
    only where they changed since this worker last did (:func:`table_replay`)."""
    frame = db.session.execute(_FRAME, {"tournament_id": tournament.id}).all()
    if not frame:  # gone since it was read
        raise NotFound(f"tournament {tournament.id}")
    version, made = int(frame[0].tournament_version), frame[0].made
    drawn = [row for row in frame if row.game_id is not None]
    stamp = screens.stamp_text(
        (tournament.id, version, len(drawn), sum(int(row.game_version) for row in drawn))
    )
    cached = _CACHE.get((tournament.id, made))
    if cached is not None and cached.stamp == stamp:
        return cached
    ranking = Ranking(tournament.ranking)
    names = player_names(tournament)
    tables: list[TableView] = []
    preliminary: list[TableResult[str]] = []
    final: list[TableResult[str]] = []
    for row in drawn:
        state, result = table_replay(row.game_id, (int(row.game_version), version))
        tables.append(TableView(row.stage, row.table, row.game_id, row.started, state))
        (final if row.final else preliminary).append(result)
    before = standings(preliminary, ranking, names)
    lines = before
    if final:
        lines = with_final(before, standings(final, ranking))
    bids = "bids" in GAMES[tournament.kind].seat_lists
    found = Standings(before, lines, tables, bids, stamp)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[(tournament.id, made)] = found
    return found


_REPLAYS: dict[str, tuple[tuple[int, int], State, TableResult[str]]] = {}
_REPLAYS_KEPT = 1024


def table_replay(game_id: str, versions: tuple[int, int]) -> tuple[State, TableResult[str]]:
    """A table's game replayed, and its result, kept by the game's version and the
    tournament's (``versions``): a table's game changes with the one (its rounds) or the
    other (its seats' names: services.screens), never otherwise once drawn. A round saved
    at one table replays that table's game alone, and only its rows are read."""
    kept = _REPLAYS.get(game_id)
    if kept is not None and kept[0] == versions:
        return kept[1], kept[2]
    state = stored_replay(game_id)
    result = table_result(state)
    if len(_REPLAYS) >= _REPLAYS_KEPT:
        _REPLAYS.clear()
    _REPLAYS[game_id] = (versions, state, result)
    return state, result


# -- the links: the hall's screen, each table's scorekeeper ---------------------------------


def share_screen(tournament: Tournament) -> str:
    """The public standings page's secret, made on first use (kept until revoked)."""
    if tournament.screen_token is None:
        writes.begin()
        tournament.screen_token = secrets.token_urlsafe(24)
        writes.commit()
    return tournament.screen_token


def stop_screen(tournament: Tournament) -> None:
    writes.begin()
    tournament.screen_token = None
    writes.commit()


def screen_tournament(token: str) -> Tournament:
    """The tournament a standings link shows, or NotFound (revoked or guessed)."""
    if not isinstance(token, str) or not token or len(token) > 64 or not storable(token):
        raise NotFound("screen")
    found: Tournament | None = db.session.scalar(
        select(Tournament).where(Tournament.screen_token == token)
    )
    if found is None:
        raise NotFound("screen")
    return found


def screen_stamp(token: str) -> str:
    """Only the stamp of the standings a link shows (services.screens), in one query on a
    connection of its own, outside the ORM's session: every screen in the hall asks every
    few seconds."""
    if not isinstance(token, str) or not token or len(token) > 64 or not storable(token):
        raise NotFound("screen")
    with db.engine.connect() as connection:
        row = connection.execute(screens.BY_TOKEN, {"token": token}).first()
    if row is None:
        raise NotFound("screen")
    return screens.stamp_text(row)


def get_table(tournament: Tournament, stage: Any, number: Any) -> TournamentTable:
    for drawn in tournament.drawn:
        if drawn.number == stage:
            for table in drawn.tables:
                if table.number == number:
                    return table
    raise NotFound(f"table {stage}.{number}")


def keeper_link(table: TournamentTable) -> str:
    """The table's scorekeeper secret, made on first use (kept until revoked)."""
    if table.keeper_token is None:
        writes.begin()
        table.keeper_token = secrets.token_urlsafe(24)
        writes.commit()
    return table.keeper_token


def keeper_links(tournament: Tournament, stage: TournamentStage) -> dict[int, str]:
    """Every table's scorekeeper secret of a stage, made in one transaction."""
    if any(table.keeper_token is None for table in stage.tables):
        writes.begin()
        for table in stage.tables:
            if table.keeper_token is None:
                table.keeper_token = secrets.token_urlsafe(24)
        writes.commit()
    return {table.number: str(table.keeper_token) for table in stage.tables}


def revoke_keeper_link(table: TournamentTable) -> None:
    writes.begin()
    table.keeper_token = None
    writes.commit()


def keeper_game(token: Any) -> StoredGame:
    """The game a table's scorekeeper link opens, or NotFound (revoked or guessed)."""
    if not isinstance(token, str) or not token or len(token) > 64 or not storable(token):
        raise NotFound("table")
    table = db.session.scalar(select(TournamentTable).where(TournamentTable.keeper_token == token))
    if table is None:
        raise NotFound("table")
    return StoredGame(table.game, rules_game(table.game))


def tournament_of_game(game_id: str) -> Tournament | None:
    """The tournament a game is a table of, if any."""
    return db.session.scalar(
        select(Tournament)
        .join(TournamentStage, TournamentStage.tournament_id == Tournament.id)
        .join(TournamentTable, TournamentTable.stage_id == TournamentStage.id)
        .where(TournamentTable.game_id == game_id)
    )


def options_shown(tournament: Tournament) -> Mapping[str, Any]:
    return dict(tournament.options)
