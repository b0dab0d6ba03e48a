// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for module/policy.c and module/steer.c, the arithmetic
 * the module runs.  UBSan catches overflow and division by zero; the
 * oracles check the model's promises, each with arithmetic of its own:
 *
 *  - costs: a sequence of events, decays split into their read and their
 *    apply (as they race on other CPUs) and slot resets, applied with
 *    lrucost_cost_add(), lrucost_decay_amount() and lrucost_cost_sub()
 *    exactly as lruvecs.c applies them to its atomics.  A cost never
 *    exceeds what was added since the last reset (so it never wraps), a
 *    decay keeps the events that raced with it, and one with nothing
 *    racing halves.
 *  - the split: pressure moves away from the costlier list; swappiness 0
 *    and 200 are one-sided.
 *  - steering: the costs lrucost_steer_costs() writes are the inverse of
 *    the stock formula at the wanted ratio, clamped to the band the costs
 *    can reach (computed here in floating point), and the stock split of
 *    them is the stock formula's (again computed here).
 *  - MGLRU batches: one type, never one with no pages, and more anon
 *    already scanned never turns a file-first batch into an anon-first
 *    one.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lrucost_policy.h"
#include "lrucost_steer.h"

struct input {
	unsigned long anon, file, lru, scan_a, scan_f, pages_a, pages_f;
	unsigned long debt_anon, debt_total, refill_f;
	unsigned int swappiness, io_cost, divisor, nr, priority;
};

static unsigned long oracle_add(unsigned long a, unsigned long b)
{
	return a > ~0UL - b ? ~0UL : a + b;
}

/* One lruvec's costs through a sequence of operations, one per byte. */
static void fuzz_costs(const uint8_t *ops, size_t n, const struct input *in)
{
	unsigned long cost[2] = { 0, 0 }, added[2] = { 0, 0 };
	struct lrucost_cost seen, by;
	unsigned long at_read[2];
	int pending = 0, raced = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		unsigned int op = ops[i] & 3, file = (ops[i] >> 2) & 1;
		unsigned long w, before;

		switch (op) {
		case 0:		/* an event: weight from the byte's top bits */
			w = lrucost_weight(ops[i] & 0x80 ? LRUCOST_IO :
					   LRUCOST_CPU,
					   (unsigned long)(ops[i] >> 3) << (ops[i] & 0x40 ? 40 : 0),
					   in->io_cost % LRUCOST_IO_COST_MAX + 1);
			cost[file] = lrucost_cost_add(cost[file], w);
			added[file] = oracle_add(added[file], w);
			raced = 1;
			break;
		case 1:		/* a decay reads */
			seen.anon = cost[0];
			seen.file = cost[1];
			at_read[0] = cost[0];
			at_read[1] = cost[1];
			pending = lrucost_decay_amount(&seen, in->lru,
				in->divisor % LRUCOST_DECAY_DIV_MAX + 1, &by);
			raced = 0;
			if (pending && (by.anon != seen.anon / 2 ||
					by.file != seen.file / 2))
				abort();
			break;
		case 2:		/* ... and applies what it read */
			if (!pending)
				break;
			before = cost[0];
			cost[0] = lrucost_cost_sub(cost[0], by.anon);
			if (before >= by.anon && cost[0] != before - by.anon)
				abort();	/* raced events kept */
			before = cost[1];
			cost[1] = lrucost_cost_sub(cost[1], by.file);
			if (before >= by.file && cost[1] != before - by.file)
				abort();
			if (!raced && (cost[0] != at_read[0] - at_read[0] / 2 ||
				       cost[1] != at_read[1] - at_read[1] / 2))
				abort();	/* nothing raced: halved */
			pending = 0;
			break;
		case 3:		/* the slot is reset for a new owner */
			cost[0] = cost[1] = 0;
			added[0] = added[1] = 0;
			raced = 1;
			break;
		}
		if (cost[0] > added[0] || cost[1] > added[1])
			abort();	/* more than was added: wrapped */
	}
}

/* The stock formula's real-valued anon/file ratio over swappiness's. */
static double band_x(unsigned long ap, unsigned long fp, unsigned int s)
{
	double c, x;

	if (!fp)
		return 0;	/* all anon wanted: the band's anon edge */
	c = (double)ap * (200 - s) / ((double)fp * s);
	x = (2 - c) / (1 + c);
	return x < 0 ? 0 : x > 1 ? 1 : x;
}

static void fuzz_batch(unsigned long ap, unsigned long fp,
		       const struct input *in,
		       const struct lrucost_steer_debt *debt)
{
	struct lrucost_steer_debt more = *debt;
	int b = lrucost_steer_batch(ap, fp, in->pages_a, in->pages_f, debt);
	unsigned int permille = lrucost_steer_anon_permille(ap, fp, in->pages_a,
							    in->pages_f);

	if (b != 0 && b != 1)
		abort();
	if (b && !in->pages_a)
		abort();
	/* a share in thousandths, none without anon pages */
	if (permille > 1000 || (!in->pages_a && permille))
		abort();
	if (more.anon < more.total) {
		more.anon++;
		if (lrucost_steer_batch(ap, fp, in->pages_a, in->pages_f,
					&more) > b)
			abort();
	}
}

