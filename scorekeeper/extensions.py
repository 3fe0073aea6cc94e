"""Flask extensions, unbound: create_app() binds them to an app."""

from flask_babel import Babel
from flask_compress import Compress
from flask_login import LoginManager
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData
from sqlalchemy.orm import DeclarativeBase

# Named constraints, so migrations can alter them on SQLite and PostgreSQL alike.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


# What a change stored stays readable after its commit without asking the database again:
# a round's answer is made from what was written, so a connection lost right after the
# commit cannot turn a stored round into an error (services/writes.py).
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
csrf = CSRFProtect()
login_manager = LoginManager()
babel = Babel()
compress = Compress()
