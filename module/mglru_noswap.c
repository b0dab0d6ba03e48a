// SPDX-License-Identifier: GPL-2.0
/*
 * A cgroup's swappiness 0 under MGLRU (cgroups.c): its lruvecs are told
 * "no swap" where MGLRU reads the swappiness, so that every decision
 * about them is the kernel's own for a lruvec that cannot swap.
 *
 * Why here, and not per batch.  MGLRU reads a lruvec's swappiness once
 * per reclaim visit, from get_swappiness() (try_to_shrink_lruvec(); also
 * kswapd's aging through lruvec_is_reclaimable() and lruvec_is_sizable(),
 * and lru_gen's debugfs commands), and hands that one value to every step
 * of the visit: how much to scan, whether to age, which types
 * try_to_inc_min_seq() moves on, and isolate_folios().  A value of 0
 * there means anon is out of the picture: aging and the oldest
 * generation follow file alone.  Rewriting only isolate_folios()'s
 * argument, as lrucost once did, left the rest of the visit believing anon
 * could go: file's oldest generation may not pass anon's, which was never
 * evicted, so once file's old generations were drained every batch of the
 * lruvec found nothing, and the kernel saw no reason to age.  On 7.3,
 * with 64 MiB of such a cgroup's idle anon beside 160 MiB of active anon
 * elsewhere, global reclaim then made no progress with 122 MiB of page
 * cache and 500 MiB of free swap, and the OOM killer ran
 * (t-cgpolicy.sh's global phase; one run in three, none with stock or
 * with no policy).  The kernel's own swappiness 0 (cgroup v1's
 * memory.swappiness) is this same return value.
 *
 * Why this way.  get_swappiness() is a real symbol, never inlined, on
 * 6.1, 6.12 and 7.3 (every call to it, and every call of
 * mem_cgroup_get_nr_swap_pages() from MGLRU, checked in each kernel's
 * code), so a kretprobe sees every visit.  Its return value is %rax,
 * which the return trampoline restores from the handler's pt_regs.  Only
 * 1..200 is turned into 0: 0 already means no swap, and 7.x's 201 is
 * proactive reclaim asking for anon only, kept as the kernel's own
 * request (as steer_hook.c keeps it).  The handlers run with preemption
 * off and take no lock; unload drains pending returns (lrucost_drain()).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sysfs.h>
#include "lrucost.h"

static atomic_t in_flight = ATOMIC_INIT(0);
static bool stopping;
static bool armed;

static int noswap_entry_body(struct kretprobe_instance *ri,
			     struct pt_regs *regs)
{
	struct lruvec *lruvec;
	struct lrucost_knob_set k;

	if (READ_ONCE(stopping))
		return 1;
	lruvec = (struct lruvec *)regs_get_kernel_argument(regs, 0);
	if (!lrucost_policy_get(lruvec, NULL, &k) || !k.enabled)
		return 1;	/* nothing to change: no return hook */
	atomic_inc(&in_flight);
	return 0;
}
NOKPROBE_SYMBOL(noswap_entry_body);

/* timed when time_hooks is set (lrucost_hook_begin()) */
static int noswap_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return LRUCOST_TIMED(noswap_entry_body(ri, regs));
}
NOKPROBE_SYMBOL(noswap_entry);

static int noswap_return_body(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	long swappiness = (int)regs_return_value(regs);

	/* 1..200; 7.x's SWAPPINESS_ANON_ONLY (201) is kept */
	if (swappiness > 0 && swappiness <= LRUCOST_SWAPPINESS_MAX) {
		regs_set_return_value(regs, 0);
		lrucost_stat_inc(LRUCOST_STAT_CGROUP_NO_SWAP);
	}
	/* last: the drain waits for this, see lrucost_drain() */
	atomic_dec(&in_flight);
	return 0;
}
NOKPROBE_SYMBOL(noswap_return_body);

static int noswap_return(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return LRUCOST_TIMED(noswap_return_body(ri, regs));
}
NOKPROBE_SYMBOL(noswap_return);

static struct kretprobe noswap_probe = {
	.entry_handler = noswap_entry,
	.handler = noswap_return,
};

/**
 * lrucost_mglru_noswap_init - arm the hook where this kernel has MGLRU
 *
 * Where get_swappiness() cannot be hooked (no MGLRU, inlined, or another
 * prototype), a cgroup's swappiness 0 is not enforced under MGLRU and
 * status says so; that is not a reason to refuse the load.
 *
 * Return: 0, or a negative errno after a pr_err naming the cause.
 */
int lrucost_mglru_noswap_init(void)
{
	int ret;

	armed = false;
	if (!lrucost_mglru_known() ||
	    lrucost_hook_proto(LRUCOST_HOOK_GET_SWAPPINESS) < 0)
		return 0;
	WRITE_ONCE(stopping, false);
	noswap_probe.kp.symbol_name =
		lrucost_hook_name(LRUCOST_HOOK_GET_SWAPPINESS);
	/* a leaf that never sleeps: a few per CPU at most */
	noswap_probe.maxactive = max_t(int, 16, 2 * num_possible_cpus());
	ret = register_kretprobe(&noswap_probe);
	if (ret) {
		pr_err("cannot hook %s: %d\n", noswap_probe.kp.symbol_name,
		       ret);
		return ret;
	}
	armed = true;
	return 0;
}

/**
 * lrucost_mglru_noswap_exit - disarm, after the last pending return
 */
void lrucost_mglru_noswap_exit(void)
{
	if (!armed)
		return;
	lrucost_drain(&stopping, &in_flight, "get_swappiness");
	unregister_kretprobe(&noswap_probe);
	armed = false;
}

/**
 * lrucost_mglru_noswap_show - append how a cgroup's swappiness 0 is kept
 * @buf: the sysfs page
 * @at: bytes already in @buf
 *
 * Return: bytes appended.
 */
int lrucost_mglru_noswap_show(char *buf, int at)
{
	if (armed)
		return sysfs_emit_at(buf, at,
				     "mglru cgroup swappiness 0: kept (%s), missed %d\n",
				     noswap_probe.kp.symbol_name,
				     noswap_probe.nmissed);
	if (!lrucost_mglru_known())
		return 0;
	return sysfs_emit_at(buf, at,
			     "mglru cgroup swappiness 0: not kept: get_swappiness() cannot be hooked here\n");
}
