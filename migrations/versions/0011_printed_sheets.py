"""Printed blank sheets: the code under a sheet's QR code and what the sheet is for

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-07 02:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('printed_sheets',
    sa.Column('code', sa.String(length=12), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('player_count', sa.Integer(), nullable=False),
    sa.Column('names', sa.JSON(), nullable=False),
    sa.Column('first_dealer', sa.Integer(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('pad', sa.Boolean(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('code', name=op.f('pk_printed_sheets'))
    )


def downgrade():
    op.drop_table('printed_sheets')
