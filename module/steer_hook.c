// SPDX-License-Identifier: GPL-2.0
/*
 * The override of the anon/file split on the classic LRU (6.1, 6.12, 7.x).
 *
 * Why here, and why this way.  get_scan_count(), where the stock kernel
 * turns costs into the anon/file split, is inlined into shrink_lruvec()
 * and cannot be hooked or replaced.  Replacing shrink_lruvec() itself
 * would mean re-implementing the static, inlined shrink_list() family:
 * far too much private code to copy and keep correct.  What can be reached
 * are get_scan_count()'s inputs: struct scan_control is passed to
 * shrink_lruvec(), and its members are found through the kernel's BTF
 * (layout.c).  So lrucost hooks shrink_lruvec() with a kretprobe:
 *
 *   entry: decide the pass (steer.c) and write sc->anon_cost/file_cost, or
 *          make it one-list with a flag get_scan_count() reads first
 *          (file_is_tiny set: anon only; may_swap cleared: file only),
 *          saving what was there;
 *   return: put every saved value back, so the rest of the reclaim pass,
 *          other memcgs' shrink_lruvec() calls included, sees the kernel's
 *          own values; and account what the pass really scanned
 *          (sc->nr_scanned since entry) to the lruvec's running share, so
 *          that the next passes make up for this one however large it
 *          was (a pass at priority 1 scans 2^11 times one at 12).
 *
 * The kernel's safety decisions are kept: a pass is left alone when anon
 * cannot be reclaimed (!may_swap, no swap space), at priority 0 (the equal
 * scan of a last resort), when the kernel itself chose file_is_tiny or
 * cache_trim_mode (but see below for a forced share), when steering is
 * disabled, and when MGLRU runs reclaim.
 * The checks get_scan_count() makes before those (cgroup swappiness 0, a
 * memcg's swap limit) still come first there and win over any bit set
 * here.
 *
 * File-only passes clear may_swap rather than set cache_trim_mode, the
 * kernel's own file-only mode, because 6.12 and later watch that mode:
 * when a whole kswapd run of trim passes reclaimed nothing, balance_pgdat()
 * restarts with no_cache_trim_mode and never trims again in that run.
 * lrucost leaves the kernel's trim decisions, and that escape, to the
 * kernel (its trim passes left file-only count as skipped, and what
 * shrink_node() sees of cache_trim_mode is always the kernel's), while its
 * own file-only passes stay bounded by the wanted share: whatever the file
 * lists do, anon keeps its part of the scan.  Within shrink_lruvec() the
 * classic LRU reads may_swap only there (6.1 and 6.12 source; MGLRU,
 * whose get_swappiness() also reads it, is never steered; on 7.3, from
 * its behaviour: file-only passes scan file only, tests/vm/t-fidelity.sh).
 *
 * A file-only pass may also be one onto a drained inactive file list,
 * to deactivate active file pages into it (lrucost_steer_pass()); such a
 * pass sets the DEACTIVATE_FILE bit of sc->may_deactivate, or it would
 * do nothing.  prepare_scan_control() clears that bit when no file
 * refault came since its last snapshot and the inactive list is not low
 * by the memcg statistics it reads, which it flushes rate-limited.  On
 * 6.12 under t-fidelity's load the bit must have been clear on many
 * passes whose inactive file list was empty: offering the refill only
 * where it was set gave 27 to 35 at anon_percent=10 over four rounds,
 * offering it always and setting the bit, 6 to 9 (one boot each).
 * Setting it is the kernel's own decision made on the exact list, and
 * what it does itself when it retries with force_deactivate.
 *
 * Trim mode is the kernel's guess that cache is cheap to drop, which is
 * what the cost model measures; a share forced with anon_percent is not a
 * guess, so there kswapd's trim passes may become anon-only when the
 * share needs anon (lrucost_steer_trim_pass(); file_is_tiny wins over
 * cache_trim_mode in get_scan_count()), and are otherwise the kernel's.
 * Left alone, they outnumbered the steered passes on 6.12 and held the
 * share at 50 to 36-38.  Never proportional, and never a direct
 * reclaimer's: it stops once it has its 32 pages, after a batch or two,
 * so its proportional passes scan about 1:2 whatever they aim at, and an
 * anon-only pass chosen to make up a deficit barely moves the debt and
 * is chosen again and again (6.12 at anon_percent=10: 22 to 44 with
 * direct reclaimers' trim passes steered, 13 and 17 without).
 *
 * Both handlers run with preemption disabled and take no lock; sc is the
 * reclaimer's own, so nothing else writes it.  Unload first stops new
 * steering, then waits until every steered pass has returned and been
 * restored, then unregisters: no scan_control is left modified, and no
 * return hook is pending when the probe goes (see lrucost_drain()).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/kprobes.h>
#include <linux/memcontrol.h>
#include <linux/mmzone.h>
#include <linux/swap.h>
#include <linux/vmstat.h>
#include "lrucost.h"
#include "lrucost_steer.h"

struct sc_bit {
	unsigned long byte;
	unsigned char mask;
};

static unsigned long off_anon_cost, off_file_cost, off_priority;
static unsigned long off_nr_scanned, off_target_memcg;
static struct sc_bit bit_may_swap, bit_trim, bit_tiny;
/*
 * sc->may_deactivate's DEACTIVATE_FILE bit (2 in vmscan.c, 6.1 to 7.3):
 * whether shrink_list() deactivates active file pages in this pass
 */
