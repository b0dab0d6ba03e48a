# Fidelity of the override: with anon_percent 10, 50 and 90 the anon share
# of pages scanned (pgscan_anon / (pgscan_anon + pgscan_file)) follows the
# setting; before insmod, with enabled=0, and after rmmod it is the
# kernel's own.  Mixed pressure: a tmpfs working set (anon LRU, swap
# backed) and an ext4 file set, both re-read, in a VM smaller than both.
. /tests/lib.sh

mkdir -p /mnt/shm
mount -t tmpfs -o size=600m tmpfs /mnt/shm
dd if=/dev/urandom of=/mnt/shm/anon bs=1M count=280 2>/dev/null
dd if=/dev/urandom of=/data/file bs=1M count=280 2>/dev/null
sync

# share ROUNDS: anon share of the pages scanned while re-reading both sets,
# in percent
share() {
	a0=$(vm pgscan_anon)
	f0=$(vm pgscan_file)
	r=0
	while [ $r -lt "$1" ]; do
		cat /data/file >/dev/null
		cat /mnt/shm/anon >/dev/null
		r=$((r + 1))
	done
	a=$(($(vm pgscan_anon) - a0))
	f=$(($(vm pgscan_file) - f0))
	[ $((a + f)) -gt 0 ] || { echo -1; return; }
	echo $((a * 100 / (a + f))) "($a anon, $f file)"
}

near() { # near GOT WANT TOL
	[ "$1" -ge $(($2 - $3)) ] && [ "$1" -le $(($2 + $3)) ]
}

# measure LABEL: settle one round, then the anon share over three rounds,
# printed with LABEL and left in $m (percent)
measure() {
	share 1 >/dev/null
	m=$(share 3)
	tap_diag "$1: anon share $m"
	m=${m%% *}
}

measure "stock kernel, no module"
stock=$m

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
check "enabled=0: back to the stock share ($stock) within 10 points" \
	near "$m" "$stock" 10
echo 90 >"$LRUCOST_SYS/anon_percent"
echo 1 >"$LRUCOST_SYS/enabled"
rmmod lrucost
measure "after rmmod (anon_percent was 90)"
check "after rmmod: back to the stock share ($stock) within 10 points" \
	near "$m" "$stock" 10
umount /mnt/shm
rm -f /data/file
