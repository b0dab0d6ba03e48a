# Per-cgroup policy (cgroups/, cgroups.c).  The interface: add, remove,
# each field's range and "follow", the bad-input table, root only.  The
# behaviour, under each LRU: two sibling cgroups under one parent, each
# with idle anon and a file set it re-reads, reclaimed by the parent's
# memory.max (limit reclaim) or, with no limit, by global reclaim beside
# an active anon set in another cgroup (kswapd and direct reclaim; a
# stream read there instead was reclaimed alone, the siblings' lruvecs
# scanned 39 pages in 25 s).  With no policy
# both are treated alike; with swappiness 0 on one and 200 on the other,
# the first swaps nothing and keeps its anon while the second swaps; with
# 0 on the parent and 200 on one child, the other child follows its
# parent.  Then policies whose
# cgroups come and go under pressure, LRUCOST_CGPOLICY_CYCLES times: a
# removed cgroup's policy says "gone", a new cgroup at its path has
# another id and no policy, and lrucost's objects come back to none.
# Last, rmmod while policies are added and removed leaves nothing.
. /tests/lib.sh

CG=/sys/fs/cgroup
C=$LRUCOST_SYS/cgroups
CYCLES=${LRUCOST_CGPOLICY_CYCLES:-1000}
id_of() { stat -c %i "$CG/$1"; }
# write FILE VALUE: printf, so no newline unless given
try_write() { printf '%b' "$2" >"$1" 2>/dev/null; }
refused() { ! try_write "$@"; }
# the names in cgroups/, in glob order
names() { (cd "$C" && echo *); }
objects() {
	sed -n 's/^cgroup policies: [0-9]* (objects \([0-9]*\))$/\1/p' \
		"$LRUCOST_SYS/status"
}
mstat() { awk -v k="$2" '$1 == k { print $2 }' "$CG/$1/memory.stat"; }

# MGLRU's aging, which brings idle anon into reach, is asked for through
# lru_gen's debugfs file (mglru_age.c), where Debian's systemd mounts it
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
echo +memory >$CG/cgroup.subtree_control
mkdir $CG/p
echo +memory >$CG/p/cgroup.subtree_control
mkdir $CG/p/a $CG/p/a/nomem
insmod "$LRUCOST_KO" || tap_not_ok "insmod"

# --- the interface
check_eq "no policy at load" "$(names)" "add remove"
check_eq "no object at load" "$(objects)" 0
pid=$(id_of p)
check "add the parent's policy" try_write "$C/add" "$pid\n"
check "its directory" test -d "$C/$pid"
for f in enabled swappiness io_cost anon_percent; do
	check_eq "$f: follow at first" "$(cat "$C/$pid/$f")" follow
done
check_eq "cgroup: its path" "$(cat "$C/$pid/cgroup")" /p
check_eq "state: live" "$(cat "$C/$pid/state")" live
check "a second add of it is refused" refused "$C/add" "$pid"
check "a cgroup without its own memory controller is refused" \
	refused "$C/add" "$(id_of p/a/nomem)"
check "no such cgroup is refused" refused "$C/add" 4294967295
for f in add remove; do
	bad=0
	for b in "\n" "0" "01" "-1" "+1" " $pid" "$pid " "$pid\n\n" "x" \
		"0x1" "18446744073709551616" "1\0" "$pid.0"; do
		try_write "$C/$f" "$b" &&
			{ bad=$((bad + 1)); tap_diag "$f accepted '$b'"; }
	done
	check_eq "$f: the bad ids refused" "$bad" 0
done
check_eq "nothing added by them" "$(names)" "$pid add remove"

for spec in enabled:0:1 swappiness:-1:200 io_cost:1:1024 \
	anon_percent:-1:100; do
	IFS=: read -r name min max <<EOF
$spec
EOF
	file=$C/$pid/$name
	for v in "$min" "$max" follow; do
		try_write "$file" "$v\n"
		check_eq "$name: round-trips $v" "$(cat "$file")" "$v"
	done
	try_write "$file" "$max"
	check_eq "$name: accepts $max without newline" "$(cat "$file")" "$max"
	try_write "$file" "follow"
	check_eq "$name: accepts follow without newline" "$(cat "$file")" \
		follow
	bad=0
	for b in "\n" "-" "+" " 1" "1 " "\t1" "0x1" "010" "1a" "1\n\n" \
		"$((max + 1))" "$((min - 1))" "99999999999999999999" "1\0" \
		"--1" "+-1" "1.0" "one" "Follow" "follow " " follow" \
		"follow\n\n" "follo" "followx" "follow\0"; do
		try_write "$file" "$b" &&
			{ bad=$((bad + 1)); tap_diag "$name accepted '$b'"; }
	done
	check_eq "$name: the bad inputs refused" "$bad" 0
	check_eq "$name: and the value unchanged" "$(cat "$file")" follow
	check "$name: non-root write refused" \
		sh -c "! su nobody -s /bin/sh -c 'echo $max >$file' 2>/dev/null"
	check_eq "$name: value unchanged" "$(cat "$file")" follow
