// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of module/steer.c: the scan_control inputs it picks make the
 * stock 6.1 formula produce the wanted split, and beyond the formula's
 * band, alternating passes add up to the wanted share of scanned pages.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <math.h>
#include <stdlib.h>
#include <cmocka.h>

#include "lrucost_steer.h"

static double ratio(unsigned long ap, unsigned long fp)
{
	return (double)ap / (double)fp;
}

/*
 * Inside the band, the stock formula lands on the wanted ratio, to within
 * the rounding of its own integer arithmetic.
 */
static void test_costs_in_band(void **state)
{
	unsigned int s;

	(void)state;
	for (s = 1; s < 200; s++) {
		double base = (double)s / (200 - s);
		double m;

		for (m = 0.55; m <= 1.95; m += 0.1) {
			unsigned long ap = (unsigned long)(base * m * 1e6);
			unsigned long fp = 1000000, sap, sfp;
			struct lrucost_steer st;

			if (!ap)
				continue;
			lrucost_steer_costs(ap, fp, s, &st);
			assert_int_equal(st.mode, LRUCOST_STEER_FRACT);
			assert_int_equal(st.anon_cost + st.file_cost,
					 LRUCOST_STEER_SCALE);
			lrucost_stock_split(st.anon_cost, st.file_cost, s,
					    &sap, &sfp);
			/* the stock formula's integers limit precision */
			assert_true(fabs(ratio(sap, sfp) / ratio(ap, fp) - 1)
				    < 0.01 + 1.0 / sap + 1.0 / sfp);
		}
	}
}

/* Outside it, the costs clamp to the band's edges. */
static void test_costs_clamp(void **state)
{
	struct lrucost_steer st;

	(void)state;
	lrucost_steer_costs(1000000, 1, 60, &st);
	assert_int_equal(st.anon_cost, 0);
	lrucost_steer_costs(1, 1000000, 60, &st);
	assert_int_equal(st.file_cost, 0);
	/* huge inputs do not overflow */
	lrucost_steer_costs(~0UL, ~0UL, 100, &st);
	assert_int_equal(st.anon_cost + st.file_cost, LRUCOST_STEER_SCALE);
	lrucost_steer_costs(0, 0, 0, &st);
	assert_int_equal(st.mode, LRUCOST_STEER_FRACT);
}

/*
 * Simulate reclaim passes on lists of fixed sizes and measure the scanned
 * anon share that results from lrucost's decisions, with the stock formula
 * computed independently in floating point.
 */
static int one_list_passes;

static double simulate(unsigned long ap, unsigned long fp, unsigned int s,
		       unsigned long anon, unsigned long file, int passes)
{
	struct lrucost_steer_debt debt = { 0, 0 };
	double sa = 0, sf = 0;
	int i;

	for (i = 0; i < passes; i++) {
		struct lrucost_steer st;
		double t, a3, f3, sap, sfp;

		lrucost_steer_pass(ap, fp, s, anon, file, &debt, &st);
		switch (st.mode) {
		case LRUCOST_STEER_ANON:
			one_list_passes++;
			sa += anon;
			break;
		case LRUCOST_STEER_FILE:
			one_list_passes++;
			sf += file;
			break;
		default:
			t = (double)st.anon_cost + st.file_cost;
			a3 = t + st.anon_cost;
			f3 = t + st.file_cost;
			/* the kernel divides in integers */
			sap = floor(s * (3 * t + 1) / (a3 + 1));
			sfp = floor((200 - s) * (3 * t + 1) / (f3 + 1));
			sa += anon * sap / (sap + sfp);
			sf += file * sfp / (sap + sfp);
		}
	}
	return sa / (sa + sf);
}

static void test_pass_reaches_any_share(void **state)
{
	static const unsigned int sw[] = { 0, 1, 10, 60, 100, 140, 199, 200 };
	static const double want[] = { 0.0, 0.02, 0.1, 0.3, 0.5, 0.7, 0.9,
				       0.98, 1.0 };
	size_t i, j;
	int k;

	(void)state;
	srandom(3);
	for (k = 0; k < 40; k++) {
		unsigned long anon = 1000 + random() % 100000;
		unsigned long file = 1000 + random() % 100000;

		for (i = 0; i < sizeof(sw) / sizeof(sw[0]); i++) {
			for (j = 0; j < sizeof(want) / sizeof(want[0]); j++) {
				/* the pressure ratio giving that scan share */
				double q = want[j], got;
				unsigned long ap, fp;

				if (q == 1.0) {
					ap = 1000000;
					fp = 0;
				} else {
					double r = q / (1 - q) * file / anon;

					ap = (unsigned long)(r * 1e6);
					fp = 1000000;
				}
				got = simulate(ap, fp, sw[i], anon, file,
					       2000);
				if (fabs(got - q) > 0.02)
					fail_msg("s=%u anon=%lu file=%lu want %.3f got %.3f",
						 sw[i], anon, file, q, got);
			}
		}
	}
}

/* Within the band, nearly every pass is left proportional. */
static void test_pass_in_band_stays_proportional(void **state)
{
	double got;

	(void)state;
	one_list_passes = 0;
	/* s = 60: the band is 0.21..0.86 anon:file pressure; want 0.5 */
	got = simulate(500000, 1000000, 60, 40000, 60000, 1000);
	assert_true(fabs(got - 40000 * 0.5 / (40000 * 0.5 + 60000)) < 0.01);
	assert_true(one_list_passes < 50);
}

static void test_debt_fades(void **state)
{
	struct lrucost_steer_debt debt = { 1UL << 40, 1UL << 40 };
	struct lrucost_steer st;

	(void)state;
	lrucost_steer_pass(1, 1000000, 60, 1000, 1000, &debt, &st);
	assert_true(debt.total <= 32 * 2001);
	assert_true(debt.anon <= debt.total);
}

/* A changed target is followed: old passes do not keep steering. */
static void test_pass_follows_new_target(void **state)
{
	struct lrucost_steer_debt debt = { 0, 0 };
	struct lrucost_steer st;
	unsigned long anon = 30000, file = 30000;
	double sa = 0, sf = 0;
	int i;

	(void)state;
	for (i = 0; i < 2000; i++)	/* 90% anon */
		lrucost_steer_pass(9000000, 1000000, 60, anon, file, &debt,
				   &st);
	for (i = 0; i < 300; i++) {	/* then 25% anon */
		lrucost_steer_pass(1000000, 3000000, 60, anon, file, &debt,
				   &st);
		if (i < 100)
			continue;
		if (st.mode == LRUCOST_STEER_ANON)
			sa += anon;
		else if (st.mode == LRUCOST_STEER_FILE)
			sf += file;
		else
			sa += anon * 0.25, sf += file * 0.75;
	}
	assert_true(fabs(sa / (sa + sf) - 0.25) < 0.05);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_costs_in_band),
		cmocka_unit_test(test_costs_clamp),
		cmocka_unit_test(test_pass_reaches_any_share),
		cmocka_unit_test(test_pass_in_band_stays_proportional),
		cmocka_unit_test(test_debt_fades),
		cmocka_unit_test(test_pass_follows_new_target),
	};

	return cmocka_run_group_tests_name("steer", tests, NULL, NULL);
}
