// SPDX-License-Identifier: GPL-2.0
/*
 * Steering the stock 6.1 split, see lrucost_steer.h.
 *
 * Stock get_scan_count() computes, from sc->anon_cost = a and
 * sc->file_cost = f (T = a + f):
 *   ap = s * (3T + 1) / (T + a + 1),  fp = (200 - s) * (3T + 1) / (T + f + 1)
 * so with a = x * N, f = (1 - x) * N and N large,
 *   ap / fp = s / (200 - s) * (2 - x) / (1 + x),  x in [0, 1].
 * A wanted ratio ap' / fp' is reached exactly when
 *   c = ap' * (200 - s) / (fp' * s)  lies in [1/2, 2],  x = (2 - c) / (1 + c).
 */
#include "lrucost_steer.h"

#define SWAPPINESS_MAX	200UL
/* ratios are scaled below this, so products of three stay in 64 bits */
#define RATIO_LIMIT	(1UL << 31)

static void scale_pair(unsigned long *a, unsigned long *b)
{
	while (*a >= RATIO_LIMIT || *b >= RATIO_LIMIT) {
		*a >>= 1;
		*b >>= 1;
	}
}

/**
 * lrucost_stock_split - the split stock 6.1 get_scan_count() derives
 * @anon_cost: sc->anon_cost
 * @file_cost: sc->file_cost
 * @swappiness: 0..200
 * @ap: anon pressure, out
 * @fp: file pressure, out
 *
 * Mirrors the SCAN_FRACT arithmetic of get_scan_count() on 6.1, for tests
 * of lrucost_steer_costs() and for estimating a pass.  Costs are expected
 * below 2^40, as lrucost_steer_costs() produces them.
 */
void lrucost_stock_split(unsigned long anon_cost, unsigned long file_cost,
			 unsigned int swappiness, unsigned long *ap,
			 unsigned long *fp)
{
	unsigned long total = anon_cost + file_cost;
	unsigned long s = swappiness > SWAPPINESS_MAX ? SWAPPINESS_MAX :
			  swappiness;

	*ap = s * (3 * total + 1) / (total + anon_cost + 1);
	*fp = (SWAPPINESS_MAX - s) * (3 * total + 1) / (total + file_cost + 1);
}

/**
 * lrucost_steer_costs - scan_control costs closest to a wanted split
 * @ap: wanted anon pressure
 * @fp: wanted file pressure (not both 0)
 * @swappiness: the swappiness stock reclaim will use, 0..200
 * @out: LRUCOST_STEER_FRACT and the costs
 *
 * The ratio is clamped to the band the costs can reach.
 */
void lrucost_steer_costs(unsigned long ap, unsigned long fp,
			 unsigned int swappiness, struct lrucost_steer *out)
{
	unsigned long s = swappiness > SWAPPINESS_MAX ? SWAPPINESS_MAX :
			  swappiness;
	unsigned long num, den, x;

	out->mode = LRUCOST_STEER_FRACT;
	scale_pair(&ap, &fp);
	if (!s || s == SWAPPINESS_MAX) {
		/* the costs cannot move the split at all: any value does */
		out->anon_cost = LRUCOST_STEER_SCALE / 2;
		out->file_cost = LRUCOST_STEER_SCALE / 2;
		return;
	}
	/* x = (2 - c) / (1 + c) = (2 fp s - ap (200 - s)) / (fp s + ap (200 - s)) */
	num = 2 * fp * s;
	den = fp * s + ap * (SWAPPINESS_MAX - s);
	if (num <= ap * (SWAPPINESS_MAX - s) || !den)
		x = 0;
	else
		x = (num - ap * (SWAPPINESS_MAX - s)) * 1024 / den;
	if (x > 1024)
		x = 1024;
	out->anon_cost = x * (LRUCOST_STEER_SCALE / 1024);
	out->file_cost = LRUCOST_STEER_SCALE - out->anon_cost;
}

/*
 * Pages a pass would scan from each list: each list's size in proportion
 * to its pressure, as get_scan_count() applies the fraction per list.
 */
