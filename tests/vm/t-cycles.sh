# 20 insmod/rmmod cycles, each leaving the kernel as it was.
. /tests/lib.sh

n=${LRUCOST_CYCLES:-20}
good=0
i=0
while [ $i -lt "$n" ]; do
	insmod "$LRUCOST_KO" || break
	cat "$LRUCOST_SYS/status" >/dev/null || break
	rmmod lrucost || break
	[ ! -e "$LRUCOST_SYS" ] || break
	i=$((i + 1))
	good=$i
done
check_eq "$n insmod/rmmod cycles" "$good" "$n"
check "no lrucost in /proc/modules" sh -c '! grep -q "^lrucost " /proc/modules'
