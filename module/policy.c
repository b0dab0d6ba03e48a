// SPDX-License-Identifier: GPL-2.0
/*
 * The seed's cost model, free of kernel headers (see lrucost_policy.h).
 *
 * Every event adds its cost to the list it was observed on: a rotation
 * costs CPU (weight 1 per base page), a workingset refault costs IO
 * (io_cost per read: a base page of anon, a run of file pages that one
 * read brings back, see lrucost_read_ios()).  Reclaim then applies
 * pressure to each list in inverse proportion to its cost, scaled by
 * swappiness, the relative IO cost of swap versus the file system.  Old
 * costs fade by halving.
 *
 * All arithmetic saturates or is pre-scaled, so no counter value can
 * overflow or divide by zero.
 */
#include "lrucost_policy.h"

#define LRUCOST_ULONG_MAX	(~0UL)
/*
 * Costs are scaled below this before the split, so that
 * swappiness * (anon + file + 1) fits in 64 bits: 200 * 2^49 < 2^57.
 */
#define LRUCOST_SPLIT_LIMIT	(1UL << 48)

_Static_assert(sizeof(unsigned long) == 8, "lrucost needs a 64-bit long");

static unsigned long sat_add(unsigned long a, unsigned long b)
{
	return a > LRUCOST_ULONG_MAX - b ? LRUCOST_ULONG_MAX : a + b;
}

/**
 * lrucost_read_ios - the reads a file refault adds, one run at a time
 * @run: what this CPU saw refault last, updated
 * @mapping: the refaulted folio's file
 * @index: its first page's index in the file
 * @nr_pages: its base pages
 * @costs_io: it was in the workingset (else it only extends the run)
 *
 * The seed weighs each refaulted page as one IO, right for the random
 * reads it measured.  But readahead refaults a sequential run of up to
 * LRUCOST_READ_PAGES pages with one read, so per page a file re-read
 * from its start looked up to 32 times dearer than it was, and lrucost
 * swapped idle-looking anon to save it (service-io, stream).  Pages that
 * continue the run this CPU saw last, in the same file at the next index,
 * share its read; a workingset page in a read not yet charged charges it.
 * Two readers interleaved on one CPU, a page that had no shadow, or a
 * task that moved CPU start a new read: that errs towards the seed.
 * Return: the reads to charge, each weighing one page's IO cost.
 */
unsigned long lrucost_read_ios(struct lrucost_read_run *run,
			       const void *mapping, unsigned long index,
			       unsigned long nr_pages, _Bool costs_io)
{
	unsigned long shared, reads;

	if (run->mapping != mapping || run->next != index) {
		run->mapping = mapping;
		run->left = 0;
		run->charged = 0;
	}
	run->next = index + nr_pages;
	shared = nr_pages < run->left ? nr_pages : run->left;
	run->left -= shared;
	nr_pages -= shared;
	reads = 0;
	if (shared && costs_io && !run->charged) {
		run->charged = 1;
		reads = 1;
	}
	if (!nr_pages)
		return reads;
	/* the rest starts reads of its own, the last one maybe part-full */
	run->left = (LRUCOST_READ_PAGES - nr_pages % LRUCOST_READ_PAGES) %
		    LRUCOST_READ_PAGES;
	run->charged = costs_io;
	if (costs_io)
		reads += (nr_pages + LRUCOST_READ_PAGES - 1) /
			 LRUCOST_READ_PAGES;
	return reads;
}

/**
 * lrucost_read_pass - a file refault in a pass over a file too big to keep
 * @pass: the pass of this file's slot, updated
 * @mapping: the refaulted folio's file
 * @index: its first page's index in the file
 * @nr_pages: its base pages
 * @file_pages: the file's size in pages
 * @ram_pages: all of memory, in pages
 *
 * The seed charges a refault only where the page could have stayed had
 * the file LRU been given the memory: the classic LRU's refault distance
 * (workingset_test_recent()).  MGLRU's recent test has no distance: a
 * page is recent while the generation it left is still the oldest, and
 * a file read in sequence enters the oldest generation, so all that a
 * copy or a stream re-reads can be recent.  A page read in sequence from
 * the start of a file larger than memory had more than memory read
 * between its two reads: no choice of reclaim could have kept it, and
 * swapping anon out to spare it only adds IO (service-io's copies of 1
 * and 1.5 times RAM).
 *
 * A pass is such a file's refaults moving forward, past at most
 * LRUCOST_PASS_GAP pages still cached between two of them, on whichever
 * CPU the reader runs.  Its first refault is the file's first page, or
 * the first the slot sees of the file (the start of a re-read is often
 * still cached, and every read charged brings the end of MGLRU's cache
 * trim nearer, see mglru_hook.c).  Random reads, the seed's
 * case, seldom land within the gap after the one before: after the
 * first, they are charged.  A region re-read from the middle of a large
 * file, which memory might hold, counts as a pass too.
 * Return: true if this refault is part of a pass.
 */
_Bool lrucost_read_pass(struct lrucost_pass *pass, const void *mapping,
			unsigned long index, unsigned long nr_pages,
			unsigned long file_pages, unsigned long ram_pages)
{
	_Bool in;

	if (file_pages <= ram_pages)
		return 0;
	in = index == 0 || pass->mapping != mapping ||
	     (index >= pass->next && index - pass->next <= LRUCOST_PASS_GAP);
	pass->mapping = mapping;
	pass->next = index + nr_pages;
	return in;
}

