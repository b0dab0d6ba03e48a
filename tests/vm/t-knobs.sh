# Every knob round-trips; bad input is -EINVAL with the value unchanged;
# non-root writes and writes to read-only files are refused.
. /tests/lib.sh

insmod "$LRUCOST_KO" || tap_not_ok "insmod"
knob() { cat "$LRUCOST_SYS/$1"; }

# write FILE VALUE: printf, so no newline unless given
try_write() { printf '%b' "$2" >"$LRUCOST_SYS/$1" 2>/dev/null; }

for spec in enabled:0:1:1 swappiness:-1:200:-1 io_cost:1:1024:32 \
	anon_percent:-1:100:-1 time_hooks:0:1:0; do
	IFS=: read -r name min max def <<EOF2
$spec
EOF2
	check_eq "$name: default" "$(knob "$name")" "$def"
	for v in "$min" "$max" "$def"; do
		try_write "$name" "$v\n"
		check_eq "$name: round-trips $v" "$(knob "$name")" "$v"
	done
	try_write "$name" "$max"
	check_eq "$name: accepts $max without newline" "$(knob "$name")" "$max"
	try_write "$name" "$def\n"
	bad=0
	nbad=1
	for b in "\n" "-" "+" " 1" "1 " "\t1" "0x1" "010" "1a" "1\n\n" \
		"$((max + 1))" "$((min - 1))" "99999999999999999999" "1\0" \
		"--1" "+-1" "1.0" "one"; do
		nbad=$((nbad + 1))
		if try_write "$name" "$b"; then
			tap_not_ok "$name: accepted bad input '$b'"
			bad=$((bad + 1))
		fi
		[ "$(knob "$name")" = "$def" ] || {
			tap_not_ok "$name: bad input '$b' changed the value"
			bad=$((bad + 1))
			try_write "$name" "$def\n"
		}
	done
	big=$(head -c 4096 /dev/zero | tr '\0' '1')
	try_write "$name" "$big" && bad=$((bad + 1))
	check_eq "$name: $nbad bad inputs refused, value unchanged" "$bad" 0
	check "su nobody can write elsewhere (control)" \
		su nobody -s /bin/sh -c "echo x >/tmp/nobody.$name"
	if su nobody -s /bin/sh -c "echo $def >$LRUCOST_SYS/$name" 2>/dev/null; then
		tap_not_ok "$name: non-root write accepted"
	else
		tap_ok "$name: non-root write refused"
	fi
	check_eq "$name: mode 0644 root" "$(stat -c '%a %U' "$LRUCOST_SYS/$name")" "644 root"
done
for ro in version status stats/steered; do
	if try_write "$ro" "1\n"; then
		tap_not_ok "$ro: read-only file accepted a write"
	else
		tap_ok "$ro: read-only file refuses writes"
	fi
done
rmmod lrucost