static void estimate(unsigned long ap, unsigned long fp, unsigned long anon,
		     unsigned long file, unsigned long *scan_anon,
		     unsigned long *scan_file)
{
	scale_pair(&ap, &fp);
	while (anon >= RATIO_LIMIT || file >= RATIO_LIMIT) {
		anon >>= 1;
		file >>= 1;
	}
	if (!ap && !fp)
		fp = 1;
	*scan_anon = anon * ap / (ap + fp);
	*scan_file = file * fp / (ap + fp);
}

static unsigned long dist(unsigned long a, unsigned long b)
{
	return a > b ? a - b : b - a;
}

/**
 * lrucost_steer_anon_part - the anon share of what a pass scanned
 * @scanned: pages the pass scanned, anon and file together
 * @est_anon: anon pages it was estimated to scan (any unit)
 * @est_file: file pages it was estimated to scan (the same unit)
 *
 * Return: @scanned (below 2^32) split as @est_anon : @est_file, the anon
 * part; 0 when there is no estimate.
 */
unsigned long lrucost_steer_anon_part(unsigned long scanned,
				      unsigned long est_anon,
				      unsigned long est_file)
{
	scale_pair(&est_anon, &est_file);
	if (!(est_anon + est_file))
		return 0;
	return scanned * est_anon / (est_anon + est_file);
}

/**
 * lrucost_steer_account - add what a pass scanned to the debt
 * @debt: the lruvec's running count
 * @scan_anon: anon pages the pass scanned
 * @scan_file: file pages the pass scanned
 * @window: pages scanned over which the share is kept; past it, old
 *	passes fade (both counts are halved)
 *
 * Also for passes lrucost leaves to the kernel's one-list modes, so that
 * the passes it steers make up for them.
 */
void lrucost_steer_account(struct lrucost_steer_debt *debt,
			   unsigned long scan_anon, unsigned long scan_file,
			   unsigned long window)
{
	if (scan_anon > RATIO_LIMIT || scan_file > RATIO_LIMIT)
		return;
	debt->anon += scan_anon;
	debt->total += scan_anon + scan_file;
	/* reclaimers of one lruvec race on the debt: keep it a share */
	if (debt->anon > debt->total)
		debt->anon = debt->total;
	while (debt->total > window || debt->total >= RATIO_LIMIT) {
		debt->anon >>= 1;
		debt->total >>= 1;
	}
}

/*
 * Steer one reclaim pass of one lruvec (lrucost_steer_pass(), and with
 * @proportional 0, the one-list modes only: lrucost_steer_trim_pass()).
 * @ap: wanted anon pressure (from lrucost_split())
 * @fp: wanted file pressure
 * @swappiness: the swappiness stock reclaim will use
 * @priority: the pass's reclaim priority (get_scan_count() scans each
 *	list >> priority); 0 considers the whole lists
 * @anon_pages: pages on the lruvec's anon LRUs
 * @file_pages: pages on the lruvec's file LRUs
 * @refill_file: pages on the active file LRU, which a file-only pass
 *	onto an empty inactive one deactivates
 * @debt: the lruvec's running count of pages scanned
 * @proportional: 0 leaves the proportional pass out
 * @out: the decision, with the share of the pass's scan expected to be
 *	anon (@out->est_anon : @out->est_file)
 *
 * The pass is proportional at the costs closest to the wanted ratio, or
 * anon-only, or file-only: whichever brings the share of anon pages
 * scanned so far closest to the wanted one.  The caller accounts the pass
 * with lrucost_steer_account() once it knows what it scanned (the module:
 * sc->nr_scanned on return, split by @out's estimate), which closes the
 * loop: passes at different priorities scan very different amounts.
 * Within the band the costs reach, that is the proportional pass nearly
 * always; an occasional one-list pass corrects the stock formula's
 * integer rounding, which is coarse at extreme swappiness.  Beyond the
 * band, the passes alternate.
 *
 * A one-list pass is a candidate only if its list has pages to scan at
 * @priority, the condition the kernel puts on its own one-list modes
 * (cache_trim_mode: inactive file >> priority; file_is_tiny: inactive
 * anon >> priority, in prepare_scan_control()).  A pass forced onto an
 * empty list scans nothing, so it never moves the share and would be
 * chosen again and again, while reclaim, finding nothing, drops priority
 * down to 0, where the kernel scans every list whole.
 *
 * But for one case: a file-only pass onto an inactive file list with
 * nothing at @priority while the active one has (@refill_file >>
 * @priority).  get_scan_count() still gives that pass the active list's
 * share, which shrink_list() deactivates (@out->refill: the caller
 * makes sure it may),
 * so the pass refills the list that the next one scans: the kernel's own
 * file-only reclaim (swappiness 0) goes on like that at low priorities.
 * It scans nothing now, so its estimate is nothing, and it is chosen
 * only where adding nothing beats adding anon; never on an empty debt,
 * where nothing would always win.  Without it, when 6.12's inactive
 * file list drained under t-fidelity's load at priorities 4 to 1, every
 * pass there was proportional, mostly anon, and anon_percent=10 gave 20
 * to 31.
 */
