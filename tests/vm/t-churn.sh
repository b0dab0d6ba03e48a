# 10 insmod/rmmod cycles (LRUCOST_CHURN_CYCLES; make stress: 1,000), with
# knob writes and stats reads racing them, while anon and file pressure
# runs (from before the first insmod until the churn ends, 2 rounds at
# least; reclaim starts in the first, the two sets not fitting) and
# lrucost is steering hard (anon_percent=90): no warning (the harness
# checks the log), the workload completes, and nothing of lrucost is left
# in reclaim.
. /tests/lib.sh

mkdir -p /mnt/shm
mount -t tmpfs -o size=300m tmpfs /mnt/shm
dd if=/dev/urandom of=/data/file bs=1M count=250 2>/dev/null
dd if=/dev/urandom of=/mnt/shm/anon bs=1M count=200 2>/dev/null
sync

cycles=${LRUCOST_CHURN_CYCLES:-10}
( r=0; while [ $r -lt 2 ] || [ ! -f /tmp/churn.stop ]; do
	cat /data/file /mnt/shm/anon >/dev/null; r=$((r + 1)); done
  echo "$r" >/tmp/churn.done ) &
load=$!
memhog 60 $((cycles * 10)) >/dev/null &
hog=$!
# racing readers and writers: they fail while the module is out
( while [ ! -f /tmp/churn.stop ]; do
	cat "$LRUCOST_SYS"/stats/* "$LRUCOST_SYS/status" >/dev/null 2>&1
	echo 1 >"$LRUCOST_SYS/enabled" 2>/dev/null
	lrucost-ctl stats --json >/dev/null 2>&1
  done ) &
racer=$!
n=0
while [ $n -lt "$cycles" ]; do
	insmod "$LRUCOST_KO" || break
	echo 90 >"$LRUCOST_SYS/anon_percent"
	cat "$LRUCOST_SYS/stats/steered" "$LRUCOST_SYS/lruvecs" >/dev/null
	rmmod lrucost || break
	n=$((n + 1))
done
touch /tmp/churn.stop
check_eq "$cycles insmod/rmmod cycles under pressure" "$n" "$cycles"
wait $load
wait $racer
tap_diag "pressure rounds during the churn: $(cat /tmp/churn.done 2>/dev/null)"
kill $hog
wait $hog 2>/dev/null
check "the pressure workload completed" test -f /tmp/churn.done
# Nothing of lrucost is left in reclaim: no probe of its own (the
# kernel's list of registered kprobes, and ftrace's hooked functions).
# The split is not compared with the kernel's own here: under this load
# the stock split is bistable on 7.3, with either list's mode lasting
# once reached (anon share of the scan before any insmod 2%, 10% and
# 82% in three boots; 82% before and after with no module loaded), so
# a 90% steered to and an 82% of the kernel's cannot be told apart.
# t-fidelity compares the split after enabled=0 and after rmmod with
# the stock one, under a load whose stock share is held 30 points from
# the steered one.
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
# none_left FILE: the kernel's list is there, and has no line (its
# size is 0 however long it is: test -s cannot tell)
none_left() { [ -r "$1" ] && ! grep -q . "$1"; }
check "no kprobe left after the last rmmod" \
	none_left /sys/kernel/debug/kprobes/list
check "no function hooked by ftrace after the last rmmod" \
	none_left /sys/kernel/tracing/enabled_functions
umount /mnt/shm
rm -f /data/file
