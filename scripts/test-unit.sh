#!/usr/bin/env bash
# Vitest, with the PostgreSQL server the database tests need: DATABASE_TEST_URL when given,
# else the one scripts/ensure-postgres.sh finds or installs, as the browser tests' Chromium is.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DATABASE_TEST_URL:-}" ]; then
  DATABASE_TEST_URL="$(scripts/ensure-postgres.sh)"
  export DATABASE_TEST_URL
fi
exec npx vitest run "$@"
