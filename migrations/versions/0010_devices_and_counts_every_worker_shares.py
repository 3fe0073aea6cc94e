"""Known devices kept on the server with counts of their own; counts every worker and
server shares (rate limits, password hashes at once, setup code attempts)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-08 09:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('known_devices',
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_used_at', sa.DateTime(), nullable=False),
    sa.Column('failures', sa.Integer(), nullable=False),
    sa.Column('last_attempt', sa.BigInteger(), nullable=False),
    sa.Column('wait_until', sa.BigInteger(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_known_devices_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('key_hash', name=op.f('pk_known_devices'))
    )
    with op.batch_alter_table('known_devices', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_known_devices_user_id'), ['user_id'], unique=False)

    op.create_table('shared_counts',
    sa.Column('name', sa.String(length=120), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('expires', sa.BigInteger(), nullable=False),
    sa.Column('holder', sa.String(length=32), nullable=True),
    sa.PrimaryKeyConstraint('name', name=op.f('pk_shared_counts'))
    )
    with op.batch_alter_table('shared_counts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_shared_counts_expires'), ['expires'], unique=False)

    # A device's count was a row of login_attempts named "username|device", which the
    # username "username|device" shared: those rows go (the devices are new ones now).
    op.execute(sa.text("DELETE FROM login_attempts WHERE username_key LIKE '%|%'"))


def downgrade():
    with op.batch_alter_table('shared_counts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_shared_counts_expires'))
    op.drop_table('shared_counts')
    with op.batch_alter_table('known_devices', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_known_devices_user_id'))
    op.drop_table('known_devices')
