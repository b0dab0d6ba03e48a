// SPDX-License-Identifier: GPL-2.0
/*
 * The override of the anon/file choice under MGLRU (6.1 with MGLRU
 * switched on, 6.12 and 7.x as shipped).
 *
 * Why here, and why this way.  The multi-gen LRU does not split a pass
 * between the two types as get_scan_count() does: evict_folios() takes
 * one batch at a time, of one type, from that type's oldest generation,
 * and isolate_folios() is where the type is chosen.  That choice reads
 * one input the caller hands in, swappiness, and the values 1 and 200
 * mean "file first" and "anon first" on every version (6.1, 6.12: the
 * explicit cases in isolate_folios(); 7.x: get_type_to_scan()), each
 * falling back to the other type when the first has nothing to isolate.
 * isolate_folios() is a real symbol on each of them, called with the
 * lruvec's lru_lock held.  So lrucost hooks it with a kretprobe:
 *
 *   entry: decide the batch's type from the same policy core as the
 *          classic adapter (lrucost_wanted_split(), then
 *          lrucost_steer_batch(): error diffusion over the pages each
 *          batch isolated), and rewrite the swappiness argument to 1 or
 *          200;
 *   return: read what the batch isolated, of which type, and account it
 *          into the lruvec's debt, as the classic return handler does
 *          for a pass.
 *
 * Nothing in kernel memory is written: the argument is the register
 * isolate_folios() receives (an entry kprobe's register changes reach
 * the function, see KERNEL-FACTS-6.12-7.x.md 4.3), gone when it returns.
 * The callers' own decisions around the batch, how much to scan and
 * whether to age, keep the kernel's value.
 *
 * The kernel's safety decisions are kept: a batch is left alone when the
 * kernel passed swappiness 0 (!may_swap, no swap left, or a swappiness
 * of 0: anon is not to be reclaimed), 201 (7.x: proactive reclaim asked
 * for anon only), at priority 0 (the last resort), and when the
 * allocation may not do IO (6.1 and 6.12 then take file themselves; anon
 * could not be isolated anyway).  A type with nothing evictable is never
 * forced: 1 and 200 keep the fallback.  A cgroup's swappiness 0 is set
 * where MGLRU reads the swappiness, for the whole reclaim visit
 * (mglru_noswap.c), so such a lruvec's batches come here with 0.
 *
 * MGLRU has no counterpart of the classic LRU's cache_trim_mode, in which
 * the kernel reclaims file only while the page cache does not thrash and
 * lrucost leaves it alone (steer_hook.c).  So with the cost model (no
 * anon_percent), a batch is left to the kernel unless, within the last
 * LRUCOST_TRIM_WINDOW, the lruvec's file refaults reached
 * LRUCOST_TRIM_READS reads charged in one such window
 * (lrucost_steer_trim_reads(), lrucost_steer_cache_trim(); stat
 * skipped_cache_trim): with nothing
 * refaulted, the model has no cost to weigh and would split by
 * swappiness alone, swapping idle anon out for cache that is never read
 * again.  Ten seconds is many reclaim runs (the kernel's own test is
 * "since the last one") and short beside a copy of a large file; a
 * thrash refaults many times a second.
 *
 * When an anon-first batch isolates file, anon had nothing in its oldest
 * generation: MGLRU only evicts from there, and that generation moves on
 * only when the kernel ages the lruvec, which under a re-read file set it
 * may never do.  The stat anon_out_of_reach counts those batches, and
 * each asks for one aging step (mglru_age.c).  The other way round,
 * file_took_anon counts file-first batches that isolated anon: the
 * kernel's fallback when the oldest file folios were all kept, and on
 * 6.1 and 6.12 its rule to take anon first while anon's oldest
 * generation is the older, whatever the batch asked but 0.  On every
 * version file's oldest generation moves on only as far as anon's, so
 * where file has nothing to evict before anon's oldest generation goes
 * the batch takes anon, and then asks for one aging step
 * (lrucost_steer_file_held()), as an anon-first batch does that finds no
 * anon.
 *
 * Both handlers run under the lru_lock, interrupts off, and take no lock
 * of their own.  Unload drains pending returns before the lruvec table
 * goes (lrucost_drain()).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/kprobes.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/ptrace.h>
#include <linux/sysfs.h>
#include "lrucost.h"
#include "lrucost_steer.h"

/* the swappiness that means anon first, file first: every version */
#define ANON_FIRST	200
#define FILE_FIRST	1
/* LRU_GEN_ANON, LRU_GEN_FILE: the type isolate_folios() reports */
#define GEN_ANON	0

