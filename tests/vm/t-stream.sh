# Streaming: a used-once file stream bigger than RAM beside an anon
# working set that fits and is in use.  lrucost must not start swapping
# it: pswpout with enabled=1 stays within 2048 pages (8 MiB) plus 20% of
# the kernel's own (enabled=0, same boot, same start).
. /tests/lib.sh

dd if=/dev/zero of=/data/stream bs=1M count=700 2>/dev/null
sync
insmod "$LRUCOST_KO"

phase() {
	echo "$1" >"$LRUCOST_SYS/enabled"
	echo 3 >/proc/sys/vm/drop_caches
	so0=$(vm pswpout)
	memhog 150 25 >/dev/null &
	hog=$!
	sleep 2
	cat /data/stream >/dev/null
	cat /data/stream >/dev/null
	wait $hog
	echo $(($(vm pswpout) - so0))
}
off=$(phase 0)
on=$(phase 1)
tap_diag "pswpout: enabled=0 +$off, enabled=1 +$on"
check "streaming: lrucost does not start swapping ($off -> $on)" \
	test "$on" -le $((off + off / 5 + 2048))
rmmod lrucost
rm -f /data/stream
