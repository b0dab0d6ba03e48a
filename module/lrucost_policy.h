/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lrucost policy core: the cost model of Johannes Weiner's 2016 series
 * "mm: balance LRU lists based on relative thrashing", as plain C.
 *
 * This header and policy.c include no kernel or libc headers, so the same
 * object builds into the module and into the userspace unit tests.
 */
#ifndef LRUCOST_POLICY_H
#define LRUCOST_POLICY_H

/* The seed's SWAP_CLUSTER_MAX weight of one refault against one rotation. */
#define LRUCOST_IO_COST_DEFAULT		32U
#define LRUCOST_IO_COST_MAX		1024U
/* Halve the costs when they exceed (anon + file LRU pages) / divisor. */
#define LRUCOST_DECAY_DIV_DEFAULT	8U
#define LRUCOST_DECAY_DIV_MAX		1024U
#define LRUCOST_SWAPPINESS_MAX		200U
/*
 * The most file pages one read brings back: 128 KiB, the largest window
 * readahead uses on a device with the default read_ahead_kb (Debian's).
 */
#define LRUCOST_READ_PAGES		32UL
/*
 * The most pages still cached between two refaults of a pass over a file
 * larger than memory (lrucost_read_pass()): 1 MiB.
 */
#define LRUCOST_PASS_GAP		256UL

enum lrucost_kind {
	LRUCOST_CPU,	/* a referenced page rotated back onto the LRU */
	LRUCOST_IO,	/* a workingset page refaulted */
};

/**
 * struct lrucost_cost - observed reclaim cost of one lruvec
 * @anon: accumulated cost of reclaiming anonymous pages
 * @file: accumulated cost of reclaiming file pages
 *
 * The seed keeps numer[2] and denom; denom is always anon + file, so it is
 * derived here rather than stored.  The module keeps its costs in atomics
 * and changes them only through lrucost_cost_add() and lrucost_cost_sub();
 * this struct is a snapshot of them.
 */
struct lrucost_cost {
	unsigned long anon;
	unsigned long file;
};

/**
 * struct lrucost_read_run - the file pages one CPU saw refault last
 * @mapping: their file, only compared, never dereferenced
 * @next: the page index that would continue the run
 * @left: pages still within the current read's LRUCOST_READ_PAGES
 * @charged: the current read has been charged its IO already
 */
struct lrucost_read_run {
	const void *mapping;
	unsigned long next;
	unsigned long left;
	_Bool charged;
};

/**
 * struct lrucost_pass - a pass over a file memory cannot hold, see
 *	lrucost_read_pass()
 * @mapping: the file, only compared, never dereferenced; NULL: none
 * @next: the page index its next refault must reach or pass
 */
struct lrucost_pass {
	const void *mapping;
	unsigned long next;
};

unsigned long lrucost_read_ios(struct lrucost_read_run *run,
			       const void *mapping, unsigned long index,
			       unsigned long nr_pages, _Bool costs_io);
_Bool lrucost_read_pass(struct lrucost_pass *pass, const void *mapping,
			unsigned long index, unsigned long nr_pages,
			unsigned long file_pages, unsigned long ram_pages);
unsigned long lrucost_weight(enum lrucost_kind kind, unsigned long nr_pages,
			     unsigned int io_cost);
unsigned long lrucost_cost_add(unsigned long cost, unsigned long w);
unsigned long lrucost_cost_sub(unsigned long cost, unsigned long d);
_Bool lrucost_should_decay(unsigned long anon, unsigned long file,
			   unsigned long lru_pages, unsigned int divisor);
_Bool lrucost_decay_amount(const struct lrucost_cost *seen,
			   unsigned long lru_pages, unsigned int divisor,
			   struct lrucost_cost *by);
void lrucost_split(unsigned long anon_cost, unsigned long file_cost,
		   unsigned int swappiness, unsigned long *ap,
		   unsigned long *fp);

#endif /* LRUCOST_POLICY_H */
