# shellcheck shell=sh
# Sourced helper: the target kernel release and its generation.  Paths
# are relative to LRUCOST_TOP (the repository; default: the current
# directory).
#
# lrucost_kver: KVER= if set; else the kernel linux-image-amd64 depends on
# in SUITE= (one of tests/kernels/*.conf, through tools/debian-apt); else
# the newest Debian 12 6.1 kernel from the host's apt, falling back to the
# newest installed 6.1 headers.
lrucost_kver() {
	if [ -n "${KVER:-}" ]; then
		echo "$KVER"
		return
	fi
	if [ -n "${SUITE:-}" ] && [ "$SUITE" != bookworm ]; then
		lrucost_suite_kver "$SUITE"
		return
	fi
	k=$(apt-cache depends linux-image-amd64 2>/dev/null |
		sed -n 's/^ *Depends: linux-image-\(6\.1\.0-[0-9]*-amd64\)$/\1/p' |
		sort -V | tail -n 1)
	if [ -z "$k" ]; then
		k=$(ls -d /usr/src/linux-headers-6.1.0-*-amd64 2>/dev/null |
			sed 's|.*/linux-headers-||' | sort -V | tail -n 1)
	fi
	if [ -z "$k" ]; then
		echo "lrucost: cannot determine KVER (run apt-get update?)" >&2
		return 1
	fi
	echo "$k"
}

# lrucost_suite_kver SUITE: what linux-image-amd64 depends on in SUITE
lrucost_suite_kver() {
	"${LRUCOST_TOP:-.}/tools/debian-apt" "$1" apt-get update >&2 ||
		return 1
	_k=$("${LRUCOST_TOP:-.}/tools/debian-apt" "$1" apt-cache depends \
		linux-image-amd64 |
		sed -n 's/^ *Depends: linux-image-\([0-9].*-amd64\)$/\1/p' |
		sort -V | tail -n 1)
	[ -n "$_k" ] || { echo "lrucost: no kernel in $1" >&2; return 1; }
	echo "$_k"
}

# lrucost_conf KVER: set SUITE, BUILDER and BUILD_SUITE from KVER's
# tests/kernels/*.conf
lrucost_conf() {
	_g=$(lrucost_gen "$1") || return 1
	# shellcheck disable=SC1090
	. "${LRUCOST_TOP:-.}/tests/kernels/$_g.conf"
}

# lrucost_gen KVER: the tests/kernels/*.conf generation KVER belongs to
lrucost_gen() {
	for _c in "${LRUCOST_TOP:-.}"/tests/kernels/*.conf; do
		_re=$(sed -n "s/^KVER_RE='\(.*\)'\$/\1/p" "$_c")
		if echo "$1" | grep -Eq "$_re"; then
			basename "$_c" .conf
			return
		fi
	done
	echo "lrucost: no tests/kernels/*.conf matches $1" >&2
	return 1
}
