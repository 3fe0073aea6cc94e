"""Default settings. ``instance/config.py`` and ``FLASK_*`` variables override them;
a mapping passed to ``create_app()`` overrides everything."""

# SQLite in the instance folder unless told otherwise; create_app() fills in the path.
SQLALCHEMY_DATABASE_URI = None
SQLALCHEMY_ENGINE_OPTIONS: dict[str, object] = {}

# Nothing waits on the database for long (scorekeeper/database.py): a phone gets a 503
# with Retry-After within about ten seconds rather than a page that never comes.
# DATABASE_WAIT_SECONDS: for a connection from the pool, or (SQLite) for the turn to
# write; DATABASE_STATEMENT_SECONDS: for one statement's answer (PostgreSQL; a connection
# silent longer is cut); DATABASE_CONNECT_SECONDS: to open a connection.
DATABASE_WAIT_SECONDS = 5
DATABASE_STATEMENT_SECONDS = 5
DATABASE_CONNECT_SECONDS = 3

# A game night is long: a form's CSRF token must not expire in the middle of it.
WTF_CSRF_TIME_LIMIT = None

# Served over HTTPS (behind a proxy, say)? Set SESSION_COOKIE_SECURE = True (and
# REMEMBER_COOKIE_SECURE) in instance/config.py or FLASK_SESSION_COOKIE_SECURE=true, and
# TRUST_PROXY = 1 when one reverse proxy sits in front. Plain HTTP on a home network
# keeps working with the defaults.
SESSION_COOKIE_SECURE = False
TRUST_PROXY = 0

# The address the other phones at the table open (the watch link and its QR code), for
# when the one the app was opened with is no use to them: "https://cards.example.org",
# "http://192.168.1.20:5000/" (FLASK_PUBLIC_URL=… in the environment). Empty: the address
# the page was opened with, or, opened as localhost, this machine's network address.
PUBLIC_URL = ""

# Password attempts, counted per username from every address together: this many since
# the last successful login are free; then each opens a wait, doubling from the first to
# the longest (5 s, 10 s, … 5 min), so guessing is slow and the owner waits minutes at
# most. Counts untouched for a day are forgotten.
LOGIN_FREE_ATTEMPTS = 10
LOGIN_FIRST_WAIT_SECONDS = 5
LOGIN_LONGEST_WAIT_SECONDS = 300
LOGIN_ATTEMPTS_KEPT_SECONDS = 24 * 3600

# Password hashes computed at once in the whole install, every worker and server
# counted (scrypt takes ~32 MB each): turns kept in the database, each held for at most
# the lease (a worker that died frees its turn then); a hash waits for a turn at most
# PASSWORD_HASHING_WAIT_SECONDS, then the answer is a 503 to try again.
PASSWORD_HASHING_AT_ONCE = 2
PASSWORD_HASHING_LEASE_SECONDS = 30
PASSWORD_HASHING_WAIT_SECONDS = 20

# The first account's setup code: this many wrong codes in SETUP_CODE_WINDOW_SECONDS,
# from anywhere together, then a wait until the window ends.
SETUP_CODE_ATTEMPTS = 10
SETUP_CODE_WINDOW_SECONDS = 15 * 60

# Known devices (browsers an account logged in from, each with a count of password
# attempts of its own): at most this many an account, the least recently used dropped.
DEVICES_PER_ACCOUNT = 5

# The hash of the one-time setup code for the first account (flask setup-code writes
# it); empty: instance/setup_code.
SETUP_CODE_FILE = ""

# A login lasts while it is used: ended after this long without a request, or, with
# "Keep me logged in on this phone", after REMEMBER_DAYS. API tokens unused for
# TOKEN_IDLE_DAYS are refused, and every token TOKEN_LIFETIME_DAYS after it was made,
# used or not.
SESSION_IDLE_HOURS = 12
REMEMBER_DAYS = 90
TOKEN_IDLE_DAYS = 90
TOKEN_LIFETIME_DAYS = 90
# (Not Flask-Login's remember_token: this one holds a login's key, ended by logging out.)
REMEMBER_ME_COOKIE = "scorekeeper_remember"
# Flask-Login's own remember cookie is not used (logins are rows, REMEMBER_ME_COOKIE): named
# so that no other app on this host sends it, since Flask-Login, seeing one, would skip the
# app's loader and log the reader out.
REMEMBER_COOKIE_NAME = "scorekeeper_flask_login_unused"
# Logins are kept on the server (login_sessions): Flask-Login's own session protection,
# which rewrites the cookie on every answer, has nothing to add.
SESSION_PROTECTION = None

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
REMEMBER_COOKIE_HTTPONLY = True
REMEMBER_COOKIE_SAMESITE = "Lax"

