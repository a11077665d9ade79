#!/bin/sh
set -eu
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" > /tmp/pwfile
  chown postgres /tmp/pwfile
  su postgres -c "initdb -D '$PGDATA' --username=postgres --pwfile=/tmp/pwfile --auth-host=scram-sha-256 --auth-local=trust"
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  su postgres -c "pg_ctl -D '$PGDATA' -o '-c listen_addresses=' -w start"
  if [ -n "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" != postgres ]; then
    su postgres -c "psql -v ON_ERROR_STOP=1 -c 'CREATE DATABASE \"$POSTGRES_DB\"'"
  fi
  su postgres -c "pg_ctl -D '$PGDATA' -m fast -w stop"
fi
exec su postgres -c "exec postgres -D '$PGDATA' -c listen_addresses='*'"
