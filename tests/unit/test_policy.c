// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the policy core (module/policy.c) with cmocka. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <stdlib.h>
#include <math.h>
#include <cmocka.h>

#include "lrucost_policy.h"

/* anon share of the pressure, 0..1 */
static double anon_share(unsigned long ap, unsigned long fp)
{
	if (!ap && !fp)
		return 0.0;
	return (double)ap / ((double)ap + (double)fp);
}

static void test_weight(void **state)
{
	(void)state;
	assert_int_equal(lrucost_weight(LRUCOST_CPU, 1, 32), 1);
	assert_int_equal(lrucost_weight(LRUCOST_CPU, 512, 32), 512);
	assert_int_equal(lrucost_weight(LRUCOST_IO, 1, 32), 32);
	/* a 2M THP refault counts all 512 base pages */
	assert_int_equal(lrucost_weight(LRUCOST_IO, 512, 32), 512 * 32);
	assert_int_equal(lrucost_weight(LRUCOST_IO, 3, 0), 3);
	assert_true(lrucost_weight(LRUCOST_IO, ULONG_MAX / 2, 32) ==
		    ULONG_MAX);
}

/* the reads a file re-read adds: one per LRUCOST_READ_PAGES of a run */
static void test_read_ios_sequential(void **state)
{
	struct lrucost_read_run run = { 0 };
	int f, g;
	unsigned long i, reads = 0;

	(void)state;
	for (i = 0; i < 100; i++)
		reads += lrucost_read_ios(&run, &f, i, 1, 1);
	assert_int_equal(reads, 4);	/* 32 + 32 + 32 + 4 */
	/* another file, or a jump in this one, starts a new read */
	assert_int_equal(lrucost_read_ios(&run, &g, 100, 1, 1), 1);
	assert_int_equal(lrucost_read_ios(&run, &g, 101, 1, 1), 0);
	assert_int_equal(lrucost_read_ios(&run, &g, 103, 1, 1), 1);
	assert_int_equal(lrucost_read_ios(&run, &f, 104, 1, 1), 1);
	/* the same page again is not a continuation */
	assert_int_equal(lrucost_read_ios(&run, &f, 104, 1, 1), 1);
}

/* random reads, the seed's case, cost one read each, as per page */
static void test_read_ios_random(void **state)
{
	struct lrucost_read_run run = { 0 };
	int f;
	unsigned long i, reads = 0;

	(void)state;
	for (i = 0; i < 50; i++)
		reads += lrucost_read_ios(&run, &f, (i * 7919) % 1000 * 2, 1,
					  1);
	assert_int_equal(reads, 50);
}

/* one refault of a file's folio and the reads it must add */
struct read_step {
	unsigned long index, nr;
	_Bool costs_io;
	unsigned long reads;
};

static void check_read_steps(const struct read_step *steps, size_t n)
{
	struct lrucost_read_run run = { 0 };
	int f;
	size_t i;

	for (i = 0; i < n; i++)
		assert_int_equal(lrucost_read_ios(&run, &f, steps[i].index,
						  steps[i].nr,
						  steps[i].costs_io),
				 steps[i].reads);
}

/* large folios: a read per LRUCOST_READ_PAGES, the last shared on */
static void test_read_ios_large_folios(void **state)
{
	static const struct read_step steps[] = {
		{ 0, 512, 1, 16 }, { 512, 16, 1, 1 }, { 528, 16, 1, 0 },
		{ 544, 16, 1, 1 }, { 560, 20, 1, 1 }, { 580, 4, 1, 0 },
		{ 584, 24, 1, 0 }, { 608, 1, 1, 1 },
		/* a run far past any counter: no wrap to a huge count */
		{ ULONG_MAX - 40, 33, 1, 2 },
	};

	(void)state;
	check_read_steps(steps, sizeof(steps) / sizeof(steps[0]));
}

/* pages outside the workingset extend the run but charge nothing */
static void test_read_ios_not_workingset(void **state)
{
	static const struct read_step steps[] = {
		{ 0, 1, 0, 0 }, { 1, 1, 0, 0 },
		/* the first workingset page of the read charges it, once */
		{ 2, 1, 1, 1 }, { 3, 1, 1, 0 }, { 4, 28, 0, 0 },
		/* the next read, started by a page outside the workingset */
		{ 32, 1, 0, 0 }, { 33, 1, 1, 1 }, { 34, 30, 1, 0 },
		{ 64, 1, 0, 0 }, { 65, 31, 0, 0 },
	};

	(void)state;
	check_read_steps(steps, sizeof(steps) / sizeof(steps[0]));
}

