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
#include <string.h>
#include <cmocka.h>

#include "lrucost_steer.h"

static double ratio(unsigned long ap, unsigned long fp)
{
	return (double)ap / (double)fp;
}

/*
 * The test's own model of stock 6.1 get_scan_count() in SCAN_FRACT mode,
 * written apart from lrucost_stock_split(): from sc->anon_cost and
 * sc->file_cost it gives fraction[0] (anon) and fraction[1] (file).  The
 * operands stay far below 2^53, so the doubles are exact, and floor() of an
 * exact quotient is the kernel's integer division.
 */
static void stock_fract(const struct lrucost_steer *st, unsigned int s,
			double *sap, double *sfp)
{
	double t = (double)st->anon_cost + st->file_cost;
	double a3 = t + st->anon_cost, f3 = t + st->file_cost;

	*sap = floor(s * (a3 + f3 + 1) / (a3 + 1));
	*sfp = floor((200 - s) * (a3 + f3 + 1) / (f3 + 1));
}

/*
 * Pages one pass scans from lists of @anon and @file pages: all of one list
 * in the one-list modes; in SCAN_FRACT, each list in proportion to its
 * fraction of the denominator (fraction[0] + fraction[1]).
 */
static void scan_pass(const struct lrucost_steer *st, unsigned int s,
		      unsigned long anon, unsigned long file, double *sa,
		      double *sf)
{
	double sap, sfp;

	switch (st->mode) {
	case LRUCOST_STEER_ANON:
		*sa += anon;
		break;
	case LRUCOST_STEER_FILE:
		*sf += file;
		break;
	default:
		stock_fract(st, s, &sap, &sfp);
		*sa += anon * sap / (sap + sfp);
		*sf += file * sfp / (sap + sfp);
	}
}

/* The anon share of the pages scanned at anon:file pressures @a:@f. */
static double share_at(double a, double f, unsigned long anon,
		       unsigned long file)
{
	return anon * a / (anon * a + file * f);
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
			double map, mfp;

			if (!ap)
				continue;
			lrucost_steer_costs(ap, fp, s, &st);
			assert_int_equal(st.mode, LRUCOST_STEER_FRACT);
			assert_int_equal(st.anon_cost + st.file_cost,
					 LRUCOST_STEER_SCALE);
			lrucost_stock_split(st.anon_cost, st.file_cost, s,
					    &sap, &sfp);
			/* steer.c's copy of the formula is the model's */
			stock_fract(&st, s, &map, &mfp);
			assert_true(sap == map && sfp == mfp);
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
}

/*
 * The costs lrucost_steer_costs() picks, fed through the model above, make
 * a SCAN_FRACT pass scan the wanted anon share, or, beyond the band the
 * costs reach (ratio 1/2..2 times s : (200 - s)), the share at the band's
 * nearer edge; at swappiness 0 and 200 the costs cannot move the split and
 * the share is 0 and 1.  The rounding bound on the anon:file ratio:
 *  - steer.c quantises x = anon_cost / (anon_cost + file_cost) to 1/1024,
 *    and |d ln((2 - x) / (1 + x)) / dx| = 3 / ((2 - x)(1 + x)) <= 3/2, so a
 *    factor of at most exp(1.5 / 1024);
 *  - the kernel's "+ 1" terms, with anon_cost + file_cost = 2^20: under
 *    exp(2^-18);
 *  - the kernel floors fraction[0] = sap and fraction[1] = sfp, which moves
 *    the ratio by a factor in (sap / (sap + 1), (sfp + 1) / sfp).
 */
