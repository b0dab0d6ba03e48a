# A hook target or a scan_control field this kernel lacks is a clean
# refusal: insmod fails, the log names the cause, nothing is left behind.
. /tests/lib.sh

refused() { # refused DESC EXPECTED-LOG PARAM
	dmesg -c >>/tmp/dmesg.all
	if insmod "$LRUCOST_KO" "$3" 2>/dev/null; then
		tap_not_ok "$1: insmod refused"
		rmmod lrucost
		return
	fi
	tap_ok "$1: insmod refused"
	check "$1: log names the cause" sh -c "dmesg | grep -q '$2'"
	check "$1: no sysfs left" test ! -e "$LRUCOST_SYS"
	check "$1: module not loaded" sh -c '! grep -q "^lrucost " /proc/modules'
}

refused "bogus hook target" \
	"lrucost: hook target lrucost_no_such_function is absent" \
	require_targets=lrucost_no_such_function
refused "untraceable hook target" \
	"lrucost: hook target __start_BTF is" \
	require_targets=__start_BTF
refused "missing BTF field" \
	"lrucost: BTF: scan_control.no_such_field: member not in struct" \
	require_field=no_such_field
check "loads normally afterwards" insmod "$LRUCOST_KO"
check "rmmod" rmmod lrucost
