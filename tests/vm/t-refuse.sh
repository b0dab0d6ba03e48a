# A hook target or a scan_control field this kernel lacks, a hook target
# of another prototype, or a field of the wrong size, is a clean refusal:
# insmod fails, the log names the cause, and nothing is left behind (no
# sysfs, no module, no ftrace hook).
# A function another module owns through ftrace with IPMODIFY (as a
# livepatch does) is no conflict: lrucost's kprobes have no post handler,
# so the kernel arms them without IPMODIFY, and both hooks coexist.
. /tests/lib.sh

hooks() { wc -l </sys/kernel/tracing/enabled_functions; }

refused() { # refused DESC EXPECTED-LOG [PARAM]
	log_mark
	h0=$(hooks)
	if insmod "$LRUCOST_KO" ${3:+"$3"} 2>/dev/null; then
		tap_not_ok "$1: insmod refused"
		rmmod lrucost
		return
	fi
	tap_ok "$1: insmod refused"
	check "$1: log names the cause" sh -c "dmesg | grep -q '$2'"
	check "$1: no sysfs left" test ! -e "$LRUCOST_SYS"
	check "$1: module not loaded" sh -c '! grep -q "^lrucost " /proc/modules'
	check_eq "$1: no ftrace hook left" "$(hooks)" "$h0"
}

refused "bogus hook target" \
	"lrucost: hook target lrucost_no_such_function is absent" \
	require_targets=lrucost_no_such_function
refused "untraceable hook target" \
	"lrucost: hook target __start_BTF is" \
	require_targets=__start_BTF
refused "hook target of another prototype" \
	"lrucost: hook target shrink_lruvec(lruvec, sc) on this kernel, lrucost reads (lruvec, sc, nr); refusing" \
	require_targets=shrink_lruvec:lruvec:sc:nr
refused "malformed require_targets" \
	"lrucost: require_targets: shrink_lruvec: an empty or 9th parameter name" \
	require_targets=shrink_lruvec::sc
# the control: the prototype this kernel has loads
if insmod "$LRUCOST_KO" require_targets=shrink_lruvec:lruvec:sc; then
	tap_ok "hook target of the right prototype: loads"
	check "status: the extra target with its arguments" \
		grep -q "^hook shrink_lruvec: traceable, arguments (lruvec, sc)$" \
		"$LRUCOST_SYS/status"
	rmmod lrucost
else
	tap_not_ok "hook target of the right prototype: loads"
fi
refused "missing BTF field" \
	"lrucost: BTF: scan_control.no_such_field: member not in struct" \
	require_field=no_such_field
refused "BTF field of the wrong size" \
	"lrucost: BTF: scan_control.anon_cost has size 8 width 0, expected 4 width 0" \
	require_field=anon_cost:4
h0=$(hooks)
for f in shrink_lruvec move_folios_to_lru workingset_refault; do
	check "ipmodify_owner owns $f with IPMODIFY" \
		insmod /modules/ipmodify_owner.ko func=$f
	check "$f owned: the flag shows in enabled_functions" \
		grep -q "^$f .*(1) R I" /sys/kernel/tracing/enabled_functions
	h1=$(hooks)
	check "$f owned with IPMODIFY: lrucost loads beside it" insmod "$LRUCOST_KO"
	check "$f owned: lrucost steers" grep -qx "steering: active" "$LRUCOST_SYS/status"
	check "$f owned: both hooks on it" \
		grep -q "^$f .*(2) R I" /sys/kernel/tracing/enabled_functions
	check "$f owned: rmmod lrucost" rmmod lrucost
	check_eq "$f owned: only the owner's hook is left" "$(hooks)" "$h1"
	grep "^$f " /sys/kernel/tracing/enabled_functions | sed 's/^/#   /'
	check "ipmodify_owner releases $f" rmmod ipmodify_owner
done
check_eq "no ftrace hook left at all" "$(hooks)" "$h0"
check "loads normally afterwards" insmod "$LRUCOST_KO"
check "rmmod" rmmod lrucost