static void test_costs_deliver_share(void **state)
{
	static const unsigned int sw[] = { 0, 1, 5, 20, 60, 100, 120, 150,
					   180, 195, 199, 200 };
	/* wanted anon:file pressure, in units of s : (200 - s) */
	static const double want[] = { 1e-4, 0.1, 0.45, 0.5, 0.51, 0.7, 1.0,
				       1.3, 1.7, 1.99, 2.0, 2.2, 5.0, 1e4 };
	static const unsigned long lists[][2] = {
		{ 1000, 1000 }, { 40000, 60000 }, { 300000, 5000 },
		{ 5000, 300000 }, { 1UL << 30, 1UL << 20 },
	};
	const double quant = exp(1.5 / 1024 + 1.0 / (1 << 18));
	size_t i, j, k;
	int clamped = 0, in_band = 0;

	(void)state;
	for (i = 0; i < sizeof(sw) / sizeof(sw[0]); i++) {
		unsigned int s = sw[i];
		double band = s && s < 200 ? (double)s / (200 - s) : 1;

		for (j = 0; j < sizeof(want) / sizeof(want[0]); j++) {
			unsigned long ap = (unsigned long)(want[j] * band * 1e6);
			unsigned long fp = 1000000;
			double r = (double)ap / fp, rlo, rhi, rf = 1, sap, sfp;
			struct lrucost_steer st;

			memset(&st, 0xa5, sizeof(st));
			lrucost_steer_costs(ap, fp, s, &st);
			if (st.anon_cost + st.file_cost != LRUCOST_STEER_SCALE)
				fail_msg("s=%u ap=%lu fp=%lu: costs %lu+%lu", s,
					 ap, fp, st.anon_cost, st.file_cost);
			stock_fract(&st, s, &sap, &sfp);
			if (s == 0 || s == 200) {
				/* fractions 0:200 and 200:0, shares 0 and 1 */
				rlo = rhi = s == 200;
				rf = s == 0;
			} else {
				if (r < band / 2 || r > band * 2)
					clamped++;
				else
					in_band++;
				r = fmin(fmax(r, band / 2), band * 2);
				rlo = r / quant * sap / (sap + 1);
				rhi = r * quant * (sfp + 1) / sfp;
			}
			for (k = 0; k < sizeof(lists) / sizeof(lists[0]); k++) {
				unsigned long anon = lists[k][0];
				unsigned long file = lists[k][1];
				double got = share_at(sap, sfp, anon, file);
				double lo = share_at(rlo, rf, anon, file);
				double hi = share_at(rhi, rf, anon, file);

				if (got < lo - 1e-12 || got > hi + 1e-12)
					fail_msg("s=%u ap:fp=%lu:%lu anon=%lu "
						 "file=%lu: costs %lu:%lu, "
						 "fractions %.0f:%.0f, anon "
						 "share %.6f not in [%.6f, "
						 "%.6f]",
						 s, ap, fp, anon, file,
						 st.anon_cost, st.file_cost, sap,
						 sfp, got, lo, hi);
			}
		}
	}
	/* the table reaches both sides of the band's edges */
	assert_true(clamped >= 50 && in_band >= 50);
}

/*
 * Simulate reclaim passes on lists of fixed sizes and measure the scanned
 * anon share that results from lrucost's decisions, with the stock formula
 * modelled apart from steer.c (scan_pass() above).
 */
static int one_list_passes;

/* the fading window of these simulations: 32 passes of whole lists */
#define SIM_WINDOW(anon, file) (((anon) + (file) + 1) * 32)

/* account what scan_pass() scanned, as the module does on return */
static void account(struct lrucost_steer_debt *debt, double a0, double f0,
		    double a1, double f1, unsigned long anon,
		    unsigned long file)
{
	lrucost_steer_account(debt, (unsigned long)(a1 - a0 + 0.5),
			      (unsigned long)(f1 - f0 + 0.5),
			      SIM_WINDOW(anon, file));
}

