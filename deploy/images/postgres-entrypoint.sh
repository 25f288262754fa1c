#!/bin/bash
# The official postgres image's start-up contract, in short: as root, own the data folder and drop to
# `postgres`; on an empty data folder initialise the cluster (password authentication over TCP),
# create POSTGRES_DB and run /docker-entrypoint-initdb.d/*.sql and *.sh once; then run the server.
set -euo pipefail
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}" "${PGDATA:=/var/lib/postgresql/data}"
export POSTGRES_USER POSTGRES_DB PGDATA

if [ "${1:-}" != postgres ]; then exec "$@"; fi

if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 0700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  [ -n "${POSTGRES_PASSWORD:-}" ] || { echo "postgres: POSTGRES_PASSWORD is required on first start" >&2; exit 1; }
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
    --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/var/run/postgresql" -w start >/dev/null
  psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password -h /var/run/postgresql)
  if [ "$POSTGRES_DB" != postgres ]; then "${psql[@]}" -d postgres -c "CREATE DATABASE \"$POSTGRES_DB\"" >/dev/null; fi
  for file in /docker-entrypoint-initdb.d/*; do
    case "$file" in
      *.sql) echo "postgres: running $file"; "${psql[@]}" -d "$POSTGRES_DB" -f "$file" >/dev/null ;;
      *.sh) echo "postgres: running $file"; . "$file" ;;
    esac
  done
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "postgres: initialised $PGDATA"
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/var/run/postgresql "${@:2}"
