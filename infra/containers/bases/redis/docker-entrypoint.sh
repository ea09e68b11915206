#!/usr/bin/env bash
# As the official image: run redis-server as the redis user with protected mode off (the official build
# compiles that default in; Debian's does not), a config file first when one is given.
set -Eeo pipefail
if [ "${1:-}" = redis-server ]; then
  shift
  config=()
  if [ -n "${1:-}" ] && [ "${1#-}" = "$1" ]; then config=("$1"); shift; fi
  if [ "$(id -u)" = 0 ]; then
    chown -R redis:redis /data 2> /dev/null || true
    exec setpriv --reuid=redis --regid=redis --init-groups redis-server "${config[@]}" --protected-mode no "$@"
  fi
  exec redis-server "${config[@]}" --protected-mode no "$@"
fi
exec "$@"
