# memory.low under steering (issue 15, item 1).  get_scan_count() sets
# sc->memcg_low_skipped inside a steered shrink_lruvec() when it scales a
# memcg's scan by its memory.low; do_try_to_free_pages() retries with
# memory.low breached on that bit before it would OOM.  The bit shares a
# byte with the two lrucost sets, and the return handler once wrote that
# byte back whole, erasing it.
#
# The oracle is the kernel's own kprobe event on shrink_lruvec(), reading
# sc at the offsets the host found in the vmlinuz's BTF: while a memcg
# with memory.low holds memory, kswapd, which always walks every memcg
# (direct reclaim may stop part-way on 6.12), has been through that memcg
# in each whole priority pass, skipping it (below low) or scaling it
# (above), so at any later pass (priority below 12) the bit must be set.  Then the behaviour: a memcg
# holding most reclaimable memory under a memory.low above its usage is
# breached (memory.events low rises) rather than anyone OOM-killed.
. /tests/lib.sh

st() { cat "$LRUCOST_SYS/stats/$1"; }
# field NAME: "offset bit" of a scan_control member, from the host
field() {
	sed -n "s/^scan_control\.$1: offset \([0-9]*\) bit \([0-9]*\) .*/\1 \2/p;
		s/^scan_control\.$1: offset \([0-9]*\) size .*/\1/p" \
		/tests/scan_control.lowprot
}
set -- $(field memcg_low_skipped)
skipped_off=$1 skipped_bit=$2
set -- $(field memcg_low_reclaim)
lowrec_off=$1 lowrec_bit=$2
prio_off=$(field priority)
if [ -z "$skipped_off" ] || [ -z "$lowrec_off" ] || [ -z "$prio_off" ]; then
	tap_not_ok "host gave no scan_control offsets for memcg_low_*"
	exit 0
fi
gen=/sys/kernel/mm/lru_gen/enabled
[ -w $gen ] && echo n >$gen
echo +memory >/sys/fs/cgroup/cgroup.subtree_control
cg=/sys/fs/cgroup
mkdir -p $cg/prot $cg/hog
insmod "$LRUCOST_KO" || tap_not_ok "insmod"

# -- the bit survives steered passes -----------------------------------
tr=/sys/kernel/tracing
echo "p:lowprot/pass shrink_lruvec skipped=+$skipped_off(%si):u8 lowrec=+$lowrec_off(%si):u8 prio=+$prio_off(%si):s8" \
	>>$tr/kprobe_events || tap_not_ok "kprobe event on shrink_lruvec"
echo 4096 >$tr/buffer_size_kb
echo >$tr/trace
echo 1 >$tr/events/lowprot/pass/enable
# 160 MiB of idle anon under memory.low 32M: mostly above its low, its
# passes scaled (and steered); active anon pressure from outside it
echo 32M >$cg/prot/memory.low
sh -c "echo \$\$ >$cg/prot/cgroup.procs && exec memhog 160 40 idle" \
	>/dev/null &
idle=$!
sleep 8
steered0=$(st steered)
memhog 330 15 >/dev/null
echo 0 >$tr/events/lowprot/pass/enable
steered=$(($(st steered) - steered0))
# kswapd's passes after its first priority (and not in a breaching retry,
# which kswapd never makes)
awk -v sm=$((1 << skipped_bit)) -v lm=$((1 << lowrec_bit)) '
	/^ *kswapd[0-9]*-[0-9]+ .* pass: \(shrink_lruvec/ {
		s = l = p = -1
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^skipped=/) { sub(/^skipped=/, "", $i); s = $i }
			if ($i ~ /^lowrec=/) { sub(/^lowrec=/, "", $i); l = $i }
			if ($i ~ /^prio=/) { sub(/^prio=/, "", $i); p = $i }
		}
		n++
		if (p >= 12 || int(l / lm) % 2)
			next
		later++
		if (!(int(s / sm) % 2))
			lost++
	}
	END { printf "%d %d %d\n", n, later, lost }' $tr/trace >/tmp/lowprot.res
read -r passes later lost </tmp/lowprot.res
tap_diag "kswapd passes traced $passes, after a whole priority $later, bit clear $lost; steered $steered"
check "lrucost steered passes meanwhile" test "$steered" -gt 0
check "kswapd went past its first priority" test "$later" -gt 0
check_eq "memcg_low_skipped set at every later pass" "$lost" 0
echo >$tr/trace
echo "-:lowprot/pass" >>$tr/kprobe_events
wait $idle

# -- a memcg below its memory.low is breached, nobody OOM-killed --------
# its memory is page cache (clean, reclaimable only there); the pressure
# is anon that may not swap (memory.swap.max 0), so the kernel's only way
# out is the retry that breaches memory.low
echo max >$cg/prot/memory.low
dd if=/dev/zero of=/data/lowprot bs=1M count=160 2>/dev/null
sync
echo 3 >/proc/sys/vm/drop_caches
sh -c "echo \$\$ >$cg/prot/cgroup.procs && exec cat /data/lowprot" >/dev/null
echo 0 >$cg/hog/memory.swap.max
low0=$(awk '$1 == "low" { print $2 }' $cg/prot/memory.events)
oom0=$(vm oom_kill)
steered0=$(st steered)
sh -c "echo \$\$ >$cg/hog/cgroup.procs && exec memhog 360 5" >/dev/null
rc=$?
low=$(($(awk '$1 == "low" { print $2 }' $cg/prot/memory.events) - low0))
tap_diag "memory.events low +$low, oom_kill +$(($(vm oom_kill) - oom0)), steered +$(($(st steered) - steered0)), prot now $(($(cat $cg/prot/memory.current) >> 20)) MiB"
check_eq "the hog completed" "$rc" 0
check "memory.low breached (memory.events low rose)" test "$low" -gt 0
check_eq "nothing OOM-killed" "$(($(vm oom_kill) - oom0))" 0
rm -f /data/lowprot
rmmod lrucost
rmdir $cg/prot $cg/hog