static double simulate(unsigned long ap, unsigned long fp, unsigned int s,
		       unsigned long anon, unsigned long file, int passes)
{
	struct lrucost_steer_debt debt = { 0, 0 };
	double sa = 0, sf = 0;
	int i;

	for (i = 0; i < passes; i++) {
		struct lrucost_steer st;

		double a0 = sa, f0 = sf;

		lrucost_steer_pass(ap, fp, s, 0, anon, file, 0, &debt, &st);
		if (st.mode != LRUCOST_STEER_FRACT)
			one_list_passes++;
		scan_pass(&st, s, anon, file, &sa, &sf);
		account(&debt, a0, f0, sa, sf, anon, file);
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
	lrucost_steer_pass(1, 1000000, 60, 0, 1000, 1000, 0, &debt, &st);
	lrucost_steer_account(&debt, st.est_anon, st.est_file,
			      SIM_WINDOW(1000, 1000));
	assert_true(debt.total <= 32 * 2001);
	assert_true(debt.anon <= debt.total);
}

/*
 * With @debt_anon of 10000 pages scanned anon and pressure @ap:@fp on
 * lists of @anon and @file pages, @priority decides whether @mode, the
 * best correction, is chosen.
 */
static void pass_mode_at(unsigned long debt_anon, unsigned long ap,
			 unsigned long fp, unsigned long anon,
			 unsigned long file, unsigned int priority,
			 enum lrucost_steer_mode mode, int chosen)
{
	struct lrucost_steer_debt debt = { debt_anon, 10000 };
	struct lrucost_steer st;

	lrucost_steer_pass(ap, fp, 60, priority, anon, file, 0, &debt, &st);
	if (chosen)
		assert_int_equal(st.mode, mode);
	else
		assert_int_not_equal(st.mode, mode);
}

/*
 * A one-list pass onto a list with nothing to scan at the pass's priority
 * would scan nothing, leave the share as it is and so be chosen again at
 * every priority (6.12 and 7.3 have an empty inactive file list for long
 * stretches): it is no candidate there.  The same inputs at priority 0,
 * whole lists, do choose it, so the list's reach is what decides.
 */
static void test_pass_one_list_needs_pages(void **state)
{
	(void)state;
	/*
	 * Anon far above the share wanted (pressure 1:9 on lists 40000 and
	 * 3000 pages: 60% of the pages scanned): file-only corrects best,
	 * where 3000 file pages reach; 4096 reach at priority 11.
	 */
	pass_mode_at(9000, 1000000, 9000000, 40000, 3000, 0,
		     LRUCOST_STEER_FILE, 1);
	pass_mode_at(9000, 1000000, 9000000, 40000, 3000, 12,
		     LRUCOST_STEER_FILE, 0);
	pass_mode_at(9000, 1000000, 9000000, 40000, 4096, 11,
		     LRUCOST_STEER_FILE, 1);
	/* far below (9:1 on 3000 and 40000: 40%): anon-only corrects best */
	pass_mode_at(1000, 9000000, 1000000, 3000, 40000, 0,
		     LRUCOST_STEER_ANON, 1);
	pass_mode_at(1000, 9000000, 1000000, 3000, 40000, 12,
		     LRUCOST_STEER_ANON, 0);
}

/*
 * The inactive file list is empty at priority 6 but the active one is
 * not: where the kernel deactivates file pages, a file-only pass refills
 * the list and adds no anon, which beats a proportional pass when the
 * share already has too much anon; not where it has too little, not
 * where the active list has nothing at the priority either, and not on
 * an empty debt, where adding nothing would always win.
 */
static void test_pass_file_refill(void **state)
{
	struct lrucost_steer_debt debt = { 6000, 10000 };
	struct lrucost_steer st;

	(void)state;
	/* 60% anon so far, 10% wanted */
	lrucost_steer_pass(10 * 31, 90 * 40001, 60, 6, 40000, 30, 30000,
			   &debt, &st);
	assert_int_equal(st.mode, LRUCOST_STEER_FILE);
	assert_true(st.refill);
	assert_int_equal(st.est_anon, 0);
	/* nor with an active list that has nothing at this priority */
	lrucost_steer_pass(10 * 31, 90 * 40001, 60, 6, 40000, 30, 63, &debt,
			   &st);
	assert_int_not_equal(st.mode, LRUCOST_STEER_FILE);
	/* 5% anon over a longer run, 10% wanted: anon is owed */
	debt.anon = 5000;
	debt.total = 100000;
	lrucost_steer_pass(10 * 31, 90 * 40001, 60, 6, 40000, 30, 30000,
			   &debt, &st);
	assert_int_not_equal(st.mode, LRUCOST_STEER_FILE);
	/* nothing scanned yet */
	debt.anon = 0;
	debt.total = 0;
	lrucost_steer_pass(10 * 31, 90 * 40001, 60, 6, 40000, 30, 30000,
			   &debt, &st);
	assert_int_not_equal(st.mode, LRUCOST_STEER_FILE);
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
	for (i = 0; i < 2000; i++) {	/* 90% anon */
		lrucost_steer_pass(9000000, 1000000, 60, 0, anon, file, 0,
				   &debt, &st);
		lrucost_steer_account(&debt, st.est_anon, st.est_file,
				      SIM_WINDOW(anon, file));
	}
	for (i = 0; i < 300; i++) {	/* then 25% anon */
		double a0 = sa, f0 = sf;

		lrucost_steer_pass(1000000, 3000000, 60, 0, anon, file, 0,
				   &debt, &st);
		scan_pass(&st, 60, anon, file, &sa, &sf);
		account(&debt, a0, f0, sa, sf, anon, file);
		if (i < 100)
			sa = sf = 0;
	}
	if (fabs(sa / (sa + sf) - 0.25) > 0.01)
		fail_msg("after the change, anon share %.4f, want 0.25",
			 sa / (sa + sf));
}

/*
 * The module's loop (steer_hook.c, account_now()): passes scan very
 * different amounts (a list >> priority, 12 down to 1), the debt window is
 * four turnovers of the lists, and each pass is accounted by what it
 * scanned, split as its decision estimated.  Accounting the estimate alone,
 * as if every pass scanned whole lists, is the open loop this replaced: it
 * is printed beside, for comparison.
 */
static double closed_loop(double want, unsigned int s, unsigned long anon,
			  unsigned long file, int closed)
{
	struct lrucost_steer_debt debt = { 0, 0 };
	double r = want / (1 - want) * file / anon, sa = 0, sf = 0;
	unsigned long ap = (unsigned long)(r * 1e6), fp = 1000000;
	int i;

	for (i = 0; i < 20000; i++) {
		unsigned int prio = 1 + (unsigned int)(random() % 12);
		unsigned long a_pages = anon >> prio, f_pages = file >> prio;
		struct lrucost_steer st;
		double a0 = sa, f0 = sf;
		unsigned long n, a;

		lrucost_steer_pass(ap, fp, s, prio, anon, file, 0, &debt, &st);
		scan_pass(&st, s, a_pages, f_pages, &sa, &sf);
		if (!closed) {
			lrucost_steer_account(&debt, st.est_anon, st.est_file,
					      SIM_WINDOW(anon, file));
			continue;
		}
		n = (unsigned long)(sa - a0 + sf - f0 + 0.5);
		a = lrucost_steer_anon_part(n, st.est_anon, st.est_file);
		lrucost_steer_account(&debt, a, n - a, 4 * (anon + file + 1));
	}
	return sa / (sa + sf);
}

static void test_pass_closed_loop(void **state)
{
	static const double want[] = { 0.1, 0.3, 0.5, 0.7, 0.9 };
	static const unsigned int sw[] = { 60, 100, 140 };
	size_t i, j;

	(void)state;
	srandom(7);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		for (j = 0; j < sizeof(sw) / sizeof(sw[0]); j++) {
			double got = closed_loop(want[i], sw[j], 30000, 50000,
						 1);
			double open = closed_loop(want[i], sw[j], 30000, 50000,
						  0);

			print_message("want %.2f s=%u: closed loop %.3f, open loop %.3f\n",
				      want[i], sw[j], got, open);
			if (fabs(got - want[i]) > 0.03)
				fail_msg("want %.2f s=%u: closed loop got %.3f",
					 want[i], sw[j], got);
		}
	}
}

