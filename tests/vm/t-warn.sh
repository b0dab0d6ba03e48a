# Harness self-test, run only by tests/vm/selftest: loading a module that
# WARNs must make the run fail.
. /tests/lib.sh

insmod /modules/warn_test.ko
tap_ok "warn_test.ko loaded (the log check must now fail this run)"