static struct sc_bit bit_deactivate_file;
static int *vm_swappiness_p;
/* 0: this kernel has no cgroup v1 swappiness (nor v1 memory controller) */
static unsigned long off_memcg_swappiness;
static unsigned long off_proactive_swappiness;

static atomic_t in_flight = ATOMIC_INIT(0);
static bool stopping;

/*
 * What entry changed, for return to put back; and what return must
 * account: the pass's scan (sc->nr_scanned since entry), split anon:file
 * as @est_anon:@est_file, into @e's debt.
 */
struct saved_pass {
	void *sc;
	unsigned long anon_cost, file_cost;
	bool tiny;
	bool deactivate_file;
	bool steered;
	struct lrucost_lruvec *e;
	struct lruvec *lruvec;	/* e's key at entry */
	unsigned long scanned, est_anon, est_file, window;
};

static bool sc_test(void *sc, const struct sc_bit *b)
{
	return READ_ONCE(*((unsigned char *)sc + b->byte)) & b->mask;
}

/*
 * Put one bit back.  Its byte holds other flags the kernel may change
 * inside the pass (get_scan_count() sets memcg_low_skipped when it scales
 * by memory.low, and do_try_to_free_pages() retries on it before OOM), so
 * only this bit is written.  The byte is the reclaimer's own: no race.
 */
static void sc_put(void *sc, const struct sc_bit *b, bool on)
{
	unsigned char *p = (unsigned char *)sc + b->byte;

	*p = on ? *p | b->mask : *p & ~b->mask;
}

static int sc_priority(void *sc)
{
	return READ_ONCE(*((signed char *)sc + off_priority));
}

static unsigned long *sc_ulong(void *sc, unsigned long off)
{
	return (unsigned long *)((char *)sc + off);
}

/* bit @bit of the bitfield @name, which must lie within one byte */
static int bit_of(const char *name, unsigned int bit, struct sc_bit *b)
{
	const struct lrucost_btf_member *m =
		lrucost_layout_field("scan_control", name);

	if (!m || bit >= m->bit_size || m->bit_offset % 8 + m->bit_size > 8)
		return -EINVAL;
	b->byte = m->bit_offset / 8;
	b->mask = 1U << (m->bit_offset % 8 + bit);
	return 0;
}

/*
 * The swappiness stock reclaim uses in this pass: sc_swappiness() (6.11
 * on), mem_cgroup_swappiness() before.  A memory.reclaim request's own
 * "swappiness=" first: its scan_control points at it for the request's
 * length (6.11 on; 7.x's "max" is 201, anon only).  Else only a non-root
 * memcg under cgroup v1 has its own; where the kernel is built without
 * v1, the member is absent and vm_swappiness is the answer.
 */
