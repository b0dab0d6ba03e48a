# For tests/vm/selftest: run after t-leave.sh, finds the boot state: the
# harness's reset between scripts undid everything t-leave.sh left.
. /tests/lib.sh

check "lrucost not loaded" sh -c '! grep -q "^lrucost " /proc/modules'
check "swap on" grep -q '^/dev/vda ' /proc/swaps
check "no tmpfs left under /mnt" sh -c '! grep -q " /mnt" /proc/mounts'
check_eq "swappiness as at boot" "$(cat /proc/sys/vm/swappiness)" \
	"$(cat /tmp/boot.swappiness)"
if [ -f /tmp/boot.lru_gen ]; then
	check_eq "lru_gen as at boot" "$(cat /sys/kernel/mm/lru_gen/enabled)" \
		"$(cat /tmp/boot.lru_gen)"
fi
check_eq "no memcg left" "$(find /sys/fs/cgroup -mindepth 1 -type d | wc -l)" 0
check_eq "no kprobe event left" "$(wc -c </sys/kernel/tracing/kprobe_events)" 0
check_eq "the process left behind is gone" \
	"$(for p in /proc/[0-9]*; do tr '\0' ' ' <$p/cmdline; echo; done |
	grep -c '^sleep 3600')" 0
check_eq "nothing left on /data" "$(ls -A /data | grep -cv lost+found)" 0