/*
 * A pass the kernel made file-only (cache trim) is, under a forced share,
 * anon-only where the share needs anon, else left file-only; never
 * proportional, never anon-only with no anon to scan at its priority.
 */
static void test_trim_pass_one_list_only(void **state)
{
	struct lrucost_steer_debt debt;
	struct lrucost_steer st;
	int k, anon_only = 0, left = 0;

	(void)state;
	srandom(11);
	for (k = 0; k < 20000; k++) {
		unsigned long anon = random() % 100000, file = random() % 100000;
		unsigned int prio = (unsigned int)(random() % 13);
		unsigned long ap = 1 + random() % 1000000, fp = 1 + random() % 1000000;

		debt.total = random() % 400000;
		debt.anon = debt.total ? random() % (debt.total + 1) : 0;
		lrucost_steer_trim_pass(ap, fp, 60, prio, anon, file, &debt,
					&st);
		if (st.mode == LRUCOST_STEER_FRACT)
			fail_msg("trim pass made proportional");
		if (st.mode == LRUCOST_STEER_ANON && !(anon >> prio))
			fail_msg("anon-only with %lu anon pages at priority %u",
				 anon, prio);
		if (st.mode == LRUCOST_STEER_ANON)
			anon_only++;
		else
			left++;
	}
	assert_true(anon_only > 1000 && left > 1000);
	/* want 50:50 of equal lists: no anon yet, anon-only; all anon, left */
	debt.anon = 0;
	debt.total = 100000;
	lrucost_steer_trim_pass(1, 1, 60, 6, 50000, 50000, &debt, &st);
	assert_int_equal(st.mode, LRUCOST_STEER_ANON);
	debt.anon = 100000;
	lrucost_steer_trim_pass(1, 1, 60, 6, 50000, 50000, &debt, &st);
	assert_int_equal(st.mode, LRUCOST_STEER_FILE);
	/*
	 * The file list drained below a page at this priority since the
	 * kernel chose to trim: the share has anon to spare (30% of a
	 * wanted 10%), so the kernel's pass stays as it is.  Before, with
	 * the file-only choice out of reach, anon-only won by default, and
	 * 6.12 at anon_percent=10 scanned 30% anon in one run.
	 */
	debt.anon = 30000;
	debt.total = 100000;
	/* anon_percent=10 as wanted_split() puts it: 10 x file : 90 x anon */
	lrucost_steer_trim_pass(10 * 4096, 90 * 50001, 60, 12, 50000, 4095,
				&debt, &st);
	assert_int_equal(st.mode, LRUCOST_STEER_FILE);
	/* and where the share needs anon, anon-only as before */
	debt.anon = 0;
	debt.total = 1000000;
	lrucost_steer_trim_pass(10 * 4096, 90 * 50001, 60, 12, 50000, 4095,
				&debt, &st);
	assert_int_equal(st.mode, LRUCOST_STEER_ANON);
}

