# Scenario pgbench, the seed's own experiment scaled to the VM: PostgreSQL
# (Debian's, from the root file system) with a database of about 1.2x the
# page cache left beside idle anonymous memory of about a quarter of RAM
# (a process that touched its memory once, and a tmpfs file), its data on
# the throttled disk, swap not throttled, swappiness 115, TPC-B.  The
# database is a copy of one made once (tests/bench/pgdb-build).  A
# warm-up, then the measured phase: pgbench's transactions per second and
# each transaction's latency (its -l log), and per second the tps and the
# refaults and swapping (sampled from /proc/vmstat).
. /tests/vm-lib.sh
. /tests/pg.sh

idle_mb=$(bench_param IDLE_MB 96)
tmpfs_mb=$(bench_param TMPFS_MB 32)
sb_mb=$(bench_param PG_SHARED_MB 72)
clients=$(bench_param PG_CLIENTS 4)
warmup=$(bench_param WARMUP 60)
secs=$(bench_param SECONDS 120)
echo "$(bench_param SWAPPINESS 115)" >/proc/sys/vm/swappiness

idle_mount "$tmpfs_mb"

counters() {
	awk '$1 == "workingset_refault_file" { r = $2 } $1 == "pswpin" { i = $2 }
		$1 == "pswpout" { o = $2 } END { print r, i, o }' /proc/vmstat
}
# sampler FILE: one line per second of the measured phase, "second tps
# refault_file pswpin pswpout", the vmstat counters as deltas (loadgen
# -s's format); the tps column is filled from pgbench's progress lines
# afterwards.  Seconds are uptime's: under TCG a loop of "sleep 1" drifts,
# so a second the loop overslept shares the counters' rise evenly with
# the next.
sampler() {
	# its nap goes with it: no sleep left behind
	trap 'kill $nap 2>/dev/null; exit 0' TERM
	c0=$(uptime_cs)
	prev=$(counters)
	last=0
	while :; do
		sleep 0.2 &
		nap=$!
		wait $nap
		now_s=$((($(uptime_cs) - c0) / 100))
		[ "$now_s" -gt "$last" ] || continue
		now=$(counters)
		# shellcheck disable=SC2086
		set -- $prev $now
		n=$((now_s - last))
		while [ "$last" -lt "$now_s" ]; do
			last=$((last + 1))
			echo "$last 0 $((($4 - $1) / n)) $((($5 - $2) / n)) $((($6 - $3) / n))"
		done
		prev=$now
	done >"$1"
}

# latency_json LOGS...: {"mean":..,"p50":..,"p99":..,"stddev":..,"max":..}
# in us, from pgbench -l's lines (the latency is the third field, in us)
latency_json() {
	cat "$@" | awk '{ print $3 }' | sort -n | awk '
	# busybox awk may have no sqrt(): Newton
	function root(x,	r, i) {
		if (x <= 0)
			return 0
		r = x
		for (i = 0; i < 100; i++)
			r = (r + x / r) / 2
		return r
	}
	{ v[NR] = $1; s += $1; q += $1 * $1 }
	END {
		if (NR == 0) { print "null"; exit }
		m = s / NR; sd = NR > 1 ? root((q - NR * m * m) / (NR - 1)) : 0
		printf "{\"mean\":%.2f,\"p50\":%.2f,\"p99\":%.2f,\"stddev\":%.2f,\"max\":%.2f}",
			m, v[int(NR * 0.50) + 1], v[int(NR * 0.99) + 1], sd, v[NR]
	}'
}

for way in $BENCH_WAYS; do
	way_begin pgbench "$way" || continue
	idle_start "$idle_mb" "$tmpfs_mb"
	check "pgbench $way: server started" pg_start "$sb_mb"
	# the database in the page cache, as a server that has run a while
	# holds it: at TCG's tens of transactions a second the warm-up alone
	# would touch a fraction of it
	[ "$(bench_param PG_PREREAD 1)" = 0 ] ||
		cat $PG_DATA/base/*/* >/dev/null
	pgb -n -c "$clients" -j "$clients" -T "$warmup" >/dev/null 2>&1
	rm -f /sysroot/tmp/pgl*
	snap /tmp/b0
	sampler /tmp/vmseries &
	smp=$!
	pgb -n -c "$clients" -j "$clients" -T "$secs" -P 1 -l \
		--log-prefix=/tmp/pgl >/tmp/pgout 2>/tmp/pgprogress
	rc=$?
	kill $smp
	wait $smp 2>/dev/null
	snap /tmp/b1
	tps=$(sed -n 's/^tps = \([0-9.]*\) (without.*/\1/p' /tmp/pgout)
	n=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' /tmp/pgout)
	# per second: pgbench's own tps beside the sampled counters
	# (the measured phase's seconds: the sampler ran from before
	# pgbench's start to after its end)
	awk -v secs="$secs" 'NR == FNR { if ($1 == "progress:") { sub(",", "", $4); t[int($2 + 0.5)] = $4 }; next }
	     $1 <= secs { $2 = ($1 in t) ? t[$1] : 0; print }' /tmp/pgprogress /tmp/vmseries \
		>/tmp/series
	db_mb=$(du -sm $PG_DATA | cut -f1)
	pg_major=${pg_bin#/usr/lib/postgresql/}
	pg_major=${pg_major%/bin}
	load="{\"mode\":\"pgbench\",\"op\":\"TPC-B transaction\",\"seconds\":$secs,\"ops\":${n:-0},\"ops_per_sec\":${tps:-0},\"clients\":$clients,\"db_mib\":$db_mb,\"postgresql\":\"$pg_major\",\"lat_us\":$(latency_json /sysroot/tmp/pgl*)}"
	tap_diag "pgbench $way: $(grep -E '^(tps|latency)' /tmp/pgout | tr '\n' ';')"
	emit pgbench "$way" "$BENCH_RUN" "$rc" "$load" null /tmp/series
	check "pgbench $way: stopped" pg_stop
	idle_stop
	rm -f /sysroot/tmp/pgl*
	way_end "$way"
	check "pgbench $way: run $BENCH_RUN completed" test "$rc" = 0
done
idle_umount