static unsigned int kernel_swappiness(void *sc, struct mem_cgroup *memcg)
{
	if (off_proactive_swappiness) {
		int *asked = (int *)READ_ONCE(*sc_ulong(sc,
						off_proactive_swappiness));

		if (asked)
			return READ_ONCE(*asked);
	}
	if (memcg && off_memcg_swappiness && !mem_cgroup_disabled() &&
	    !cgroup_subsys_on_dfl(memory_cgrp_subsys) &&
	    memcg->css.parent)
		return READ_ONCE(*(int *)((char *)memcg +
					  off_memcg_swappiness));
	return READ_ONCE(*vm_swappiness_p);
}

/*
 * Why a pass is left to the kernel, or LRUCOST_NR_STATS to steer it.  The
 * kernel's cache trim mode is left to it, but for kswapd's passes under a
 * share forced with anon_percent (@k's >= 0), which may become anon-only.
 */
static enum lrucost_stat leave_reason(void *sc, unsigned int swappiness,
				      const struct lrucost_knob_set *k)
{
	int pct = k->anon_percent;

	if (!k->enabled)
		return LRUCOST_STAT_SKIP_DISABLED;
	if (lrucost_mglru_enabled())
		return LRUCOST_STAT_SKIP_MGLRU;	/* counted if not steered */
	if (!sc_test(sc, &bit_may_swap) || get_nr_swap_pages() <= 0)
		return LRUCOST_STAT_SKIP_NO_SWAP;
	/*
	 * get_scan_count()'s own no-swap case: limit or proactive reclaim
	 * at swappiness 0 (a memory.reclaim "swappiness=0", a v1 memcg's
	 * 0) takes file only, whatever lrucost's swappiness says
	 */
	if (!swappiness && READ_ONCE(*sc_ulong(sc, off_target_memcg)))
		return LRUCOST_STAT_SKIP_NO_SWAP;
	if (!sc_priority(sc) && swappiness)
		return LRUCOST_STAT_SKIP_PRIORITY0;
	if (sc_test(sc, &bit_tiny))
		return LRUCOST_STAT_SKIP_FILE_TINY;
	if (sc_test(sc, &bit_trim) && (pct < 0 || !current_is_kswapd()))
		return LRUCOST_STAT_SKIP_CACHE_TRIM;
	return LRUCOST_NR_STATS;
}

/**
 * lrucost_wanted_split - the split lrucost wants for a lruvec
 * @e: its state
 * @anon_pages: the anon pages the split is applied to (classic: the
 *	inactive list; MGLRU: every generation)
 * @file_pages: the file pages, likewise
 * @kernel_sw: the swappiness stock reclaim would use
 * @k: the settings in force for the lruvec (lrucost_policy_get())
 * @ap: anon pressure, out
 * @fp: file pressure, out
 *
 * A forced anon share of the scan (anon_percent), or the seed's cost
 * model over this lruvec's observed costs.  Both LRUs' adapters ask
 * here, so the knobs, global or a cgroup's, mean the same under each.
 */
void lrucost_wanted_split(struct lrucost_lruvec *e, unsigned long anon_pages,
			  unsigned long file_pages, unsigned int kernel_sw,
			  const struct lrucost_knob_set *k, unsigned long *ap,
			  unsigned long *fp)
{
	unsigned long anon_cost, file_cost;
	int sw = k->swappiness, pct = k->anon_percent;

	if (pct >= 0) {
		/* pressure in inverse proportion to the sizes */
		*ap = (unsigned long)pct * (file_pages + 1);
		*fp = (unsigned long)(100 - pct) * (anon_pages + 1);
		return;
	}
	lrucost_lruvec_costs(e, &anon_cost, &file_cost);
	lrucost_split(anon_cost, file_cost, sw >= 0 ? sw : kernel_sw, ap, fp);
}

/* Have return account the pass into @e, split @est_anon:@est_file. */
static void account_later(struct saved_pass *s, struct lrucost_lruvec *e,
			  unsigned long est_anon, unsigned long est_file)
{
	s->e = e;
	s->est_anon = est_anon;
	s->est_file = est_file;
}

/*
 * What the pass scanned, closing the loop of lrucost_steer_pass(): passes
 * at priority 12 and at priority 1 scan lists 2^11 times apart, so the
 * debt counts pages, not passes.  sc->nr_scanned counts the inactive
 * pages the pass took off the lists, as pgscan does.
 */