/* where isolate_folios()'s arguments are, per prototype (targets.c) */
struct isolate_args {
	int lruvec, sc, swappiness;
	int type;		/* int *: the type the batch took */
	int list;		/* the isolated folios; -1 if @isolated says */
	int isolated;		/* int *: pages isolated; -1 if not given */
};

static const struct isolate_args protos[] = {
	[LRUCOST_ISOLATE_TYPE] = { 0, 1, 2, 3, 4, -1 },
	[LRUCOST_ISOLATE_NR_TYPE] = { 1, 2, 3, 4, 5, -1 },
	[LRUCOST_ISOLATE_ISOLATED] = { 1, 2, 3, 6, 4, 5 },
};

static const struct isolate_args *args;
static unsigned long off_priority, off_gfp_mask, off_reclaim_idx;
static bool armed;

static atomic_t in_flight = ATOMIC_INIT(0);
static bool stopping;

struct batch {
	struct lrucost_lruvec *e;
	struct lruvec *lruvec;	/* the batch's; e's key at entry */
	int *type;
	int *isolated;
	struct list_head *list;
	bool anon_first;
	bool file_held;		/* file first, none to evict: see below */
	/* the split and sizes the batch was steered by: the aging's pace */
	unsigned long ap, fp, anon, file;
	unsigned long max_seq;	/* as the batch saw it: for an aging request */
};

/* the argument registers at a function's entry, x86-64 */
static void set_arg(struct pt_regs *regs, int n, unsigned long v)
{
	switch (n) {
	case 2:
		regs->dx = v;
		break;
	case 3:
		regs->cx = v;
		break;
	}
}

/* Why a batch is left to the kernel, or LRUCOST_NR_STATS to steer it. */
static enum lrucost_stat leave_reason(void *sc, long swappiness,
				      const struct lrucost_knob_set *k)
{
	if (!k->enabled)
		return LRUCOST_STAT_SKIP_DISABLED;
	if (swappiness <= 0 || swappiness > ANON_FIRST)
		return LRUCOST_STAT_SKIP_NO_SWAP;
	if (!READ_ONCE(*((signed char *)sc + off_priority)))
		return LRUCOST_STAT_SKIP_PRIORITY0;
	if (!(READ_ONCE(*(gfp_t *)((char *)sc + off_gfp_mask)) & __GFP_IO))
		return LRUCOST_STAT_SKIP_NO_IO;
	return LRUCOST_NR_STATS;
}

