"""Tournaments: registered players, stages drawn, and each table's game

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-07 05:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('tournaments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('date', sa.Date(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('stages', sa.Integer(), nullable=False),
    sa.Column('table_size', sa.Integer(), nullable=False),
    sa.Column('ranking', sa.String(length=20), nullable=False),
    sa.Column('final_size', sa.Integer(), nullable=False),
    sa.Column('screen_token', sa.String(length=64), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_tournaments_owner_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournaments')),
    sa.UniqueConstraint('screen_token', name=op.f('uq_tournaments_screen_token'))
    )
    op.create_index('ix_tournaments_owner_date', 'tournaments', ['owner_id', 'date'], unique=False)
    op.create_table('tournament_players',
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_tournament_players_player_id_players')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_players_tournament_id_tournaments'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tournament_id', 'player_id', name=op.f('pk_tournament_players'))
    )
    op.create_table('tournament_stages',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('final', sa.Boolean(), nullable=False),
    sa.Column('drawn_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_stages_tournament_id_tournaments'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_stages')),
    sa.UniqueConstraint('tournament_id', 'number', name=op.f('uq_tournament_stages_tournament_id_number'))
    )
    op.create_table('tournament_tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('stage_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('keeper_token', sa.String(length=64), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_tournament_tables_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['stage_id'], ['tournament_stages.id'], name=op.f('fk_tournament_tables_stage_id_tournament_stages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_tables')),
    sa.UniqueConstraint('game_id', name=op.f('uq_tournament_tables_game_id')),
    sa.UniqueConstraint('keeper_token', name=op.f('uq_tournament_tables_keeper_token')),
    sa.UniqueConstraint('stage_id', 'number', name=op.f('uq_tournament_tables_stage_id_number'))
    )


def downgrade():
    op.drop_table('tournament_tables')
    op.drop_table('tournament_stages')
    op.drop_table('tournament_players')
    op.drop_index('ix_tournaments_owner_date', table_name='tournaments')
    op.drop_table('tournaments')
