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

mkdir -p /mnt/shm
mount -t tmpfs -o size=$((tmpfs_mb + 8))m tmpfs /mnt/shm
dd if=/dev/urandom of=/data/ws bs=1M count="$ws_mb" 2>/dev/null
sync

for way in $BENCH_WAYS; do
	way_begin thrash "$way" || continue
	hog=
	if [ "$way" != ideal ]; then
		memhog "$idle_mb" 100000 idle >/dev/null &
		hog=$!
		dd if=/dev/zero of=/mnt/shm/idle bs=1M count="$tmpfs_mb" 2>/dev/null
	fi
	sleep 2
	cat /data/ws >/dev/null
	loadgen randread /data/ws "$warmup" >/dev/null
	snap /tmp/b0
	load=$(loadgen -s /tmp/series randread /data/ws "$secs")
	rc=$?
	snap /tmp/b1
	emit thrash "$way" "$BENCH_RUN" "$rc" "${load:-null}" null /tmp/series
	[ -n "$hog" ] && kill "$hog" && wait "$hog" 2>/dev/null
	rm -f /mnt/shm/idle
	way_end "$way"
	check "thrash $way: run $BENCH_RUN completed" test "$rc" = 0
done
umount /mnt/shm
rm -f /data/ws
