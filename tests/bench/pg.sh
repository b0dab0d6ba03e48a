# shellcheck shell=sh
# PostgreSQL from the Debian root file system (tools/rootfs-build,
# LRUCOST_VM_ROOTFS), for the pgbench scenario: a cluster on /data/pg,
# the server on a unix socket only, pgbench as the postgres user.
PG_DATA=/data/pg
PG_SOCK=/run/postgresql
pg_bin=$(in_rootfs sh -c 'ls -d /usr/lib/postgresql/*/bin | tail -n 1')

# pg CMD ARGS...: a PostgreSQL program, as postgres
pg() {
	c=$1
	shift
	as_user postgres "$pg_bin/$c" "$@"
}

# pg_init: an empty cluster on /data, C locale, trusting local users
pg_init() {
	in_rootfs install -d -o postgres -g postgres $PG_DATA &&
		pg initdb -D $PG_DATA --locale=C -A trust -U postgres >/dev/null
}

# pg_start SHARED_BUFFERS_MB: the server, with the seed's knobs that
# matter here (its data on /data's throttled disk)
pg_start() {
	in_rootfs install -d -o postgres -g postgres $PG_SOCK &&
		pg pg_ctl -D $PG_DATA -w -l /tmp/pg.log \
			-o "-c shared_buffers=${1}MB -c listen_addresses='' -c unix_socket_directories=$PG_SOCK -c max_wal_size=512MB" \
			start >/dev/null
}

pg_stop() {
	pg pg_ctl -D $PG_DATA -w -m fast stop >/dev/null
}

# pgb ARGS...: pgbench against the server
pgb() {
	pg pgbench -h $PG_SOCK -U postgres "$@" postgres
}