done
for f in add remove; do
	check "$f: non-root write refused" \
		sh -c "! su nobody -s /bin/sh -c 'echo 1 >$C/$f' 2>/dev/null"
done
check "remove the parent's policy" try_write "$C/remove" "$pid"
check "its directory gone" test ! -e "$C/$pid"
check "removing it again is refused" refused "$C/remove" "$pid"
# lrucost-ctl against the module: a policy made, listed, its fields
# followed down the tree, and removed
check "lrucost-ctl cgroup set makes /p's policy" \
	lrucost-ctl cgroup set /p swappiness=150 io_cost=64
check_eq "with swappiness 150" "$(cat "$C/$pid/swappiness")" 150
lrucost-ctl cgroup --json >/tmp/cg.json
check "lrucost-ctl cgroup lists it live" jq -e '.policies | length == 1 and
	.[0].path == "/p" and .[0].state == "live" and .[0].swappiness == 150
	and .[0].io_cost == 64 and .[0].enabled == "follow"' /tmp/cg.json
lrucost-ctl cgroup show /p/a --json >/tmp/cg.json
check "lrucost-ctl cgroup show: /p/a follows /p, the rest global" jq -e '
	.cgroups[0] | .swappiness == 150 and .swappiness_from == "/p" and
	.io_cost == 64 and .enabled == 1 and .enabled_from == "global"' \
	/tmp/cg.json
check "lrucost-ctl cgroup clear /p" lrucost-ctl cgroup clear /p
check "its directory gone" test ! -e "$C/$pid"
rmdir $CG/p/a/nomem $CG/p/a $CG/p

