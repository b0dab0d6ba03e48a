# Fidelity under MGLRU: with anon_percent 10, 50 and 90 the anon share of
# pgscan (vmstat, what MGLRU isolated) is within 10 points of the
# setting; loaded with enabled=0, lrucost steers no batch and asks for no
# aging (stock MGLRU's share is printed beside).  The load is
# t-fidelity.sh's (fidelity.sh): a tmpfs set and a file set, both re-read
# through read().  There stock MGLRU scans (nearly) no anon at all:
# anon's oldest generation cannot move past file's, which the re-read
# file keeps refilling, so anon is out of reach (lrucost_mglru_anon_full()).
# lrucost's anon-first batches then ask for aging, forced where anon
# holds every generation, paced by the anon share wanted (mglru_age.c).
# Stock's share here is 0 on 6.1 and 6.12, so at 10 the check catches
# overshoot (the kernel turning file batches to anon: file_took_anon; but
# see "held" below); 50 and 90 catch a steering that does not reach anon.
# 7.3's stock share moves between runs (0, 31, 42, 45, 61 and 63 seen),
# so what is asked of stock is only that it lies outside 90's window:
# there the check at 90 fails if lrucost does nothing.  The
# tracepoint's share, which counts the folios each batch sorted too, is
# printed beside (6.1's evict_folios() does not report there: -1).
#
# enabled=0 is judged before any steering, from the state stock left:
# after it, the generations keep the anon that lrucost's aging brought
# into reach, and 6.1 and 6.12 take anon first while its oldest
# generation is the older (6.1 scanned 89% anon with enabled=0 right
# after anon_percent=90).  At the end enabled=0 is checked to steer no
# batch and ask for no aging, and what the kernel then does is printed.
. /tests/lib.sh
. /tests/fidelity.sh

gen=/sys/kernel/mm/lru_gen/enabled
[ -w $gen ] || { tap_not_ok "no $gen on this kernel"; exit 0; }
# the aging requests are written to lru_gen there (mglru_age.c)
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
echo y >$gen
st() { cat "$LRUCOST_SYS/stats/$1"; }
asked() { sed -n 's/^mglru aging: asked \([0-9]*\),.*/\1/p' "$LRUCOST_SYS/status"; }

# batches: what the batches asked for and got since the last call;
# $steered sums the batches steered
steered=0
batches() {
	steered=$((steered + $(st steered)))
	tap_diag "  batches: anon first $(st steered_anon_only), of them out of reach $(st anon_out_of_reach); file first $(st steered_file_only), of them took anon $(st file_took_anon); aging $(sed -n 's/^mglru aging: //p' "$LRUCOST_SYS/status")"
	echo 1 >"$LRUCOST_SYS/reset_stats"
}

fidelity_setup
measure "stock MGLRU, no module"
stock=$mp
outside_90() { ! near "$1" 90 10; }
check "stock share ($stock) outside 90's window" outside_90 "$stock"

# With enabled=0 the counters say whether lrucost touched a batch; the
# share cannot: this measure is stock MGLRU's second run, and on 7.3 two
# such runs in one boot differed by 30 points (31, then 61 with 47,649
# anon pages scanned at priority 0; a make check at 5a7e63d, no batch
# steered) and by 45 in a targeted run (0, then 45), so it is printed
# beside stock's, not judged.
check "insmod, enabled=0" sh -c "insmod $LRUCOST_KO && echo 0 >$LRUCOST_SYS/enabled"
echo 1 >"$LRUCOST_SYS/reset_stats"
asked0=$(asked)
measure "enabled=0"
tap_diag "enabled=0: pgscan anon share $mp, stock's $stock"
check_eq "enabled=0: no batch steered" "$(st steered)" 0
check_eq "enabled=0: no aging asked" "$(asked)" "$asked0"

# File's oldest generation moves on only as far as anon's
# (try_to_inc_min_seq()): once it is empty beside anon's of the same age,
# every batch takes anon, whatever it asked, until the aging lrucost asks
# for lands, through a user-mode helper (mglru_age.c,
# lrucost_steer_file_held()).  How much anon that drains depends on how
# fast the helper runs against how fast reclaim does: on 6.1, at 10, 20
# and 21 in targeted runs and 10 in a make check with the aging, 47 once
# without; 6.12 10 with it, 26 to 28 without.  There the check at 10 is
# that the setting moves the share well below 50's; the batches line
# shows the kernel's turns.  7.3 met 10 within 10 points in every make
# check but one, run with file batches passed as file only where anon's
# generation was the older (32, 1,175 batches turned; since removed),
# until a targeted run at 5a7e63d where enabled=0 had left anon in reach
# (59% of its scan): 33, 1,303 of 6,707 file batches turned.  So on 6.1
# and 6.12, and wherever the kernel turned a file batch to anon
# (file_took_anon), 10 may also be met relative to 50.
held=0
case $(uname -r) in 6.1.* | 6.12.*) held=1 ;; esac
echo 1 >"$LRUCOST_SYS/enabled"
for p in 10 50 90; do
	echo "$p" >"$LRUCOST_SYS/anon_percent"
	measure "anon_percent=$p"
	[ $p = 10 ] && [ "$(st file_took_anon)" -gt 0 ] && held=1
	batches
	case $p in 10) share_10=$mp ;; 50) share_50=$mp ;; esac
	[ $p = 10 ] && [ $held = 1 ] && continue
	check "anon_percent=$p: pgscan anon share ($mp) within 10 points" \
		near "$mp" "$p" 10
done
if [ $held = 1 ]; then
	# met_at_10 SHARE_10 SHARE_50: within 10 points, or 15 below 50's
	met_at_10() { near "$1" 10 10 || [ $(($1 + 15)) -le "$2" ]; }
	check "anon_percent=10: share ($share_10) within 10 points, or 15 below 50's ($share_50) at least" \
		met_at_10 "$share_10" "$share_50"
fi
check "batches were steered ($steered)" test "$steered" -gt 0

echo 0 >"$LRUCOST_SYS/enabled"
echo 1 >"$LRUCOST_SYS/reset_stats"
a0=$(asked)
tap_diag "enabled=0 after anon_percent=90: anon share $(share 1)"
check_eq "enabled=0 after steering: no batch steered" "$(st steered)" 0
check_eq "enabled=0 after steering: no aging asked" "$(asked)" "$a0"
check "rmmod" rmmod lrucost
fidelity_cleanup