static int isolate_entry_body(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct batch *b = (struct batch *)ri->data;
	struct lruvec *lruvec;
	unsigned long size[NR_LRU_LISTS], anon, file, ap, fp;
	struct lrucost_knob_set k;
	long swappiness;
	enum lrucost_stat why;
	struct lrucost_gens g;
	int pct;
	void *sc;

	if (READ_ONCE(stopping))
		return 1;	/* no return hook: see lrucost_drain() */
	atomic_inc(&in_flight);
	b->e = NULL;
	lruvec = (struct lruvec *)regs_get_kernel_argument(regs, args->lruvec);
	/* every batch, steered or not: costs are kept either way */
	b->lruvec = lruvec;
	lrucost_sort_begin();
	sc = (void *)regs_get_kernel_argument(regs, args->sc);
	swappiness = (int)regs_get_kernel_argument(regs, args->swappiness);
	/* a cgroup's swappiness 0 comes as the kernel's: mglru_noswap.c */
	lrucost_policy_get(lruvec, NULL, &k);
	why = leave_reason(sc, swappiness, &k);
	if (why != LRUCOST_NR_STATS) {
		lrucost_stat_inc(why);
		return 0;
	}
	b->e = lrucost_lruvec_get(lruvec);
	if (!b->e)
		return 0;
	pct = k.anon_percent;
	if (pct < 0 && lrucost_steer_cache_trim(jiffies,
						READ_ONCE(b->e->file_io_at),
						LRUCOST_TRIM_WINDOW)) {
		lrucost_stat_inc(LRUCOST_STAT_SKIP_CACHE_TRIM);
		b->e = NULL;
		return 0;
	}
	lrucost_lru_sizes(lruvec, size);
	anon = size[LRU_INACTIVE_ANON] + size[LRU_ACTIVE_ANON];
	file = size[LRU_INACTIVE_FILE] + size[LRU_ACTIVE_FILE];
	lrucost_wanted_split(b->e, anon, file, swappiness, &k, &ap, &fp);
	WRITE_ONCE(b->e->ap, ap);
	WRITE_ONCE(b->e->fp, fp);
	b->anon_first = lrucost_steer_batch(ap, fp, anon, file, &b->e->debt);
	b->ap = ap;
	b->fp = fp;
	b->anon = anon;
	b->file = file;
	b->max_seq = lrucost_mglru_max_seq(lruvec);
	b->type = (int *)regs_get_kernel_argument(regs, args->type);
	b->isolated = args->isolated < 0 ? NULL :
		(int *)regs_get_kernel_argument(regs, args->isolated);
	b->list = (struct list_head *)regs_get_kernel_argument(regs, args->list);
	b->file_held = false;
	if (!b->anon_first) {
		lrucost_mglru_gens(lruvec, READ_ONCE(*((signed char *)sc +
						       off_reclaim_idx)), &g);
		b->file_held = lrucost_steer_file_held(&g);
	}
	set_arg(regs, args->swappiness, b->anon_first ? ANON_FIRST : FILE_FIRST);
	lrucost_stat_inc(LRUCOST_STAT_STEERED);
	lrucost_stat_inc(b->anon_first ? LRUCOST_STAT_STEER_ANON :
			 LRUCOST_STAT_STEER_FILE);
	return 0;
}
NOKPROBE_SYMBOL(isolate_entry_body);

/* timed when time_hooks is set (lrucost_hook_begin()) */
static int isolate_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return LRUCOST_TIMED(isolate_entry_body(ri, regs));
}
NOKPROBE_SYMBOL(isolate_entry);

/* pages on the caller's private list of folios just isolated */
static unsigned long list_pages(struct list_head *list)
{
	struct folio *folio;
	unsigned long n = 0;

	list_for_each_entry(folio, list, lru)
		n += folio_nr_pages(folio);
	return n;
}

/* the anon share the batch was steered to: an aging request's pace */
static unsigned int batch_anon_permille(const struct batch *b)
{
	return lrucost_steer_anon_permille(b->ap, b->fp, b->anon, b->file);
}

static int isolate_return_body(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	struct batch *b = (struct batch *)ri->data;
	unsigned long n = lrucost_sort_end();
	int type;

	if (n) {
		/* MGLRU's rotations of anon: mglru_sort.c */
		lrucost_stat_add(LRUCOST_STAT_PROMOTED_ANON, n);
		lrucost_lruvec_note(b->lruvec, false, LRUCOST_CPU, n);
	}
	if (!b->e || READ_ONCE(b->e->key) != b->lruvec)
		goto out;
	type = READ_ONCE(*b->type);
	if (b->isolated)
		n = max(READ_ONCE(*b->isolated), 0);
	else
		n = regs_return_value(regs) ? list_pages(b->list) : 0;
	if (b->anon_first && (type != GEN_ANON || !n)) {
		lrucost_stat_inc(LRUCOST_STAT_ANON_OUT_OF_REACH);
		lrucost_age_request(b->e, b->max_seq,
				    lrucost_mglru_anon_full(b->lruvec),
				    batch_anon_permille(b));
	}
	if (!b->anon_first && type == GEN_ANON && n) {
		lrucost_stat_inc(LRUCOST_STAT_FILE_TOOK_ANON);
		/* file held back by anon: lrucost_steer_file_held() */
		if (b->file_held)
			lrucost_age_request(b->e, b->max_seq,
					    lrucost_mglru_anon_full(b->lruvec),
					    1000 - batch_anon_permille(b));
	}
	if (n)
		lrucost_steer_account(&b->e->debt, type == GEN_ANON ? n : 0,
				      type == GEN_ANON ? 0 : n,
				      b->anon + b->file + 1);
out:
	/* last: the drain waits for this, see lrucost_drain() */
	atomic_dec(&in_flight);
	return 0;
}
NOKPROBE_SYMBOL(isolate_return_body);

