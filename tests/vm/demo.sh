# make demo: load lrucost on the stock kernel, show what it found, and
# show what it does: a short thrash in the seed's shape, once with
# enabled=0 and once with enabled=1, side by side.
. /tests/vm-lib.sh

tap_diag "stock kernel $(uname -r); loading lrucost"
check "insmod lrucost.ko" insmod "$LRUCOST_KO"
dmesg | grep 'lrucost:' | sed 's/^/# dmesg: /'
tap_diag "/sys/kernel/mm/lrucost/version: $(cat $LRUCOST_SYS/version)"
tap_diag "lrucost-ctl status:"
lrucost-ctl status | sed 's/^/#   /'
tap_diag "reclaim while loaded: reading a 768 MiB file through 512 MiB of RAM"
dd if=/dev/zero of=/data/big bs=1M count=768 2>/dev/null
cat /data/big >/dev/null
rm -f /data/big
tap_diag "lrucost-ctl stats (what lrucost saw, beside /proc/vmstat):"
lrucost-ctl stats | sed 's/^/#   /'
tap_diag "lrucost-ctl lruvecs:"
lrucost-ctl lruvecs | sed 's/^/#   /'
check "rmmod lrucost" rmmod lrucost

# The seed's shape, as tests/bench/s-thrash.sh runs it, shorter: idle anon
# (a process that touched 200 MiB once, 60 MiB of tmpfs) beside a 210 MiB
# file read at random, on a disk the host throttles (make demo); it fits
# only if the idle anon goes to swap.  Each half starts from a fresh boot's
# state (no page cache, swap empty) and a fresh module, so that the costs
# the first half saw do not steer the second.
ws_mb=210 idle_mb=200 tmpfs_mb=60 warmup=10 secs=20
echo 115 >/proc/sys/vm/swappiness
idle_mount $tmpfs_mb
dd if=/dev/urandom of=/data/ws bs=1M count=$ws_mb 2>/dev/null
sync
tap_diag "thrash: $ws_mb MiB file read at random (4 KiB) beside $idle_mb MiB idle anon and $tmpfs_mb MiB tmpfs; swappiness 115; $warmup s warm-up, $secs s measured"
# a counter in a snapshot that snap() took
vm_at() { awk -v k="$2" '$1 == k { print $2 }' "$1.vmstat"; }
for en in 0 1; do
	bench_reset
	check "insmod, enabled=$en" \
		sh -c "insmod $LRUCOST_KO && echo $en >$LRUCOST_SYS/enabled"
	idle_start $idle_mb $tmpfs_mb
	sleep 2
	cat /data/ws >/dev/null
	loadgen randread /data/ws $warmup >/dev/null
	snap /tmp/b0
	load=$(loadgen -s /tmp/series$en randread /data/ws $secs)
	rc=$?
	snap /tmp/b1
	check "thrash with enabled=$en completed" test $rc = 0
	ops=$(echo "$load" | sed -n 's/.*"ops_per_sec":\([0-9]*\).*/\1/p')
	p99=$(echo "$load" | sed -n 's/.*"p99":\([0-9]*\).*/\1/p')
	eval "ops$en=\${ops:-?} p99$en=\${p99:-?}"
	for k in workingset_refault_file pswpout pgscan_file; do
		eval "${k}_$en=$(($(vm_at /tmp/b1 $k) - $(vm_at /tmp/b0 $k)))"
	done
	# file refaults in the last 5 s: whether the working set fitted
	eval "tail$en=$(tail -n 5 /tmp/series$en | awk '{ n += $3 } END { print n + 0 }')"
	idle_stop
	rmmod lrucost
done
idle_umount
rm -f /data/ws
tap_diag ""
tap_diag "$(printf '%-34s %12s %12s' '' enabled=0 enabled=1)"
tap_diag "$(printf '%-34s %12s %12s' 'random reads/s' "$ops0" "$ops1")"
tap_diag "$(printf '%-34s %12s %12s' 'read latency p99 (us)' "$p990" "$p991")"
tap_diag "$(printf '%-34s %12s %12s' 'file refaults' "$workingset_refault_file_0" "$workingset_refault_file_1")"
tap_diag "$(printf '%-34s %12s %12s' 'file refaults, last 5 s' "$tail0" "$tail1")"
tap_diag "$(printf '%-34s %12s %12s' 'file pages scanned' "$pgscan_file_0" "$pgscan_file_1")"
tap_diag "$(printf '%-34s %12s %12s' 'pages swapped out' "$pswpout_0" "$pswpout_1")"
tap_diag "one short run each, under emulation: make bench for runs that can be compared"
