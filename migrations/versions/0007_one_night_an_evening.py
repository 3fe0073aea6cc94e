"""One night an evening: the evening a Start opened a night for, unique per account

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 20:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.add_column(sa.Column('evening', sa.Date(), nullable=True))
    # Nights made before: the first of each account's evenings is that evening's night.
    op.execute(
        "UPDATE nights SET evening = date WHERE id IN"
        " (SELECT MIN(id) FROM nights GROUP BY owner_id, date)"
    )
    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.create_unique_constraint(
            batch_op.f('uq_nights_owner_id_evening'), ['owner_id', 'evening']
        )


def downgrade():
    with op.batch_alter_table('nights', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_nights_owner_id_evening'), type_='unique')
        batch_op.drop_column('evening')