/* timed when time_hooks is set (lrucost_hook_begin()) */
static int isolate_return(struct kretprobe_instance *ri,
			  struct pt_regs *regs)
{
	return LRUCOST_TIMED(isolate_return_body(ri, regs));
}
NOKPROBE_SYMBOL(isolate_return);

static struct kretprobe isolate_probe = {
	.entry_handler = isolate_entry,
	.handler = isolate_return,
	.data_size = sizeof(struct batch),
};

/**
 * lrucost_mglru_steer_init - arm the MGLRU adapter where this kernel has one
 *
 * Where isolate_folios() cannot be hooked (no MGLRU, inlined, or a
 * prototype lrucost does not know), MGLRU is left to the kernel and
 * status says why; that is not a reason to refuse the load.
 *
 * Return: 0, or a negative errno after a pr_err naming the cause.
 */
int lrucost_mglru_steer_init(void)
{
	const struct lrucost_btf_member *prio, *gfp, *zone;
	int proto = lrucost_hook_proto(LRUCOST_HOOK_ISOLATE_FOLIOS);
	int ret;

	armed = false;
	if (!lrucost_mglru_known() || proto < 0)
		return 0;
	prio = lrucost_layout_field("scan_control", "priority");
	gfp = lrucost_layout_field("scan_control", "gfp_mask");
	zone = lrucost_layout_field("scan_control", "reclaim_idx");
	if (!prio || !gfp || !zone) {
		pr_err("BTF: no scan_control priority, gfp_mask or reclaim_idx; MGLRU left to the kernel\n");
		return 0;
	}
	off_priority = prio->bit_offset / 8;
	off_gfp_mask = gfp->bit_offset / 8;
	off_reclaim_idx = zone->bit_offset / 8;
	args = &protos[proto];
	WRITE_ONCE(stopping, false);
	lrucost_age_init();
	isolate_probe.kp.symbol_name =
		lrucost_hook_name(LRUCOST_HOOK_ISOLATE_FOLIOS);
	/* called under a spinlock: one at a time per CPU */
	isolate_probe.maxactive = max_t(int, 16, 2 * num_possible_cpus());
	/* first: a batch counts its promotions from its first call on */
	ret = lrucost_sort_init();
	if (ret)
		return ret;
	ret = register_kretprobe(&isolate_probe);
	if (ret) {
		pr_err("cannot hook %s: %d\n", isolate_probe.kp.symbol_name,
		       ret);
		lrucost_sort_exit();
		return ret;
	}
	armed = true;
	return 0;
}

/**
 * lrucost_mglru_steer_exit - disarm, after the last pending batch returned
 */
void lrucost_mglru_steer_exit(void)
{
	if (!armed)
		return;
	lrucost_drain(&stopping, &in_flight, "isolate_folios");
	unregister_kretprobe(&isolate_probe);
	lrucost_sort_exit();
	/* after the hook: nothing asks for aging any more */
	lrucost_age_exit();
	armed = false;
}

/**
 * lrucost_mglru_steerable - whether MGLRU batches are steered here
 *
 * Return: true once the isolate_folios() hook is armed.
 */
bool lrucost_mglru_steerable(void)
{
	return armed;
}

/**
 * lrucost_mglru_steer_show - append why MGLRU is not steered, if it is not
 * @buf: the sysfs page
 * @at: bytes already in @buf
 *
 * Return: bytes appended.
 */
int lrucost_mglru_steer_show(char *buf, int at)
{
	const char *why;

	int n;

	if (armed) {
		n = sysfs_emit_at(buf, at, "mglru steering: %s, missed %d\n",
				  lrucost_hook_name(LRUCOST_HOOK_ISOLATE_FOLIOS),
				  isolate_probe.nmissed);
		n += lrucost_sort_show(buf, at + n);
		return n + lrucost_age_show(buf, at + n);
	}
	if (!lrucost_mglru_known())
		why = "this kernel has no MGLRU";
	else if (lrucost_hook_proto(LRUCOST_HOOK_ISOLATE_FOLIOS) < 0)
		why = "isolate_folios() cannot be hooked here";
	else
		why = "scan_control lacks priority, gfp_mask or reclaim_idx";
	return sysfs_emit_at(buf, at, "mglru steering: unsupported: %s\n", why);
}