/**
 * lrucost_weight - cost of one event
 * @kind: LRUCOST_CPU or LRUCOST_IO
 * @nr_pages: base pages involved (a THP counts all of its pages)
 * @io_cost: weight of an IO event relative to a rotation; 0 counts as 1
 *
 * Mirrors the weighting of lru_note_cost() in patch 10 of the seed.
 * Return: the cost, saturated at ULONG_MAX.
 */
unsigned long lrucost_weight(enum lrucost_kind kind, unsigned long nr_pages,
			     unsigned int io_cost)
{
	if (kind != LRUCOST_IO || io_cost <= 1)
		return nr_pages;
	if (nr_pages > LRUCOST_ULONG_MAX / io_cost)
		return LRUCOST_ULONG_MAX;
	return nr_pages * io_cost;
}

/**
 * lrucost_cost_add - a cost after an event's weight is added
 * @cost: the cost before
 * @w: the event's weight, from lrucost_weight()
 *
 * Mirrors the addition in lru_note_cost().  The module applies it to its
 * atomic per-lruvec costs in a cmpxchg loop, so this is the arithmetic
 * that ships.
 * Return: @cost + @w, saturated at ULONG_MAX.
 */
unsigned long lrucost_cost_add(unsigned long cost, unsigned long w)
{
	return sat_add(cost, w);
}

/**
 * lrucost_cost_sub - a cost after a decay's share is taken off
 * @cost: the cost now
 * @d: what the decay takes, from lrucost_decay_amount()
 *
 * A decay reads both costs, then takes half of what it read off each, so
 * events noted in between are kept.  If the slot was reset in between,
 * the cost is smaller than what was read: it stops at 0 rather than
 * wrapping to a huge cost that no halving would ever bring down.
 * Return: @cost - @d, or 0 if @d is larger.
 */
unsigned long lrucost_cost_sub(unsigned long cost, unsigned long d)
{
	return cost > d ? cost - d : 0;
}

/**
 * lrucost_should_decay - whether the costs are old enough to halve
 * @anon: anon cost
 * @file: file cost
 * @lru_pages: pages on the lruvec's anon and file LRUs together
 * @divisor: decay when the total cost exceeds lru_pages / divisor
 *
 * Mirrors the aging in get_scan_count() of patch 07: the costs describe
 * roughly the last 1/divisor of the LRU's turnover.
 * Return: true when the total cost exceeds the threshold.
 */
_Bool lrucost_should_decay(unsigned long anon, unsigned long file,
			   unsigned long lru_pages, unsigned int divisor)
{
	unsigned long total = sat_add(anon, file);

	if (!divisor)
		divisor = 1;
	return total > lru_pages / divisor;
}

/**
 * lrucost_decay_amount - what halving old costs takes off each
 * @seen: the costs as read
 * @lru_pages: see lrucost_should_decay()
 * @divisor: see lrucost_should_decay()
 * @by: out: what to take off each cost with lrucost_cost_sub()
 *
 * Mirrors the halving in lru_note_cost() (get_scan_count() in patch 07).
 * Return: true if the costs are to be halved; @by is then set.
 */
_Bool lrucost_decay_amount(const struct lrucost_cost *seen,
			   unsigned long lru_pages, unsigned int divisor,
			   struct lrucost_cost *by)
{
	if (!lrucost_should_decay(seen->anon, seen->file, lru_pages, divisor))
		return 0;
	by->anon = seen->anon / 2;
	by->file = seen->file / 2;
	return 1;
}

/**
 * lrucost_split - relative scan pressure on anon and file
 * @anon_cost: cost observed on the anon list
 * @file_cost: cost observed on the file list
 * @swappiness: 0..200, the relative IO cost of swap vs the file system;
 *	larger values are clamped to 200
 * @ap: anon pressure, out
 * @fp: file pressure, out
 *
 * Mirrors get_scan_count() of patches 01 and 07:
 *   ap = swappiness * (denom + 1) / (anon_cost + 1)
 *   fp = (200 - swappiness) * (denom + 1) / (file_cost + 1)
 * with denom = anon_cost + file_cost.  Costs too large for that product are
 * first scaled down together, which changes the ratio only by rounding.
 */
void lrucost_split(unsigned long anon_cost, unsigned long file_cost,
		   unsigned int swappiness, unsigned long *ap,
		   unsigned long *fp)
{
	unsigned long denom;

	if (swappiness > LRUCOST_SWAPPINESS_MAX)
		swappiness = LRUCOST_SWAPPINESS_MAX;
	while (anon_cost >= LRUCOST_SPLIT_LIMIT / 2 ||
	       file_cost >= LRUCOST_SPLIT_LIMIT / 2) {
		anon_cost >>= 1;
		file_cost >>= 1;
	}
	denom = anon_cost + file_cost;
	*ap = swappiness * (denom + 1) / (anon_cost + 1);
	*fp = (LRUCOST_SWAPPINESS_MAX - swappiness) * (denom + 1) /
	      (file_cost + 1);
}