/* one file refault: which file, where, its size, and whether a pass */
struct pass_step {
	int file;
	unsigned long index, nr, file_pages;
	_Bool pass;
};

/* lrucost_read_pass() on one slot, whatever CPU; memory is 1000 pages */
static void check_pass_steps(const struct pass_step *steps, size_t n)
{
	struct lrucost_pass pass = { 0 };
	int files[3];
	size_t i;

	for (i = 0; i < n; i++)
		assert_int_equal(lrucost_read_pass(&pass,
						   &files[steps[i].file],
						   steps[i].index, steps[i].nr,
						   steps[i].file_pages, 1000),
				 steps[i].pass);
}

/* a pass: a file larger than memory re-read forward */
static void test_read_pass(void **state)
{
	static const struct pass_step steps[] = {
		/* a file that fits memory is never a pass */
		{ 0, 0, 1, 1000, 0 }, { 0, 1, 1, 1000, 0 },
		/* one page more: from its first page on */
		{ 1, 0, 1, 1001, 1 }, { 1, 1, 4, 1001, 1 }, { 1, 5, 1, 1001, 1 },
		/* past pages still cached, up to the gap: on */
		{ 1, 40, 1, 1001, 1 }, { 1, 297, 1, 1001, 1 },
		/* a smaller file between leaves it alone */
		{ 0, 7, 1, 1000, 0 }, { 1, 298, 1, 1001, 1 },
		/* a step back is not a pass; forward from there is */
		{ 1, 10, 1, 1001, 0 }, { 1, 11, 1, 1001, 1 },
		/* nor is a jump past the gap */
		{ 1, 269, 1, 1001, 0 }, { 1, 526, 1, 1001, 1 },
		{ 1, 784, 1, 1001, 0 },
		/* within a large folio is a step back */
		{ 1, 0, 16, 1001, 1 }, { 1, 8, 1, 1001, 0 },
		/* a re-read whose start is cached: from its first refault */
		{ 2, 600, 1, 5000, 1 }, { 2, 601, 1, 5000, 1 },
		/* two large files sharing the slot: each first seen */
		{ 1, 700, 1, 1001, 1 }, { 2, 602, 1, 5000, 1 },
		/* random reads: seldom within the gap after the last */
		{ 2, 4000, 1, 5000, 0 }, { 2, 1200, 1, 5000, 0 },
		{ 2, 3100, 1, 5000, 0 },
		/* the file shrank below memory meanwhile: not one */
		{ 2, 3101, 1, 900, 0 },
	};

	(void)state;
	check_pass_steps(steps, sizeof(steps) / sizeof(steps[0]));
}

static void test_cost_add_saturates(void **state)
{
	(void)state;
	assert_true(lrucost_cost_add(ULONG_MAX - 5,
				     lrucost_weight(LRUCOST_IO, 1, 32)) ==
		    ULONG_MAX);
	assert_int_equal(lrucost_cost_add(0, lrucost_weight(LRUCOST_CPU, 7,
							    32)), 7);
	assert_int_equal(lrucost_cost_add(7, lrucost_weight(LRUCOST_IO, 2,
							    32)), 7 + 64);
}

/*
 * Issue 15, item 4: a decay reads the costs, a slot reset (a new memcg
 * taking the slot over) stores 0, then the decay takes off half of what
 * it read.  The module applies exactly these functions to its atomics.
 * Plain subtraction, as before, left the cost at -5: ULONG_MAX - 4 when
 * read, pinning the split, and never halved away.
 */