static void account_now(struct saved_pass *s, unsigned long nr_scanned)
{
	unsigned long n = nr_scanned - s->scanned, a;

	/* the slot went to another lruvec while the pass ran */
	if (nr_scanned < s->scanned || READ_ONCE(s->e->key) != s->lruvec)
		return;
	if (n >= (1UL << 32) || !(s->est_anon + s->est_file))
		return;
	a = lrucost_steer_anon_part(n, s->est_anon, s->est_file);
	lrucost_steer_account(&s->e->debt, a, n - a, s->window);
}

/* what a steered pass changes, for return to put back */
static void save_pass(struct saved_pass *s, void *sc)
{
	s->sc = sc;
	s->anon_cost = *sc_ulong(sc, off_anon_cost);
	s->file_cost = *sc_ulong(sc, off_file_cost);
	s->tiny = sc_test(sc, &bit_tiny);
	s->deactivate_file = sc_test(sc, &bit_deactivate_file);
	s->steered = true;
}

static int entry_handler_body(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct saved_pass *s = (struct saved_pass *)ri->data;
	struct lruvec *lruvec = (struct lruvec *)regs->di;
	void *sc = (void *)regs->si;
	unsigned long size[NR_LRU_LISTS], ap, fp;
	struct lrucost_lruvec *e;
	struct lrucost_knob_set k;
	struct lrucost_steer st;
	unsigned int swappiness;
	enum lrucost_stat why;
	bool no_swap;

	if (READ_ONCE(stopping))
		return 1;	/* no return hook: see lrucost_drain() */
	atomic_inc(&in_flight);
	s->steered = false;
	s->e = NULL;
	no_swap = lrucost_policy_get(lruvec, NULL, &k);
	swappiness = kernel_swappiness(sc, lrucost_lruvec_memcg(lruvec));
	why = leave_reason(sc, swappiness, &k);
	if (why == LRUCOST_STAT_SKIP_MGLRU) {
		/* mglru_hook.c steers these passes' batches, where it can */
		if (!lrucost_mglru_steerable())
			lrucost_stat_inc(why);
		return 0;
	}
	if (why == LRUCOST_STAT_SKIP_DISABLED) {
		lrucost_stat_inc(why);
		return 0;
	}
	if (no_swap && why != LRUCOST_STAT_SKIP_NO_SWAP) {
		/*
		 * A cgroup's swappiness 0 (cgroups.c): file only, at priority
		 * 0 and with file tiny too; may_swap is set, as the pass
		 * would be left alone otherwise.  Not accounted: there is no
		 * share to make up.
		 */
		save_pass(s, sc);
		sc_put(sc, &bit_may_swap, false);
		lrucost_stat_inc(LRUCOST_STAT_CGROUP_NO_SWAP);
		return 0;
	}
	e = lrucost_lruvec_get(lruvec);
	if (!e)
		return 0;
	lrucost_lru_sizes(lruvec, size);
	s->sc = sc;
	s->lruvec = lruvec;
	s->scanned = READ_ONCE(*sc_ulong(sc, off_nr_scanned));
	/*
	 * Four turnovers of the inactive lists: a few passes at a low
	 * priority, each taking half a list, do not swing the share, and a
	 * changed target is still followed within a few turnovers
	 * (tests/unit/test_steer.c, test_pass_closed_loop()).
	 */
	s->window = 4 * (size[LRU_INACTIVE_ANON] + size[LRU_INACTIVE_FILE] + 1);
	if (why != LRUCOST_NR_STATS) {
		/*
		 * The kernel's one-list passes still count toward the share:
		 * the ones lrucost steers make up for them.  Priority 0's
		 * equal scan does not: no later pass could make up for it.
		 * Nor do passes without swap: made up for when swap is back,
		 * they would come back as a burst of swapping.
		 */
		if (why == LRUCOST_STAT_SKIP_CACHE_TRIM)
			account_later(s, e, 0, 1);
		else if (why == LRUCOST_STAT_SKIP_FILE_TINY)
			account_later(s, e, 1, 0);
		lrucost_stat_inc(why);
		return 0;
	}
	lrucost_wanted_split(e, size[LRU_INACTIVE_ANON],
			     size[LRU_INACTIVE_FILE], swappiness, &k, &ap, &fp);
	WRITE_ONCE(e->ap, ap);
	WRITE_ONCE(e->fp, fp);

	if (sc_test(sc, &bit_trim)) {
		/*
		 * kswapd under a forced share (leave_reason()): anon-only, or
		 * the kernel's trim pass as it is
		 */
		lrucost_steer_trim_pass(ap, fp, swappiness, sc_priority(sc),
					size[LRU_INACTIVE_ANON],
					size[LRU_INACTIVE_FILE], &e->debt,
					&st);
		if (st.mode != LRUCOST_STEER_ANON) {
			account_later(s, e, 0, 1);
			lrucost_stat_inc(LRUCOST_STAT_SKIP_CACHE_TRIM);
			return 0;
		}
	} else {
		lrucost_steer_pass(ap, fp, swappiness, sc_priority(sc),
				   size[LRU_INACTIVE_ANON],
				   size[LRU_INACTIVE_FILE],
				   size[LRU_ACTIVE_FILE], &e->debt, &st);
	}
	save_pass(s, sc);
	account_later(s, e, st.est_anon, st.est_file);
	switch (st.mode) {
	case LRUCOST_STEER_ANON:
		sc_put(sc, &bit_tiny, true);
		lrucost_stat_inc(LRUCOST_STAT_STEER_ANON);
		break;
	case LRUCOST_STEER_FILE:
		/* may_swap was set, or the pass would have been left alone */
		sc_put(sc, &bit_may_swap, false);
		/* a refill (lrucost_steer_pass()): deactivate, see above */
		if (st.refill)
			sc_put(sc, &bit_deactivate_file, true);
		lrucost_stat_inc(LRUCOST_STAT_STEER_FILE);
		break;
	default:
		*sc_ulong(sc, off_anon_cost) = st.anon_cost;
		*sc_ulong(sc, off_file_cost) = st.file_cost;
	}
	lrucost_stat_inc(LRUCOST_STAT_STEERED);
	return 0;
}
NOKPROBE_SYMBOL(entry_handler_body);

