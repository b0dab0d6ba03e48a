# Filter a kernel log: in each report the stock kernel is known to print
# under this suite's memory pressure, the one line the log check fails
# on (its "Call Trace:") becomes "known stock report: HEADER"; every
# other line passes unchanged, so the log check (LOG_BAD in log-bad.sh)
# still fails on anything else, another report printed in between
# included.
#
# Known: 7.3's swap allocator allocates its per-cluster swap table
# (swap_cluster_alloc_table()) without __GFP_NOWARN from inside reclaim,
# and when that fails under pressure warn_alloc() prints "page allocation
# failure" with a call trace.  The allocation may fail (the caller tries
# another way), nothing is tainted, and stock 7.3 prints it under these
# loads with no module ever loaded (README, Known issues).  A report is
# known only if its trace, up to </TASK>, has that function.
#
# Known: an OOM kill while MGLRU is switched on and off under pressure.
# Stock 6.1 does it with no module loaded: t-mglru.sh's switch loop with
# a 220 MiB hog, six rounds in one boot, OOM-killed once in three stock
# rounds and once in three with lrucost (2026-12-06; the report shows
# 200 MiB of page cache on the LRU and "all_unreclaimable? yes").  Known
# only between the markers that loop writes to the kernel log
# ("lrucost-test: lru_gen switching starts" and "... ends"); an OOM kill
# anywhere else still fails.
# POSIX awk: busybox's in the VM, the host's in tests/vm/run.

function flush(is_known,	i, dropped) {
	dropped = 0
	for (i = 1; i <= lines; i++) {
		if (is_known && !dropped && line[i] ~ /Call Trace:/) {
			print "known stock report: " header
			dropped = 1
		} else {
			print line[i]
		}
	}
	lines = 0
	inside = 0
	known = 0
}

/lrucost-test: lru_gen switching starts/ { switching = 1 }
/lrucost-test: lru_gen switching ends/ { switching = 0 }

/page allocation failure: order:|invoked oom-killer:/ {
	if (inside)
		flush(0)
	inside = 1
	header = $0
	if (switching && $0 ~ /invoked oom-killer:/)
		known = 1
}

inside {
	line[++lines] = $0
	if ($0 ~ /[ \t]swap_cluster_alloc_table\+0x/)
		known = 1
	if ($0 ~ /<\/TASK>/)
		flush(known)
	else if (lines >= 200)
		flush(0)
	next
}

{ print }

END {
	if (inside)
		flush(0)
}
