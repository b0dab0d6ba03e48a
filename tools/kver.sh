# shellcheck shell=sh
# Sourced helper: the target kernel release.  KVER= overrides; otherwise
# the newest Debian 12 6.1 kernel, i.e. what linux-image-amd64 depends on,
# falling back to the newest installed headers.
lrucost_kver() {
	if [ -n "${KVER:-}" ]; then
		echo "$KVER"
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