static void steer_pass(unsigned long ap, unsigned long fp,
		       unsigned int swappiness, unsigned int priority,
		       unsigned long anon_pages, unsigned long file_pages,
		       unsigned long refill_file,
		       struct lrucost_steer_debt *debt, int proportional,
		       struct lrucost_steer *out)
{
	unsigned long want_a, want_f, wsum, cand_a[3], cand_f[3];
	unsigned long eap, efp, best_err = ~0UL;
	unsigned int shift = priority < 64 ? priority : 63;
	/*
	 * Which candidates are offered.  Left as it is, a trim pass is the
	 * kernel's own choice, not one forced onto an empty list: always a
	 * candidate, so that anon-only wins only where it brings the share
	 * closer, not by default when the file list has drained since the
	 * kernel chose to trim.
	 */
	unsigned long reach[3] = {
		proportional, anon_pages >> shift,
		!proportional || file_pages >> shift ||
		(refill_file >> shift && debt->total)
	};
	int i, best = proportional ? 0 : 2;

	scale_pair(&ap, &fp);
	if (!ap && !fp)
		fp = 1;
	lrucost_steer_costs(ap, fp, swappiness, out);
	lrucost_stock_split(out->anon_cost, out->file_cost, swappiness,
			    &eap, &efp);
	estimate(eap, efp, anon_pages, file_pages, &cand_a[0], &cand_f[0]);
	cand_a[1] = anon_pages;
	cand_f[1] = 0;
	cand_a[2] = 0;
	cand_f[2] = file_pages;
	estimate(ap, fp, anon_pages, file_pages, &want_a, &want_f);
	wsum = want_a + want_f ? want_a + want_f : 1;
	for (i = 0; i < 3; i++) {
		unsigned long tot = debt->total + cand_a[i] + cand_f[i];
		unsigned long got = debt->anon + cand_a[i];
		unsigned long err;

		if (!reach[i])
			continue;
		while (tot >= RATIO_LIMIT) {
			tot >>= 1;
			got >>= 1;
		}
		/* |got / tot - want_a / wsum|, times tot * wsum */
		err = dist(got * wsum, want_a * tot);
		if (err < best_err) {
			best_err = err;
			best = i;
		}
	}
	out->est_anon = cand_a[best];
	out->est_file = cand_f[best];
	out->refill = best == 2 && proportional && !(file_pages >> shift);
	if (best == 1)
		out->mode = LRUCOST_STEER_ANON;
	else if (best == 2)
		out->mode = LRUCOST_STEER_FILE;
}

/**
 * lrucost_steer_pass - steer one reclaim pass of one lruvec
 * @ap: wanted anon pressure (from lrucost_split())
 * @fp: wanted file pressure
 * @swappiness: the swappiness stock reclaim will use
 * @priority: the pass's reclaim priority
 * @anon_pages: pages on the lruvec's inactive anon LRU
 * @file_pages: pages on the lruvec's inactive file LRU
 * @refill_file: pages on its active file LRU (0: no refill pass)
 * @debt: the lruvec's running count of pages scanned
 * @out: the decision: proportional, anon-only or file-only (steer_pass())
 */
void lrucost_steer_pass(unsigned long ap, unsigned long fp,
			unsigned int swappiness, unsigned int priority,
			unsigned long anon_pages, unsigned long file_pages,
			unsigned long refill_file,
			struct lrucost_steer_debt *debt,
			struct lrucost_steer *out)
{
	steer_pass(ap, fp, swappiness, priority, anon_pages, file_pages,
		   refill_file, debt, 1, out);
}

