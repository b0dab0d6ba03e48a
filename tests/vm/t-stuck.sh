# The harness's self-test (tests/vm/selftest), not a test of lrucost: a
# script that sleeps uninterruptibly in the kernel past its time limit,
# writing to a frozen file system, so that TERM and KILL cannot end it.
# The run must say where it is stuck and end, not wait for the host's
# limit.
. /tests/lib.sh

echo x >/data/stuck
sync
fsfreeze --freeze /data || { tap_not_ok "fsfreeze /data failed"; exit 0; }
tap_diag "/data frozen; writing to it"
echo x >>/data/stuck
tap_not_ok "the write to a frozen file system returned"
