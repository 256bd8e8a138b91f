#!/usr/bin/env bash
# Runs COMMAND with a throwaway PostgreSQL cluster, then stops and removes the cluster.
#
#   Tools/with-postgres.sh swift test
#   Tools/with-postgres.sh --available   # exit 0 when PostgreSQL's server binaries are installed
#   Tools/with-postgres.sh --data-on DIR COMMAND   # the data directory in DIR (a small disk, say),
#                                                  # the WAL beside the cluster, off that disk
#
# Needs PostgreSQL's server binaries (Debian: apt-get install -y postgresql). As root (CI),
# the cluster runs as the `postgres` user; otherwise as the current user. The cluster lives in
# a fresh temporary directory, listens on 127.0.0.1 on a free port, trusts local connections,
# and COMMAND sees QUILL_TEST_POSTGRES_URL=postgres://quill@127.0.0.1:PORT/quill_test.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGUMENT...]" >&2
    exit 2
fi

pg_bin="${PG_BIN:-}"
if [ -z "$pg_bin" ]; then
    pg_bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ "$1" = "--available" ]; then
    [ -n "$pg_bin" ] && [ -x "$pg_bin/initdb" ]
    exit
fi
if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    echo "with-postgres: PostgreSQL server binaries not found (apt-get install -y postgresql, or set PG_BIN)" >&2
    exit 1
fi

cluster="$(mktemp -d "${TMPDIR:-/tmp}/quill-postgres.XXXXXX")"
data="$cluster/data"
initdb_options=()
if [ "$1" = "--data-on" ]; then
    data="$2/data"
    initdb_options=(--waldir="$cluster/wal")
    shift 2
fi
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$cluster" "$(dirname "$data")"
    as_owner=(runuser -u postgres --)
fi

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"

cleanup() {
    "${as_owner[@]}" "$pg_bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$data" "$cluster"
}
trap cleanup EXIT

"${as_owner[@]}" "$pg_bin/initdb" -D "$data" "${initdb_options[@]}" -U quill --auth=trust -E UTF8 --locale=C.UTF-8 >"$cluster/initdb.log" 2>&1 \
    || { cat "$cluster/initdb.log" >&2; exit 1; }
"${as_owner[@]}" "$pg_bin/pg_ctl" -D "$data" -l "$cluster/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$cluster -c fsync=off" start >/dev/null \
    || { cat "$cluster/server.log" >&2; exit 1; }
"$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U quill quill_test

export QUILL_TEST_POSTGRES_URL="postgres://quill@127.0.0.1:$port/quill_test"
echo "with-postgres: PostgreSQL on 127.0.0.1:$port (QUILL_TEST_POSTGRES_URL=$QUILL_TEST_POSTGRES_URL)" >&2
status=0
"$@" || status=$?
exit "$status"
