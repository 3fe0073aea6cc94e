"""Accounts: the install's claim, login sessions, tokens' names and last use, login
attempts counted per username, usernames' keys

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 20:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('install_claim',
    sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('claimed_at', sa.DateTime(), nullable=False),
    sa.CheckConstraint('id = 1', name=op.f('ck_install_claim_one_row')),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_install_claim_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_install_claim'))
    )
    # An install that has its accounts already is claimed by its first one.
    op.execute(
        "INSERT INTO install_claim (id, user_id, claimed_at)"
        " SELECT 1, MIN(id), CURRENT_TIMESTAMP FROM users HAVING COUNT(*) > 0"
    )


def downgrade():
    op.drop_table('install_claim')
