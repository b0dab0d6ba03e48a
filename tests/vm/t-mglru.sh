# MGLRU: with the multi-gen LRU on, lrucost steers its eviction batches
# (module/mglru_hook.c) and counts its cost events: status says so, the
# batches are steered, the IO events it counts equal the kernel's own
# (workingset_restore_anon + _file) exactly, from both CPUs, and MGLRU
# switched on and off under pressure moves the steering between the two
# adapters with nothing left half-set.  The thrash A/B is
# t-mglru-thrash.sh.
. /tests/lib.sh

gen=/sys/kernel/mm/lru_gen/enabled
[ -w $gen ] || { tap_not_ok "no $gen on this kernel"; exit 0; }
# the aging requests are written to lru_gen there (mglru_age.c)
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
st() { cat "$LRUCOST_SYS/stats/$1"; }
field() { sed -n "s/^$1: //p" "$LRUCOST_SYS/status"; }
# restores, folded first as in t-counters.sh, and lrucost's IO events:
# read with shell builtins only, with no memory pressure left, so that no
# refault (of a program run to read them) lands between the two reads
counts() {
	echo 1 >/proc/sys/vm/stat_refresh 2>/dev/null
	kernel=0
	while read -r k v; do
		case $k in
		workingset_restore_file|workingset_restore_anon)
			kernel=$((kernel + v)) ;;
		esac
	done </proc/vmstat
	read -r f <"$LRUCOST_SYS/stats/refault_active_file"
	read -r a <"$LRUCOST_SYS/stats/refault_anon"
	ours=$((f + a))
}

echo y >$gen
check "insmod with MGLRU on" insmod "$LRUCOST_KO" lruvec_idle_secs=3600
check_eq "status: lru" "$(field lru)" multi-gen
check_eq "status: steering" "$(field steering)" active
check "status: MGLRU steered through isolate_folios" \
	grep -q '^mglru steering: isolate_folios, missed ' "$LRUCOST_SYS/status"
check "status: a cgroup's swappiness 0 kept through get_swappiness" \
	grep -q '^mglru cgroup swappiness 0: kept (get_swappiness), missed ' \
	"$LRUCOST_SYS/status"
sed 's/^/#   /' "$LRUCOST_SYS/status" | grep -i 'mglru\|hook is\|hook sh'

# IO events under MGLRU.  A file set read through page faults by two
# readers, one per CPU, and through read() by a third, beside idle anon,
# in a VM smaller than both: refaults in a fault are what 6.1 and 6.12
# count as restores (read() refaults mostly are not); 7.3 counted none of
# those, but some of the read() ones (its test is the shadow's workingset
# bit).
dd if=/dev/zero of=/data/ws bs=1M count=300 2>/dev/null
sync
echo 3 >/proc/sys/vm/drop_caches
memhog 150 600 idle >/dev/null &
hog=$!
sleep 3
counts
r0=$kernel a0=$ours
m0=$(sed -n 's/^missed workingset_refault: //p' "$LRUCOST_SYS/status")
taskset -c 0 mapread /data/ws 2 &
r1=$!
taskset -c 1 mapread /data/ws 2 &
r2=$!
cat /data/ws /data/ws /data/ws /data/ws >/dev/null
wait $r1 $r2
kill $hog
wait $hog 2>/dev/null
# once to fault back in whatever of the shell's own pages was evicted
# (7.3 counted one such refault between the two reads), then for real
counts
sleep 1
counts
# the IO cost and the recent refaults, right after the restores (f, a)
# that counts read, with builtins as it does
read -r io <"$LRUCOST_SYS/stats/cost_io"
read -r qf <"$LRUCOST_SYS/stats/refault_recent_file"
read -r qa <"$LRUCOST_SYS/stats/refault_recent_anon"
read -r fr <"$LRUCOST_SYS/stats/refault_file_reads"
dr=$((kernel - r0)) da=$((ours - a0))
missed=$(($(sed -n 's/^missed workingset_refault: //p' "$LRUCOST_SYS/status") - m0))
recent=$((qf + qa))
tap_diag "restores: kernel +$dr, lrucost +$da (missed $missed); recent refaults not restored $recent; rotated_anon $(st rotated_anon), rotated_file $(st rotated_file), cost_io $(st cost_io), cost_cpu $(st cost_cpu)"
check "restores happened under MGLRU" test "$dr" -gt 0
check "lrucost's restores = the kernel's, exactly (missed $missed)" \
	test "$da" -le "$dr" -a "$da" -ge $((dr - missed))
# recent refaults that were not restores: here on 6.12 and 7.3, not on
# 6.1 (its MGLRU aged meanwhile); t-mglru-thrash.sh asserts what they do
# to the costs there (file above anon)
# file pages, restored or recent, are charged per read (a run of them
# shares one), anon pages one each
tap_diag "file pages restored or recent $((f + qf)), reads charged $fr"
check_eq "cost_io = io_cost x (anon restores + recent anon + file reads)" \
	"$io" $((32 * (a + qa + fr)))
