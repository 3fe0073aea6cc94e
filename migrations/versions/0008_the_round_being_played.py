"""The round being played (its pending bids), seats' bidding links, corrections' details

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05 01:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pending', sa.JSON(), nullable=True))
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('bid_token', sa.String(length=64), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_seats_bid_token'), ['bid_token'])
    with op.batch_alter_table('game_changes', schema=None) as batch_op:
        batch_op.add_column(sa.Column('detail', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('game_changes', schema=None) as batch_op:
        batch_op.drop_column('detail')
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_seats_bid_token'), type_='unique')
        batch_op.drop_column('bid_token')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('pending')
