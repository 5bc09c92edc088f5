#!/usr/bin/env bash
# Runs a command with TEST_POSTGRES_URL pointing at a throwaway PostgreSQL cluster on a free
# port, installing PostgreSQL from Debian when it is missing; the cluster is removed afterwards. The cluster and every
# scratch folder of the command live on tmpfs where the machine has room (scripts/tmpfs-scratch.sh).
set -euo pipefail
source "$(dirname "$0")/tmpfs-scratch.sh"

if ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  echo "with-postgres: installing PostgreSQL from Debian" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cluster=$(mktemp -d "${TMPDIR:-/tmp}/rc-pg.XXXXXX")

as_owner() {
  if [ "$(id -u)" = 0 ]; then chown -R postgres "$cluster"; runuser -u postgres -- "$@"; else "$@"; fi
}
stop() {
  as_owner "$bin/pg_ctl" -D "$cluster/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$cluster"
  remove_tmpfs_scratch
}
trap stop EXIT

as_owner "$bin/initdb" -D "$cluster/data" -A trust -U postgres --encoding=UTF8 --locale=C.UTF-8 >/dev/null
as_owner "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w \
  -o "-p $port -k $cluster -c fsync=off -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres" "$@"
