/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The measured IO cost of a refault (issue 21), the part that is plain
 * C: a smoothed latency per kind of backing store, and the swappiness it
 * implies (iocost.c).  No kernel or libc headers, as policy.c.
 */
#ifndef LRUCOST_IOCOST_H
#define LRUCOST_IOCOST_H

/*
 * Each sample moves the average 1/16 of the way to it: a step in the
 * device's latency is half followed after 11 samples
 * (ln 2 / ln(16/15) = 10.7).
 */
#define LRUCOST_LAT_SHIFT	4

/**
 * struct lrucost_lat - the smoothed refault latency of one backing store
 * @avg_ns: the average; meaningless while @samples is 0
 * @last_ns: the clock at the last sample
 * @samples: samples taken
 */
struct lrucost_lat {
	unsigned long long avg_ns;
	unsigned long long last_ns;
	unsigned long long samples;
};

/**
 * struct lrucost_dev_reads - one block device's reads over an interval
 * @read_ns: the time its reads took, summed (the kernel's disk stats)
 * @read_ios: reads completed
 * @read_pages: pages they read
 * @weight: how much of the type's refaults it served: for the file
 *	systems, the refaults of their files on it; for swap, where the
 *	device of a swap-in is not told, its pages read
 */
struct lrucost_dev_reads {
	unsigned long long read_ns, read_ios, read_pages, weight;
};

int lrucost_io_interval(const struct lrucost_dev_reads *devs, unsigned int n,
			unsigned long long refaulted, int served_by_memory,
			unsigned long long *lat_ns);
void lrucost_lat_sample(struct lrucost_lat *l, unsigned long long now_ns,
			unsigned long long lat_ns);
unsigned long long lrucost_lat_read(const struct lrucost_lat *l,
				    unsigned long long now_ns,
				    unsigned long long default_ns,
				    unsigned long long idle_half_life_ns);
unsigned int lrucost_auto_swappiness(unsigned long long file_ns,
				     unsigned long long swap_ns);

#endif /* LRUCOST_IOCOST_H */
