# Control for t-churn.sh: the same pressure, but instead of loading lrucost,
# the stock kernel's own kprobe events (tracefs) are added, enabled, disabled
# and removed 50 times on the same targets (kprobes on shrink_lruvec and
# move_folios_to_lru, a kretprobe on workingset_refault).  No lrucost code
# runs at all: if this crashes, the fault is beneath the module.
. /tests/lib.sh

mkdir -p /mnt/shm /sys/kernel/tracing
mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null || true
T=/sys/kernel/tracing
mount -t tmpfs -o size=300m tmpfs /mnt/shm
dd if=/dev/urandom of=/data/file bs=1M count=250 2>/dev/null
dd if=/dev/urandom of=/mnt/shm/anon bs=1M count=200 2>/dev/null
sync

( r=0; while [ $r -lt 6 ]; do cat /data/file /mnt/shm/anon >/dev/null;
  r=$((r + 1)); done; echo done >/tmp/churn.done ) &
load=$!
memhog 60 1000 >/dev/null &
hog=$!
n=0
while [ $n -lt 50 ]; do
	{ echo 'p:lc_a shrink_lruvec'
	  echo 'p:lc_b move_folios_to_lru'
	  echo 'r:lc_c workingset_refault'; } >>$T/kprobe_events || break
	for e in lc_a lc_b lc_c; do echo 1 >$T/events/kprobes/$e/enable; done
	sleep 0.2
	for e in lc_a lc_b lc_c; do echo 0 >$T/events/kprobes/$e/enable; done
	echo >$T/kprobe_events || break
	n=$((n + 1))
done
check_eq "50 kprobe-event add/enable/disable/remove cycles under pressure" "$n" 50
wait $load
kill $hog
wait $hog 2>/dev/null
check "the pressure workload completed" test -f /tmp/churn.done
umount /mnt/shm
rm -f /data/file
