# The fidelity measurement, shared by t-fidelity.sh (classic LRU) and
# t-mglru-fidelity.sh: mixed pressure from a tmpfs working set (anon,
# swap backed) and an ext4 file set, both re-read, in a VM smaller than
# both; the anon share of what reclaim scans, read from the kernel's own
# mm_vmscan_lru_shrink_inactive tracepoint (classic: what pgscan_anon and
# pgscan_file count; MGLRU: evict_folios() reports each batch there,
# with the folios it scanned, its sorted ones included), with the pass's
# priority; the vmstat pgscan share is printed beside it.  Sourced after
# lib.sh; FIDELITY_ROUNDS rounds are measured after one to settle.

fidelity_setup() {
	mkdir -p /mnt/shm
	mount -t tmpfs -o size=600m tmpfs /mnt/shm
	dd if=/dev/urandom of=/mnt/shm/anon bs=1M count=280 2>/dev/null
	dd if=/dev/urandom of=/data/file bs=1M count=280 2>/dev/null
	sync
	tr=/sys/kernel/tracing
	ev=$tr/events/vmscan/mm_vmscan_lru_shrink_inactive
	check "tracepoint mm_vmscan_lru_shrink_inactive" test -w $ev/trigger
}

fidelity_cleanup() {
	umount /mnt/shm
	rm -f /data/file
}

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
# (32) pages, or one MGLRU batch, at most MAX_LRU_BATCH (64) folios of
# this test's small pages, so drops are harmless while 64 x drops stays
# under 1% of the pages the share is taken from.
drops_negligible() {
	awk '
		/^[{] priority:/ {
			gsub(/[{},:]/, " ")
			if ($2 != 0) t += $8
		}
		/Dropped:/ { d = $2 }
		END { exit !(d != "" && d * 64 * 100 <= t) }' "$1"
}

near() { # near GOT WANT TOL
	[ "$1" -ge $(($2 - $3)) ] && [ "$1" -le $(($2 + $3)) ]
}

# measure LABEL: settle one round, then the anon share over
# FIDELITY_ROUNDS (3) rounds, printed with LABEL; left in $m (from the
# tracepoint, priority >= 1) and $mp (pgscan), in percent
measure() {
	share 1 >/dev/null
	m=$(share "${FIDELITY_ROUNDS:-3}")
	tap_diag "$1: anon share $m"
	check "$1: the histogram's dropped entries cannot move the share a point" \
		drops_negligible /tmp/fidelity.hist
	mp=$(echo "$m" | sed -n 's/.*pgscan: \(-*[0-9]*\)%.*/\1/p')
	m=${m%% *}
}