# --- the behaviour: each phase in fresh cgroups, so swap starts at 0
# phase NAME SETUP: p/a and p/b under p's memory.max, each with idle anon
# and a file it re-reads; SETUP (a function) sets policies once they
# exist; then the loads run and each child's numbers are read
ANON_MB=24
FILE_MB=24
LIMIT=56M
SECS=${LRUCOST_CGPOLICY_SECS:-25}
dd if=/dev/urandom of=/data/fa bs=1M count=$FILE_MB 2>/dev/null
dd if=/dev/urandom of=/data/fb bs=1M count=$FILE_MB 2>/dev/null
# kill CGROUP: every process in it gone (cgroup.kill, 5.14 on), then it
kill_cg() {
	echo 1 >"$CG/$1/cgroup.kill"
	while grep -q '^populated 1' "$CG/$1/cgroup.events"; do sleep 0.1; done
}
GLOBAL_MB=64
dd if=/dev/urandom of=/data/ga bs=1M count=$GLOBAL_MB 2>/dev/null
dd if=/dev/urandom of=/data/gb bs=1M count=$GLOBAL_MB 2>/dev/null
sync
# aging N: the count N (asked, done or refused) of MGLRU aging requests
aging() {
	sed -n "s/^mglru aging: .*$1 \([0-9]*\).*/\1/p" "$LRUCOST_SYS/status"
}
# phase NAME SETUP [global]: global: the sets 64 MiB each (/data/g*),
# no limit, and 160 MiB of active anon in q.  No task may be killed for
# memory: under MGLRU, p/a's swappiness 0 once stalled its file's
# eviction, and 7.3 OOM-killed q with 122 MiB of page cache left
# (mglru_noswap.c)
oom_kills() { awk '$1 == "oom_kill" { print $2 }' /proc/vmstat; }
phase() {
	mkdir $CG/p
	echo +memory >$CG/p/cgroup.subtree_control
	am=$ANON_MB
	f=/data/f
	if [ "$3" = global ]; then
		am=$GLOBAL_MB
		f=/data/g
	else
		echo $LIMIT >$CG/p/memory.max
	fi
	mkdir $CG/p/a $CG/p/b
	$2
	echo 1 >"$LRUCOST_SYS/reset_stats"
	echo 3 >/proc/sys/vm/drop_caches
	if [ "$3" = global ]; then
		tap_diag "$1: before: $(awk '/^(MemTotal|MemFree|MemAvailable|Shmem|AnonPages|Unevictable|Mlocked|Slab|SwapFree|Percpu|KernelStack|PageTables):/ { printf "%s %s ", $1, $2 }' /proc/meminfo)"
		mkdir $CG/q
		sh -c "echo \$\$ >$CG/q/cgroup.procs &&
			exec memhog 160 600" >/dev/null &
	fi
	for c in a b; do
		sh -c "echo \$\$ >$CG/p/$c/cgroup.procs &&
			exec memhog $am 600 idle" >/dev/null &
		sh -c "echo \$\$ >$CG/p/$c/cgroup.procs &&
			while :; do cat $f$c >/dev/null; done" &
	done
	asked0=$(aging asked) aged0=$(aging "done") oom0=$(oom_kills)
	sleep "$SECS"
	asked=$(($(aging asked) - asked0)) aged=$(($(aging "done") - aged0))
	oom=$(($(oom_kills) - oom0))
	for c in a b; do
		eval "swap_$c=\$((\$(cat $CG/p/$c/memory.swap.current) >> 10))"
		eval "anon_$c=\$((\$(mstat p/$c anon) >> 10))"
		eval "scan_$c=\$(mstat p/$c pgscan)"
	done
	tap_diag "$1: p/a swap $swap_a KiB, anon $anon_a KiB, file refaults $(mstat p/a workingset_refault_file), scanned $scan_a; p/b swap $swap_b KiB, anon $anon_b KiB, file refaults $(mstat p/b workingset_refault_file), scanned $scan_b; cgroup_no_swap $(cat "$LRUCOST_SYS/stats/cgroup_no_swap")"
	tap_diag "$1: lruvecs: $(awk 'NR > 1 { printf "[ino %s policy %s anon %s of %s] ", $7, $8, $9, $10 }' "$LRUCOST_SYS/lruvecs")"
	tap_diag "$1: stats: $(cd "$LRUCOST_SYS/stats" && for s in steered steered_anon_only steered_file_only anon_out_of_reach file_took_anon skipped_cache_trim skipped_no_swap skipped_priority0 refault_recent_file; do printf '%s %s ' $s "$(cat $s)"; done)$(sed -n 's/^mglru aging: / aging: /p' "$LRUCOST_SYS/status")"
	if [ "$3" = global ]; then
		kill_cg q
		rmdir $CG/q
	fi
}
# the loads gone, so are the cgroups and their policies; and swap
# emptied, so that no page a phase swapped out (the test's own shell's,
# the root file system's) is swapped in by the next one's loads
unphase() {
	kill_cg p
	rmdir $CG/p/a $CG/p/b $CG/p
	swapoff /dev/vda && swapon /dev/vda
	for d in "$C"/[0-9]*; do
		[ -d "$d" ] && echo "${d##*/}" >"$C/remove"
	done
}
# a policy for cgroup PATH: FIELD VALUE
policy() {
	id_of "$1" >"$C/add" &&
		echo "$3" >"$C/$(id_of "$1")/$2"
}
none() { :; }
siblings() { policy p/a swappiness 0 && policy p/b swappiness 200; }
inherit() { policy p swappiness 0 && policy p/b swappiness 200; }
# the lruvec line of cgroup PATH names the policy of cgroup OF
follows() {
	awk -v ino="$(id_of "$1")" -v pol="$(id_of "$2")" '
		NR > 1 && $7 == ino && $8 == pol { f = 1 }
		END { exit !f }' "$LRUCOST_SYS/lruvecs"
}
# siblings_held LABEL MIB [global]: the phase's p/a (swappiness 0)
# swapped nothing and kept its MIB of anon, its passes file-only; p/b
# (200) swapped; and no task was killed for it.  Global reclaim chooses
# which memcgs it visits: 6.12's MGLRU (its memcg LRU) reclaimed q and
# p/a's re-read file for a whole phase and never scanned p/b, so there p/b
# must have swapped only where reclaim scanned 8 MiB of it or more.
siblings_held() {
	check_eq "$1: no task OOM-killed" "$oom" 0
	check_eq "$1: p/a at swappiness 0 swapped nothing" "$swap_a" 0
	check "$1: p/a kept its anon ($anon_a KiB of $(($2 << 10)))" \
		test "$anon_a" -ge $(($2 << 10))
	if [ "${3:-}" = global ] && [ "$scan_b" -lt 2048 ]; then
		tap_diag "$1: reclaim scanned $scan_b pages of p/b, no more"
	else
		check "$1: p/b at swappiness 200 swapped ($swap_b KiB)" \
			test "$swap_b" -ge 1024
	fi
	check "$1: p/a's passes were made file-only" \
		test "$(cat "$LRUCOST_SYS/stats/cgroup_no_swap")" -gt 0
}
# alike A B: both under 1 MiB, or the smaller at least a third of the
# larger
alike() {
	[ "$1" -lt 1024 ] && [ "$2" -lt 1024 ] && return 0
	[ $(($1 * 3)) -ge "$2" ] && [ $(($2 * 3)) -ge "$1" ]
}

