# 50 insmod/rmmod cycles while anon and file pressure runs and lrucost is
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
( r=0; while [ $r -lt 6 ]; do cat /data/file /mnt/shm/anon >/dev/null;
  r=$((r + 1)); done; echo done >/tmp/churn.done ) &
load=$!
memhog 60 1000 >/dev/null &
hog=$!
n=0
while [ $n -lt 50 ]; do
	insmod "$LRUCOST_KO" || break
	echo 90 >"$LRUCOST_SYS/anon_percent"
	cat "$LRUCOST_SYS/stats/steered" "$LRUCOST_SYS/lruvecs" >/dev/null
	rmmod lrucost || break
	n=$((n + 1))
done
check_eq "50 insmod/rmmod cycles under pressure" "$n" 50
wait $load
kill $hog
wait $hog 2>/dev/null
check "the pressure workload completed" test -f /tmp/churn.done
after=$(share 2)
tap_diag "anon share of the scan: before $before%, after the last rmmod $after%"
check "the kernel's own split is back (within 10 points)" \
	test $(((after - before) * (after - before))) -le 100
umount /mnt/shm
rm -f /data/file