# (6.1 restored only anon pages here in one run)
check "file reads: one at least for any file page, at most one a page" \
	test "$fr" -le $((f + qf)) -a \( "$fr" -ge 1 -o $((f + qf)) = 0 \)
check "rotations seen under MGLRU (shrink_folio_list activations)" \
	test $(($(st rotated_anon) + $(st rotated_file))) -gt 0
check "batches were steered" test "$(st steered)" -gt 0
tap_diag "batches: steered $(st steered), anon first $(st steered_anon_only), file first $(st steered_file_only), anon out of reach $(st anon_out_of_reach); $(field 'mglru aging')"
check_eq "no reclaim pass counted as left to MGLRU" "$(st skipped_mglru)" 0

# MGLRU switched on and off while reclaim runs (an active anon set and a
# file reader in the background, the switch under them): each LRU's
# adapter takes over (its own counter rises), and the workload completes.
# A fresh module, so that the costs above do not carry over: they are
# mostly the mapped readers' file rotations, which make file look dear,
# and the hog's anon is hot.  The hog is kept at 150 MiB besides: with
# 220 MiB, stock 6.1 OOM-kills in this loop in one round of three, as it
# does with lrucost (known-reports.awk).
check "rmmod, insmod: fresh costs" \
	sh -c "rmmod lrucost && insmod $LRUCOST_KO lruvec_idle_secs=3600"
refill0=$(vm pgrefill)
cat >/tmp/pressure.sh <<'EOF'
while [ ! -e /tmp/pressure.stop ]; do cat /data/ws >/dev/null; done
EOF
rm -f /tmp/pressure.stop
memhog 150 3600 >/dev/null &
hog=$!
sh /tmp/pressure.sh &
load=$!
flips=0
classic=0
batches=0
# an OOM kill between these markers is the stock kernel's
# (known-reports.awk); the loop must complete all the same
echo "lrucost-test: lru_gen switching starts" >/dev/kmsg
while [ $flips -lt 10 ]; do
	if [ $((flips % 2)) = 0 ]; then echo n >$gen; else echo y >$gen; fi
	s0=$(st steered)
	sleep 3
	if [ "$(st steered)" -gt "$s0" ]; then
		if [ $((flips % 2)) = 0 ]; then
			classic=$((classic + 1))
		else
			batches=$((batches + 1))
		fi
	fi
	flips=$((flips + 1))
done
echo y >$gen
touch /tmp/pressure.stop
check "the file reader completed across $flips switches" wait $load
echo "lrucost-test: lru_gen switching ends" >/dev/kmsg
tap_diag "switches with steering seen after them: classic $classic of 5, MGLRU $batches of 5"
check "steering followed the switches to classic" test "$classic" -gt 0
check "and back to MGLRU" test "$batches" -gt 0
check_eq "status: lru after the switches" "$(field lru)" multi-gen
kill $hog 2>/dev/null
wait $hog 2>/dev/null
# the hog's anon is hot: MGLRU's sorting keeps it, and that is CPU cost
# (mglru_sort.c), counted where MGLRU fires mm_vmscan_lru_isolate: 6.12
# and 7.x; 6.1's fires none, and status says so
sed -n 's/^/#   /; /^#   mglru promotions/p' "$LRUCOST_SYS/status"
tap_diag "promoted_anon $(st promoted_anon), rotated_anon $(st rotated_anon), cost_cpu $(st cost_cpu)"
case "$(uname -r)" in
6.1.*)
	check "status: 6.1's MGLRU promotions not counted" \
		grep -q '^mglru promotions: not counted: ' "$LRUCOST_SYS/status"
	check_eq "promoted_anon stays 0" "$(st promoted_anon)" 0
	;;
*)
	check "status: MGLRU's promotions counted" grep -q \
		'^mglru promotions: counted (mm_vmscan_lru_isolate)$' \
		"$LRUCOST_SYS/status"
	check "the hot anon's promotions counted as CPU cost" \
		test "$(st promoted_anon)" -gt 0
	# the kernel counts every folio sorting kept, of both types, as
	# pgrefill (and the classic LRU's active scans too)
	check "promoted_anon at most the kernel's pgrefill meanwhile ($(($(vm pgrefill) - refill0)))" \
		test "$(st promoted_anon)" -le $(($(vm pgrefill) - refill0))
	;;
esac

check "rmmod under MGLRU" rmmod lrucost
check "$LRUCOST_SYS gone" test ! -e "$LRUCOST_SYS"
check_eq "status of aging after rmmod: no helper left" \
	"$(ps 2>/dev/null | grep -c '[l]ru_gen')" 0
echo n >$gen
rm -f /data/ws /tmp/pressure.sh /tmp/pressure.stop