static void fuzz_steer(const struct input *in, unsigned int s)
{
	unsigned long ap, fp, ap2, fp2;
	struct lrucost_steer_debt debt;
	struct lrucost_steer st;
	unsigned int sh;

	lrucost_split(in->anon, in->file, s, &ap, &fp);
	if (s == 0 && ap)
		abort();
	if (s == LRUCOST_SWAPPINESS_MAX && fp)
		abort();
	/*
	 * More anon cost never means more anon pressure, up to the integer
	 * truncation that get_scan_count() has too (ap and fp each lose less
	 * than 1), for costs below the point where policy.c scales them down
	 * (LRUCOST_SPLIT_LIMIT / 2 = 2^47; real costs decay long before).
	 */
	{
		unsigned long a = in->anon & ((1UL << 47) - 2);
		unsigned long f = in->file & ((1UL << 47) - 1);

		lrucost_split(a, f, s, &ap, &fp);
		lrucost_split(a + 1, f, s, &ap2, &fp2);
		if ((unsigned __int128)ap2 * fp >
		    (unsigned __int128)(ap + 1) * (fp2 + 1))
			abort();
	}

	if (!ap && !fp)
		fp = 1;
	lrucost_steer_costs(ap, fp, s, &st);
	if (st.mode != LRUCOST_STEER_FRACT ||
	    st.anon_cost + st.file_cost != LRUCOST_STEER_SCALE)
		abort();
	if (s && s < LRUCOST_SWAPPINESS_MAX) {
		double x = (double)st.anon_cost / LRUCOST_STEER_SCALE;
		double d = x - band_x(ap, fp, s);
		double t = 3.0 * LRUCOST_STEER_SCALE + 1;
		double apr = s * t / (LRUCOST_STEER_SCALE + st.anon_cost + 1);
		double fpr = (200 - s) * t /
			     (LRUCOST_STEER_SCALE + st.file_cost + 1);

		/* x is truncated to 1/1024; the pair's scaling adds little */
		if (d > 2.0 / 1024 || d < -2.0 / 1024)
			abort();
		lrucost_stock_split(st.anon_cost, st.file_cost, s, &ap2, &fp2);
		if (ap2 > apr + 1e-6 || ap2 + 1 < apr - 1e-6 ||
		    fp2 > fpr + 1e-6 || fp2 + 1 < fpr - 1e-6)
			abort();
	}

	debt.anon = in->debt_anon;
	debt.total = in->debt_total;
	lrucost_steer_pass(ap, fp, s, in->priority, in->pages_a, in->pages_f,
			   in->refill_f, &debt, &st);
	if (st.mode > LRUCOST_STEER_FILE)
		abort();
	/*
	 * never a one-list pass onto a list with nothing at this priority,
	 * but a file-only one that refills the file list, on a debt
	 */
	sh = in->priority < 64 ? in->priority : 63;
	if ((st.mode == LRUCOST_STEER_ANON && !(in->pages_a >> sh)) ||
	    (st.mode == LRUCOST_STEER_FILE && !(in->pages_f >> sh) &&
	     !(in->refill_f >> sh && in->debt_total)))
		abort();
	/* and the caller is told exactly which file-only passes refill */
	if (st.refill != (st.mode == LRUCOST_STEER_FILE && !(in->pages_f >> sh)))
		abort();
	/* a kernel trim pass: anon-only where anon can be scanned, or left */
	debt.anon = in->debt_anon;
	debt.total = in->debt_total;
	lrucost_steer_trim_pass(ap, fp, s, in->priority, in->pages_a,
				in->pages_f, &debt, &st);
	if (st.mode == LRUCOST_STEER_FRACT || st.mode > LRUCOST_STEER_FILE ||
	    (st.mode == LRUCOST_STEER_ANON && !(in->pages_a >> sh)))
		abort();
	debt.anon = in->debt_anon < in->debt_total ? in->debt_anon :
						      in->debt_total;
	debt.total = in->debt_total;
	fuzz_batch(ap, fp, in, &debt);
	lrucost_steer_account(&debt, st.est_anon, st.est_file,
			      (in->pages_a + in->pages_f + 1) * 32);
	lrucost_steer_account(&debt, in->scan_a, in->scan_f,
			      in->pages_a + in->pages_f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct input in;
	unsigned long w;

	if (size < sizeof(in))
		return 0;
	memcpy(&in, data, sizeof(in));

	w = lrucost_weight(LRUCOST_IO, in.nr, in.io_cost % 1024 + 1);
	if (in.nr && w < in.nr)
		abort();
	fuzz_costs(data + sizeof(in), size - sizeof(in), &in);
	fuzz_steer(&in, in.swappiness % (LRUCOST_SWAPPINESS_MAX + 1));
	return 0;
}
