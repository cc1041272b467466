#!/bin/sh
# A local PostgreSQL for the server tests (make test calls this); prints the URL to use:
#
#     export DONJON_TEST_DATABASE_URL="$(sh scripts/postgres-for-tests.sh)"
#
# Idempotent and fast when everything is there. Otherwise it installs Debian's `postgresql`
# package (sudo when not root), creates a cluster if there is none, starts it with pg_ctlcluster
# (no systemd needed: containers, CI) listening on 127.0.0.1 only, and creates the role and the
# database. Only the URL goes to stdout; what it does goes to stderr.
#
# Settings (environment): DONJON_PG_USER, DONJON_PG_PASSWORD (both default donjon),
# DONJON_PG_DB (donjon_test), DONJON_PG_CLUSTER (main), DONJON_PG_VERSION (the newest installed).
set -eu

PGUSER_NAME="${DONJON_PG_USER:-donjon}"
PGPASS="${DONJON_PG_PASSWORD:-donjon}"
PGDB="${DONJON_PG_DB:-donjon_test}"
CLUSTER="${DONJON_PG_CLUSTER:-main}"

say() { echo "postgres-for-tests: $*" >&2; }

SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1; then
        SUDO="sudo"
    fi
fi

newest_version() {
    ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -n 1
}

VERSION="${DONJON_PG_VERSION:-$(newest_version)}"
if [ -z "$VERSION" ] || [ ! -x "/usr/lib/postgresql/$VERSION/bin/postgres" ] \
        || ! command -v pg_ctlcluster >/dev/null 2>&1; then
    say "PostgreSQL is missing; installing the postgresql package"
    if [ "$(id -u)" != "0" ] && [ -z "$SUDO" ]; then
        say "not root and no sudo: install the 'postgresql' package by hand"
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q >&2
    $SUDO apt-get install -y -q --no-install-recommends postgresql >&2
    VERSION="${DONJON_PG_VERSION:-$(newest_version)}"
    if [ -z "$VERSION" ]; then
        say "the postgresql package installed no server under /usr/lib/postgresql"
        exit 1
    fi
fi

# as the postgres superuser, over the unix socket (peer authentication)
as_postgres() {
    if [ "$(id -u)" = "0" ]; then
        runuser -u postgres -- "$@"
    elif [ "$(id -un)" = "postgres" ]; then
        "$@"
    else
        sudo -u postgres -- "$@"
    fi
}

# the cluster's port (pg_lsclusters: Ver Cluster Port Status Owner Data Log)
cluster_line() {
    pg_lsclusters -h 2>/dev/null | awk -v v="$VERSION" -v c="$CLUSTER" '$1 == v && $2 == c'
}

if [ -z "$(cluster_line)" ]; then
    say "creating the cluster $VERSION/$CLUSTER"
    $SUDO pg_createcluster --encoding=UTF8 --locale=C.UTF-8 "$VERSION" "$CLUSTER" >&2 \
        || $SUDO pg_createcluster --encoding=UTF8 --locale=C "$VERSION" "$CLUSTER" >&2
fi
PORT="$(cluster_line | awk '{print $3}')"
URL="postgresql+psycopg://$PGUSER_NAME:$PGPASS@127.0.0.1:$PORT/$PGDB"

ready() {
    PGPASSWORD="$PGPASS" PGCONNECT_TIMEOUT=3 psql -X -q -t -A -w -h 127.0.0.1 -p "$PORT" \
        -U "$PGUSER_NAME" -d "$PGDB" -c "select 1" >/dev/null 2>&1
}

# the fast path: it runs and lets the test role in
if ready; then
    echo "$URL"
    exit 0
fi

case "$(cluster_line | awk '{print $4}')" in
    online*) ;;
    *)
        say "starting the cluster $VERSION/$CLUSTER on 127.0.0.1:$PORT"
        # listen on the loopback only, whatever postgresql.conf says
        $SUDO pg_ctlcluster -o "-c listen_addresses=127.0.0.1" "$VERSION" "$CLUSTER" start >&2
        ;;
esac

tries=0
until as_postgres pg_isready -q -p "$PORT"; do
    tries=$((tries + 1))
    if [ "$tries" -gt 60 ]; then
        say "the cluster did not come up; see /var/log/postgresql/"
        exit 1
    fi
    sleep 0.5
done

psql_su() {
    as_postgres psql -X -q -t -A -v ON_ERROR_STOP=1 -p "$PORT" -d postgres "$@"
}

if [ "$(psql_su -c "select 1 from pg_roles where rolname = '$PGUSER_NAME'")" != "1" ]; then
    say "creating the role $PGUSER_NAME"
    psql_su -c "create role \"$PGUSER_NAME\" login password '$PGPASS'" >&2
else
    psql_su -c "alter role \"$PGUSER_NAME\" login password '$PGPASS'" >&2
fi
if [ "$(psql_su -c "select 1 from pg_database where datname = '$PGDB'")" != "1" ]; then
    say "creating the database $PGDB"
    # UTF8 whatever the cluster's default (a container's cluster may be SQL_ASCII)
    psql_su -c "create database \"$PGDB\" owner \"$PGUSER_NAME\" encoding 'UTF8' \
        lc_collate 'C' lc_ctype 'C' template template0" >&2
fi

if ! ready; then
    say "the role $PGUSER_NAME cannot log in to $PGDB over 127.0.0.1:$PORT (pg_hba.conf?)"
    exit 1
fi
echo "$URL"
