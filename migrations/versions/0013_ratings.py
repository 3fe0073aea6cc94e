"""Ratings after each finished game, and seasons

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07 05:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('ratings',
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('position', sa.String(length=80), nullable=False),
    sa.Column('played_on', sa.Date(), nullable=False),
    sa.Column('place', sa.Integer(), nullable=False),
    sa.Column('mu', sa.Double(), nullable=False),
    sa.Column('sigma', sa.Double(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_ratings_game_id_games'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_ratings_owner_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_ratings_player_id_players'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id', 'seat', name=op.f('pk_ratings'))
    )
    op.create_index('ix_ratings_owner_kind_position', 'ratings', ['owner_id', 'kind', 'position'], unique=False)
    op.create_index('ix_ratings_player_kind_position', 'ratings', ['player_id', 'kind', 'position'], unique=False)
    op.create_table('seasons',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('owner_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('since', sa.Date(), nullable=False),
    sa.Column('until', sa.Date(), nullable=False),
    sa.Column('min_games', sa.Integer(), nullable=False),
    sa.Column('tournament_only', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('standings', sa.JSON(), nullable=True),
    sa.Column('generation', sa.Integer(), server_default='0', nullable=False),
    sa.ForeignKeyConstraint(['owner_id'], ['users.id'], name=op.f('fk_seasons_owner_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seasons'))
    )
    op.create_index('ix_seasons_owner_since', 'seasons', ['owner_id', 'since'], unique=False)


def downgrade():
    op.drop_index('ix_seasons_owner_since', table_name='seasons')
    op.drop_table('seasons')
    op.drop_index('ix_ratings_player_kind_position', table_name='ratings')
    op.drop_index('ix_ratings_owner_kind_position', table_name='ratings')
    op.drop_table('ratings')
