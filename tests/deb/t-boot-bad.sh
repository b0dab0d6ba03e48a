# The same system with "options lrucost swappiness=150 io_cost=0" in
# /etc/modprobe.d/lrucost.conf (tests/deb/boot): the load at boot is
# refused with one line naming the parameter and its range, and the boot
# completes, systemd-modules-load.service its one failed unit.
. /tests/lib.sh
state=$(cat /tmp/boot.state)
check_eq "the boot completed (degraded: one unit failed)" "$state" degraded
check_eq "the failed unit is systemd-modules-load.service" \
	"$(systemctl list-units --failed --plain --no-legend | awk '{print $1}' | tr '\n' ' ')" \
	"systemd-modules-load.service "
check "lrucost not loaded" test ! -d /sys/module/lrucost
check "nothing of it in sysfs" test ! -d /sys/kernel/mm/lrucost
line='lrucost: parameter io_cost=0: must be a decimal integer in 1..1024; refusing to load'
dmesg | grep 'lrucost' | sed 's/^/#   /'

check "the kernel log names the parameter and its range" \
	sh -c "dmesg | grep -qF '$line'"
check_eq "in one line, once" "$(dmesg | grep -c 'lrucost: parameter')" 1