/* timed when time_hooks is set (lrucost_hook_begin()) */
static int entry_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return LRUCOST_TIMED(entry_handler_body(ri, regs));
}
NOKPROBE_SYMBOL(entry_handler);

static int return_handler_body(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	struct saved_pass *s = (struct saved_pass *)ri->data;
	void *sc = s->sc;

	if (s->e)
		account_now(s, READ_ONCE(*sc_ulong(sc, off_nr_scanned)));
	if (!s->steered)
		goto out;
	*sc_ulong(sc, off_anon_cost) = s->anon_cost;
	*sc_ulong(sc, off_file_cost) = s->file_cost;
	/* set at entry, or the pass would not have been steered */
	sc_put(sc, &bit_may_swap, true);
	sc_put(sc, &bit_tiny, s->tiny);
	sc_put(sc, &bit_deactivate_file, s->deactivate_file);
out:
	/* last: the drain waits for this, see lrucost_drain() */
	atomic_dec(&in_flight);
	return 0;
}
NOKPROBE_SYMBOL(return_handler_body);

/* timed when time_hooks is set (lrucost_hook_begin()) */
static int return_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return LRUCOST_TIMED(return_handler_body(ri, regs));
}
NOKPROBE_SYMBOL(return_handler);

static struct kretprobe shrink_lruvec_probe = {
	.entry_handler = entry_handler,
	.handler = return_handler,
	.data_size = sizeof(struct saved_pass),
};

/**
 * lrucost_steer_init - arm the shrink_lruvec override
 *
 * Return: 0, or a negative errno after a pr_err naming the cause.
 */
