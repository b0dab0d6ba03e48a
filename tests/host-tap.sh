# shellcheck shell=sh
# TAP for the tests that run on this machine, not in a VM (tests/deb,
# tests/dkms): t DESC CMD... is one test, ok if CMD succeeds, else its
# output's last lines as diagnostics; tap_end prints the plan and fails
# if any test did.
n=0 fails=0
tap_out=$(mktemp "${TMPDIR:-/tmp}/lrucost-tap.XXXXXX")
trap 'rm -f "$tap_out"' EXIT
t() { # t DESC CMD...
	d=$1
	shift
	n=$((n + 1))
	if "$@" >"$tap_out" 2>&1; then
		echo "ok $n - $d"
	else
		echo "not ok $n - $d"
		sed 's/^/#   /' "$tap_out" | tail -n 30
		fails=$((fails + 1))
	fi
}
tap_end() {
	echo "1..$n"
	[ "$fails" = 0 ]
}
