# Shared by scripts/start and scripts/test: what the system must provide, and a virtual
# environment with pinned packages. Works on any Linux with Python 3.11+; apt-get is used
# only where it exists, elsewhere the scripts say exactly what to install.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PYTHON="${PYTHON:-}"

fail() {
  echo "$*" >&2
  exit 1
}

# find_python: the first Python 3.11 or newer (PYTHON in the environment wins).
find_python() {
  [ -n "$PYTHON" ] && return 0
  local candidate
  for candidate in python3 python3.14 python3.13 python3.12 python3.11; do
    if command -v "$candidate" >/dev/null 2>&1 &&
      "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      PYTHON="$candidate"
      return 0
    fi
  done
  fail "Scorekeeper needs Python 3.11 or newer, and none was found on the PATH (set PYTHON=/path/to/python3.11 if it is elsewhere)."
}

# ensure_venv [EXTRAS]: create .venv if needed and install the project (and extras)
# with the versions pinned in constraints.txt. Reinstalls only when those files change.
# A .venv left broken (no Python, or no pip, as after a failed `venv` without ensurepip)
# is built again rather than tripped over.
ensure_venv() {
  local extras="${1:-}"
  local spec="$ROOT"
  [ -n "$extras" ] && spec="$ROOT[$extras]"
  find_python
  if [ -e "$VENV" ] && ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
    echo "The .venv folder is broken (no working Python or pip in it): building it again."
    rm -rf "$VENV"
  fi
  if [ ! -x "$VENV/bin/python" ]; then
    if ! "$PYTHON" -m venv "$VENV" >/dev/null 2>&1 || ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
      rm -rf "$VENV"
      fail "$PYTHON cannot create a virtual environment with pip: install its venv module (Debian and Ubuntu: apt-get install python3-venv, or python3.11-venv for that version) and run this again."
    fi
  fi
  local stamp="$VENV/.installed-${extras:-app}"
  local want
  want="$(cat "$ROOT/pyproject.toml" "$ROOT/constraints.txt" | sha256sum | cut -d' ' -f1)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
      -c "$ROOT/constraints.txt" -e "$spec"
    echo "$want" > "$stamp"
  fi
}

# has_library NAME: the shared library libNAME is known to the dynamic loader.
has_library() {
  find_python
  "$PYTHON" -c 'import ctypes.util, sys; sys.exit(ctypes.util.find_library(sys.argv[1]) is None)' "$1"
}

# has_family NAME: fontconfig knows a font of that family (fc-list comes with fontconfig).
has_family() {
  command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list "$1" family 2>/dev/null | head -n 1)" ]
}

# apt_install PKG...: install Debian packages that are not installed yet (as root or with sudo).
apt_install() {
  local missing=() pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# ensure_sheet_libraries: what WeasyPrint needs to draw score sheets at run time (Pango with
# its FreeType part, HarfBuzz's subsetter, fontconfig) and the fonts static/print.css names
# for every language (Noto Sans: Latin and Greek; Noto Sans Devanagari; DejaVu Sans Mono).
# Checked as libraries and font families, not as one distribution's packages: any other
# Devanagari face the system has (Lohit, say) is no stand-in, the sheets never use it.
ensure_sheet_libraries() {
  local missing=() lib family
  for lib in pango-1.0 pangoft2-1.0 harfbuzz-subset fontconfig; do
    has_library "$lib" || missing+=("lib$lib")
  done
  for family in "Noto Sans" "Noto Sans Devanagari" "DejaVu Sans Mono"; do
    has_family "$family" || missing+=("the font $family")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if command -v apt-get >/dev/null 2>&1; then
    apt_install libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fontconfig \
      fonts-noto-core fonts-dejavu-core
    for family in "Noto Sans" "Noto Sans Devanagari" "DejaVu Sans Mono"; do
      has_family "$family" || fail "fonts-noto-core and fonts-dejavu-core are installed, but fontconfig finds no $family, which score sheets need (fc-list \"$family\" lists nothing)."
    done
  else
    fail "Score sheets need, and this system lacks: ${missing[*]}. Install them with the system's package manager (Fedora: dnf install pango harfbuzz fontconfig google-noto-sans-fonts google-noto-sans-devanagari-fonts; Alpine: apk add pango harfbuzz fontconfig font-noto font-noto-devanagari; Arch: pacman -S pango harfbuzz fontconfig noto-fonts) and run this again."
  fi
}

# find_chromium: Debian's or Ubuntu's Chromium (or CHROMIUM in the environment), installed
# with apt-get where it can be; exported as CHROMIUM for the browser tests.
find_chromium() {
  local candidate
  if [ -z "${CHROMIUM:-}" ]; then
    for candidate in chromium chromium-browser google-chrome-stable google-chrome; do
      if command -v "$candidate" >/dev/null 2>&1; then
        CHROMIUM="$(command -v "$candidate")"
        break
      fi
    done
  fi
  if [ -z "${CHROMIUM:-}" ] && command -v apt-get >/dev/null 2>&1 && apt-cache show chromium >/dev/null 2>&1; then
    apt_install chromium
    CHROMIUM="$(command -v chromium || true)"
  fi
  if [ -n "${CHROMIUM:-}" ]; then
    export CHROMIUM
  else
    echo "No Chromium found (install Debian's chromium, Ubuntu's chromium-browser, or set CHROMIUM=/path/to/chrome): the browser tests will skip." >&2
  fi
}

# phone_address HOST PORT: the address the table's phones open, for a server listening
# on HOST and PORT: PUBLIC_URL when set (instance/config.py or FLASK_PUBLIC_URL); listening
# on every address, this machine's network address (no packet is sent), found the way the
# app finds it for the watch link of a page opened as localhost.
phone_address() {
  "$VENV/bin/flask" --app scorekeeper phone-address --host "$1" --port "$2"
}

# port_free HOST PORT [SECONDS]: nothing listens there yet (or, within SECONDS, any more).
port_free() {
  find_python
  "$PYTHON" - "$1" "$2" "${3:-0}" <<'EOF'
import socket, sys, time
host, port, wait = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
deadline = time.monotonic() + wait
while True:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
            sys.exit(0)
        except OSError:
            pass
    if time.monotonic() >= deadline:
        sys.exit(1)
    time.sleep(0.2)
EOF
}
