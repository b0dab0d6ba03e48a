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

/* file systems: a read's latency, weighted by where the refaults went */
static void test_interval_file(void **state)
{
	struct lrucost_dev_reads d[3] = {
		/* 100 reads in 1 s, 50 refaults: 10 ms */
		{ .read_ns = 1000 * MS, .read_ios = 100, .read_pages = 800,
		  .weight = 50 },
	};
	unsigned long long lat = 1;

	(void)state;
	assert_int_equal(lrucost_io_interval(d, 1, 50, 0, &lat), 1);
	assert_true(lat == 10 * MS);
	/* readahead: the same reads bringing 32 times the pages cost alike */
	d[0].read_pages *= 32;
	assert_int_equal(lrucost_io_interval(d, 1, 1600, 0, &lat), 1);
	assert_true(lat == 10 * MS);
	/* a second disk at 1 ms with a third of the refaults: 7.75 ms */
	d[1] = (struct lrucost_dev_reads){ .read_ns = 10 * MS, .read_ios = 10,
					   .read_pages = 10, .weight = 25 };
	d[0].weight = 75;
	assert_int_equal(lrucost_io_interval(d, 2, 100, 0, &lat), 1);
	assert_in_range(lat, 7750 * US - 20 * US, 7750 * US);
	/* a disk no refault went to, or one that read nothing: not weighed */
	d[2] = (struct lrucost_dev_reads){ .read_ns = 900 * MS, .read_ios = 1,
					   .read_pages = 1, .weight = 0 };
	d[1].read_ios = 0;
	assert_int_equal(lrucost_io_interval(d, 3, 100, 0, &lat), 1);
	assert_true(lat == 10 * MS);
	/* no read on any weighed disk: no sample, the estimate unchanged */
	d[0].read_ios = 0;
	lat = 1;
	assert_int_equal(lrucost_io_interval(d, 3, 100, 0, &lat), 0);
	assert_true(lat == 1);
	assert_int_equal(lrucost_io_interval(d, 0, 0, 0, &lat), 0);
}

/* swap: zswap serves some swap-ins from memory, zram is memory itself */
static void test_interval_swap(void **state)
{
	struct lrucost_dev_reads d = {
		.read_ns = 500 * MS, .read_ios = 100, .read_pages = 100,
		.weight = 100,
	};
	unsigned long long lat = 1;

	(void)state;
	/* every swap-in read: the device's 5 ms */
	assert_int_equal(lrucost_io_interval(&d, 1, 100, 1, &lat), 1);
	assert_true(lat == 5 * MS);
	/* swap readahead read more than was refaulted: still 5 ms */
	assert_int_equal(lrucost_io_interval(&d, 1, 60, 1, &lat), 1);
	assert_true(lat == 5 * MS);
	/* one swap-in in ten read from the device: 0.5 ms */
	assert_int_equal(lrucost_io_interval(&d, 1, 1000, 1, &lat), 1);
	assert_in_range(lat, 495 * US, 500 * US);
	/* all from memory: a sample of 0 */
	d.read_ios = 0;
	assert_int_equal(lrucost_io_interval(&d, 1, 1000, 1, &lat), 1);
	assert_true(lat == 0);
	/* nothing swapped in, nothing read: no sample */
	lat = 1;
	assert_int_equal(lrucost_io_interval(&d, 1, 0, 1, &lat), 0);
	assert_true(lat == 1);
	/* zram: 20 us a read */
	d = (struct lrucost_dev_reads){ .read_ns = 20 * MS, .read_ios = 1000,
					.read_pages = 1000, .weight = 1000 };
	assert_int_equal(lrucost_io_interval(&d, 1, 1000, 1, &lat), 1);
	assert_true(lat == 20 * US);
}

/* absurd counters neither overflow nor wrap */
static void test_interval_bounds(void **state)
{
	struct lrucost_dev_reads d[2] = {
		{ .read_ns = ~0ULL, .read_ios = 1, .read_pages = ~0ULL >> 2,
		  .weight = ~0ULL >> 2 },
		{ .read_ns = ~0ULL, .read_ios = 1, .read_pages = ~0ULL >> 2,
		  .weight = ~0ULL >> 2 },
	};
	unsigned long long lat;

	(void)state;
	/* 13 days a read at most, and half the swap-ins read: half that */
	assert_int_equal(lrucost_io_interval(d, 2, ~0ULL, 1, &lat), 1);
	/* (each share rounds down, by at most 1/1024) */
	assert_in_range(lat, (1ULL << 49) - (1ULL << 42), 1ULL << 49);
	assert_int_equal(lrucost_io_interval(d, 2, 1, 0, &lat), 1);
	assert_in_range(lat, (1ULL << 50) - (1ULL << 42), 1ULL << 50);
	d[0].read_ns = d[1].read_ns = 1;
	assert_int_equal(lrucost_io_interval(d, 2, 1, 0, &lat), 1);
	assert_true(lat <= 1);
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
		cmocka_unit_test(test_interval_file),
		cmocka_unit_test(test_interval_swap),
		cmocka_unit_test(test_interval_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
