// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of module/iocost.c: the smoothed refault latency (first
 * sample, a step followed at the stated half-life, an idle store fading
 * toward the default) and the swappiness the kernel's rule derives,
 * bounded to 1..200, on the cases.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "lrucost_iocost.h"

#define MS 1000000ULL
#define US 1000ULL

static void test_first_and_steady(void **state)
{
	struct lrucost_lat l = { 0 };
	int i;

	(void)state;
	assert_true(lrucost_lat_read(&l, 0, 5 * MS, 1000 * MS) == 5 * MS);
	lrucost_lat_sample(&l, 10, 8 * MS);
	assert_true(l.avg_ns == 8 * MS);
	for (i = 0; i < 100; i++)
		lrucost_lat_sample(&l, 10 + i, 8 * MS);
	assert_true(l.avg_ns == 8 * MS);
	assert_true(l.samples == 101);
	assert_true(l.last_ns == 109);
}

/* a step is half followed after 11 samples, not before 10 */
static void test_half_life(void **state)
{
	struct lrucost_lat l = { 0 };
	int i;

	(void)state;
	lrucost_lat_sample(&l, 0, 1 * MS);
	for (i = 1; i <= 11; i++) {
		lrucost_lat_sample(&l, i, 9 * MS);
		if (i == 9)
			assert_true(l.avg_ns < 5 * MS);
	}
	assert_true(l.avg_ns >= 5 * MS);
	/* and downwards alike */
	for (i = 0; i < 400; i++)
		lrucost_lat_sample(&l, 100 + i, 1 * MS);
	/* within the last step's rounding */
	assert_true(l.avg_ns < 1 * MS + 16);
}

/* idle: halfway to the default per half-life, the default in the end */
static void test_idle_fades(void **state)
{
	const unsigned long long h = 60000 * MS;	/* a minute */
	struct lrucost_lat l = { 0 };
	unsigned long long v;

	(void)state;
	lrucost_lat_sample(&l, 0, 10 * MS);
	assert_true(lrucost_lat_read(&l, 0, 2 * MS, h) == 10 * MS);
	v = lrucost_lat_read(&l, h, 2 * MS, h);
	assert_true(v == 6 * MS);
	v = lrucost_lat_read(&l, h / 2, 2 * MS, h);
	/* 2^-0.5 = 0.707 of the way; the line gives 0.75 */
	assert_true(v > 7 * MS + 600 * US && v <= 8 * MS);
	assert_true(lrucost_lat_read(&l, 2 * h, 2 * MS, h) == 4 * MS);
	assert_true(lrucost_lat_read(&l, 70 * h, 2 * MS, h) == 2 * MS);
	/* from below the default too */
	l = (struct lrucost_lat){ 0 };
	lrucost_lat_sample(&l, 0, 20 * US);
	assert_true(lrucost_lat_read(&l, h, 2 * MS + 20 * US, h) ==
		    1 * MS + 20 * US);
	/* a clock that went back reads as no idle time */
	l.last_ns = 5 * h;
	assert_true(lrucost_lat_read(&l, h, 2 * MS, h) == 20 * US);
	/* a huge estimate does not overflow: 5.5 half-lives idle */
	l.avg_ns = ~0ULL >> 1;
	assert_true(lrucost_lat_read(&l, 10 * h + h / 2, 0, h) <
		    (~0ULL >> 1) / 32);
}

struct sw_case { unsigned long long file, swap; unsigned int lo, hi; };

/* the cases, and the bounds */
static void test_swappiness(void **state)
{
	static const struct sw_case cases[] = {
		{ 8 * MS, 8 * MS, 100, 100 },		/* the same */
		{ 8 * MS, 4 * MS, 133, 133 },		/* swap 2x faster */
		{ 10 * MS, 200 * US, 150, 200 },	/* data slow, swap fast */
		{ 200 * US, 10 * MS, 1, 60 },		/* swap slow */
		{ 5 * MS, 20 * US, 180, 200 },		/* zram */
		{ 9 * MS, 11 * MS, 80, 120 },		/* within 20 of 100 */
		{ 0, 10 * MS, 1, 1 },			/* never 0 */
		{ 10 * MS, 0, 200, 200 },		/* never above 200 */
		{ 0, 0, 100, 100 },
		{ ~0ULL, ~0ULL, 100, 100 },		/* no overflow */
		{ ~0ULL, 1, 200, 200 },
	};
	unsigned int i, sw;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sw = lrucost_auto_swappiness(cases[i].file, cases[i].swap);
		assert_in_range(sw, cases[i].lo, cases[i].hi);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_first_and_steady),
		cmocka_unit_test(test_half_life),
		cmocka_unit_test(test_idle_fades),
		cmocka_unit_test(test_swappiness),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
