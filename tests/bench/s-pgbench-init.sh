# The pgbench database, made once (tests/bench/pgdb-build keeps the data
# disk it was made on, and every pgbench run starts from a copy of it):
# a cluster on /data/pg, pgbench's tables at LRUCOST_BENCH_PG_SCALE,
# vacuumed and analysed, the server stopped cleanly.
. /tests/vm-lib.sh
. /tests/pg.sh

scale=$(bench_param PG_SCALE 15)
check "initdb on /data" pg_init
check "server started" pg_start 64
t0=$(cut -d. -f1 /proc/uptime)
check "pgbench -i -s $scale" pgb -i -q -s "$scale"
tap_diag "initialised in $(($(cut -d. -f1 /proc/uptime) - t0)) s; database $(du -sm $PG_DATA | cut -f1) MiB on /data"
check "server stopped" pg_stop
sync
