#!/usr/bin/env bash
# `npm run test:pg`: the tests/server files that can reach the store (scripts/pg/storeTests.ts), on
# PostgreSQL: TEST_DATABASE_URL if set, else Debian's cluster started by ensure-postgres.sh. Extra
# arguments go to Vitest. Fails rather than fall back to SQLite or to every file.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  TEST_DATABASE_URL=$(bash scripts/pg/ensure-postgres.sh | tail -n1)
fi
export TEST_DATABASE_URL
mapfile -t files < <(npx tsx scripts/pg/storeTests.ts; echo "exit $?")
[ "${files[-1]}" = 'exit 0' ] || { echo 'test:pg: scripts/pg/storeTests.ts failed' >&2; exit 1; }
unset 'files[-1]'
[ ${#files[@]} -gt 0 ] || { echo 'test:pg: no test files selected' >&2; exit 1; }
# The `server` project: the files of one worker share one module graph instead of each loading the whole
# server again (about 2 s of imports per file); every server test starts its own server and data.
exec npx vitest run --project server "${files[@]}" "$@"
