#!/usr/bin/env bash
# Starts a PostgreSQL for local test runs (the same set-up .ci/run uses) and prints its URL:
#   export TEST_DATABASE_URL=$(bash scripts/local-postgres.sh)
set -euo pipefail
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
dir=${LOCAL_PG_DIR:-/tmp/local-pg}
port=${LOCAL_PG_PORT:-55433}
if [ ! -d "$dir/data" ]; then
  mkdir -p "$dir" && chown postgres:postgres "$dir"
  runuser -u postgres -- "$pg_bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
fi
if ! runuser -u postgres -- "$pg_bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
  runuser -u postgres -- "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
