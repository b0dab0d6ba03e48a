# Every knob is a module parameter of the same name (for modprobe.d): a
# good value is in force from the load; each bad input of t-knobs.sh's
# table refuses the load with one line naming the parameter and its range
# (not the kernel's own "invalid for parameter"), and leaves nothing.
. /tests/lib.sh

big=$(head -c 4096 /dev/zero | tr '\0' '1')

# lrucost's lines since the last call (the first load's taint notice aside)
new_lines() {
	log_take | grep -v 'taints kernel' |
		grep -e 'lrucost' -e 'invalid for parameter'
}

# refused DESC ARG NAME MIN MAX: insmod with ARG fails, with one line
refused() {
	new_lines >/dev/null
	if insmod "$LRUCOST_KO" "$2" 2>/dev/null; then
		rmmod lrucost
		tap_not_ok "$1: refused"
		return 1
	fi
	new_lines >/tmp/params.lines
	# busybox's insmod tries finit_module() and, when that fails, once
	# more with init_module(): one line a try, the same each time
	sed 's/^\[[ 0-9.]*\] //' /tmp/params.lines | sort -u >/tmp/params.uniq
	grep -q "^lrucost: parameter $3=.*: must be a decimal integer in $4\.\.$5; refusing to load$" \
		/tmp/params.uniq &&
		[ "$(wc -l </tmp/params.uniq)" = 1 ] &&
		[ "$(wc -l </tmp/params.lines)" -le 2 ] &&
		[ ! -e "$LRUCOST_SYS" ] &&
		! grep -q '^lrucost ' /proc/modules || {
		tap_not_ok "$1: refused with one line naming it, nothing left"
		sed 's/^/#   /' /tmp/params.lines
		return 1
	}
}

specs="enabled:0:1:1:0 swappiness:-1:200:-1:150 io_cost:1:1024:32:64
anon_percent:-1:100:-1:30 time_hooks:0:1:0:1"

# load_with DESC FIELD SUFFIX: one load with every knob at its FIELD of
# $specs (2 min, 3 max, 5 a good value; 4, the default, without any
# parameter), SUFFIX (printf %b) after each value; each knob checked
load_with() {
	desc=$1 field=$2 suffix=$3 want=
	set --
	for spec in $specs; do
		v=$(echo "$spec" | cut -d: -f"$field")
		want="$want${spec%%:*}=$v "
		arg=$(printf "%s${suffix}x" "$v")
		[ "$field" = 4 ] || set -- "$@" "${spec%%:*}=\"${arg%x}\""
	done
	if insmod "$LRUCOST_KO" "$@"; then
		check_eq "$desc: in force" \
			"$(lrucost-ctl get | tr '\n' ' ')" "$want"
		rmmod lrucost
	else
		tap_not_ok "$desc: insmod"
	fi
}
load_with "no parameters: the defaults" 4 ""
load_with "each knob at its minimum" 2 ""
load_with "each knob at its maximum" 3 ""
load_with "each knob at a good value" 5 ""
load_with "each knob's minimum with a newline (as sysfs takes it)" 2 "\\n"

for spec in $specs; do
	IFS=: read -r name min max _ <<EOF2
$spec
EOF2
	# t-knobs.sh's bad inputs, quoted so that the module sees each whole
	# (the kernel splits its argument string at unquoted white space).
	# A NUL cannot be in a module's argument string, so "1\0" is not
	# among them; the empty value and the bare name are.
	bad=0
	nbad=0
	for b in "" "\n" "-" "+" " 1" "1 " "\t1" "0x1" "010" "1a" "1\n\n" \
		"$((max + 1))" "$((min - 1))" "99999999999999999999" \
		"--1" "+-1" "1.0" "one" "$big"; do
		nbad=$((nbad + 1))
		v=$(printf '%bx' "$b")
		v=${v%x}
		refused "$name=\"$b\"" "$name=\"$v\"" "$name" "$min" "$max" ||
			bad=$((bad + 1))
	done
	nbad=$((nbad + 1))
	refused "$name alone" "$name" "$name" "$min" "$max" ||
		bad=$((bad + 1))
	check_eq "$name: $nbad bad values refused, each with one line" \
		"$bad" 0
done
# the first bad one refuses the load, whatever the good ones before it
refused "swappiness=150 io_cost=0" "swappiness=150 io_cost=0" io_cost 1 1024 &&
	tap_ok "a bad parameter after a good one: refused, one line"

# lrucost-ctl get --modprobe: the options line that loads the module as
# it runs now
if insmod "$LRUCOST_KO" &&
	lrucost-ctl set swappiness 170 io_cost 48 anon_percent 20 >/dev/null; then
	line=$(lrucost-ctl get --modprobe)
	tap_diag "$line"
	rmmod lrucost
	# shellcheck disable=SC2086 # the options, one word each
	if insmod "$LRUCOST_KO" ${line#options lrucost }; then
		check_eq "get --modprobe's options reload the same knobs" \
			"$(lrucost-ctl get --modprobe)" "$line"
		check_eq "... with the values set" \
			"$(lrucost-ctl get swappiness io_cost anon_percent | tr '\n' ' ')" \
			"swappiness=170 io_cost=48 anon_percent=20 "
		rmmod lrucost
	else
		tap_not_ok "get --modprobe's options: insmod"
	fi
else
	tap_not_ok "lrucost-ctl set before get --modprobe"
fi