/*
 * MGLRU batches: each takes one type, at most a batch's worth of folios,
 * and the error diffusion holds the pages isolated to the share a
 * classic pass would scan, anon_pages * ap : file_pages * fp, whatever
 * the batch sizes; the extremes take one type only.
 */
static void test_batch_holds_share(void **state)
{
	static const double want[] = { 0.0, 0.1, 0.5, 0.9, 1.0 };
	size_t i;
	int k;

	(void)state;
	srandom(13);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct lrucost_steer_debt debt = { 0, 0 };
		unsigned long anon = 40000, file = 90000, a = 0, t = 0;
		/* pressures that give the share want[i] at these sizes */
		unsigned long ap = (unsigned long)(want[i] * 1e6) * file;
		unsigned long fp = (unsigned long)((1 - want[i]) * 1e6) * anon;
		double got;

		for (k = 0; k < 20000; k++) {
			unsigned long n = 1 + random() % 64;
			int take_anon = lrucost_steer_batch(ap, fp, anon, file,
							    &debt);

			lrucost_steer_account(&debt, take_anon ? n : 0,
					      take_anon ? 0 : n, 1UL << 16);
			a += take_anon ? n : 0;
			t += n;
		}
		got = (double)a / (double)t;
		print_message("batches: want %.2f got %.3f\n", want[i], got);
		if (fabs(got - want[i]) > 0.01)
			fail_msg("want %.2f got %.3f", want[i], got);
	}
}

