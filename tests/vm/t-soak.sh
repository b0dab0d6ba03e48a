# Soak: mixed pressure with lrucost steering for LRUCOST_SOAK_SECONDS
# (make check: 30; make stress: 1800), counters sampled every
# LRUCOST_SOAK_INTERVAL seconds (10; make stress: 60).  The pressure: an
# active anon set, idle anon, random reads over a file working set, a cold
# file stream, and memcgs created, pressured under their own memory.high and
# removed, while swappiness is switched every sample.  Every sample: every
# counter is monotonic, the ones that bound others do (cost_cpu never above
# the rotations it is made of, cost_io never above io_cost x the workingset
# refaults, the steered kinds never above steered), no lruvec was refused a
# slot, the swappiness written is the one read and lrucost still steers.  At the
# end, with reclaim quiet, the costs equal their events exactly.
. /tests/lib.sh

secs=${LRUCOST_SOAK_SECONDS:-30}
every=${LRUCOST_SOAK_INTERVAL:-10}
st() { cat "$LRUCOST_SYS/stats/$1"; }

rm -f /tmp/soak.stop	# a run before this one in the same boot left it
# The file working set with the anon sets (180 MiB) exceeds the VM's
# memory (468 MiB), so its random reads refault and the kernel leaves
# cache trim mode, which lrucost does not steer.  At 160 MiB it could
# fit: 6.1 in one make check and 6.12 in a targeted run then refaulted
# 37 pages in 30 s, reclaimed the cold stream alone in trim mode and
# steered nothing.
dd if=/dev/urandom of=/data/ws bs=1M count=240 2>/dev/null
dd if=/dev/urandom of=/data/cold bs=1M count=200 2>/dev/null
sync
echo 3 >/proc/sys/vm/drop_caches
echo +memory >/sys/fs/cgroup/cgroup.subtree_control
mkdir -p /sys/fs/cgroup/soak
insmod "$LRUCOST_KO" || tap_bail "insmod"
io_cost=$(cat "$LRUCOST_SYS/io_cost")

# the workers start before the sampling does, and must outlive it: the
# sampling's clock starts before they do, so a sample before secs always
# finds them running, however long the set-up below takes under load
# (in a fresh-clone make check all had exited, normally, by the first
# sample, 12 s into the sampling: what ran between their start and the
# sampling's, mostly the baseline snap, had taken over 23 s)
run=$((secs + 5))
start=$(date +%s)
memhog 100 "$run" >/tmp/soak.active &
active=$!
memhog 80 "$run" idle >/dev/null &
idle=$!
loadgen randread /data/ws "$run" >/tmp/soak.randread &
rand=$!
( while [ ! -f /tmp/soak.stop ]; do cat /data/cold >/dev/null; done ) &
stream=$!
( i=0; while [ ! -f /tmp/soak.stop ]; do
	d=/sys/fs/cgroup/soak/m$i
	mkdir "$d" && echo 4M >"$d/memory.high" &&
		sh -c "echo \$\$ >$d/cgroup.procs && exec memhog 6 0" >/dev/null
	rmdir "$d"
	i=$((i + 1))
  done; echo "$i" >/tmp/soak.memcgs ) &
memcgs=$!

