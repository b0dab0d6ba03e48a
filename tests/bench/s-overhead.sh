# Scenario overhead: what lrucost's hooks cost with no memory pressure.
# Two fault-heavy loops, anonymous faults (map, write, unmap) and cold
# page-cache reads (every page added to the LRU again), run with lrucost
# not loaded (classic) and loaded and enabled (lrucost), alternating
# A B A B in one boot so that drift hits both alike.
. /tests/vm-lib.sh

rounds=$(bench_param ROUNDS 3)
secs=$(bench_param SECONDS 20)
dd if=/dev/urandom of=/data/cold bs=1M count=64 2>/dev/null
sync

r=1
while [ $r -le "$rounds" ]; do
	for way in classic lrucost; do
		for kind in faults coldread; do
			way_begin "overhead-$kind" "$way" || continue
			arg=64
			[ $kind = coldread ] && arg=/data/cold
			snap /tmp/b0
			load=$(loadgen -s /tmp/series $kind $arg "$secs")
			rc=$?
			snap /tmp/b1
			emit "overhead-$kind" "$way" "$r" "$rc" "${load:-null}" \
				null /tmp/series
			way_end "$way"
			check "overhead-$kind $way: run $r completed" test "$rc" = 0
		done
	done
	r=$((r + 1))
done
rm -f /data/cold
