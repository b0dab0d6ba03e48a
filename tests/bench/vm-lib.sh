# shellcheck shell=sh
# In-VM side of the benchmark (tests/bench/run): the ways to run a
# scenario, the reset between two runs in one boot, counter snapshots and
# the result line the host collects from the console.
. /tests/lib.sh

GEN=/sys/kernel/mm/lru_gen/enabled
# what a run reports from /proc/vmstat, as deltas over its measured phase
BENCH_VMSTAT="workingset_refault_file workingset_refault_anon
workingset_restore_file workingset_restore_anon workingset_activate_file
workingset_activate_anon pswpin pswpout pgscan_kswapd pgscan_direct
pgscan_anon pgscan_file pgsteal_kswapd pgsteal_direct pgsteal_anon
pgsteal_file allocstall_dma allocstall_dma32 allocstall_normal
allocstall_movable pgmajfault pgrefill pgactivate pgdeactivate pgrotated"

# way_begin SCENARIO WAY: reset (bench_reset), then set up WAY: classic
# (stock LRU, lrucost not loaded), mglru (stock, lru_gen on, lrucost not
# loaded), lrucost (loaded, steering), lrucost-mglru (lru_gen on, lrucost
# loaded and steering MGLRU, debugfs mounted for its aging requests), or
# ideal (classic without the
# scenario's idle memory: the reference a perfect policy would reach, idle
# anon swapped out once and never back).  A way that cannot be set up is a
# failed test and a false return.
way_begin() {
	bench_reset
	case $2 in
	classic | ideal) [ "$(cat $GEN)" = 0x0000 ] ;;
	mglru) echo y >$GEN && [ "$(cat $GEN)" != 0x0000 ] ;;
	lrucost)
		insmod "$LRUCOST_KO" &&
			grep -qx 'steering: active' "$LRUCOST_SYS/status" &&
			bench_time_hooks
		;;
	lrucost-mglru)
		mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
		echo y >$GEN && insmod "$LRUCOST_KO" &&
			grep -q '^mglru steering: isolate_folios' \
				"$LRUCOST_SYS/status" && bench_time_hooks
		;;
	*) false ;;
	esac || { tap_not_ok "$1 $2: set up the way"; return 1; }
}

# bench_time_hooks: lrucost times its handlers and the kernel's reclaim
# (time_hooks) where the scenario asks for it (LRUCOST_BENCH_TIME_HOOKS),
# for the report's overhead share
bench_time_hooks() {
	echo "$(bench_param TIME_HOOKS 0)" >"$LRUCOST_SYS/time_hooks"
}

way_end() {
	case $1 in
	mglru) echo n >$GEN ;;
	lrucost) rmmod lrucost ;;
	lrucost-mglru) rmmod lrucost && echo n >$GEN ;;
	esac
}

# bench_reset: what a fresh boot gives the next run in the same boot: no
# page cache, empty swap, memory compacted
bench_reset() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	swapoff /dev/vda && swapon /dev/vda
	echo 1 >/proc/sys/vm/compact_memory
}

# The seed's idle anonymous memory: a process that touched its memory
# once and sleeps, and a tmpfs file.  idle_mount TMPFS_MB makes the tmpfs
# (/mnt/shm) and idle_umount removes it; idle_start IDLE_MB TMPFS_MB
# starts the process and writes the file, idle_stop ends both.
idle_mount() {
	mkdir -p /mnt/shm
	mount -t tmpfs -o size=$(($1 + 8))m tmpfs /mnt/shm
}
idle_umount() {
	umount /mnt/shm
}
idle_start() {
	memhog "$1" 100000 idle >/dev/null &
	IDLE_HOG=$!
	dd if=/dev/zero of=/mnt/shm/idle bs=1M count="$2" 2>/dev/null
}
idle_stop() {
	kill "$IDLE_HOG" && wait "$IDLE_HOG" 2>/dev/null
	rm -f /mnt/shm/idle
}

