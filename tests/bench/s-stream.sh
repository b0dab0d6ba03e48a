# Scenario stream, the seed's parallelio shape scaled to the VM: a
# used-once stream of a file bigger than RAM beside an anonymous working
# set that fits and is in use (a memcache-like loop).  No policy should
# start swapping that working set.  Throughput is the stream's; the
# anon loop's is reported beside it (load2).
. /tests/vm-lib.sh

anon_mb=$(bench_param ANON_MB 150)
stream_mb=$(bench_param STREAM_MB 700)
secs=$(bench_param SECONDS 45)
echo "$(bench_param SWAPPINESS 60)" >/proc/sys/vm/swappiness

dd if=/dev/zero of=/data/stream bs=1M count="$stream_mb" 2>/dev/null
sync

for way in $BENCH_WAYS; do
	way_begin stream "$way" || continue
	loadgen -s /tmp/series2 anon "$anon_mb" $((secs + 3)) >/tmp/load2 &
	anon=$!
	sleep 2
	snap /tmp/b0
	load=$(loadgen -s /tmp/series seqread /data/stream "$secs")
	rc=$?
	snap /tmp/b1
	wait $anon
	rc2=$?
	[ "$rc2" = 0 ] || rc=$rc2
	emit stream "$way" "$BENCH_RUN" "$rc" "${load:-null}" \
		"$(cat /tmp/load2)" /tmp/series
	way_end "$way"
	check "stream $way: run $BENCH_RUN completed" test "$rc" = 0
done
rm -f /data/stream
