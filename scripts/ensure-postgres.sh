#!/usr/bin/env bash
# Prints the URL of a PostgreSQL server for the database tests (DATABASE_TEST_URL): the one
# already listening on 127.0.0.1:5432, or else Debian's `postgresql`, installed (as root, like
# Chromium in .ci/run) and its cluster started. Messages go to stderr; stdout is the URL alone.
set -euo pipefail

listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if listening 5432; then
  # The tests' default: they create and drop a database of their own on it.
  echo "postgres://postgres@127.0.0.1:5432/test"
  exit 0
fi

if [ "$(id -u)" != "0" ]; then
  echo "Nothing listens on 127.0.0.1:5432: start PostgreSQL (sudo apt-get install -y postgresql)," \
    "or set DATABASE_TEST_URL to one the tests may create databases on" >&2
  exit 1
fi

# The newest server installed (psql alone installs /usr/lib/postgresql/<version>/bin too).
server() { compgen -G '/usr/lib/postgresql/*/bin/postgres' | sort -V | tail -n 1; }
if [ -z "$(server || true)" ]; then
  echo "Installing PostgreSQL for the database tests" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
binary="$(server)"
version="$(basename "$(dirname "$(dirname "$binary")")")"

# Debian's package creates and starts the cluster "main"; in a container without an init
# system it is only created. Create it if even that was skipped (createcluster.conf).
cluster() { pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main"'; }
if [ -z "$(cluster)" ]; then
  pg_createcluster "$version" main >&2
fi
if [ "$(cluster | awk '{ print $4 }')" != "online" ]; then
  pg_ctlcluster "$version" main start >&2
fi
port="$(cluster | awk '{ print $3 }')"

# Debian's pg_hba.conf asks for a password over TCP: give the superuser one, for these tests
# on this throwaway machine (connected through the Unix socket, where the postgres user is
# trusted as itself).
password="cinelist-tests"
runuser -u postgres -- psql --quiet --no-psqlrc --port "$port" \
  --command "ALTER ROLE postgres PASSWORD '$password'" >&2
echo "postgres://postgres:$password@127.0.0.1:$port/postgres"