# JSON answers keep non-ASCII names readable.
JSON_AS_ASCII = False

# Finished games' printed sheets kept in memory, so printing one again needs no render.
SHEET_CACHE_ENTRIES = 32

# The time zone the evenings of game nights are counted in (an IANA name); empty: the
# machine's own.
TIMEZONE = ""

# Forms speak the app's languages through its own catalogs: every field and validator
# has its message in scorekeeper/forms/. WTForms' catalogs (another wording, and not
# every language) stay out.
WTF_I18N_ENABLED = False

# Pages, scripts, styles and JSON travel compressed where the phone accepts it (Brotli,
# else gzip): the round screen's 32 KB of HTML is about 5 KB on the wire. PDFs and images
# are compressed already.
COMPRESS_MIMETYPES = [
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
]
COMPRESS_ALGORITHM = ["br", "gzip"]
# Never a streamed answer: static files are read whole first (scorekeeper/assets.py).
COMPRESS_STREAMS = False
COMPRESS_BR_LEVEL = 5
COMPRESS_LEVEL = 6
# Below 1 KB an answer goes in one packet with its headers whether compressed or not, and
# Brotli would cost 30 to 60 µs of a worker for a few hundred bytes (docs/performance.md).
COMPRESS_MIN_SIZE = 1024

# What one request may ask for (scorekeeper/limits.py): a body of 1 MB (the import of an
# export, 20 MB), JSON nested 32 levels deep.
MAX_CONTENT_LENGTH = 1024 * 1024
MAX_FORM_MEMORY_SIZE = MAX_CONTENT_LENGTH  # a field as big as the body: one limit to tell
IMPORT_MAX_CONTENT_LENGTH = 20 * 1024 * 1024
JSON_MAX_DEPTH = 32

# A printed sheet is stopped after this many seconds (a night of many games, say), so no
# render holds a worker for long; the reader is told to print fewer games at once.
SHEET_RENDER_SECONDS = 20
# Sheets are laid out in processes of their own, this many a worker at most, at a lower
# priority than the pages (niceness 0-19): a rush of sheets at the end of a night never
# holds a worker's threads, and the phones following a game are answered first. 0: in a
# thread of the worker (as the tests of a sheet's layout do).
SHEET_RENDER_PROCESSES = 1
SHEET_RENDER_NICENESS = 10
# Sheets that may wait for their turn in a worker besides those being laid out; one more
# is answered 503 at once (its page asks again by itself), so sheets never hold every
# thread a worker has for its pages.
SHEET_RENDER_WAITING = 4
# Blank sheets need no account: a visitor without one gets this many rendered a minute
# (from one address, counted in the database for every worker and server together);
# sheets already made are free.
BLANK_SHEETS_PER_MINUTE = 20

# An import takes at most this many games (years of weekly nights are a few thousand),
# nights, players (in the file's list of players) and corrections; every list is counted
# before anything of the file is read further, so a file of 100,000 nights is refused at
# once. (A game's rounds are counted against the most its game can have.)
IMPORT_MAX_GAMES = 20_000
IMPORT_MAX_NIGHTS = 20_000
IMPORT_MAX_PLAYERS = 5_000
IMPORT_MAX_CORRECTIONS = 100_000
# It writes in batches, a transaction each: this many games (and no more rounds, unless
# one game alone has more), or this many nights or players. On SQLite other accounts'
# changes wait for one batch (a fraction of a second), never for the whole file; before
# each batch it pauses, so that they get their turn.
IMPORT_BATCH_GAMES = 25
IMPORT_BATCH_ROUNDS = 2_000
IMPORT_BATCH_ROWS = 1_000
IMPORT_BATCH_PAUSE_SECONDS = 0.1

# The hall's standings screens ask for the standings' stamp every few seconds, each of
# them: a worker answers the stamp it read at most this long ago (0: read it each time).
# A change then reaches a screen within its refresh (4 s) and this; the page itself is
# always drawn from what is stored.
STANDINGS_STAMP_SECONDS = 1.0
