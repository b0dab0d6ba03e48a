# Harness self-test, run only by tests/vm/selftest: a module that holds a
# CPU without rescheduling for twice the soft lockup limit the harness
# boots with must make the run fail.
. /tests/lib.sh

# (the diagnostic must not name a lockup: the harness would match it)
limit=$((2 * $(cat /proc/sys/kernel/watchdog_thresh)))
tap_diag "watchdog limit ${limit}s; holding a CPU for $((limit * 2))s"
insmod /modules/lockup_test.ko secs=$((limit * 2))
tap_ok "lockup_test.ko held a CPU and returned (the run must fail anyway)"
