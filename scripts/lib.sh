# Shared by scripts/start and scripts/test: a virtual environment with pinned packages.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"
PYTHON="${PYTHON:-python3}"

# ensure_venv [EXTRAS]: create .venv if needed and install the project (and extras)
# with the versions pinned in constraints.txt. Reinstalls only when those files change.
ensure_venv() {
  local extras="${1:-}"
  local spec="$ROOT"
  [ -n "$extras" ] && spec="$ROOT[$extras]"
  if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
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

# ensure_debian_packages PKG...: install what is missing with apt-get (as root or with sudo).
ensure_debian_packages() {
  local missing=()
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if ! command -v apt-get >/dev/null; then
    echo "Missing system packages: ${missing[*]} (no apt-get here: install them by hand)" >&2
    return 1
  fi
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing system packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
