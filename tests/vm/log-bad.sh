# shellcheck shell=sh
# What fails a VM run when the kernel log shows it, after the stock
# kernel's known reports are filtered out (known-reports.awk).  One list
# for the in-VM check after each script (lib.sh) and the host's checks of
# the console (tests/vm/run, tests/vm/selftest).
LOG_BAD='WARNING:|BUG:|Oops|Call Trace|soft lockup|hard LOCKUP|detected stall|general protection fault|Kernel panic|list_add corruption|UBSAN|KASAN'
