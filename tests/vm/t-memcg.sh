# Memory cgroups: more memcgs than lrucost's table has slots are created,
# pressured under their own memory.high and removed; the slots of removed
# ones are taken over (lruvec_slots_reused), so none is ever refused
# (lruvec_table_full stays 0) and nothing is allocated per memcg.  A memcg
# created after a removed one, at its id and its memory, is listed under
# its own cgroup, never under the removed one.
. /tests/lib.sh

# make check: a 128-slot table and 140 memcgs; make stress: 4096 and 10,000
N=${LRUCOST_MEMCGS:-140}
SLOTS=${LRUCOST_SLOTS:-128}
st() { cat "$LRUCOST_SYS/stats/$1"; }
echo +memory >/sys/fs/cgroup/cgroup.subtree_control
mkdir -p /sys/fs/cgroup/mc
echo +memory >/sys/fs/cgroup/mc/cgroup.subtree_control
insmod "$LRUCOST_KO" lruvec_idle_secs=2 lruvec_slots="$SLOTS" ||
	tap_not_ok "insmod"
size0=$(awk '$1 == "lrucost" { print $2 }' /proc/modules)

# in_memcg NAME CMD...: run CMD in a fresh memcg held to 4 MiB by
# memory.high: reclaim keeps it there, and where reclaim falls behind the
# task is throttled, never OOM-killed.  Under memory.max 4M (and 1M
# before it) the memcg OOM killer once took a memhog whose anon was all
# swapped out (anon-rss 0): its pages were still being written to swap,
# which single-threaded TCG does slowly, and could not be reclaimed yet.
in_memcg() {
	d=/sys/fs/cgroup/mc/$1
	shift
	mkdir "$d" && echo 4M >"$d/memory.high" &&
		sh -c "echo \$\$ >$d/cgroup.procs && exec $*"
}

start=$(date +%s)
i=0
while [ $i -lt "$N" ]; do
	# 6 MiB of anon in 4 MiB: reclaim (to swap) in the memcg's lruvec
	in_memcg "m$i" memhog 6 0 >/dev/null || break
	i=$((i + 1))
done
check_eq "$N memcgs created and pressured" "$i" "$N"
# none removed yet, so no address can have passed to a new memcg: a slot's
# first use is not a reuse (it once counted every fresh slot)
check_eq "fresh slots not counted as reused addresses" \
	"$(st lruvec_address_reused)" 0
i=0
while [ $i -lt "$N" ]; do
	rmdir "/sys/fs/cgroup/mc/m$i" || break
	i=$((i + 1))
done
check_eq "$N memcgs removed" "$i" "$N"
passes=0
for f in steered skipped_no_swap skipped_priority0 skipped_cache_trim \
	skipped_file_tiny; do
	passes=$((passes + $(st $f)))
done
tap_diag "took $(($(date +%s) - start))s; passes $passes (steered $(st steered)), slots reused $(st lruvec_slots_reused), table full $(st lruvec_table_full)"
check "every memcg's reclaim passes were seen" test "$passes" -ge "$N"
check "more memcgs ($N) than slots ($SLOTS): removed ones' slots reused" \
	test "$(st lruvec_slots_reused)" -ge $((N - SLOTS))
check_eq "no lruvec was ever refused a slot" "$(st lruvec_table_full)" 0
check_eq "no memory allocated per memcg (module size)" \
	"$(awk '$1 == "lrucost" { print $2 }' /proc/modules)" "$size0"

# Removed memcgs' ids and memory taken by new ones, one after another
# (make check: 12; make stress: 400): the kernel hands out the lowest free
# memcg id and the slab reuses the freed lruvec, so a new memcg's lruvec
# can sit at the address a slot is still keyed by.  Each new memcg must
# be listed under its own cgroup (its inode), never under the removed one,
# and lrucost must have seen the addresses reused and reset those slots.
R=${LRUCOST_MEMCG_REUSE:-12}
sleep 3		# the slots of the memcgs above are idle now
reused0=$(st lruvec_address_reused)
i=0
own=0
cgid=0
state=0
costs=0
ids=" "
while [ $i -lt "$R" ]; do
	# re-read twice: swap-ins and rotations, costs of its own
	in_memcg "r$i" memhog 6 2 >/dev/null || break
	ino=$(stat -c %i "/sys/fs/cgroup/mc/r$i")
	line=$(awk -v ino="$ino" 'NR > 1 && $7 == ino { print; exit }' \
		"$LRUCOST_SYS/lruvecs")
	if [ -n "$line" ]; then
		own=$((own + 1))
		set -- $line
		# its costs, or the split of a pass steered in it: a memcg
		# thrashing through 4 MiB may see no rotation or restore
		if [ $(($3 + $4 + $5 + $6)) -gt 0 ]; then
			state=$((state + 1))
		else
			tap_diag "r$i has no state of its own: $line"
		fi
		[ $(($3 + $4)) -gt 0 ] && costs=$((costs + 1))
		[ "$1" = "$7" ] && cgid=$((cgid + 1))
		case $ids in *" $1 "*) ;; *) ids="$ids$1 " ;; esac
	fi
	rmdir "/sys/fs/cgroup/mc/r$i"
	# let it be freed, so that the next one can take its id and memory
	n=0
	while [ $n -lt 20 ] && ! grep -qx 'nr_dying_descendants 0' \
		/sys/fs/cgroup/mc/cgroup.stat; do
		sleep 0.1
		n=$((n + 1))
	done
	i=$((i + 1))
done
reused=$(($(st lruvec_address_reused) - reused0))
tap_diag "$R memcgs one after another: memcg ids used:$ids; lruvec addresses reused $reused"
check_eq "each listed under its own cgroup" "$own" "$R"
tap_diag "$costs of $R with costs of their own"
check_eq "each with state of its own" "$state" "$R"
# memcg_id is the id the kernel shows user space (mem_cgroup_id()): the
# css id up to 6.x, reused as above; from 7.x the cgroup id, never reused
case "$(uname -r)" in
6.*) check "memcg ids reused" test "$(echo $ids | wc -w)" -lt "$R" ;;
*) check_eq "memcg ids are the cgroup ids (7.x)" "$cgid" "$R" ;;
esac
check "lruvec addresses reused, and their slots reset" test "$reused" -gt 0
check "no more reuses than memcgs that could reuse" test "$reused" -le "$R"
rmmod lrucost
