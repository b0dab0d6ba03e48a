# Scenario thrash, the seed's postgres shape scaled to the VM: idle
# anonymous memory (a process that touched its memory once, and a tmpfs
# file) beside a file working set on ext4 that fits only if the idle anon
# goes to swap, read at random 4 KiB offsets.  The file system's disk is
# throttled by the host (tests/bench/run), swap's is not.  Each way warms
# up with the same load before its measured phase, as the seed did.
. /tests/vm-lib.sh

ws_mb=$(bench_param WS_MB 210)
idle_mb=$(bench_param IDLE_MB 200)
tmpfs_mb=$(bench_param TMPFS_MB 60)
warmup=$(bench_param WARMUP 30)
secs=$(bench_param SECONDS 60)
echo "$(bench_param SWAPPINESS 115)" >/proc/sys/vm/swappiness

idle_mount "$tmpfs_mb"
dd if=/dev/urandom of=/data/ws bs=1M count="$ws_mb" 2>/dev/null
sync

for way in $BENCH_WAYS; do
	way_begin thrash "$way" || continue
	[ "$way" = ideal ] || idle_start "$idle_mb" "$tmpfs_mb"
	sleep 2
	cat /data/ws >/dev/null
	loadgen randread /data/ws "$warmup" >/dev/null
	snap /tmp/b0
	load=$(loadgen -s /tmp/series randread /data/ws "$secs")
	rc=$?
	snap /tmp/b1
	emit thrash "$way" "$BENCH_RUN" "$rc" "${load:-null}" null /tmp/series
	[ "$way" = ideal ] || idle_stop
	way_end "$way"
	check "thrash $way: run $BENCH_RUN completed" test "$rc" = 0
done
idle_umount
rm -f /data/ws
