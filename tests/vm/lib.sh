# shellcheck shell=sh
# Helpers for in-VM test scripts: TAP output with one counter shared by all
# scripts of a run, and the kernel log check.

TAP_STATE=/tmp/tap.state
[ -f "$TAP_STATE" ] || echo "0 0" >"$TAP_STATE"

# Taint bits expected from an unsigned out-of-tree module: O (12), E (13).
TAINT_ALLOWED=$(((1 << 12) | (1 << 13)))
# What fails a run; tests/vm/run reads this one single-quoted line too.
LOG_BAD='WARNING:|BUG:|Oops|Call Trace|soft lockup|hard LOCKUP|detected stall|general protection fault|Kernel panic|list_add corruption|UBSAN|KASAN'

_tap() {
	# _tap ok|"not ok" description
	read -r n fails <"$TAP_STATE"
	n=$((n + 1))
	[ "$1" = ok ] || fails=$((fails + 1))
	echo "$n $fails" >"$TAP_STATE"
	echo "$1 $n - $2"
}

tap_ok() { _tap ok "$*"; }
tap_not_ok() { _tap "not ok" "$*"; }
tap_diag() { echo "# $*"; }

# check DESC CMD...: ok if CMD succeeds
check() {
	d=$1
	shift
	if "$@"; then tap_ok "$d"; else tap_not_ok "$d"; fi
}

# check_eq DESC GOT WANT
check_eq() {
	if [ "$2" = "$3" ]; then
		tap_ok "$1"
	else
		tap_not_ok "$1 (got '$2', want '$3')"
	fi
}

tap_bail() {
	echo "Bail out! $*"
	echo "LRUCOST-VM-RESULT bail"
	poweroff -f
}

tap_done() {
	read -r n fails <"$TAP_STATE"
	echo "1..$n"
	echo "LRUCOST-VM-RESULT tests=$n failed=$fails"
	sync
	poweroff -f
}

# Start the log check afresh: everything logged so far has been seen.
log_mark() {
	dmesg -c >>/tmp/dmesg.all
}

# log_check WHAT: the kernel log since the last check has no warning,
# bug, oops or lockup, and the kernel carries no unexpected taint.  The
# ring is read and cleared, so nothing is missed if it wraps later.
log_check() {
	dmesg -c >/tmp/dmesg.new
	cat /tmp/dmesg.new >>/tmp/dmesg.all
	taint=$(cat /proc/sys/kernel/tainted)
	bad=$((taint & ~TAINT_ALLOWED))
	if grep -Eq "$LOG_BAD" /tmp/dmesg.new; then
		grep -E -A5 "$LOG_BAD" /tmp/dmesg.new | sed 's/^/# dmesg: /'
		tap_not_ok "$1: kernel log clean"
	elif [ "$bad" -ne 0 ]; then
		tap_not_ok "$1: kernel log clean (taint $taint)"
	else
		tap_ok "$1: kernel log clean (taint $taint)"
	fi
}

# vm NAME: a /proc/vmstat counter
vm() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }

# The module under test, and its sysfs directory.
LRUCOST_KO=/lrucost/lrucost.ko
LRUCOST_SYS=/sys/kernel/mm/lrucost