static void test_decay_races_reset(void **state)
{
	struct lrucost_cost seen = { .anon = 10, .file = 3 }, by;
	unsigned long anon, file;

	(void)state;
	assert_true(lrucost_decay_amount(&seen, 8, 8, &by));
	assert_int_equal(by.anon, 5);
	assert_int_equal(by.file, 1);
	anon = 0;			/* the reset, between read and apply */
	file = 0;
	anon = lrucost_cost_sub(anon, by.anon);
	file = lrucost_cost_sub(file, by.file);
	assert_int_equal(anon, 0);
	assert_int_equal(file, 0);
	/* and the slot's new owner starts from a cost that means something */
	anon = lrucost_cost_add(anon, lrucost_weight(LRUCOST_IO, 1, 32));
	assert_int_equal(anon, 32);
	/* an event in between is kept: 10 read, 4 added, 5 taken off */
	assert_int_equal(lrucost_cost_sub(10 + 4, by.anon), 9);
}

/* No history: the split is swappiness against 200 - swappiness. */
static void test_split_no_cost(void **state)
{
	unsigned long ap, fp;

	(void)state;
	lrucost_split(0, 0, 60, &ap, &fp);
	assert_int_equal(ap, 60);
	assert_int_equal(fp, 140);
	lrucost_split(0, 0, 100, &ap, &fp);
	assert_int_equal(ap, fp);
}

/* Worked cases of the seed's formula, computed by hand. */
static void test_split_worked(void **state)
{
	unsigned long ap, fp;

	(void)state;
	/* denom 400: ap = 100 * 401 / 101, fp = 100 * 401 / 301 */
	lrucost_split(100, 300, 100, &ap, &fp);
	assert_int_equal(ap, 397);
	assert_int_equal(fp, 133);
	/*
	 * The cover letter's case: file thrashing at 32x the weight of
	 * anon rotations pushes pressure to anon.  anon 10 rotations,
	 * file 10 refaults * 32 = 320, swappiness 60:
	 * ap = 60 * 331 / 11 = 1805, fp = 140 * 331 / 321 = 144.
	 */
	lrucost_split(10, 320, 60, &ap, &fp);
	assert_int_equal(ap, 1805);
	assert_int_equal(fp, 144);
	assert_true(anon_share(ap, fp) > 0.9);
}

static void test_split_swappiness_edges(void **state)
{
	unsigned long ap, fp;

	(void)state;
	lrucost_split(1000, 5, 0, &ap, &fp);
	assert_int_equal(ap, 0);
	assert_true(fp > 0);
	lrucost_split(5, 1000, 200, &ap, &fp);
	assert_int_equal(fp, 0);
	assert_true(ap > 0);
	/* out of range clamps to 200 */
	lrucost_split(5, 1000, 5000, &ap, &fp);
	assert_int_equal(fp, 0);
}

static void test_split_empty_and_huge(void **state)
{
	static const unsigned long v[] = {
		0, 1, 2, 1UL << 47, (1UL << 48) - 1, 1UL << 48,
		ULONG_MAX / 200, ULONG_MAX / 2, ULONG_MAX - 1, ULONG_MAX,
	};
	unsigned long ap, fp;
	size_t i, j;

	(void)state;
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		for (j = 0; j < sizeof(v) / sizeof(v[0]); j++) {
			lrucost_split(v[i], v[j], 60, &ap, &fp);
			/* never both zero, never beyond 200 * (2^48 + 1) */
			assert_true(ap + fp > 0);
			assert_true(ap <= 200UL * ((1UL << 48) + 1));
			assert_true(fp <= 200UL * ((1UL << 48) + 1));
		}
	}
	/* huge equal costs split like small equal costs */
	lrucost_split(ULONG_MAX, ULONG_MAX, 100, &ap, &fp);
	assert_int_equal(ap, fp);
	/* a huge anon cost drives anon pressure to (almost) nothing */
	lrucost_split(ULONG_MAX, 0, 60, &ap, &fp);
	assert_true(anon_share(ap, fp) < 1e-9);
}

static unsigned long rnd(void)
{
	unsigned long r = (unsigned long)random();

	r = (r << 31) ^ (unsigned long)random();
	return r >> (random() % 64);
}

/*
 * Integer rounding of ap and fp moves a share by at most this much; the
 * 1e-9 covers pre-scaling of costs beyond 2^47, where one list's share is
 * within 2^-40 of 0 or 1 anyway.
 */
static double rounding(unsigned long ap, unsigned long fp)
{
	return 2.0 / ((double)ap + (double)fp) + 1e-9;
}