/**
 * lrucost_steer_trim_pass - steer a pass the kernel made file-only
 * @ap: wanted anon pressure
 * @fp: wanted file pressure
 * @swappiness: the swappiness stock reclaim will use
 * @priority: the pass's reclaim priority
 * @anon_pages: pages on the lruvec's inactive anon LRU
 * @file_pages: pages on the lruvec's inactive file LRU
 * @debt: the lruvec's running count of pages scanned
 * @out: the decision: anon-only or file-only
 *
 * The same choice as lrucost_steer_pass() for a pass in the kernel's cache
 * trim mode, between its two one-list modes only: anon-only where the
 * share needs anon, else file-only, which is the kernel's own pass left
 * as it is.  A proportional pass is not offered: it would be a third
 * mode the kernel did not choose, and a direct reclaimer's proportional
 * pass scans about 1:2 whatever it aims at.
 */
void lrucost_steer_trim_pass(unsigned long ap, unsigned long fp,
			     unsigned int swappiness, unsigned int priority,
			     unsigned long anon_pages, unsigned long file_pages,
			     struct lrucost_steer_debt *debt,
			     struct lrucost_steer *out)
{
	steer_pass(ap, fp, swappiness, priority, anon_pages, file_pages, 0,
		   debt, 0, out);
}

/**
 * lrucost_steer_anon_permille - the anon share batches are held to
 * @ap: wanted anon pressure (from lrucost_split())
 * @fp: wanted file pressure
 * @anon_pages: the lruvec's anon pages, all generations
 * @file_pages: its file pages, all generations
 *
 * The share lrucost_steer_batch() steers to, as a number: what a classic
 * pass would scan, @anon_pages * @ap : @file_pages * @fp.
 *
 * Return: the anon share in thousandths, 0..1000; 0 with nothing to scan.
 */
unsigned int lrucost_steer_anon_permille(unsigned long ap, unsigned long fp,
					 unsigned long anon_pages,
					 unsigned long file_pages)
{
	unsigned long want_a, want_f;

	estimate(ap, fp, anon_pages, file_pages, &want_a, &want_f);
	if (!want_a)
		return 0;
	/* below 2^31 each after estimate(): the product fits 64 bits */
	return (unsigned int)(want_a * 1000 / (want_a + want_f));
}

/**
 * lrucost_steer_batch - which type one MGLRU eviction batch takes first
 * @ap: wanted anon pressure (from lrucost_split())
 * @fp: wanted file pressure
 * @anon_pages: the lruvec's anon pages, all generations
 * @file_pages: its file pages, all generations
 * @debt: the lruvec's running count of pages isolated
 *
 * The classic LRU scans each list by its size times its pressure
 * (get_scan_count(), estimate() here); MGLRU's isolate_folios() takes one
 * type per batch of at most a few dozen folios.  So the share a classic
 * pass would scan, @anon_pages * @ap : @file_pages * @fp, is the share
 * the batches are held to, and each batch goes to the type the debt is
 * short of: error diffusion, at the grain of a batch instead of a pass.
 * Sizes are whole types, not the inactive parts: under MGLRU those are
 * only the generations older than the two youngest, and idle anon kept
 * in the second youngest would count as none.
 *
 * Return: 1 to take anon first, 0 to take file first.
 */
int lrucost_steer_batch(unsigned long ap, unsigned long fp,
			unsigned long anon_pages, unsigned long file_pages,
			const struct lrucost_steer_debt *debt)
{
	unsigned long want_a, want_f, got, tot;

	estimate(ap, fp, anon_pages, file_pages, &want_a, &want_f);
	if (!want_a)
		return 0;
	if (!want_f)
		return 1;
	scale_pair(&want_a, &want_f);
	got = debt->anon;
	tot = debt->total;
	while (tot >= RATIO_LIMIT) {
		got >>= 1;
		tot >>= 1;
	}
	if (!tot)
		return want_a >= want_f;
	/* got / tot < want_a / (want_a + want_f), both sides times the sums */
	return got * (want_a + want_f) < want_a * tot;
}