/*
 * A batch asked for anon that found none isolates file: the debt then
 * owes anon more, and anon stays asked for, not given up on (the hook
 * reads that as anon out of reach of eviction).  An empty debt starts
 * with the larger side (a tie with anon); no size on one side, the other.
 */
static void test_batch_edges(void **state)
{
	struct lrucost_steer_debt debt = { 0, 0 };
	int k;

	(void)state;
	for (k = 0; k < 100; k++) {
		assert_int_equal(lrucost_steer_batch(1, 1, 50000, 50000, &debt),
				 1);
		lrucost_steer_account(&debt, 0, 64, 1UL << 16);
	}
	debt.anon = debt.total = 0;
	assert_int_equal(lrucost_steer_batch(3, 1, 50000, 50000, &debt), 1);
	assert_int_equal(lrucost_steer_batch(1, 3, 50000, 50000, &debt), 0);
	debt.total = 1000;
	assert_int_equal(lrucost_steer_batch(1, 1, 0, 50000, &debt), 0);
	assert_int_equal(lrucost_steer_batch(1, 1, 50000, 0, &debt), 1);
	assert_int_equal(lrucost_steer_batch(0, 0, 50000, 50000, &debt), 0);
	/* large values do not overflow into the wrong answer */
	debt.anon = 1UL << 40;
	debt.total = 1UL << 41;
	assert_int_equal(lrucost_steer_batch(~0UL, 1, ~0UL >> 2, 1, &debt), 1);
	assert_int_equal(lrucost_steer_batch(1, ~0UL, 1, ~0UL >> 2, &debt), 0);
}

/*
 * The share the batches are held to, as a number: anon_percent's own
 * pressures give it back (in thousandths, to rounding); nothing wanted
 * is 0, only anon 1000; no overflow at the largest sizes and pressures.
 */
static void test_batch_anon_permille(void **state)
{
	static const unsigned int want[] = { 0, 100, 500, 900, 1000 };
	unsigned long anon = 40000, file = 90000;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		unsigned long ap = want[i] * file, fp = (1000 - want[i]) * anon;
		unsigned int got = lrucost_steer_anon_permille(ap, fp, anon,
							       file);

		if (got + 1 < want[i] || got > want[i])
			fail_msg("want %u got %u", want[i], got);
	}
	assert_int_equal(lrucost_steer_anon_permille(1, 1, 0, 0), 0);
	assert_int_equal(lrucost_steer_anon_permille(0, 0, 5, 5), 0);
	assert_int_equal(lrucost_steer_anon_permille(1, 0, 5, 5), 1000);
	assert_int_equal(lrucost_steer_anon_permille(1, 1, 0, 5), 0);
	assert_true(lrucost_steer_anon_permille(~0UL, 1, ~0UL, 1) >= 999);
	assert_true(lrucost_steer_anon_permille(1, ~0UL, 1, ~0UL) <= 1);
	assert_int_equal(lrucost_steer_anon_permille(~0UL, ~0UL, ~0UL, ~0UL),
			 500);
}

/*
 * A file-first batch finds no file while file's oldest generation is
 * empty or file is down to two generations, anon's oldest being no
 * younger; torn reads say no.
 */
