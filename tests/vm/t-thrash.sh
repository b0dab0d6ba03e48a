# The seed's shape: idle anonymous memory (a process that touched its
# memory once, and a tmpfs file) beside a file working set on ext4 that
# fits only if the idle anon goes to swap.  Same boot: first enabled=0
# (the kernel's own balance), then enabled=1 (the cost model).  With
# lrucost steering, file refaults fall and swap-outs rise.
. /tests/lib.sh

vm() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }

mkdir -p /mnt/shm
mount -t tmpfs -o size=200m tmpfs /mnt/shm
dd if=/dev/urandom of=/data/ws bs=1M count=230 2>/dev/null
sync
insmod "$LRUCOST_KO"

# phase ENABLED: from the same start (cold cache, fresh idle anon), warm
# up, then re-read the working set 4 times; print refaults and swap-outs
phase() {
	echo "$1" >"$LRUCOST_SYS/enabled"
	echo 3 >/proc/sys/vm/drop_caches
	memhog 170 100000 idle >/dev/null &
	hog=$!
	dd if=/dev/zero of=/mnt/shm/idle bs=1M count=60 2>/dev/null
	sleep 2
	cat /data/ws >/dev/null
	rf0=$(vm workingset_refault_file)
	so0=$(vm pswpout)
	i=0
	while [ $i -lt 4 ]; do cat /data/ws >/dev/null; i=$((i + 1)); done
	echo "$(($(vm workingset_refault_file) - rf0)) $(($(vm pswpout) - so0))"
	kill $hog
	wait $hog 2>/dev/null
	rm -f /mnt/shm/idle
}

set -- $(phase 0)
rf_off=$1 so_off=$2
tap_diag "enabled=0: workingset_refault_file +$rf_off, pswpout +$so_off"
set -- $(phase 1)
rf_on=$1 so_on=$2
tap_diag "enabled=1: workingset_refault_file +$rf_on, pswpout +$so_on"
tap_diag "steered $(cat $LRUCOST_SYS/stats/steered), anon-only $(cat $LRUCOST_SYS/stats/steered_anon_only), file-only $(cat $LRUCOST_SYS/stats/steered_file_only), cache-trim $(cat $LRUCOST_SYS/stats/skipped_cache_trim)"
sed 's/^/#   /' "$LRUCOST_SYS/lruvecs" | head -4
check "file refaults fall with lrucost ($rf_off -> $rf_on)" \
	test "$rf_on" -lt "$rf_off"
check "swap-outs rise with lrucost ($so_off -> $so_on)" \
	test "$so_on" -gt "$so_off"
rmmod lrucost
umount /mnt/shm
rm -f /data/ws