int lrucost_steer_init(void)
{
	const struct lrucost_btf_member *m;
	int ret;

	vm_swappiness_p = (int *)lrucost_ksym("vm_swappiness");
	if (!vm_swappiness_p) {
		pr_err("symbol vm_swappiness not found; refusing to load\n");
		return -ENOENT;
	}
	m = lrucost_layout_field("scan_control", "anon_cost");
	off_anon_cost = m->bit_offset / 8;
	m = lrucost_layout_field("scan_control", "file_cost");
	off_file_cost = m->bit_offset / 8;
	m = lrucost_layout_field("scan_control", "priority");
	off_priority = m->bit_offset / 8;
	m = lrucost_layout_field("scan_control", "nr_scanned");
	off_nr_scanned = m->bit_offset / 8;
	/* optional: 7.x without CONFIG_MEMCG_V1 has no v1 swappiness */
	m = lrucost_layout_field("mem_cgroup", "swappiness");
	off_memcg_swappiness = m ? m->bit_offset / 8 : 0;
	/* optional: before 6.11 memory.reclaim takes no swappiness */
	m = lrucost_layout_field("scan_control", "proactive_swappiness");
	off_proactive_swappiness = m ? m->bit_offset / 8 : 0;
	m = lrucost_layout_field("scan_control", "target_mem_cgroup");
	off_target_memcg = m->bit_offset / 8;
	if (bit_of("may_swap", 0, &bit_may_swap) ||
	    bit_of("cache_trim_mode", 0, &bit_trim) ||
	    bit_of("file_is_tiny", 0, &bit_tiny) ||
	    bit_of("may_deactivate", 1, &bit_deactivate_file)) {
		pr_err("BTF: unexpected scan_control bitfields; refusing to load\n");
		return -EINVAL;
	}
	WRITE_ONCE(stopping, false);
	/* reclaimers sleep inside shrink_lruvec: allow many at once */
	shrink_lruvec_probe.kp.symbol_name =
		lrucost_hook_name(LRUCOST_HOOK_SHRINK_LRUVEC);
	shrink_lruvec_probe.maxactive = max_t(int, 64, 4 * num_possible_cpus());
	ret = register_kretprobe(&shrink_lruvec_probe);
	if (ret)
		pr_err("cannot hook %s: %d\n",
		       shrink_lruvec_probe.kp.symbol_name, ret);
	return ret;
}

/**
 * lrucost_drain - wait until no kretprobe instance of ours is pending
 * @stopping: set here; entry handlers then decline their return hook
 * @pending: instances whose return handler has not run yet
 * @what: for the log, should the wait be long
 *
 * Every instance that took a return hook must have run its return
 * handler before the probe goes.  Unregistration only drops pending
 * instances: for the steering hook that would leave a reclaimer's
 * scan_control steered, since its return handler is what puts it back.
 * Each return handler counts itself done as its very last step, so after
 * the drain none is still running on lrucost's state either (the lruvec
 * table, freed after the hooks).  Entry handlers run with preemption
 * disabled, so after synchronize_rcu() every one that saw @stopping clear
 * has counted itself.
 */
void lrucost_drain(bool *stopping, atomic_t *pending, const char *what)
{
	unsigned int waited = 0;

	WRITE_ONCE(*stopping, true);
	synchronize_rcu();
	while (atomic_read(pending)) {
		msleep(20);
		if (++waited == 500)
			pr_warn("unload waits for %d pending %s calls\n",
				atomic_read(pending), what);
	}
}

/**
 * lrucost_steer_exit - disarm the override, leaving no pass modified
 *
 * New passes are no longer hooked; passes in progress are restored by the
 * return handler, and unregistration waits for the last of them.
 */
void lrucost_steer_exit(void)
{
	lrucost_drain(&stopping, &in_flight, "shrink_lruvec");
	unregister_kretprobe(&shrink_lruvec_probe);
}

/**
 * lrucost_steer_show - append steering state to the status file
 * @buf: the sysfs page
 * @at: bytes already in @buf
 *
 * Return: bytes appended.
 */
int lrucost_steer_show(char *buf, int at)
{
	const char *why = NULL;
	int n;

	if (!READ_ONCE(lrucost_knobs.enabled))
		why = "disabled (enabled=0)";
	else if (lrucost_mglru_enabled() && !lrucost_mglru_steerable())
		why = "MGLRU is on";
	else if (get_nr_swap_pages() <= 0)
		why = "no swap";
	n = sysfs_emit_at(buf, at, "steering: %s%s\nmissed: %d\n",
			  why ? "inactive: " : "active",
			  why ? why : "", shrink_lruvec_probe.nmissed);
	n += lrucost_mglru_steer_show(buf, at + n);
	return n + lrucost_mglru_noswap_show(buf, at + n);
}
