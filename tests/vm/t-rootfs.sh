# The benchmark's real programs run on the stock kernel under test, from
# the Debian root file system (tools/rootfs-build, LRUCOST_VM_ROOTFS):
# PostgreSQL makes a cluster on the data disk, starts, pgbench initialises
# a database and runs TPC-B against it; memcached starts and memcslap
# drives it; both stop cleanly.  Run by make rootfs-check.
. /tests/lib.sh

[ "$LRUCOST_VM_ROOTFS" = 1 ] || { tap_not_ok "no root file system (LRUCOST_VM_ROOTFS)"; exit 0; }
check "Debian root mounted read-only" \
	sh -c "grep -q '^/dev/vdc /sysroot ext4 ro' /proc/mounts"
. /tests/pg.sh
tap_diag "PostgreSQL: $(in_rootfs "$pg_bin/postgres" --version)"
check "a PostgreSQL server in the root file system" test -n "$pg_bin"

check "initdb on the data disk" pg_init
check "pg_ctl start" pg_start 32
check "pgbench -i" pgb -q -i -s 1
out=$(pgb -n -c 2 -j 2 -T 5 2>&1)
rc=$?
echo "$out" | grep -E '^(tps|latency|number of transactions actually)' | sed 's/^/#   /'
check "pgbench TPC-B ran (exit $rc)" test $rc = 0
tps=$(echo "$out" | sed -n 's/^tps = \([0-9]*\).*/\1/p')
check "pgbench: transactions done (tps $tps)" test "${tps:-0}" -gt 0
check "pg_ctl stop" pg_stop
rm -rf $PG_DATA

check "memcached starts" as_user nobody /usr/bin/memcached -d -m 32 -U 0 \
	-s /tmp/mc.sock -a 0666 -P /tmp/mc.pid
sleep 1
out=$(in_rootfs memcslap --servers=/tmp/mc.sock --concurrency=2 \
	--execute-number=2000 2>&1)
rc=$?
echo "$out" | sed 's/^/#   /' | head -8
check "memcslap against memcached (exit $rc)" test $rc = 0
check "memcached stops" sh -c "kill \$(cat /sysroot/tmp/mc.pid)"
