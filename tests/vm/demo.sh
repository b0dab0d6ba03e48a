# make demo: load lrucost on the stock kernel and show what it found.
. /tests/lib.sh

tap_diag "stock kernel $(uname -r); loading lrucost"
check "insmod lrucost.ko" insmod "$LRUCOST_KO"
dmesg | grep 'lrucost:' | sed 's/^/# dmesg: /'
tap_diag "/sys/kernel/mm/lrucost/version: $(cat $LRUCOST_SYS/version)"
tap_diag "lrucost-ctl status:"
lrucost-ctl status | sed 's/^/#   /'
tap_diag "reclaim while loaded: reading a 768 MiB file through 512 MiB of RAM"
dd if=/dev/zero of=/data/big bs=1M count=768 2>/dev/null
cat /data/big >/dev/null
rm -f /data/big
tap_diag "lrucost-ctl stats (what lrucost saw, beside /proc/vmstat):"
lrucost-ctl stats | sed 's/^/#   /'
tap_diag "lrucost-ctl lruvecs:"
lrucost-ctl lruvecs | sed 's/^/#   /'
check "rmmod lrucost" rmmod lrucost
