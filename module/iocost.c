// SPDX-License-Identifier: GPL-2.0
/*
 * The measured IO cost of a refault (issue 21): the policy's half, to be
 * fed by the module's refault hooks.
 *
 * The seed leaves swappiness to the admin, "ballparked" from the
 * relative IO cost of the swap device and the file system; the kernel's
 * documentation gives the rule: with c_file and c_swap the costs of a
 * random read from each, swappiness = 200 * c_file / (c_file + c_swap)
 * (swap twice as fast: 133).  Here each cost is a latency the machine
 * measured, smoothed per backing store (swap, the file systems) by an
 * exponential average (LRUCOST_LAT_SHIFT), so one slow read does not
 * swing it and a changed device is followed within tens of reads.
 *
 * While a store sees no refault, its last estimate says less and less
 * about it: the estimate fades toward a default, halving the distance
 * each idle half-life, rather than keeping a number from a burst long
 * ago (or from another device's load) forever.
 *
 * The swappiness derived is bounded to 1..200: a bad sample, or a store
 * never sampled, may bias the balance but never starve a list outright.
 *
 * Where a sample comes from: the block layer's own accounting of each
 * device's reads (time, count, size), read over an interval, so the
 * refault path itself takes no clock and no lock.  A store's cost is a
 * read's average latency on the devices its refaults went to, weighted by
 * how many went to each (file systems on several disks).  A read counts
 * once however many pages it brought (readahead): the policy charges
 * reads, not pages (lrucost_read_ios()).  Swap may be served by memory
 * (zswap) with no read at all; then a swap-in costs the device's latency
 * only in the share of swapped-in pages the devices actually read.  A
 * swap device that is memory itself (zram) reports its own, tiny,
 * latency.
 */
#include "lrucost_iocost.h"

/* shares in 1/LAT_ONE; a latency beyond LAT_MAX (13 days) is LAT_MAX */
#define LAT_ONE		1024ULL
#define LAT_MAX		(1ULL << 50)

static unsigned long long min_ull(unsigned long long a, unsigned long long b)
{
	return a < b ? a : b;
}

/* @part / @whole in 1/LAT_ONE, @part <= @whole, @whole not 0 */
static unsigned long long frac(unsigned long long part,
			       unsigned long long whole)
{
	while (whole >> 53) {
		part >>= 1;
		whole >>= 1;
	}
	return whole ? part * LAT_ONE / whole : 0;
}

/**
 * lrucost_io_interval - a store's refault latency over one interval
 * @devs: the devices its refaults may have gone to, with their reads
 * @n: how many
 * @refaulted: the store's refaulted pages in the interval
 * @served_by_memory: nonzero where a refault may need no read (swap:
 *	zswap); the latency is then scaled by the share of @refaulted the
 *	devices read, at most all of it
 * @lat_ns: out: the latency of one refault's IO
 *
 * Return: 1 with a sample in @lat_ns; 0 with none (no weighted device
 * read anything, or nothing refaulted where memory may serve refaults).
 */
int lrucost_io_interval(const struct lrucost_dev_reads *devs, unsigned int n,
			unsigned long long refaulted, int served_by_memory,
			unsigned long long *lat_ns)
{
	unsigned long long weight = 0, pages = 0, lat = 0, share;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (devs[i].weight && devs[i].read_ios) {
			weight += devs[i].weight;
			pages += devs[i].read_pages;
		}
	}
	if (!weight) {
		if (!served_by_memory || !refaulted)
			return 0;
		/* swap-ins, and not one read: all served by memory */
		*lat_ns = 0;
		return 1;
	}
	/*
	 * The weighted mean, each weight as a share of LAT_ONE and each
	 * latency within LAT_MAX: no product can overflow
	 */
	for (i = 0; i < n; i++) {
		if (!devs[i].weight || !devs[i].read_ios)
			continue;
		share = frac(devs[i].weight, weight);
		lat += min_ull(devs[i].read_ns / devs[i].read_ios, LAT_MAX) *
		       share;
	}
	lat /= LAT_ONE;
	if (served_by_memory && pages < refaulted)
		lat = lat * frac(pages, refaulted) / LAT_ONE;
	*lat_ns = lat;
	return 1;
}

/**
 * lrucost_lat_sample - add one refault's IO latency
 * @l: the store's estimate
 * @now_ns: the clock now
 * @lat_ns: how long the refault waited for its read
 *
 * The first sample is the average; each later one moves it
 * 1 / 2^LRUCOST_LAT_SHIFT of the way.
 */
void lrucost_lat_sample(struct lrucost_lat *l, unsigned long long now_ns,
			unsigned long long lat_ns)
{
	if (!l->samples)
		l->avg_ns = lat_ns;
	else if (lat_ns >= l->avg_ns)
		l->avg_ns += (lat_ns - l->avg_ns) >> LRUCOST_LAT_SHIFT;
	else
		l->avg_ns -= (l->avg_ns - lat_ns) >> LRUCOST_LAT_SHIFT;
	l->last_ns = now_ns;
	l->samples++;
}

/* @v scaled by 2^(-@t / @h), in 1/1024ths, linear between halvings */
static unsigned long long fade(unsigned long long v, unsigned long long t,
			       unsigned long long h)
{
	unsigned long long halvings = t / h, frac;

	if (halvings >= 64)
		return 0;
	v >>= halvings;
	/* 2^-f ~ 1 - f/2 for f in [0, 1): within 6% of the curve */
	frac = (t % h) * 1024 / h;
	if (v >> 50)	/* 13 days and more: no room for the product */
		return v - (v / 2048) * frac;
	return v - v * frac / 2048;
}

/**
 * lrucost_lat_read - a store's estimate now
 * @l: the store's estimate
 * @now_ns: the clock now
 * @default_ns: the latency assumed with no samples
 * @idle_half_life_ns: how fast an idle store's estimate fades toward
 *	@default_ns; not 0
 *
 * Return: the latency, in ns: @default_ns with no sample yet; else the
 * average, moved toward @default_ns by half the distance per idle
 * half-life since the last sample.
 */
unsigned long long lrucost_lat_read(const struct lrucost_lat *l,
				    unsigned long long now_ns,
				    unsigned long long default_ns,
				    unsigned long long idle_half_life_ns)
{
	unsigned long long idle;

	if (!l->samples)
		return default_ns;
	idle = now_ns > l->last_ns ? now_ns - l->last_ns : 0;
	if (l->avg_ns >= default_ns)
		return default_ns + fade(l->avg_ns - default_ns, idle,
					 idle_half_life_ns);
	return default_ns - fade(default_ns - l->avg_ns, idle,
				 idle_half_life_ns);
}

/**
 * lrucost_auto_swappiness - the swappiness two measured costs imply
 * @file_ns: a file refault's latency
 * @swap_ns: a swap-in's latency
 *
 * Return: 200 * @file_ns / (@file_ns + @swap_ns), rounded, within
 * 1..200; 100 when both are 0.
 */
unsigned int lrucost_auto_swappiness(unsigned long long file_ns,
				     unsigned long long swap_ns)
{
	unsigned long long sum, sw;

	/* microseconds: 200 times a latency then cannot overflow */
	file_ns /= 1000;
	swap_ns /= 1000;
	sum = file_ns + swap_ns;
	if (!sum)
		return 100;
	sw = (200 * file_ns + sum / 2) / sum;
	if (sw < 1)
		return 1;
	return sw > 200 ? 200 : (unsigned int)sw;
}
