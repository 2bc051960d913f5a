#!/usr/bin/env bash
# Runs the Python example client against a real Cipherspace server, then reads what it saved with
# the app's own code (scripts/check-python-example.ts): exit 0 only when both agree.
#
#   examples/python/run-against-server.sh [http://127.0.0.1:3000]
#
# With a URL it uses that server. Without one it starts the real server
# (packages/server/src/main.ts) on embedded PGlite in a temporary directory on a free port, and
# stops it afterwards. `.ci/run` calls it with the quick start's server.
#
# Python: $PYTHON, else `python3`, else /usr/bin/python3 — the first that imports `cryptography`;
# when none does, Debian's python3-cryptography is installed (apt-get) for /usr/bin/python3.
set -euo pipefail
cd "$(dirname "$0")/../.."

has_crypto() {
  "$1" -c 'from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF' >/dev/null 2>&1
}
python=""
for candidate in "${PYTHON:-}" python3 /usr/bin/python3; do
  if [[ -n "$candidate" ]] && command -v "$candidate" >/dev/null 2>&1 && has_crypto "$candidate"; then
    python=$candidate
    break
  fi
done
if [[ -z "$python" ]]; then
  echo "no Python with the cryptography package: installing Debian's python3-cryptography"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-cryptography >/dev/null
  python=/usr/bin/python3
  has_crypto "$python" || { echo "python3-cryptography did not install"; exit 1; }
fi
echo "Python: $("$python" --version 2>&1) ($(command -v "$python")), cryptography $("$python" -c 'import cryptography; print(cryptography.__version__)')"

url="${1:-}"
server_pid=""
work=$(mktemp -d)
cleanup() {
  if [[ -n "$server_pid" ]]; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
if [[ -z "$url" ]]; then
  port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  url="http://127.0.0.1:$port"
  # One process (node with tsx's loader), so that SIGTERM reaches the server itself. No web app
  # is served (WEB_DIST_DIR points nowhere): the example needs only the API.
  DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn WEB_DIST_DIR="$work/no-web" \
    node --import tsx packages/server/src/main.ts >"$work/server.log" 2>&1 &
  server_pid=$!
  started=$SECONDS
  until curl -sf "$url/api/health" >/dev/null 2>&1; do
    if ((SECONDS - started > 180)) || ! kill -0 "$server_pid" 2>/dev/null; then
      tail -n 30 "$work/server.log"
      echo "the server did not answer $url/api/health within 180 s"
      exit 1
    fi
    sleep 0.3
  done
  echo "server: $url (embedded PGlite, started in $((SECONDS - started)) s)"
fi

# A fresh space per run; the key and password stay in the environment, out of the process list.
export CIPHERSPACE_URL="$url"
export CIPHERSPACE_SPACE="Python Example $(od -An -N4 -tx1 /dev/urandom | tr -d ' \n')"
export CIPHERSPACE_USERNAME=py-alice
export CIPHERSPACE_SPACE_KEY="Py-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')-K9!"
export CIPHERSPACE_PASSWORD="$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
"$python" examples/python/cipherspace_client.py
node --import tsx scripts/check-python-example.ts
