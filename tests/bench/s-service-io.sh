# Scenario service-io, in the spirit of mmtests' parallelio (the seed's
# second experiment, which showed the cost model does no harm where the
# page cache is not thrashing): memcached, Debian's, from the root file
# system, holding about 96 MiB of 4 KiB values (its anon memory), under a
# steady client (loadgen memc: random gets, a set one time in ten), while
# a file of 0, 1/2, 1 and 3/2 times RAM is copied on /data in the
# background, one size after the other; swappiness 60.  Each copy size is
# one result, "service-io-PCT" (PCT of RAM): the client's throughput and
# latency over the copy, the copy's duration (load2), swap in and out and
# faults.  The 0 copy measures the client alone for a fixed time.
. /tests/vm-lib.sh

keys=$(bench_param MC_KEYS 24576)
mc_mb=$(bench_param MC_MB 128)
alone=$(bench_param SECONDS 20)
sizes=$(bench_param COPY_PCT "0 50 100 150")
echo "$(bench_param SWAPPINESS 60)" >/proc/sys/vm/swappiness

mem_mb=$(($(awk '/^MemTotal/ { print $2 }' /proc/meminfo) / 1024))
max=0
for pct in $sizes; do [ "$pct" -gt $max ] && max=$pct; done
# the source, as large as the largest copy; its page cache dropped, so
# that every copy reads it from the disk as parallelio's do
dd if=/dev/zero of=/data/src bs=1M count=$((mem_mb * max / 100)) 2>/dev/null
sync

for way in $BENCH_WAYS; do
	way_begin service-io "$way" || continue
	echo 3 >/proc/sys/vm/drop_caches
	# (memcached leaves its socket behind: a stale one is no sign of
	# the new server)
	rm -f /sysroot/tmp/mc.sock
	check "service-io $way: memcached started" as_user nobody \
		/usr/bin/memcached -d -m "$mc_mb" -U 0 -s /tmp/mc.sock \
		-a 0666 -P /tmp/mc.pid
	i=0
	while [ ! -S /sysroot/tmp/mc.sock ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	check "service-io $way: $keys values stored" \
		sh -c "loadgen -k $keys memcload /sysroot/tmp/mc.sock 600 >/dev/null"
	for pct in $sizes; do
		mb=$((mem_mb * pct / 100))
		snap /tmp/b0
		loadgen -k "$keys" -s /tmp/series memc /sysroot/tmp/mc.sock 3600 \
			>/tmp/mcload &
		lg=$!
		c0=$(uptime_cs)
		crc=0
		if [ "$mb" = 0 ]; then
			sleep "$alone"
		else
			dd if=/data/src of=/data/dst bs=1M count="$mb" \
				conv=fsync 2>/dev/null || crc=$?
		fi
		copy_cs=$(($(uptime_cs) - c0))
		kill -TERM $lg
		wait $lg
		rc=$?
		snap /tmp/b1
		[ "$crc" = 0 ] || rc=$crc
		copy="{\"copy_mib\":$mb,\"copy_s\":$((copy_cs / 100)).$((copy_cs / 10 % 10))$((copy_cs % 10))}"
		emit "service-io-$pct" "$way" "$BENCH_RUN" "$rc" \
			"$(cat /tmp/mcload)" "$copy" /tmp/series
		tap_diag "service-io $way, copy of $mb MiB: $copy $(cut -c1-200 /tmp/mcload)"
		check "service-io $way: copy of $pct% of RAM, run $BENCH_RUN completed" \
			test "$rc" = 0
		rm -f /data/dst
	done
	check "service-io $way: memcached stopped" \
		sh -c "kill \$(cat /sysroot/tmp/mc.pid)"
	i=0
	while [ -e /sysroot/tmp/mc.pid ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	way_end "$way"
done
rm -f /data/src
