# Reclaim of one memcg at the swappiness the kernel gives it.  With
# vm.swappiness 0, cgroup v2 reclaims a memcg at swappiness 0, and
# get_scan_count() then takes file only for limit and proactive reclaim:
# lrucost leaves those passes to it, even with its own swappiness at 200
# (leave_reason()), so memory.reclaim of a memcg holding only anon swaps
# nothing.  From 6.11 a memory.reclaim request may name its own
# swappiness, which the kernel uses instead of vm.swappiness: lrucost,
# following the kernel's swappiness (-1), follows the request's
# (kernel_swappiness()), so at "swappiness=200" it steers those passes
# although vm.swappiness is 0.  6.1 refuses that argument: checked too,
# so that the case cannot pass by not running.  Only anon in the memcg:
# with page cache there, the kernel's cache trim would take those passes
# first (left to it as well), and nothing would tell the two apart.
# Classic LRU (the harness's default).
. /tests/lib.sh

st() { cat "$LRUCOST_SYS/stats/$1"; }
cg=/sys/fs/cgroup/pr
echo +memory >/sys/fs/cgroup/cgroup.subtree_control
mkdir -p $cg
# idle anon, the memcg's
sh -c "echo \$\$ >$cg/cgroup.procs && exec memhog 100 600 idle" >/dev/null &
hog=$!
sleep 3
insmod "$LRUCOST_KO" || tap_not_ok "insmod"
sw0=$(cat /proc/sys/vm/swappiness)
echo 0 >/proc/sys/vm/swappiness

# vm.swappiness 0, lrucost's own 200: the kernel's file-only case wins
echo 200 >"$LRUCOST_SYS/swappiness"
n0=$(st skipped_no_swap) s0=$(st steered)
grep . "$LRUCOST_SYS"/stats/* | sed 's|.*/||' >/tmp/st0
echo 40M >$cg/memory.reclaim
grep . "$LRUCOST_SYS"/stats/* | sed 's|.*/||' >/tmp/st1
tap_diag "stats that moved: $(awk -F: 'NR == FNR { a[$1] = $2; next } $2 != a[$1] { printf "%s +%d ", $1, $2 - a[$1] }' /tmp/st0 /tmp/st1)"
swap=$(cat $cg/memory.swap.current)
tap_diag "memory.reclaim 40M at swappiness 0: memory.swap.current $swap, anon $(awk '$1 == "anon" {print $2}' $cg/memory.stat), file $(awk '$1 == "file" {print $2}' $cg/memory.stat)"
check_eq "swappiness 0 for a memcg: nothing swapped, lrucost at 200" "$swap" 0
check "those passes were left to the kernel (skipped_no_swap)" \
	test "$(st skipped_no_swap)" -gt "$n0"
check_eq "none was steered" "$(st steered)" "$s0"

# the request's own swappiness, lrucost following the kernel's
echo -1 >"$LRUCOST_SYS/swappiness"
s0=$(st steered)
if echo "40M swappiness=200" >$cg/memory.reclaim 2>/tmp/err; then
	swap=$(cat $cg/memory.swap.current)
	tap_diag "memory.reclaim 40M swappiness=200: memory.swap.current $swap, steered +$(($(st steered) - s0))"
	check "the request's swappiness=200 followed: anon swapped" \
		test "$swap" -gt 0
	check "those passes were steered" test "$(st steered)" -gt "$s0"
	case $(uname -r) in
	6.1.*) tap_not_ok "6.1 took memory.reclaim's swappiness=" ;;
	esac
else
	tap_diag "memory.reclaim swappiness=: $(cat /tmp/err)"
	case $(uname -r) in
	6.1.*) tap_ok "6.1 refuses memory.reclaim's swappiness= (added in 6.11)" ;;
	*) tap_not_ok "memory.reclaim swappiness=200 refused" ;;
	esac
fi
echo "$sw0" >/proc/sys/vm/swappiness
kill $hog
wait $hog 2>/dev/null
rmmod lrucost
rmdir $cg
