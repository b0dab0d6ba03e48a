# shellcheck shell=sh
# Helpers for in-VM test scripts: TAP output with one counter shared by all
# scripts of a run, and the kernel log check.

TAP_STATE=/tmp/tap.state
[ -f "$TAP_STATE" ] || echo "0 0" >"$TAP_STATE"

# Taint bits expected from an unsigned out-of-tree module: O (12), E (13).
TAINT_ALLOWED=$(((1 << 12) | (1 << 13)))
# shellcheck disable=SC1091
. /tests/log-bad.sh

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
	log_take >/dev/null
}

# log_take: the log's lines since the last log_mark, log_take or
# log_check, read and cleared from the ring; they are kept for the next
# log_check, so that reading them hides nothing from it
log_take() {
	dmesg -c | tee -a /tmp/dmesg.pending
}

# log_check WHAT: the kernel log since the last check has no warning,
# bug, oops or lockup, and the kernel carries no unexpected taint.  The
# ring is read and cleared, so nothing is missed if it wraps later.  The
# stock kernel's known reports (known-reports.awk) are listed, not failed.
log_check() {
	{ cat /tmp/dmesg.pending 2>/dev/null; dmesg -c; } >/tmp/dmesg.new
	: >/tmp/dmesg.pending
	cat /tmp/dmesg.new >>/tmp/dmesg.all
	awk -f /tests/known-reports.awk /tmp/dmesg.new >/tmp/dmesg.checked
	grep '^known stock report: ' /tmp/dmesg.checked | sed 's/^/# /'
	taint=$(cat /proc/sys/kernel/tainted)
	bad=$((taint & ~TAINT_ALLOWED))
	if grep -Eq "$LOG_BAD" /tmp/dmesg.checked; then
		grep -E -A5 "$LOG_BAD" /tmp/dmesg.checked | sed 's/^/# dmesg: /'
		tap_not_ok "$1: kernel log clean"
	elif [ "$bad" -ne 0 ]; then
		tap_not_ok "$1: kernel log clean (taint $taint)"
	else
		tap_ok "$1: kernel log clean (taint $taint)"
	fi
}

# nearer GOT A B: GOT is nearer A than B (integers)
nearer() { [ $((($1 - $2) * ($1 - $2))) -lt $((($1 - $3) * ($1 - $3))) ]; }

# vm NAME: a /proc/vmstat counter
vm() { awk -v k="$1" '$1 == k { print $2 }' /proc/vmstat; }

# in_rootfs CMD...: run a program of the Debian root file system
# (LRUCOST_VM_ROOTFS, mounted on /sysroot by init) in it, with its own
# environment; as_user USER CMD...: the same as USER (runuser)
in_rootfs() {
	chroot /sysroot /usr/bin/env -i HOME=/root LANG=C \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"
}
as_user() {
	u=$1
	shift
	in_rootfs /usr/sbin/runuser -u "$u" -- "$@"
}

# The module under test, and its sysfs directory.
LRUCOST_KO=/lrucost/lrucost.ko
LRUCOST_SYS=/sys/kernel/mm/lrucost

# The state every script starts from, recorded once at boot (init).
vm_state_save() {
	cat /proc/sys/vm/swappiness >/tmp/boot.swappiness
	cat /sys/kernel/mm/lru_gen/enabled >/tmp/boot.lru_gen 2>/dev/null
	cat /sys/fs/cgroup/cgroup.subtree_control >/tmp/boot.subtree
}

# user_pids: every process a test started: not a kernel thread (no
# command line; /proc files all say size 0, so read them), not init nor
# init's own forks (its command substitutions: init's command line)
user_pids() {
	init_cmd=$(tr '\0' ' ' </proc/1/cmdline)
	for p in /proc/[0-9]*; do
		cmd=$({ tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null)
		[ -n "$cmd" ] && [ "$cmd" != "$init_cmd" ] && echo "${p#/proc/}"
	done
}

# vm_reset: put back what a script may have left behind (one that failed
# or timed out half-way, above all), so that it cannot fail the next
# ones: its processes, lrucost and the test modules, kprobe events,
# memcgs, mounts, swap, sysctls, and files on /data.  Says what it undid.
vm_reset() {
	undone=""
	for pid in $(user_pids); do
		cmd=$({ tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null)
		kill -9 "$pid" 2>/dev/null &&
			undone="$undone kill:$pid(${cmd%% *})"
	done
	# the killed must be gone before their memcgs can be removed
	n=0
	while [ $n -lt 50 ] && [ -n "$(user_pids)" ]; do
		sleep 0.1
		n=$((n + 1))
	done
	# lrucost and the test modules (in /modules); none of the kernel's
	for m in lrucost $(ls /modules | sed -n 's/\.ko$//p'); do
		grep -q "^$m " /proc/modules &&
			rmmod "$m" && undone="$undone rmmod:$m"
	done
	tr=/sys/kernel/tracing
	if [ -n "$(cat $tr/kprobe_events)" ]; then
		echo 0 >$tr/events/enable
		echo >$tr/kprobe_events && undone="$undone kprobe_events"
	fi
	echo >$tr/trace 2>/dev/null
	for t in $tr/events/vmscan/*/trigger; do
		h=$(grep '^hist:' "$t" | sed 's/ \[active\]$//')
		[ -n "$h" ] || continue
		echo "!${h%%:size=*}" >"$t" && undone="$undone trigger:${t%/trigger}"
	done
	# memcgs, deepest first
	for c in $(find /sys/fs/cgroup -mindepth 1 -type d | sort -r); do
		rmdir "$c" && undone="$undone rmdir:${c#/sys/fs/cgroup/}"
	done
	for c in $(cat /sys/fs/cgroup/cgroup.subtree_control); do
		grep -qw "$c" /tmp/boot.subtree ||
			{ echo "-$c" >/sys/fs/cgroup/cgroup.subtree_control &&
			undone="$undone -$c"; }
	done
	for mnt in $(awk '$2 ~ "^/mnt" { print $2 }' /proc/mounts | sort -r); do
		umount "$mnt" && undone="$undone umount:$mnt"
	done
	grep -q '^/dev/vdb /data ' /proc/mounts ||
		{ mount -t ext4 /dev/vdb /data && undone="$undone mount:/data"; }
	for f in /data/* /data/.[!.]*; do
		[ -e "$f" ] && [ "$f" != /data/lost+found ] &&
			rm -rf "$f" && undone="$undone rm:$f"
	done
	grep -q '^/dev/vda ' /proc/swaps ||
		{ swapon /dev/vda && undone="$undone swapon"; }
	if [ "$(cat /proc/sys/vm/swappiness)" != "$(cat /tmp/boot.swappiness)" ]
	then
		cat /tmp/boot.swappiness >/proc/sys/vm/swappiness
		undone="$undone swappiness"
	fi
	if [ -f /tmp/boot.lru_gen ] && [ "$(cat /sys/kernel/mm/lru_gen/enabled)" != "$(cat /tmp/boot.lru_gen)" ]
	then
		# the core bit is what the file takes back: y or n
		if [ $(($(cat /tmp/boot.lru_gen) & 1)) = 1 ]; then g=y; else g=n; fi
		echo $g >/sys/kernel/mm/lru_gen/enabled
		undone="$undone lru_gen"
	fi
	[ -z "$undone" ] || echo "# reset:$undone"
}
