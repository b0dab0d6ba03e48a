# 50 insmod/rmmod cycles (LRUCOST_CHURN_CYCLES; make stress: 1,000), with
# knob writes and stats reads racing them, while anon and file pressure
# runs (6 rounds at least, until the churn ends) and lrucost is
# steering hard (anon_percent=90): no warning (the harness checks the log),
# the workload completes, and the kernel's own split is back afterwards.
. /tests/lib.sh

mkdir -p /mnt/shm
mount -t tmpfs -o size=300m tmpfs /mnt/shm
dd if=/dev/urandom of=/data/file bs=1M count=250 2>/dev/null
dd if=/dev/urandom of=/mnt/shm/anon bs=1M count=200 2>/dev/null
sync

share() { # anon share of the scan over ROUNDS re-reads of both sets
	a0=$(vm pgscan_anon)
	f0=$(vm pgscan_file)
	r=0
	while [ $r -lt "$1" ]; do
		cat /data/file /mnt/shm/anon >/dev/null
		r=$((r + 1))
	done
	a=$(($(vm pgscan_anon) - a0))
	f=$(($(vm pgscan_file) - f0))
	echo $((a * 100 / (a + f + 1)))
}

share 1 >/dev/null
before=$(share 2)
cycles=${LRUCOST_CHURN_CYCLES:-50}
( r=0; while [ $r -lt 6 ] || [ ! -f /tmp/churn.stop ]; do
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
after=$(share 2)
tap_diag "anon share of the scan: before $before%, after the last rmmod $after%"
check "the kernel's own split is back (within 10 points)" \
	test $(((after - before) * (after - before))) -le 100
umount /mnt/shm
rm -f /data/file
