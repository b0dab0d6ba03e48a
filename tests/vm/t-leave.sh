# For tests/vm/selftest: a script that stops half-way, leaving behind all
# the state a real one might (lrucost loaded, swap off, a tmpfs mounted,
# sysctls changed, a process in a memcg, a kprobe event, a file on /data).
# t-clean.sh, run after it, must find the boot state again.
. /tests/lib.sh

insmod "$LRUCOST_KO"
echo 0 >"$LRUCOST_SYS/enabled"
swapoff /dev/vda
mkdir -p /mnt/leave
mount -t tmpfs tmpfs /mnt/leave
echo 7 >/proc/sys/vm/swappiness
[ -w /sys/kernel/mm/lru_gen/enabled ] && echo y >/sys/kernel/mm/lru_gen/enabled
echo +memory >/sys/fs/cgroup/cgroup.subtree_control
mkdir -p /sys/fs/cgroup/leave/deeper
sh -c 'echo $$ >/sys/fs/cgroup/leave/deeper/cgroup.procs && exec sleep 3600' &
echo 'p:leave/probe vfs_read' >>/sys/kernel/tracing/kprobe_events
echo 1 >/sys/kernel/tracing/events/leave/probe/enable
dd if=/dev/zero of=/data/leftover bs=1M count=8 2>/dev/null
tap_ok "left state behind"
