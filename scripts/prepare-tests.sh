#!/bin/sh
# What the tests need from Debian, made ready ahead of them. `make test` runs this in the
# background while it installs the Python environment (on a fresh machine, mostly a one-core
# build of PyICU), so that the two overlap instead of following each other. The packages still
# missing among Chromium, PostgreSQL and Redis are installed in one apt transaction (one
# `apt-get update`, not one per script), then PostgreSQL and Redis are started by their own
# scripts. `make test` calls each script again afterwards: each then takes its fast path, or
# installs and starts what this one could not, and says why.
set -eu

say() { echo "prepare-tests: $*" >&2; }

missing=""
CHROMIUM="${DONJON_CHROMIUM:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] || missing="$missing chromium"
# the checks of postgres-for-tests.sh and redis-for-tests.sh
if [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ] || ! command -v pg_ctlcluster >/dev/null 2>&1; then
    missing="$missing postgresql"
fi
if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
    missing="$missing redis-server"
fi

if [ -n "$missing" ]; then
    SUDO=""
    if [ "$(id -u)" != "0" ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            say "not root and no sudo: install$missing by hand"
            exit 1
        fi
        SUDO="sudo"
    fi
    say "installing$missing"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q
    # shellcheck disable=SC2086  # one word per package
    $SUDO apt-get install -y -q --no-install-recommends $missing
fi

here="$(dirname "$0")"
sh "$here/postgres-for-tests.sh" >/dev/null
sh "$here/redis-for-tests.sh" >/dev/null