# snap PREFIX: /proc/vmstat, the memory PSI totals (us), the CPU time of
# the whole VM and of kswapd (USER_HZ ticks) and lrucost's counters, as
# "name value" lines
snap() {
	cat /proc/vmstat >"$1.vmstat"
	awk '{ sub("total=", "", $5); print $1, $5 }' /proc/pressure/memory \
		>"$1.psi"
	{
		awk '$1 == "cpu" { print "user", $2; print "nice", $3
			print "system", $4; print "idle", $5; print "iowait", $6
			print "irq", $7; print "softirq", $8 }' /proc/stat
		for k in /proc/[0-9]*/stat; do
			# comm is one word for kernel threads: fields 14, 15
			case $(cat "${k%stat}comm" 2>/dev/null) in
			kswapd*) awk '{ print "kswapd", $14 + $15 }' "$k" ;;
			esac
		done
	} >"$1.cpu"
	: >"$1.lrucost"
	if [ -d "$LRUCOST_SYS/stats" ]; then
		for f in "$LRUCOST_SYS"/stats/*; do
			echo "${f##*/} $(cat "$f")"
		done >"$1.lrucost"
	fi
}

# delta BEFORE AFTER [NAMES]: {"name":after-before,...} over NAMES, or
# every name in both files
delta() {
	awk -v names="$3" '
	BEGIN { n = split(names, k); for (i = 1; i <= n; i++) want[k[i]] = 1 }
	NR == FNR { a[$1] = $2; next }
	(names == "" || ($1 in want)) && ($1 in a) {
		printf "%s\"%s\":%.0f", sep, $1, $2 - a[$1]; sep = ","
	}
	END { print "" }' "$1" "$2" | sed 's/.*/{&}/'
}

# series FILE: loadgen's per-second lines as JSON arrays
series() {
	awk '{ o = o s $2; r = r s $3; i = i s $4; w = w s $5; s = "," }
	END { printf "{\"ops\":[%s],\"refault_file\":[%s],", o, r
	      printf "\"pswpin\":[%s],\"pswpout\":[%s]}\n", i, w }' "$1"
}

# emit SCENARIO WAY RUN RC LOAD LOAD2 SERIES: one result line; the host
# reads these from the console.  LOAD and LOAD2 are loadgen's JSON (LOAD2
# "null" when the scenario has no second load).
emit() {
	record=$(echo "{\"scenario\":\"$1\",\"way\":\"$2\"," \
		"\"run\":$3,\"rc\":$4,\"mem_kb\":$(awk '/^MemTotal/ { print $2 }' /proc/meminfo)," \
		"\"swappiness\":$(cat /proc/sys/vm/swappiness)," \
		"\"load\":$5,\"load2\":$6," \
		"\"vmstat\":$(delta /tmp/b0.vmstat /tmp/b1.vmstat "$BENCH_VMSTAT")," \
		"\"psi_us\":$(delta /tmp/b0.psi /tmp/b1.psi)," \
		"\"cpu_ticks\":$(delta /tmp/b0.cpu /tmp/b1.cpu)," \
		"\"lrucost\":$(delta /tmp/b0.lrucost /tmp/b1.lrucost)," \
		"\"series\":$(series "$7")}" | tr -d '\n')
	# The console is shared with the kernel, whose messages would land
	# inside the line: keep all but emergencies off it while the line
	# goes out (they stay in the log the harness checks).
	lvl=$(cut -f 1 /proc/sys/kernel/printk)
	echo 1 >/proc/sys/kernel/printk
	printf 'LRUCOST-BENCH-RUN %s\n' "$record"
	sleep 1		# the line drained from the tty before the kernel's next
	echo "$lvl" >/proc/sys/kernel/printk
}

# centiseconds of uptime
uptime_cs() {
	read -r u _ </proc/uptime
	echo "${u%.*}${u#*.}"
}

# bench_param NAME DEFAULT: LRUCOST_BENCH_NAME, or DEFAULT
bench_param() {
	eval "v=\${LRUCOST_BENCH_$1:-}"
	echo "${v:-$2}"
}

BENCH_WAYS=$(bench_param WAYS "classic mglru lrucost lrucost-mglru")
BENCH_RUN=$(bench_param RUN 1)
