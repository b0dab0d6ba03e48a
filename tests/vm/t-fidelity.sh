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
. /tests/fidelity.sh

fidelity_setup

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
fidelity_cleanup
