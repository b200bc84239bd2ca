#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the table store's tests.
#   tools/throwaway_postgres.sh start   prints a postgresql:// URL on stdout
#   tools/throwaway_postgres.sh stop    stops it and removes its folder
#   tools/throwaway_postgres.sh restart stops it and starts it again (pg_ctl restart)
#   tools/throwaway_postgres.sh halt    stops it, keeping its folder (start it with resume)
#   tools/throwaway_postgres.sh resume  starts a halted cluster again, on the same port
# The cluster lives in a temporary folder and listens on a free port of 127.0.0.1 only.
# PostgreSQL refuses to run as root: as root (CI), it runs as the user "postgres".
set -euo pipefail
# ORBIS_POSTGRES_DIR names another folder, so that two clusters can run side by side.
state="${ORBIS_POSTGRES_DIR:-/tmp/orbis-throwaway-postgres}"
bin="$(dirname "$(command -v pg_ctl 2>/dev/null || ls -d /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -1)")"
as_owner() {
    if [ "$(id -u)" = 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}
case "${1:-}" in
start)
    rm -rf "$state" && mkdir -p "$state"
    if [ "$(id -u)" = 0 ]; then
        id postgres > /dev/null 2>&1 || useradd --system --no-create-home postgres
        chown postgres "$state"
    fi
    port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
    as_owner "$bin/initdb" -D "$state/data" -U orbis --auth=trust --encoding=UTF8 --no-locale > "$state/initdb.log" 2>&1
    as_owner "$bin/pg_ctl" -D "$state/data" -l "$state/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $state" start > /dev/null
    echo "$port" > "$state/port"
    echo "postgresql://orbis@127.0.0.1:$port/postgres"
    ;;
restart)
    as_owner "$bin/pg_ctl" -D "$state/data" -l "$state/server.log" -m fast -w restart > /dev/null
    ;;
halt)
    as_owner "$bin/pg_ctl" -D "$state/data" -m fast -w stop > /dev/null
    ;;
resume)
    port="$(cat "$state/port")"
    as_owner "$bin/pg_ctl" -D "$state/data" -l "$state/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $state" start > /dev/null
    ;;
stop)
    [ -d "$state/data" ] && as_owner "$bin/pg_ctl" -D "$state/data" -m immediate stop > /dev/null 2>&1 || true
    rm -rf "$state"
    ;;
*)
    echo "usage: $0 start|stop|restart|halt|resume" >&2
    exit 2
    ;;
esac
