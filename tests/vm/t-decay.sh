# Costs fade where they are noted (issue 15, item 3), as lru_note_cost()
# makes them: not only on the passes lrucost steers.  With enabled=0 (the
# A side of an A/B) a memcg's working set is reclaimed over and over; its
# costs must stay within what the halving allows for its LRU size, not
# add up every event since load (so B does not start from A's history).  Each event
# adds at most 32 pages x io_cost 32 and is followed by a halving once the
# total passes the LRU pages / 8; memory.max bounds the LRU pages.
. /tests/lib.sh

st() { cat "$LRUCOST_SYS/stats/$1"; }
MAX_MB=32
lru_max=$((MAX_MB * 256))
bound=$((lru_max / 8 + 32 * 32))
echo +memory >/sys/fs/cgroup/cgroup.subtree_control
cgd=/sys/fs/cgroup/decay
mkdir -p $cgd
echo ${MAX_MB}M >$cgd/memory.max
insmod "$LRUCOST_KO" || tap_not_ok "insmod"
echo 0 >"$LRUCOST_SYS/enabled"
ino=$(stat -c %i $cgd)
noted0=$(($(st cost_cpu) + $(st cost_io)))
# 16 MiB of anon read over and over, and the memcg's own reclaim taking
# 8 MiB of it again and again: rotations of the referenced pages (CPU
# cost) and swap-ins of the evicted ones, within their workingset (IO)
sh -c "echo \$\$ >$cgd/cgroup.procs && exec memhog 16 30" >/dev/null &
hog=$!
sleep 5
end=$(($(date +%s) + 20))
while [ "$(date +%s)" -lt $end ]; do
	echo 8M >$cgd/memory.reclaim 2>/dev/null
	sleep 0.2
done
line=$(awk -v ino="$ino" 'NR > 1 && $7 == ino { print; exit }' \
	"$LRUCOST_SYS/lruvecs")
noted=$(($(st cost_cpu) + $(st cost_io) - noted0))
wait $hog
tap_diag "costs noted $noted (all lruvecs), memcg's line: $line; bound $bound"
set -- ${line:-none none 0 0}
check "the memcg is listed" test -n "$line"
check "enough cost noted to tell (10x the bound)" \
	test "$noted" -gt $((10 * bound))
check "its costs decayed with enabled=0 (anon+file <= $bound)" \
	test $(($3 + $4)) -le "$bound"
check_eq "nothing steered with enabled=0" "$(st steered)" 0
rmmod lrucost
rmdir $cgd
