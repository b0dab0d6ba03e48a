# No swap: lrucost loads passive (documented in sysfs-abi), leaves every
# pass to the kernel (anon cannot be reclaimed: the kernel scans file
# only), says so in status, and steers again once swap is back.
. /tests/lib.sh

st() { cat "$LRUCOST_SYS/stats/$1"; }
pressure() {
	dd if=/dev/zero of=/data/file bs=1M count=600 2>/dev/null
	cat /data/file >/dev/null
	rm -f /data/file
}

swapoff /dev/vda
check "insmod without swap (passive)" insmod "$LRUCOST_KO"
check "status: steering inactive: no swap" \
	grep -qx 'steering: inactive: no swap' "$LRUCOST_SYS/status"
echo 50 >"$LRUCOST_SYS/anon_percent"
a0=$(vm pgscan_anon)
pressure
tap_diag "skipped_no_swap $(st skipped_no_swap), steered $(st steered), pgscan_anon +$(($(vm pgscan_anon) - a0))"
check "reclaim passes left to the kernel for lack of swap" \
	test "$(st skipped_no_swap)" -gt 0
check_eq "nothing steered without swap" "$(st steered)" 0
check_eq "no anon scanned without swap (anon_percent=50 set)" \
	$(($(vm pgscan_anon) - a0)) 0
swapon /dev/vda
check "status: steering active with swap back" \
	grep -qx 'steering: active' "$LRUCOST_SYS/status"
# anon and file both reclaimable, re-read: passes the kernel does not
# keep to itself (as it does in cache trim mode)
mkdir -p /mnt/shm
mount -t tmpfs -o size=300m tmpfs /mnt/shm
dd if=/dev/zero of=/mnt/shm/anon bs=1M count=250 2>/dev/null
dd if=/dev/zero of=/data/file bs=1M count=250 2>/dev/null
cat /data/file /mnt/shm/anon /data/file /mnt/shm/anon >/dev/null
tap_diag "with swap: steered $(st steered), skipped_cache_trim $(st skipped_cache_trim)"
check "steering resumes with swap" test "$(st steered)" -gt 0
rm -f /data/file /mnt/shm/anon
umount /mnt/shm
check "rmmod" rmmod lrucost