# snap FILE: every counter, "name value" a line
snap() { for n in $(ls "$LRUCOST_SYS/stats"); do echo "$n $(st "$n")"; done >"$1"; }
get() { awk -v k="$2" '$1 == k { print $2 }' "$1"; }
snap /tmp/soak.prev
bad=0
samples=0
swp=100
echo "$swp" >"$LRUCOST_SYS/swappiness"
# secs / every samples, each at its deadline, start + k x every, or at
# once where the one before ran past it: a sample takes seconds under
# TCG and load (14 s for the first in one CI run, which then had time
# for 2 of 3 when the loop ran on the clock)
while [ "$samples" -lt $((secs / every)) ]; do
	left=$((start + (samples + 1) * every - $(date +%s)))
	[ "$left" -le 0 ] || sleep "$left"
	samples=$((samples + 1))
	t=$(($(date +%s) - start))
	# bounded ones first: their bounds, read after, can only be larger
	cpu=$(st cost_cpu)
	io=$(st cost_io)
	kinds=$(($(st steered_anon_only) + $(st steered_file_only)))
	snap /tmp/soak.cur
	why=$(awk 'NR == FNR { p[$1] = $2; next }
		!($1 in p) || $2 < p[$1] { printf " %s went %s -> %s;", $1, p[$1], $2 }' \
		/tmp/soak.prev /tmp/soak.cur)
	c=/tmp/soak.cur
	rot=$(($(get $c rotated_anon) + $(get $c rotated_file) +
		$(get $c promoted_anon)))
	ref=$(($(get $c refault_active_file) + $(get $c refault_anon)))
	steered=$(get $c steered)
	[ "$cpu" -le "$rot" ] || why="$why cost_cpu $cpu > rotations $rot;"
	[ "$io" -le $((io_cost * ref)) ] ||
		why="$why cost_io $io > $io_cost x refaults $ref;"
	[ "$kinds" -le "$steered" ] ||
		why="$why anon_only + file_only $kinds > steered $steered;"
	[ "$(get $c lruvec_table_full)" = 0 ] ||
		why="$why lruvec_table_full $(get $c lruvec_table_full);"
	grep -q '^steering: active' "$LRUCOST_SYS/status" ||
		why="$why $(grep '^steering' "$LRUCOST_SYS/status");"
	[ "$(cat "$LRUCOST_SYS/swappiness")" = "$swp" ] ||
		why="$why swappiness not $swp;"
	# the clock read now, not $t: a sample takes seconds, and the timed
	# workers end on their own $run seconds after they started (in one
	# make check the active hog and the reader had, by the end of the
	# sample that began at t=24)
	now=$(($(date +%s) - start))
	for p in $active $idle $rand $stream $memcgs; do
		kill -0 "$p" 2>/dev/null || [ "$now" -ge "$run" ] ||
			why="$why worker $p died;"
	done
	tap_diag "t=${t}s steered $steered rotations $rot cost_cpu $cpu refaults $ref cost_io $io pswpout $(vm pswpout) swappiness $swp${why:+ BAD:$why}"
	[ -z "$why" ] || bad=$((bad + 1))
	mv /tmp/soak.cur /tmp/soak.prev
	swp=$((swp == 100 ? 150 : 100))
	echo "$swp" >"$LRUCOST_SYS/swappiness"
done
took=$(($(date +%s) - start))
touch /tmp/soak.stop
wait $rand
rc_rand=$?
wait $active
rc_active=$?
wait $stream $memcgs
kill $idle 2>/dev/null
wait $idle 2>/dev/null
check "$samples samples over ${took}s: every counter monotonic and sane" \
	test "$bad" = 0
check "the random reader completed ($(sed -n 's/.*"ops_per_sec":\([0-9.]*\).*/\1/p' /tmp/soak.randread) ops/s)" \
	test "$rc_rand" = 0
check "the active anon set completed" test "$rc_active" = 0
tap_diag "memcgs created, pressured and removed: $(cat /tmp/soak.memcgs)"
check "memcgs cycled" test "$(cat /tmp/soak.memcgs)" -gt 0
check "lrucost steered" test "$(st steered)" -gt 0

# quiet: the counters settle, then each cost equals its events
i=0
snap /tmp/soak.prev
: >/tmp/soak.cur
while [ $i -lt 10 ] && ! cmp -s /tmp/soak.prev /tmp/soak.cur; do
	sleep 1
	mv /tmp/soak.cur /tmp/soak.prev 2>/dev/null
	snap /tmp/soak.cur
	i=$((i + 1))
done
check_eq "cost_cpu = rotated_anon + rotated_file + promoted_anon" \
	"$(st cost_cpu)" \
	$(($(st rotated_anon) + $(st rotated_file) + $(st promoted_anon)))
check_eq "cost_io = io_cost x (refault_anon + refault_file_reads)" \
	"$(st cost_io)" $((io_cost * ($(st refault_anon) + $(st refault_file_reads))))
check "no more file reads than file pages refaulted" \
	test "$(st refault_file_reads)" -le "$(st refault_active_file)"
rmmod lrucost
rmdir /sys/fs/cgroup/soak
rm -f /data/ws /data/cold
