/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Turning a wanted anon/file split into inputs the stock 6.1 reclaim code
 * accepts.  Plain C, no kernel or libc headers (see lrucost_policy.h).
 *
 * get_scan_count() is inlined into shrink_lruvec() on 6.1, so its result
 * cannot be replaced; its inputs in struct scan_control can.  Through the
 * costs alone the stock formula only reaches a 1:2..2:1 band around
 * swappiness : (200 - swappiness); beyond it, lrucost alternates file-only
 * passes (may_swap cleared) and anon-only ones (file_is_tiny set) with
 * passes at the band's edge, so that the scanned pages add up to the
 * wanted share over time (error diffusion).  MGLRU takes one type per
 * eviction batch; lrucost_steer_batch() diffuses the same error there.
 */
#ifndef LRUCOST_STEER_H
#define LRUCOST_STEER_H

/* The cost total lrucost writes into scan_control: precision 2^-20. */
#define LRUCOST_STEER_SCALE	(1UL << 20)
/* MGLRU's MIN_NR_GENS: the generations a type keeps, every version */
#define LRUCOST_MIN_NR_GENS	2

enum lrucost_steer_mode {
	LRUCOST_STEER_FRACT,	/* proportional, with the costs given */
	LRUCOST_STEER_ANON,	/* anon only: set file_is_tiny */
	LRUCOST_STEER_FILE,	/* file only: clear may_swap */
};

/**
 * struct lrucost_gens - an MGLRU lruvec's generations, as a batch sees them
 * @min_seq_anon: anon's oldest generation (lrugen->min_seq[])
 * @min_seq_file: file's oldest generation
 * @max_seq: the youngest generation
 * @file_oldest: file pages in file's oldest generation, in the zones the
 *	reclaim may take from
 */
struct lrucost_gens {
	unsigned long min_seq_anon;
	unsigned long min_seq_file;
	unsigned long max_seq;
	unsigned long file_oldest;
};

/**
 * struct lrucost_steer_debt - what earlier passes owe the wanted share
 * @anon: anon pages scanned
 * @total: pages scanned
 *
 * Per lruvec; both are halved together past a window of pages scanned,
 * so old passes fade.
 */
struct lrucost_steer_debt {
	unsigned long anon;
	unsigned long total;
};

/**
 * struct lrucost_steer - one pass's decision
 * @mode: how the pass is steered
 * @anon_cost: for LRUCOST_STEER_FRACT, the value for sc->anon_cost
 * @file_cost: for LRUCOST_STEER_FRACT, the value for sc->file_cost
 * @est_anon: anon pages the pass is estimated to scan, in the units of
 *	the list sizes given (only the ratio to @est_file is meaningful)
 * @est_file: file pages the pass is estimated to scan
 * @refill: 1 for a file-only pass onto an inactive file list with
 *	nothing at the pass's priority, there to deactivate active file
 *	pages into it (lrucost_steer_pass() only)
 */
struct lrucost_steer {
	enum lrucost_steer_mode mode;
	unsigned long anon_cost;
	unsigned long file_cost;
	unsigned long est_anon;
	unsigned long est_file;
	int refill;
};

/*
 * File reads an lruvec must be charged within one trim window before its
 * batches leave the cache trim (lrucost_steer_trim_reads()).
 */
#define LRUCOST_TRIM_READS	32UL

/**
 * struct lrucost_trim_reads - file reads charged in an lruvec's window
 * @start: when the window began, in ticks, | 1; 0: none yet
 * @reads: file reads charged since
 */
struct lrucost_trim_reads {
	unsigned long start;
	unsigned long reads;
};

void lrucost_steer_costs(unsigned long ap, unsigned long fp,
			 unsigned int swappiness, struct lrucost_steer *out);
void lrucost_steer_pass(unsigned long ap, unsigned long fp,
			unsigned int swappiness, unsigned int priority,
			unsigned long anon_pages, unsigned long file_pages,
			unsigned long refill_file,
			struct lrucost_steer_debt *debt,
			struct lrucost_steer *out);
void lrucost_steer_trim_pass(unsigned long ap, unsigned long fp,
			     unsigned int swappiness, unsigned int priority,
			     unsigned long anon_pages, unsigned long file_pages,
			     struct lrucost_steer_debt *debt,
			     struct lrucost_steer *out);
unsigned long lrucost_steer_anon_part(unsigned long scanned,
				      unsigned long est_anon,
				      unsigned long est_file);
void lrucost_steer_account(struct lrucost_steer_debt *debt,
			   unsigned long scan_anon, unsigned long scan_file,
			   unsigned long window);
unsigned int lrucost_steer_anon_permille(unsigned long ap, unsigned long fp,
					 unsigned long anon_pages,
					 unsigned long file_pages);
int lrucost_steer_batch(unsigned long ap, unsigned long fp,
			unsigned long anon_pages, unsigned long file_pages,
			const struct lrucost_steer_debt *debt);
int lrucost_steer_file_held(const struct lrucost_gens *g);
int lrucost_steer_cache_trim(unsigned long now, unsigned long file_io_at,
			     unsigned long window);
int lrucost_steer_trim_reads(struct lrucost_trim_reads *w, unsigned long now,
			     unsigned long reads, unsigned long window);
void lrucost_stock_split(unsigned long anon_cost, unsigned long file_cost,
			 unsigned int swappiness, unsigned long *ap,
			 unsigned long *fp);

#endif /* LRUCOST_STEER_H */