/**
 * lrucost_steer_file_held - whether a file-first MGLRU batch finds no file
 * @g: the lruvec's generations as the batch finds them
 *
 * File's oldest generation moves on only as far as anon's
 * (try_to_inc_min_seq(): file's new min_seq is the larger of anon's new
 * one and its own old one).  Once file has nothing to evict there (its
 * oldest generation empty in the zones the reclaim may take, or file
 * down to MIN_NR_GENS (2) generations, below which scan_folios() takes
 * nothing) while anon's oldest is no younger, a file-first batch falls
 * back to anon, and so does every batch until anon's generation is gone,
 * whatever the policy wants (a debug build on 6.12 and 6.1 found every
 * such batch at min_seq 3/3, 4/4, 8/8 with file's oldest empty; at
 * anon_percent=10, 1,063 of 4,418 file-first batches, 26% of the pages
 * scanned anon).  An aging step moves those anon pages on without
 * evicting them: forced where anon holds every generation it can
 * (inc_min_seq()), as a rotation keeps pages.  Passing such a batch as
 * file only would not wait for it: the batch would isolate nothing and
 * end the lruvec's turn (try_to_shrink_lruvec()), stalling reclaim.  So
 * the batch is left to take anon, and asks for the step.
 *
 * Return: 1 if the batch finds no file to evict, 0 otherwise (and for a
 * torn read: a min_seq above max_seq, or anon's above file's).
 */
int lrucost_steer_file_held(const struct lrucost_gens *g)
{
	if (g->min_seq_file > g->max_seq || g->min_seq_anon > g->min_seq_file)
		return 0;
	return g->max_seq - g->min_seq_file < LRUCOST_MIN_NR_GENS ||
	       !g->file_oldest;
}

/**
 * lrucost_steer_cache_trim - whether an MGLRU batch is left to the kernel
 * @now: the time, in ticks
 * @file_io_at: when a file refault last cost IO, in ticks, | 1; 0: never
 * @window: how long a refault counts as recent, in ticks
 *
 * The classic LRU's cache_trim_mode: while the page cache does not
 * thrash, dropping it is cheap, and get_scan_count() reclaims file only
 * (prepare_scan_control() allows it when no file refault came since the
 * last reclaim of the node and there is inactive file to trim).  The cost
 * model cannot say that by itself: with no cost seen on either list it
 * splits by swappiness alone, and under MGLRU, which has no such mode,
 * lrucost then swapped idle anon out while large files were copied and
 * nothing was refaulted (6.12, service-io: 3,163 pages over a copy of
 * half of RAM, stock MGLRU 0).  So without a file refault that cost IO
 * within @window the batch keeps the kernel's choice, as stock MGLRU
 * would make it.
 *
 * Return: 1 to leave the batch to the kernel, 0 to steer it.
 */
int lrucost_steer_cache_trim(unsigned long now, unsigned long file_io_at,
			     unsigned long window)
{
	/* signed: a stamp from the same tick, | 1, may lie one ahead */
	return !file_io_at || (long)(now - file_io_at) > (long)window;
}

/**
 * lrucost_steer_trim_reads - whether file reads charged now end the trim
 * @w: the reads charged in the lruvec's current window, updated
 * @now: the time, in ticks
 * @reads: the file reads charged now
 * @window: a window's length, in ticks (the trim's)
 *
 * The kernel leaves its cache_trim_mode for one reclaim run after any
 * file refault it activates.  lrucost's trim holds for a window of many
 * runs, so one stray refault (a library page, a copy stepping back) would
 * hand a whole window to the cost model, which, with little cost on
 * either list, splits much as by swappiness: in service-io on 6.12 one to
 * three reads charged over a copy of 1 or 1.5 times RAM still swapped
 * 3,710 and 10,511 pages of memcached (stock MGLRU 0).  A page cache
 * that thrashes refaults far more: LRUCOST_TRIM_READS reads within one
 * window end the trim (the caller stamps the lruvec then).  Windows are
 * counted back to back from the first read charged.
 *
 * Return: 1 if the window now holds LRUCOST_TRIM_READS reads or more.
 */
int lrucost_steer_trim_reads(struct lrucost_trim_reads *w, unsigned long now,
			     unsigned long reads, unsigned long window)
{
	if (!w->start || (long)(now - w->start) > (long)window) {
		w->start = now | 1;
		w->reads = 0;
	}
	w->reads = reads > ~0UL - w->reads ? ~0UL : w->reads + reads;
	return w->reads >= LRUCOST_TRIM_READS;
}
