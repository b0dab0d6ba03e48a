// SPDX-License-Identifier: GPL-2.0
/*
 * MGLRU state.  With the multi-gen LRU enabled, shrink_lruvec() hands
 * reclaim to lru_gen_shrink_lruvec() and the classic anon/file balance
 * lrucost steers is not used.  lru_gen_enabled() is an inline over the
 * unexported static key array lru_gen_caps; its first key
 * (LRU_GEN_CORE) is read here through kallsyms.  What lrucost reads of
 * a lruvec's generations (lruvec->lrugen) is read here too, and only
 * here.
 */
#include <linux/jump_label.h>
#include <linux/minmax.h>
#include <linux/mmzone.h>
#include <linux/string.h>
#include "lrucost.h"
#include "lrucost_steer.h"

static struct static_key *lru_gen_core;

/**
 * lrucost_mglru_init - find the MGLRU core switch
 *
 * Return: 0; a kernel without MGLRU simply never reports it on.
 */
int lrucost_mglru_init(void)
{
	lru_gen_core = (struct static_key *)lrucost_ksym("lru_gen_caps");
	return 0;
}

/**
 * lrucost_mglru_known - whether this kernel has MGLRU at all
 *
 * Return: true if lru_gen_caps was found.
 */
bool lrucost_mglru_known(void)
{
	return lru_gen_core != NULL;
}

/**
 * lrucost_mglru_enabled - whether MGLRU is on right now
 *
 * Return: true if /sys/kernel/mm/lru_gen/enabled has the core bit set.
 */
bool lrucost_mglru_enabled(void)
{
	return lru_gen_core && static_key_count(lru_gen_core) > 0;
}

/**
 * lrucost_mglru_max_seq - a lruvec's youngest generation
 * @lruvec: the lruvec
 *
 * Return: its max_seq, as an aging request names it; 0 without MGLRU.
 */
unsigned long lrucost_mglru_max_seq(struct lruvec *lruvec)
{
#ifdef CONFIG_LRU_GEN
	return READ_ONCE(lruvec->lrugen.max_seq);
#else
	return 0;
#endif
}

/**
 * lrucost_mglru_anon_full - whether anon holds every generation it can
 * @lruvec: the lruvec
 *
 * Anon's oldest generation is never younger than file's
 * (try_to_inc_min_seq()), so while file's oldest keeps being refilled
 * (pages read through read() are added there, lru_gen_folio_seq()),
 * anon's cannot move on either, however empty: anon is out of reach
 * with every generation in use.  The kernel then refuses an aging
 * request without force_scan (run_aging(): -ERANGE); a forced one moves
 * each full type's oldest generation into the next (inc_max_seq(),
 * inc_min_seq()), as its own aging does when a lruvec is full.
 *
 * Return: true if anon spans MAX_NR_GENS generations; false without
 * MGLRU.
 */
bool lrucost_mglru_anon_full(struct lruvec *lruvec)
{
#ifdef CONFIG_LRU_GEN
	return READ_ONCE(lruvec->lrugen.min_seq[LRU_GEN_ANON]) +
	       MAX_NR_GENS - 1 <= lrucost_mglru_max_seq(lruvec);
#else
	return false;
#endif
}

/**
 * lrucost_mglru_gens - what a batch decides its file-first form on
 * @lruvec: the lruvec, its lru_lock held (isolate_folios()'s caller)
 * @reclaim_idx: the highest zone the reclaim may take from
 * @g: out: its generations (lrucost_steer_file_held()); zero without
 *	MGLRU
 */
void lrucost_mglru_gens(struct lruvec *lruvec, int reclaim_idx,
			struct lrucost_gens *g)
{
	memset(g, 0, sizeof(*g));
#ifdef CONFIG_LRU_GEN
	{
		long pages = 0;
		int gen, zone;

		BUILD_BUG_ON(MIN_NR_GENS != LRUCOST_MIN_NR_GENS);
		g->min_seq_anon = READ_ONCE(lruvec->lrugen.min_seq[LRU_GEN_ANON]);
		g->min_seq_file = READ_ONCE(lruvec->lrugen.min_seq[LRU_GEN_FILE]);
		g->max_seq = lrucost_mglru_max_seq(lruvec);
		gen = g->min_seq_file % MAX_NR_GENS;
		for (zone = 0; zone <= reclaim_idx && zone < MAX_NR_ZONES;
		     zone++)
			pages += READ_ONCE(lruvec->lrugen.nr_pages[gen][LRU_GEN_FILE][zone]);
		g->file_oldest = max(pages, 0L);
	}
#endif
}

/**
 * lrucost_mglru_sizes - a lruvec's pages, from its generations
 * @lruvec: the lruvec
 * @size: out, NR_LRU_LISTS entries indexed by enum lru_list, zeroed first
 *
 * MGLRU's sizes from its own per-generation counts, as it reports them
 * to the list sizes (lru_gen_update_size()): the two youngest
 * generations count as active.  Not from the memcg's per-zone list
 * sizes: MGLRU does not keep those (it calls __update_lru_size(), not
 * update_lru_size()), so under MGLRU they read 0 or what the classic LRU
 * left.
 */
void lrucost_mglru_sizes(struct lruvec *lruvec, unsigned long *size)
{
	enum lru_list lru;

	for (lru = 0; lru < NR_LRU_LISTS; lru++)
		size[lru] = 0;
#ifdef CONFIG_LRU_GEN
	{
		unsigned long max_seq = lrucost_mglru_max_seq(lruvec), seq;
		int type, zone;

		for (seq = max_seq - MAX_NR_GENS + 1; seq <= max_seq; seq++) {
			int gen = seq % MAX_NR_GENS;
			bool active = seq + 1 >= max_seq;

			for (type = 0; type < ANON_AND_FILE; type++) {
				lru = type * LRU_FILE +
				      (active ? LRU_ACTIVE : 0);
				for (zone = 0; zone < MAX_NR_ZONES; zone++)
					size[lru] += max(READ_ONCE(lruvec->lrugen.nr_pages[gen][type][zone]),
							 0L);
			}
		}
	}
#endif
}

/**
 * lrucost_mglru_refaulted - the refaults MGLRU has counted as recent
 * @lruvec: the lruvec
 * @file: of file pages (else anon)
 *
 * lru_gen_refault() adds a refault whose shadow is from a generation
 * still in reach to lrugen->refaulted[][type][], the refault rate its
 * own type controller (get_type_to_scan()) balances on.  The sum over
 * the history slots and tiers only grows, but for the moments a slot is
 * cleared as min_seq moves on (reset_ctrl_pos()).
 *
 * Return: the sum, in pages; 0 without MGLRU.
 */
long lrucost_mglru_refaulted(struct lruvec *lruvec, bool file)
{
	long sum = 0;
#ifdef CONFIG_LRU_GEN
	int hist, tier;

	for (hist = 0; hist < NR_HIST_GENS; hist++)
		for (tier = 0; tier < MAX_NR_TIERS; tier++)
			sum += atomic_long_read(&lruvec->lrugen.refaulted[hist][file][tier]);
#endif
	return sum;
}
