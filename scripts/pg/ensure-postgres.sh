#!/usr/bin/env bash
# Makes sure Debian's PostgreSQL is installed and running on loopback, with a role `portal` that may
# create databases, then prints the admin URL on stdout (the last line): the test harness creates a
# fresh database per server from it, start:cluster creates its `portal` database from it.
#   TEST_DATABASE_URL=$(bash scripts/pg/ensure-postgres.sh | tail -n1)
# Needs root (apt-get, pg_ctlcluster, runuser) unless the server and role already exist.
set -euo pipefail

PG_ROLE=${PG_ROLE:-portal}
PG_PASSWORD=${PG_PASSWORD:-portal}
log() { echo "ensure-postgres: $*" >&2; }

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  log "installing PostgreSQL from Debian"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi

version=$(ls /usr/lib/postgresql | sort -V | tail -n1)
if ! pg_lsclusters --no-header | awk '{print $1, $2}' | grep -qx "$version main"; then
  log "creating cluster $version/main"
  # C collation: text sorts bytewise, as in SQLite, so keyset cursors order the same on both stores.
  pg_createcluster "$version" main --locale C.UTF-8 >&2
fi
port=$(pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
status=$(pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main" {print $4}')
if [ "$status" != "online" ]; then
  log "starting cluster $version/main on 127.0.0.1:$port"
  pg_ctlcluster "$version" main start >&2
fi

# Wait until it accepts connections (first start can take a moment).
for _ in $(seq 1 60); do
  if pg_isready -q -h 127.0.0.1 -p "$port"; then break; fi
  sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$port" || { log "PostgreSQL did not come up on port $port"; exit 1; }

runuser -u postgres -- psql -p "$port" -qAt -v ON_ERROR_STOP=1 >&2 <<SQL
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$PG_ROLE') THEN
    CREATE ROLE "$PG_ROLE" LOGIN CREATEDB PASSWORD '$PG_PASSWORD';
  END IF;
END
\$\$;
-- DROP DATABASE ... WITH (FORCE) also ends an autovacuum worker on that database, which has no role:
-- without this membership PostgreSQL refuses that as "must be a member of the role whose process is
-- being terminated or member of pg_signal_backend".
GRANT pg_signal_backend TO "$PG_ROLE";
SQL

# Scratch databases of earlier test runs (tests/server/pg-database.ts). One still in use refuses the
# drop (no FORCE), so a run going on elsewhere is left alone.
for db in $(runuser -u postgres -- psql -p "$port" -qAt -c "SELECT datname FROM pg_database WHERE datname LIKE 'portal\_test\_%'"); do
  runuser -u postgres -- psql -p "$port" -q -c "DROP DATABASE \"$db\"" >/dev/null 2>&1 || true
done

echo "postgres://$PG_ROLE:$PG_PASSWORD@127.0.0.1:$port/postgres"
