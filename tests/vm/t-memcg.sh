# Memory cgroups: more memcgs than lrucost's table has slots are created,
# pressured under their own memory.max and removed; the slots of removed
# ones are taken over (lruvec_slots_reused), so none is ever refused
# (lruvec_table_full stays 0) and nothing is allocated per memcg.  A memcg
# created after a removed one is listed under its own path.
. /tests/lib.sh

# make check: a 256-slot table and 600 memcgs; make stress: 4096 and 10,000
N=${LRUCOST_MEMCGS:-600}
SLOTS=${LRUCOST_SLOTS:-256}
[ -n "$LRUCOST_MEMCGS" ] || N=600
[ -n "$LRUCOST_SLOTS" ] || SLOTS=256
st() { cat "$LRUCOST_SYS/stats/$1"; }
echo +memory >/sys/fs/cgroup/cgroup.subtree_control
mkdir -p /sys/fs/cgroup/mc
echo +memory >/sys/fs/cgroup/mc/cgroup.subtree_control
insmod "$LRUCOST_KO" lruvec_idle_secs=2 lruvec_slots="$SLOTS" ||
	tap_not_ok "insmod"
size0=$(awk '$1 == "lrucost" { print $2 }' /proc/modules)

# in_memcg NAME CMD...: run CMD in a fresh memcg limited to 4 MiB (room
# for the kernel memory charged with it, so reclaim, not the OOM killer,
# keeps it under the limit)
in_memcg() {
	d=/sys/fs/cgroup/mc/$1
	shift
	mkdir "$d" && echo 4M >"$d/memory.max" &&
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

# a removed memcg's id reused by a new one: the new one starts afresh
in_memcg old memhog 6 8 >/dev/null	# re-read: swap-ins, rotations
lrucost-ctl lruvecs --json >/tmp/lv.json
old=$(jq -c '[.[] | select(.memcg == "/mc/old")][0]' /tmp/lv.json)
tap_diag "old: $old"

id=$(echo "$old" | jq .memcg_id)
rmdir /sys/fs/cgroup/mc/old
echo 3 >/proc/sys/vm/drop_caches
sleep 3		# past lruvec_idle_secs
in_memcg new memhog 6 0 >/dev/null
lrucost-ctl lruvecs --json >/tmp/lv.json
new=$(jq -c '[.[] | select(.memcg == "/mc/new")][0]' /tmp/lv.json)
tap_diag "new: $new"
check "the old memcg had costs" jq -e '.anon_cost + .file_cost > 0' <<EOF2
$old
EOF2
check "the new memcg is listed" test "$new" != null
if [ "$(echo "$new" | jq .memcg_id)" = "$id" ]; then
	tap_diag "the new memcg reuses id $id"
fi
rmdir /sys/fs/cgroup/mc/new
rmmod lrucost
rmdir /sys/fs/cgroup/mc