# LRUCOST_CGPOLICY_LRUS: the LRUs to run under (default both where the
# kernel has MGLRU; make check runs one on each kernel)
lrus=classic
[ -w /sys/kernel/mm/lru_gen/enabled ] && lrus="classic mglru"
lrus=${LRUCOST_CGPOLICY_LRUS:-$lrus}
for lru in $lrus; do
	if [ "$lru" = mglru ]; then echo y; else echo n; fi \
		>/sys/kernel/mm/lru_gen/enabled 2>/dev/null
	phase "$lru, no policy" none
	check "$lru, no policy: p/a and p/b swapped alike ($swap_a, $swap_b KiB)" \
		alike "$swap_a" "$swap_b"
	unphase
	phase "$lru, p/a 0, p/b 200" siblings
	siblings_held "$lru" $ANON_MB
	check "$lru, p/a's lruvec follows its own policy" follows p/a p/a
	# p/b's idle anon is out of eviction's reach until its lruvec is
	# aged: requests that name the memcg as the kernel's lru_gen file
	# does (7.x: by cgroup id) are carried out
	[ "$lru" = mglru ] &&
		check "$lru: aging asked for p's memcgs ($asked) and done ($aged)" \
			test "$asked" -gt 0 -a "$aged" -gt 0
	unphase
	phase "$lru, global, p/a 0, p/b 200" siblings global
	siblings_held "$lru, global" $GLOBAL_MB global
	unphase
	phase "$lru, p 0, p/b 200" inherit
	check_eq "$lru, p/a follows p's swappiness 0: swapped nothing" \
		"$swap_a" 0
	check "$lru, p/b's own 200 wins over p's: swapped ($swap_b KiB)" \
		test "$swap_b" -ge 1024
	check "$lru, p/a's lruvec follows p's policy" follows p/a p
	check "$lru, p/b's lruvec follows its own" follows p/b p/b
	unphase
done

# --- cgroups that come and go under pressure
mkdir $CG/q
sh -c "echo \$\$ >$CG/q/cgroup.procs && echo 48M >$CG/q/memory.max &&
	while :; do cat /data/fa /data/fb >/dev/null; done" &
mkdir $CG/p
echo +memory >$CG/p/cgroup.subtree_control
i=0
stale=0
t0=$(date +%s)
while [ $i -lt "$CYCLES" ]; do
	mkdir $CG/p/x
	id=$(id_of p/x)
	[ -e "$C/$id" ] && stale=$((stale + 1))
	{ echo "$id" >"$C/add" && echo 0 >"$C/$id/swappiness"; } || break
	rmdir $CG/p/x
	[ "$(cat "$C/$id/state")" = gone ] || break
	echo "$id" >"$C/remove" || break
	i=$((i + 1))
done
tap_diag "$i cycles in $(($(date +%s) - t0))s"
check_eq "$CYCLES cgroups with a policy made and removed" "$i" "$CYCLES"
check_eq "none came with a policy already" "$stale" 0
mkdir $CG/p/x
id=$(id_of p/x)
echo "$id" >"$C/add"
rmdir $CG/p/x
check_eq "a removed cgroup's policy says gone" "$(cat "$C/$id/state")" gone
check_eq "and names no path" "$(cat "$C/$id/cgroup")" ""
mkdir $CG/p/x
check "a new cgroup at its path has another id" test "$(id_of p/x)" != "$id"
check "and no policy" test ! -e "$C/$(id_of p/x)"
check "the gone policy can be removed" try_write "$C/remove" "$id"
rmdir $CG/p/x $CG/p
kill_cg q
rmdir $CG/q
n=0
while [ "$(objects)" != 0 ] && [ $n -lt 50 ]; do
	sleep 0.1
	n=$((n + 1))
done
check_eq "lrucost's policy objects back to none" "$(objects)" 0
# rmmod while add and remove are being written: exit closes them before
# it empties the policies, so none is made behind its back to pin the
# sysfs directories (whose handlers would outlive the module's text)
mkdir $CG/z
zid=$(id_of z)
( while [ -e "$C/add" ]; do
	echo "$zid" >"$C/add"
	echo "$zid" >"$C/remove"
  done 2>/dev/null ) &
race=$!
sleep 1
check "rmmod while policies are added and removed" rmmod lrucost
wait $race
check "nothing of lrucost is left in sysfs" test ! -e "$LRUCOST_SYS"
rmdir $CG/z
rm -f /data/fa /data/fb /data/ga /data/gb
