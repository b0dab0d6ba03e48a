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
 */
#include "lrucost_iocost.h"

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
