#!/bin/sh
# A throw-away local Redis for the multi-process server tests (make test calls this); prints the
# URL to use:
#
#     export DONJON_TEST_REDIS_URL="$(sh scripts/redis-for-tests.sh)"
#
# Idempotent and fast when it already runs. Otherwise it installs Debian's `redis-server`
# package (sudo when not root) and starts an instance of its own, daemonized (no systemd
# needed: containers, CI), on 127.0.0.1 only, without persistence, its files under /tmp. Only
# the URL goes to stdout; what it does goes to stderr.
#
# Settings (environment): DONJON_REDIS_PORT (default 6390), DONJON_REDIS_DIR
# (/tmp/donjon-redis-<port>).
set -eu

PORT="${DONJON_REDIS_PORT:-6390}"
DIR="${DONJON_REDIS_DIR:-/tmp/donjon-redis-$PORT}"
URL="redis://127.0.0.1:$PORT/0"

say() { echo "redis-for-tests: $*" >&2; }

SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    fi
fi

if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
    say "Redis is missing; installing the redis-server package"
    if [ "$(id -u)" != "0" ] && [ -z "$SUDO" ]; then
        say "not root and no sudo: install the 'redis-server' package by hand"
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q >&2
    # the package's own service is not started: no systemd here, and this instance is ours
    $SUDO apt-get install -y -q --no-install-recommends redis-server >&2
fi

ready() {
    [ "$(redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null)" = "PONG" ]
}

# the fast path: it runs
if ready; then
    echo "$URL"
    exit 0
fi

mkdir -p "$DIR"
say "starting redis-server on 127.0.0.1:$PORT (files in $DIR)"
redis-server --bind 127.0.0.1 --port "$PORT" --protected-mode yes --daemonize yes \
    --dir "$DIR" --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log" \
    --save "" --appendonly no >&2

tries=0
until ready; do
    tries=$((tries + 1))
    if [ "$tries" -gt 60 ]; then
        say "redis-server did not come up; see $DIR/redis.log"
        exit 1
    fi
    sleep 0.2
done
echo "$URL"
