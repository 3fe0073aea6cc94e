"""Room in the ratings' pages for each row's next version (PostgreSQL): a correction
rates every later game again, in place

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07 14:30:00

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    # A row's new ratings are written beside it on its own page (a "HOT" update: no index
    # touched), when the page has room for them: less than half of it is filled.
    op.execute('ALTER TABLE ratings SET (fillfactor = 45)')
    # The rows kept so far, laid out again with that room (a cache: a quick copy).
    op.execute('CLUSTER ratings USING ix_ratings_owner_kind_position')
    op.execute('ALTER TABLE ratings SET WITHOUT CLUSTER')


def downgrade():
    if op.get_bind().dialect.name != 'postgresql':
        return
    op.execute('ALTER TABLE ratings RESET (fillfactor)')
