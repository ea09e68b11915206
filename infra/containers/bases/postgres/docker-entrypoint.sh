#!/usr/bin/env bash
# The part of the official postgres image's entrypoint this project uses: create the cluster on first
# start (superuser from POSTGRES_USER/POSTGRES_PASSWORD, password auth from other hosts), run the init
# scripts, then run postgres in the foreground as the postgres user.
set -Eeo pipefail

if [ "${1:-}" = postgres ]; then
  if [ "$(id -u)" = 0 ]; then
    mkdir -p "$PGDATA"
    chown -R postgres:postgres "$PGDATA" /var/run/postgresql
    chmod 700 "$PGDATA"
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
  fi
  shift
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
    POSTGRES_USER=${POSTGRES_USER:-postgres}
    POSTGRES_DB=${POSTGRES_DB:-$POSTGRES_USER}
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    initdb --username="$POSTGRES_USER" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
      --encoding=UTF8 --locale=C.UTF-8 -D "$PGDATA" > /dev/null
    rm -f "$pwfile"
    echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
    if [ "$POSTGRES_DB" != postgres ]; then
      psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d postgres -q -c "CREATE DATABASE \"$POSTGRES_DB\""
    fi
    for script in /docker-entrypoint-initdb.d/*; do
      case "$script" in
        *.sql) echo "running $script"; psql -v ON_ERROR_STOP=1 -U "$POSTGRES_USER" -d "$POSTGRES_DB" -q -f "$script" ;;
        *.sh) echo "running $script"; . "$script" ;;
      esac
    done
    pg_ctl -D "$PGDATA" -m fast -w stop > /dev/null
    echo 'PostgreSQL init process complete; ready for start up.'
  fi
  exec postgres -c listen_addresses='*' "$@"
fi

exec "$@"