static void test_batch_file_held(void **state)
{
	static const struct {
		struct lrucost_gens g;
		int want;
	} c[] = {
		{ { 6, 6, 9, 0 }, 1 },		/* oldest empty, same age */
		{ { 5, 6, 9, 0 }, 1 },		/* oldest empty, anon older */
		{ { 6, 6, 9, 100 }, 0 },	/* file to evict */
		{ { 5, 6, 9, 100 }, 0 },	/* (6.x: anon by its rule) */
		{ { 5, 8, 9, 100 }, 1 },	/* file: two generations */
		{ { 5, 7, 9, 100 }, 0 },	/* file: three */
		{ { 7, 6, 9, 0 }, 0 },		/* torn: anon younger */
		{ { 5, 10, 9, 0 }, 0 },		/* torn: above max_seq */
		{ { ~0UL - 3, ~0UL - 2, ~0UL, 1 }, 0 },	/* no wrap */
		{ { ~0UL - 1, ~0UL, ~0UL, 1 }, 1 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (lrucost_steer_file_held(&c[i].g) != c[i].want)
			fail_msg("case %zu: want %d", i, c[i].want);
}

/*
 * Under MGLRU a batch is left to the kernel unless a file refault cost IO
 * within the window: never one, or one too long ago, leaves it; the stamp
 * of this very tick (| 1, one ahead) and any within the window steer;
 * tick counters wrap.
 */
static void test_cache_trim(void **state)
{
	static const struct {
		unsigned long now, at, window;
		int want;
	} c[] = {
		{ 1000, 0, 100, 1 },		/* no file IO ever */
		{ 1000, 1001, 100, 0 },		/* this tick, | 1 */
		{ 1000, 901, 100, 0 },		/* 99 ticks ago */
		{ 1000, 900, 100, 0 },		/* 100: still recent */
		{ 1000, 899, 100, 1 },		/* 101: not any more */
		{ 5, ~0UL - 9, 100, 0 },	/* across the wrap, 15 ago */
		{ 200, ~0UL - 9, 100, 1 },	/* across the wrap, 210 ago */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		if (lrucost_steer_cache_trim(c[i].now, c[i].at, c[i].window) !=
		    c[i].want)
			fail_msg("case %zu: want %d", i, c[i].want);
}

/* file reads toward leaving the trim: LRUCOST_TRIM_READS in a window */
static void test_trim_reads(void **state)
{
	static const struct {
		unsigned long now, reads;
		int want;
		unsigned long start, total;	/* the window after */
	} c[] = {
		{ 1000, 1, 0, 1001, 1 },	/* the first read opens one */
		{ 1050, 30, 0, 1001, 31 },
		{ 1100, 1, 1, 1001, 32 },	/* 100 ticks on: still in it */
		{ 1101, 5, 1, 1001, 37 },
		{ 1102, 3, 0, 1103, 3 },	/* 101 on: a new window */
		{ 1103, 29, 1, 1103, 32 },	/* enough at once */
		{ 1104, ~0UL, 1, 1103, ~0UL },	/* saturates */
		{ 1105, 1, 1, 1103, ~0UL },
		{ 1300, 2, 0, 1301, 2 },	/* long after: a new one */
	};
	struct lrucost_trim_reads w = { 0 };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		if (lrucost_steer_trim_reads(&w, c[i].now, c[i].reads, 100) !=
		    c[i].want)
			fail_msg("case %zu: want %d", i, c[i].want);
		if (w.start != c[i].start || w.reads != c[i].total)
			fail_msg("case %zu: window %lu %lu, want %lu %lu", i,
				 w.start, w.reads, c[i].start, c[i].total);
	}
	/* a window opened just before the wrap goes on across it */
	w.start = ~0UL;
	w.reads = 31;
	assert_int_equal(lrucost_steer_trim_reads(&w, 50, 1, 100), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_costs_in_band),
		cmocka_unit_test(test_costs_clamp),
		cmocka_unit_test(test_costs_deliver_share),
		cmocka_unit_test(test_pass_reaches_any_share),
		cmocka_unit_test(test_pass_in_band_stays_proportional),
		cmocka_unit_test(test_debt_fades),
		cmocka_unit_test(test_pass_one_list_needs_pages),
		cmocka_unit_test(test_pass_file_refill),
		cmocka_unit_test(test_pass_follows_new_target),
		cmocka_unit_test(test_pass_closed_loop),
		cmocka_unit_test(test_trim_pass_one_list_only),
		cmocka_unit_test(test_batch_holds_share),
		cmocka_unit_test(test_batch_edges),
		cmocka_unit_test(test_batch_anon_permille),
		cmocka_unit_test(test_trim_reads),
		cmocka_unit_test(test_batch_file_held),
		cmocka_unit_test(test_cache_trim),
	};

	return cmocka_run_group_tests_name("steer", tests, NULL, NULL);
}
