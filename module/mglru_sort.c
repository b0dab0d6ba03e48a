// SPDX-License-Identifier: GPL-2.0
/*
 * MGLRU's anon promotions, counted as the CPU cost they are.
 *
 * Why.  The seed charges a list CPU cost for each referenced page reclaim
 * found at its tail and had to put back: the classic LRU's rotations,
 * which events.c sees in move_folios_to_lru(), and under MGLRU the
 * folios shrink_folio_list() activates.  But MGLRU keeps most of its
 * referenced folios before they ever reach shrink_folio_list(): while
 * isolating a batch, sort_folio() moves each folio of the oldest
 * generation that the aging or a look-around found accessed (promoted),
 * or that was read often through a file (protected), to a younger
 * generation.  Without them lrucost saw nearly no rotation of a hot anon
 * set under MGLRU (a service's heap beside a copy, README, bench
 * service-io), so anon looked free until it refaulted, and the model
 * swapped out what the service was using.
 *
 * Why this way.  sort_folio() is inlined and its counters are kept per
 * memcg (PGREFILL), not per type.  What names the type is the kernel's
 * own tracepoint mm_vmscan_lru_isolate, which scan_folios() fires once
 * per type scanned (upstream since late 2023; 6.1 fires none), with the
 * pages scanned, skipped (zone) and taken (isolated): the rest, scanned
 * minus both, are what sorting kept.  The tracepoint names no lruvec,
 * but it fires inside isolate_folios(), whose entry and return lrucost
 * hooks (mglru_hook.c) with the lruvec's lru_lock held and interrupts
 * off throughout: so the entry opens a count on this CPU, the probe adds
 * to it, the return closes it and charges the lruvec (the kernel's
 * lru_note_cost() charged its per-pass rotations the same way, by the
 * caller's lruvec).  The classic LRU fires the same tracepoint with no
 * count open: the probe then only returns.
 *
 * Only anon is charged.  For anon, sorting keeps little but promoted
 * folios (a swap-out still in flight, a locked folio: rare).  For file
 * it also keeps every dirty folio and every one under writeback, which
 * are no rotation (events.c leaves them out of shrink_folio_list()'s
 * count for that reason), and a copy makes many: charging them would
 * make the page cache look hot exactly while it is streamed.
 *
 * The tracepoint's prototype is read from BTF (its __traceiter_
 * function's parameter names) and must be the form 6.12 and 7.x have;
 * 6.1's MGLRU fires no such event, and its form (with isolate_mode) is
 * left uncounted, as status says.  The probe is registered through the
 * exported tracepoint API: the kernel calls it, lrucost calls nothing it
 * resolved.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kprobes.h>
#include <linux/mmzone.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/tracepoint.h>
#include "lrucost.h"

#define TP_NAME		"mm_vmscan_lru_isolate"

struct sort_count {
	bool open;
	unsigned long anon;
};

static DEFINE_PER_CPU(struct sort_count, sort_count);
static struct tracepoint *tp;
static bool registered;
static const char *why_not = "not looked for";

/* the prototype counted: 6.12 and 7.x */
static const char *const tp_params[] = {
	"__data", "highest_zoneidx", "order", "nr_requested", "nr_scanned",
	"nr_skipped", "nr_taken", "lru", NULL
};

static void sort_probe(void *data, int highest_zoneidx, int order,
		       unsigned long nr_requested, unsigned long nr_scanned,
		       unsigned long nr_skipped, unsigned long nr_taken,
		       int lru)
{
	struct sort_count *c = this_cpu_ptr(&sort_count);
	unsigned long gone = nr_skipped + nr_taken;

	if (!c->open || lru != LRU_INACTIVE_ANON || nr_scanned <= gone)
		return;
	c->anon += nr_scanned - gone;
}
NOKPROBE_SYMBOL(sort_probe);

static void find_tp(struct tracepoint *t, void *priv)
{
	if (!strcmp(t->name, TP_NAME))
		tp = t;
}

/**
 * lrucost_sort_begin - open this CPU's count for an isolate_folios() call
 *
 * Called from its entry hook, with the lru_lock held and interrupts off.
 */
void lrucost_sort_begin(void)
{
	struct sort_count *c = this_cpu_ptr(&sort_count);

	c->anon = 0;
	c->open = true;
}
NOKPROBE_SYMBOL(lrucost_sort_begin);

/**
 * lrucost_sort_end - close this CPU's count
 *
 * Called from the return hook of the call lrucost_sort_begin() opened.
 *
 * Return: the anon pages sorting kept in that call.
 */
unsigned long lrucost_sort_end(void)
{
	struct sort_count *c = this_cpu_ptr(&sort_count);

	c->open = false;
	return c->anon;
}
NOKPROBE_SYMBOL(lrucost_sort_end);

/**
 * lrucost_sort_init - count MGLRU's anon promotions where this kernel can
 *
 * A kernel without the tracepoint, or with another prototype, is left
 * uncounted, as before, and status says why: not a reason to refuse.
 *
 * Return: 0, or a negative errno after a pr_err naming the cause.
 */
int lrucost_sort_init(void)
{
	int ret;

	registered = false;
	tp = NULL;
	for_each_kernel_tracepoint(find_tp, NULL);
	if (!tp) {
		why_not = "no tracepoint " TP_NAME;
		return 0;
	}
	/* BTF must give the tracepoint the prototype sort_probe() has */
	if (!lrucost_func_params_are("__traceiter_" TP_NAME, tp_params)) {
		why_not = TP_NAME " has another prototype (6.1's MGLRU fires none)";
		return 0;
	}
	ret = tracepoint_probe_register(tp, sort_probe, NULL);
	if (ret) {
		pr_err("cannot attach to tracepoint %s: %d\n", TP_NAME, ret);
		return ret;
	}
	registered = true;
	return 0;
}

/**
 * lrucost_sort_exit - detach, and wait until no probe runs
 */
void lrucost_sort_exit(void)
{
	if (!registered)
		return;
	tracepoint_probe_unregister(tp, sort_probe, NULL);
	tracepoint_synchronize_unregister();
	registered = false;
}

/**
 * lrucost_sort_show - append whether MGLRU's promotions are counted
 * @buf: the sysfs page
 * @at: bytes already in @buf
 *
 * Return: bytes appended.
 */
int lrucost_sort_show(char *buf, int at)
{
	if (registered)
		return sysfs_emit_at(buf, at,
				     "mglru promotions: counted (%s)\n", TP_NAME);
	return sysfs_emit_at(buf, at, "mglru promotions: not counted: %s\n",
			     why_not);
}
