# MGLRU: lrucost loads passive while MGLRU runs reclaim (documented in
# sysfs-abi), steers nothing then, and steers again once it is off.
. /tests/lib.sh

gen=/sys/kernel/mm/lru_gen/enabled
[ -w $gen ] || { tap_not_ok "no $gen on this kernel"; exit 0; }
mkdir -p /mnt/shm
mount -t tmpfs -o size=600m tmpfs /mnt/shm
pressure() {
	dd if=/dev/zero of=/mnt/shm/anon bs=1M count=250 2>/dev/null
	dd if=/dev/zero of=/data/file bs=1M count=250 2>/dev/null
	cat /data/file /mnt/shm/anon /data/file >/dev/null
	rm -f /mnt/shm/anon /data/file
}
stat_of() { cat "$LRUCOST_SYS/stats/$1"; }

echo y >$gen
check "insmod with MGLRU on (passive)" insmod "$LRUCOST_KO"
check "status: mglru on" grep -qx 'mglru: on' "$LRUCOST_SYS/status"
check "status: steering inactive: MGLRU is on" \
	grep -qx 'steering: inactive: MGLRU is on' "$LRUCOST_SYS/status"
echo 50 >"$LRUCOST_SYS/anon_percent"
pressure
check "reclaim passes counted as left to MGLRU" test "$(stat_of skipped_mglru)" -gt 0
check_eq "nothing steered under MGLRU" "$(stat_of steered)" 0
echo n >$gen
check "status: mglru off" grep -qx 'mglru: off' "$LRUCOST_SYS/status"
check "status: steering active" grep -qx 'steering: active' "$LRUCOST_SYS/status"
pressure
check "steering resumes with MGLRU off" test "$(stat_of steered)" -gt 0
echo y >$gen
pressure
echo n >$gen
check "rmmod" rmmod lrucost
umount /mnt/shm
