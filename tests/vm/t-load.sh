# lrucost loads, reports what this kernel offers, and unloads cleanly.
. /tests/lib.sh

check "insmod lrucost.ko" insmod "$LRUCOST_KO"
check "$LRUCOST_SYS exists" test -d "$LRUCOST_SYS"
# busybox's modinfo reads nothing from 7.x's modules: then the kernel's
# own reading of the .modinfo section
want=$(modinfo -F version "$LRUCOST_KO" 2>/dev/null)
[ -n "$want" ] || want=$(cat /sys/module/lrucost/version)
check_eq "version matches modinfo" "$(cat $LRUCOST_SYS/version)" "$want"
status=$(cat "$LRUCOST_SYS/status")
echo "$status" | sed 's/^/#   /'
field() { echo "$status" | sed -n "s/^$1: //p"; }

check_eq "status: kernel release" "$(field kernel)" "$(uname -r)"

# MGLRU state as the kernel itself reports it
if [ -r /sys/kernel/mm/lru_gen/enabled ]; then
	gen=$(cat /sys/kernel/mm/lru_gen/enabled)
	if [ $((gen & 1)) -eq 1 ]; then want=on; else want=off; fi
else
	want=absent
fi
check_eq "status: mglru" "$(field mglru)" "$want"
want_mglru=$want

# every hook target as kallsyms and available_filter_functions see it
aff=/sys/kernel/tracing/available_filter_functions
check "tracefs has available_filter_functions" test -r $aff
for fn in shrink_lruvec workingset_refault move_folios_to_lru isolate_folios \
	shrink_folio_list get_swappiness; do
	if grep -Eq "^$fn( |$)" $aff; then
		want=traceable
	elif grep -q " [tT] $fn$" /proc/kallsyms; then
		want="not traceable"
	else
		want=absent
	fi
	got=$(field "hook $fn" | sed 's/ (optional)$//; s/, arguments (.*)$//')
	check_eq "status: hook $fn" "$got" "$want"
done

# the prototypes the module read from kernel memory, as the host read them
# from the vmlinuz's BTF: the registers each hook reads are these
if [ -f /tests/protos.expected ]; then
	echo "$status" |
		sed -n -e 's/ (optional)$//' \
		-e 's/^hook \([^:]*\): .*, arguments (\(.*\))$/proto \1: \2/p' \
		>/tmp/protos.got
	check "status: hook arguments match the vmlinuz BTF" \
		cmp -s /tmp/protos.got /tests/protos.expected
	diff /tmp/protos.got /tests/protos.expected | sed 's/^/#   /'
else
	tap_not_ok "host made no protos.expected"
fi
check_eq "status: lru" "$(field lru)" \
	"$([ "$want_mglru" = on ] && echo multi-gen || echo classic)"

# what status lists as required is what lrucost armed: the kernel's own
# list of registered kprobes (it once required two functions it never
# hooked, and would refuse a kernel for lacking them)
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
kp=/sys/kernel/debug/kprobes/list
check "debugfs has kprobes/list" test -r $kp
# (and the optional ones it could read the arguments of: MGLRU's)
echo "$status" | grep '^hook ' | grep -v '^hook [^:]*: [a-z ]* (optional)$' |
	sed 's/^hook \([^:]*\): .*/\1/' | sort >/tmp/hooks.required
sed -n 's/^[0-9a-f]*  *[kr]  *\([a-z_0-9]*\)+0x[0-9a-f]* .*/\1/p' $kp |
	sort -u >/tmp/hooks.armed
sed 's/^/#   armed: /' $kp
check "status: the required hooks are the armed ones" \
	cmp -s /tmp/hooks.required /tmp/hooks.armed
diff /tmp/hooks.required /tmp/hooks.armed | sed 's/^/#   /'

# scan_control layout: what the module read from kernel memory equals what
# the host read from the vmlinuz's .BTF section (btf-offsets)
if [ -f /tests/scan_control.expected ]; then
	echo "$status" | grep -E '^(scan_control|mem_cgroup)\.' >/tmp/sc.got
	check "status: scan_control and mem_cgroup offsets match the vmlinuz BTF" \
		cmp -s /tmp/sc.got /tests/scan_control.expected
	diff /tmp/sc.got /tests/scan_control.expected | sed 's/^/#   /'
else
	tap_not_ok "host made no scan_control.expected"
fi

check "rmmod lrucost" rmmod lrucost
check "$LRUCOST_SYS gone after rmmod" test ! -e "$LRUCOST_SYS"
check "no lrucost in /proc/modules" sh -c '! grep -q "^lrucost " /proc/modules'
