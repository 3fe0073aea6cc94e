"""Accounts: the install's claim, login sessions, tokens' names and last use, login
attempts counted per username, usernames' keys

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 20:00:00

"""
import unicodedata

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
    op.create_table('login_sessions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('remember', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_seen_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_login_sessions_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_login_sessions')),
    sa.UniqueConstraint('key_hash', name=op.f('uq_login_sessions_key_hash'))
    )
    with op.batch_alter_table('login_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_sessions_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('api_tokens', schema=None) as batch_op:
        batch_op.add_column(sa.Column('name', sa.String(length=60), server_default='', nullable=False))
        batch_op.add_column(sa.Column('last_used_at', sa.DateTime(), nullable=True))

    op.create_table('login_attempts',
    sa.Column('username_key', sa.String(length=160), nullable=False),
    sa.Column('failures', sa.Integer(), nullable=False),
    sa.Column('last_attempt', sa.BigInteger(), nullable=False),
    sa.Column('wait_until', sa.BigInteger(), nullable=False),
    sa.PrimaryKeyConstraint('username_key', name=op.f('pk_login_attempts'))
    )
    with op.batch_alter_table('login_attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_attempts_last_attempt'), ['last_attempt'], unique=False)

    # Failures were a row each, per username and address: the counts above replace them.
    with op.batch_alter_table('login_failures', schema=None) as batch_op:
        batch_op.drop_index('ix_login_failures_who')
    op.drop_table('login_failures')

    # Usernames compared with case and width set aside (NFKC_Casefold, as
    # scorekeeper.rules.names.name_key, written out here so that this migration stays
    # as it is). Two old accounts whose names now meet keep apart by the later one's id.
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('username_key', sa.String(length=160), nullable=True))
    connection = op.get_bind()
    users = sa.table('users', sa.column('id', sa.Integer()), sa.column('username', sa.String()), sa.column('username_key', sa.String()))
    seen = set()
    for user_id, username in connection.execute(sa.select(users.c.id, users.c.username).order_by(users.c.id)).all():
        tidy = " ".join(unicodedata.normalize("NFKC", username).split())
        key = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", tidy).casefold())[:150]
        if key in seen:
            key = f"{key}#{user_id}"
        seen.add(key)
        connection.execute(users.update().where(users.c.id == user_id).values(username_key=key))
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.alter_column('username_key', existing_type=sa.String(length=160), nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_users_username_key'), ['username_key'])

    # An install that has its accounts already is claimed by its first one.
    op.execute(
        "INSERT INTO install_claim (id, user_id, claimed_at)"
        " SELECT 1, (SELECT MIN(id) FROM users), CURRENT_TIMESTAMP"
        " WHERE EXISTS (SELECT 1 FROM users)"
    )


def downgrade():
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_users_username_key'), type_='unique')
        batch_op.drop_column('username_key')

    op.create_table('login_failures',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('username', sa.String(length=40), nullable=False),
    sa.Column('remote', sa.String(length=64), nullable=False),
    sa.Column('failed_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_login_failures'))
    )
    with op.batch_alter_table('login_failures', schema=None) as batch_op:
        batch_op.create_index('ix_login_failures_who', ['username', 'remote', 'failed_at'], unique=False)

    with op.batch_alter_table('login_attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_login_attempts_last_attempt'))
    op.drop_table('login_attempts')

    with op.batch_alter_table('api_tokens', schema=None) as batch_op:
        batch_op.drop_column('last_used_at')
        batch_op.drop_column('name')

    with op.batch_alter_table('login_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_login_sessions_user_id'))

    op.drop_table('login_sessions')
    op.drop_table('install_claim')
