# Fidelity of the override: with anon_percent 10, 50 and 90 the anon share
# of pages scanned follows the setting; before insmod, with enabled=0, and
# after rmmod it is the kernel's own.  Mixed pressure: a tmpfs working set
# (anon LRU, swap backed) and an ext4 file set, both re-read, in a VM
# smaller than both.
#
# The share is read from the kernel's own mm_vmscan_lru_shrink_inactive
# tracepoint (what pgscan_anon and pgscan_file count, with the pass's
# priority), over the passes at priority 1 and above.  A pass at priority
# 0 is reclaim's last resort: get_scan_count() scans anon and file equally
# there before it looks at any input lrucost can set, so no module can
# steer it.  6.12's direct reclaim goes there often under this load (stock
# kernel too), and its whole-list scans would otherwise decide the share;
# the overall pgscan share and what priority 0 took are printed beside.
. /tests/lib.sh

mkdir -p /mnt/shm
mount -t tmpfs -o size=600m tmpfs /mnt/shm
dd if=/dev/urandom of=/mnt/shm/anon bs=1M count=280 2>/dev/null
dd if=/dev/urandom of=/data/file bs=1M count=280 2>/dev/null
sync

tr=/sys/kernel/tracing
ev=$tr/events/vmscan/mm_vmscan_lru_shrink_inactive
check "tracepoint mm_vmscan_lru_shrink_inactive" test -w $ev/trigger
# Summed in the kernel by a histogram trigger, not read from the trace
# buffer: 7.3's priority-0 phases overran an 8 MiB buffer (ae8509c),
# and a lost event would bias the share.  reclaim_flags tells anon
# (RECLAIM_WB_ANON, bit 0) from file.
hist='hist:keys=priority,reclaim_flags:vals=nr_scanned:size=256'

# share ROUNDS: anon share of the pages scanned at priority >= 1 while
# re-reading both sets, in percent, then what was scanned
share() {
	a0=$(vm pgscan_anon)
	f0=$(vm pgscan_file)
	echo "$hist" >$ev/trigger
	r=0
	while [ $r -lt "$1" ]; do
		cat /data/file >/dev/null
		cat /mnt/shm/anon >/dev/null
		r=$((r + 1))
	done
	cat $ev/hist >/tmp/fidelity.hist
	echo "!$hist" >$ev/trigger
	a=$(($(vm pgscan_anon) - a0))
	f=$(($(vm pgscan_file) - f0))
	awk -v a="$a" -v f="$f" '
		/^[{] priority:/ {
			gsub(/[{},:]/, " ")
			p = $2; anon = $4 % 2; n = $8
			if (p == 0) { z[anon] += n; next }
			s[anon] += n
		}
		/Dropped:/ { dropped = $2 }
		END {
			t = s[0] + s[1]
			printf "%d (priority >= 1: %d anon, %d file; priority 0: %d anon, %d file; pgscan: %d%% of %d; dropped %d)\n",
				t ? s[1] * 100 / t : -1, s[1], s[0], z[1], z[0],
				a + f ? a * 100 / (a + f) : -1, a + f, dropped
		}' /tmp/fidelity.hist
}

# drops_negligible HIST: the tracing map drops an event when two CPUs
# insert the same new key at once and the first does not finish within
# the map's retry bound (__tracing_map_insert(); under TCG one vCPU can
# spin while the other is descheduled: 7.3, enabled=0, one drop in CI).
# An event is one shrink_inactive_list() call, at most SWAP_CLUSTER_MAX
# (32) pages, so drops are harmless while 32 x drops stays under 1% of
# the pages the share is taken from.
drops_negligible() {
	awk '
		/^[{] priority:/ {
			gsub(/[{},:]/, " ")
			if ($2 != 0) t += $8
		}
		/Dropped:/ { d = $2 }
		END { exit !(d != "" && d * 32 * 100 <= t) }' "$1"
}

near() { # near GOT WANT TOL
	[ "$1" -ge $(($2 - $3)) ] && [ "$1" -le $(($2 + $3)) ]
}

# measure LABEL: settle one round, then the anon share over three rounds,
# printed with LABEL and left in $m (percent)
measure() {
	share 1 >/dev/null
	m=$(share 3)
	tap_diag "$1: anon share $m"
	check "$1: the histogram's dropped entries cannot move the share a point" \
		drops_negligible /tmp/fidelity.hist
	m=${m%% *}
}

measure "stock kernel, no module"
stock=$m
# Back to stock is judged as in t-churn.sh: nearer the stock share than
# the 90 lrucost was last steering to.  The kernel's own share moves by
# itself within one boot, more after the module steered (6.12: 23 before
# insmod, 40 with enabled=0, 36 after rmmod; 46, 35, 41 in another run),
# so "within N points" would judge the kernel.  That tells the module's
# absence only if the stock share is well away from 90: checked too, or
# the test could not fail.
check "stock share ($stock) at least 30 points from 90" test "$stock" -le 60

insmod "$LRUCOST_KO"
for p in 10 50 90; do
	echo "$p" >"$LRUCOST_SYS/anon_percent"
	measure "anon_percent=$p"
	check "anon_percent=$p: scanned anon share within 10 points" \
		near "$m" "$p" 10
done
tap_diag "steered $(cat $LRUCOST_SYS/stats/steered), anon-only $(cat $LRUCOST_SYS/stats/steered_anon_only), file-only $(cat $LRUCOST_SYS/stats/steered_file_only), no-swap $(cat $LRUCOST_SYS/stats/skipped_no_swap), cache-trim $(cat $LRUCOST_SYS/stats/skipped_cache_trim), prio0 $(cat $LRUCOST_SYS/stats/skipped_priority0)"
check "passes were steered" test "$(cat $LRUCOST_SYS/stats/steered)" -gt 0

echo 0 >"$LRUCOST_SYS/enabled"
measure "enabled=0"
check "enabled=0: back to the stock share ($m nearer $stock than 90)" \
	nearer "$m" "$stock" 90
echo 90 >"$LRUCOST_SYS/anon_percent"
echo 1 >"$LRUCOST_SYS/enabled"
rmmod lrucost
measure "after rmmod (anon_percent was 90)"
check "after rmmod: back to the stock share ($m nearer $stock than 90)" \
	nearer "$m" "$stock" 90
umount /mnt/shm
rm -f /data/file