/* Raising one list's cost never raises that list's share of pressure. */
static void test_split_monotone(void **state)
{
	unsigned long ap0, fp0, ap1, fp1;
	int i;

	(void)state;
	srandom(1);
	for (i = 0; i < 200000; i++) {
		unsigned long a = rnd(), f = rnd(), d = rnd();
		unsigned int s = (unsigned int)(random() % 201);
		unsigned long a2 = a + d < a ? ULONG_MAX : a + d;
		unsigned long f2 = f + d < f ? ULONG_MAX : f + d;
		double tol;

		lrucost_split(a, f, s, &ap0, &fp0);
		lrucost_split(a2, f, s, &ap1, &fp1);
		tol = rounding(ap0, fp0) + rounding(ap1, fp1);
		assert_true(anon_share(ap1, fp1) <= anon_share(ap0, fp0) + tol);
		lrucost_split(a, f2, s, &ap1, &fp1);
		tol = rounding(ap0, fp0) + rounding(ap1, fp1);
		assert_true(anon_share(ap1, fp1) + tol >= anon_share(ap0, fp0));
	}
}

static void test_decay(void **state)
{
	struct lrucost_cost c = { .anon = 100, .file = 29 }, by;

	(void)state;
	/* 1024 LRU pages / 8 = 128: 129 is over, halve */
	assert_true(lrucost_decay_amount(&c, 1024, 8, &by));
	assert_int_equal(by.anon, 50);
	assert_int_equal(by.file, 14);
	c.anon = lrucost_cost_sub(c.anon, by.anon);
	c.file = lrucost_cost_sub(c.file, by.file);
	assert_int_equal(c.anon, 50);
	assert_int_equal(c.file, 15);
	assert_false(lrucost_decay_amount(&c, 1024, 8, &by));
	/* empty LRU with cost: decays; no cost: does not */
	assert_true(lrucost_should_decay(1, 0, 0, 8));
	assert_false(lrucost_should_decay(0, 0, 0, 8));
	/* divisor 0 is treated as 1, sums saturate */
	assert_false(lrucost_should_decay(10, 10, 20, 0));
	assert_true(lrucost_should_decay(ULONG_MAX, ULONG_MAX,
					 ULONG_MAX - 1, 1));
}

/* Halving keeps the split within rounding. */
static void test_decay_keeps_split(void **state)
{
	int i;

	(void)state;
	srandom(2);
	for (i = 0; i < 100000; i++) {
		struct lrucost_cost c = {
			.anon = 1000 + (unsigned long)random() % 1000000,
			.file = 1000 + (unsigned long)random() % 1000000,
		};
		unsigned int s = (unsigned int)(random() % 201);
		unsigned long ap0, fp0, ap1, fp1;
		struct lrucost_cost by;

		lrucost_split(c.anon, c.file, s, &ap0, &fp0);
		assert_true(lrucost_decay_amount(&c, 0, 8, &by));
		c.anon = lrucost_cost_sub(c.anon, by.anon);
		c.file = lrucost_cost_sub(c.file, by.file);
		lrucost_split(c.anon, c.file, s, &ap1, &fp1);
		if (s == 0 || s == 200)
			continue;
		/* halving truncates each cost by at most 1 in 2000 */
		assert_true(fabs(anon_share(ap0, fp0) - anon_share(ap1, fp1)) <
			    0.002 + rounding(ap0, fp0) + rounding(ap1, fp1));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_weight),
		cmocka_unit_test(test_read_ios_sequential),
		cmocka_unit_test(test_read_ios_random),
		cmocka_unit_test(test_read_ios_large_folios),
		cmocka_unit_test(test_read_ios_not_workingset),
		cmocka_unit_test(test_read_pass),
		cmocka_unit_test(test_cost_add_saturates),
		cmocka_unit_test(test_decay_races_reset),
		cmocka_unit_test(test_split_no_cost),
		cmocka_unit_test(test_split_worked),
		cmocka_unit_test(test_split_swappiness_edges),
		cmocka_unit_test(test_split_empty_and_huge),
		cmocka_unit_test(test_split_monotone),
		cmocka_unit_test(test_decay),
		cmocka_unit_test(test_decay_keeps_split),
	};

	return cmocka_run_group_tests_name("policy", tests, NULL, NULL);
}
