# A Debian 12 system with the packages, "lrucost" in
# /etc/modules-load.d and "options lrucost swappiness=150 io_cost=64" in
# /etc/modprobe.d/lrucost.conf (tests/deb/boot): systemd-modules-load
# loaded DKMS's module at boot with those values.
. /tests/lib.sh
sys=/sys/kernel/mm/lrucost
state=$(cat /tmp/boot.state)
check_eq "the boot completed, no unit failed" "$state" running
check "lrucost loaded at boot" test -d /sys/module/lrucost
check_eq "systemd-modules-load.service succeeded" \
	"$(systemctl is-active systemd-modules-load.service)" active
check "the module is the one DKMS built and installed" \
	sh -c "modinfo -n lrucost | grep -q '/updates/dkms/lrucost.ko'"
check_eq "swappiness from modprobe.d" "$(cat $sys/swappiness)" 150
check_eq "io_cost from modprobe.d" "$(cat $sys/io_cost)" 64
check_eq "the other knobs at their defaults" \
	"$(cat $sys/enabled) $(cat $sys/anon_percent)" "1 -1"
lrucost-ctl status >/tmp/status 2>&1
sed 's/^/#   /' /tmp/status
check "lrucost-ctl status shows them" \
	grep -q '^knobs: enabled=1 swappiness=150 io_cost=64 ' /tmp/status
check_eq "lrucost-ctl get --modprobe gives back the file's line" \
	"$(lrucost-ctl get --modprobe swappiness io_cost)" \
	"options lrucost swappiness=150 io_cost=64"
check "no refusal in the kernel log" sh -c "! dmesg | grep -q 'lrucost: parameter'"
