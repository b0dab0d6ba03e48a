// SPDX-License-Identifier: GPL-2.0
/*
 * Event counters, per CPU so that the reclaim hooks never share a cache
 * line or a lock; summed when read.  Exact: every increment lands in its
 * own CPU's slot with preemption off.
 *
 * A reset does not write other CPUs' slots (that would race with their
 * unlocked increments and could lose the reset); it records the current
 * sums as a baseline that reads subtract.  The per-CPU slots only grow,
 * so a sum read after the baseline is never below it.
 */
#include <linux/percpu.h>
#include <linux/cpumask.h>
#include <linux/mutex.h>
#include "lrucost.h"

static DEFINE_PER_CPU(unsigned long[LRUCOST_NR_STATS], lrucost_stats);
static unsigned long baseline[LRUCOST_NR_STATS];
static DEFINE_MUTEX(reset_lock);

static const char *const names[LRUCOST_NR_STATS] = {
	[LRUCOST_STAT_STEERED]		= "steered",
	[LRUCOST_STAT_STEER_ANON]	= "steered_anon_only",
	[LRUCOST_STAT_STEER_FILE]	= "steered_file_only",
	[LRUCOST_STAT_SKIP_DISABLED]	= "skipped_disabled",
	[LRUCOST_STAT_SKIP_NO_SWAP]	= "skipped_no_swap",
	[LRUCOST_STAT_SKIP_PRIORITY0]	= "skipped_priority0",
	[LRUCOST_STAT_SKIP_CACHE_TRIM]	= "skipped_cache_trim",
	[LRUCOST_STAT_SKIP_FILE_TINY]	= "skipped_file_tiny",
	[LRUCOST_STAT_SKIP_MGLRU]	= "skipped_mglru",
	[LRUCOST_STAT_SKIP_NO_IO]	= "skipped_no_io",
	[LRUCOST_STAT_CGROUP_NO_SWAP]	= "cgroup_no_swap",
	[LRUCOST_STAT_ANON_OUT_OF_REACH] = "anon_out_of_reach",
	[LRUCOST_STAT_FILE_TOOK_ANON]	= "file_took_anon",
	[LRUCOST_STAT_TABLE_FULL]	= "lruvec_table_full",
	[LRUCOST_STAT_SLOT_REUSED]	= "lruvec_slots_reused",
	[LRUCOST_STAT_ADDR_REUSED]	= "lruvec_address_reused",
	[LRUCOST_STAT_REFAULT_INACTIVE_FILE] = "refault_inactive_file",
	[LRUCOST_STAT_REFAULT_ACTIVE_FILE] = "refault_active_file",
	[LRUCOST_STAT_REFAULT_ANON]	= "refault_anon",
	[LRUCOST_STAT_REFAULT_RECENT_FILE] = "refault_recent_file",
	[LRUCOST_STAT_REFAULT_RECENT_ANON] = "refault_recent_anon",
	[LRUCOST_STAT_REFAULT_RECENT_PASS] = "refault_recent_pass",
	[LRUCOST_STAT_REFAULT_FILE_READS] = "refault_file_reads",
	[LRUCOST_STAT_ROTATED_ANON]	= "rotated_anon",
	[LRUCOST_STAT_ROTATED_FILE]	= "rotated_file",
	[LRUCOST_STAT_PROMOTED_ANON]	= "promoted_anon",
	[LRUCOST_STAT_COST_CPU]		= "cost_cpu",
	[LRUCOST_STAT_COST_IO]		= "cost_io",
	[LRUCOST_STAT_HOOK_NS]		= "hook_ns",
	[LRUCOST_STAT_HOOK_CALLS]	= "hook_calls",
	[LRUCOST_STAT_REFAULT_HOOK_NS]	= "refault_hook_ns",
	[LRUCOST_STAT_REFAULT_HOOK_CALLS] = "refault_hook_calls",
	[LRUCOST_STAT_RECLAIM_NS]	= "reclaim_ns",
	[LRUCOST_STAT_RECLAIM_CALLS]	= "reclaim_calls",
};

/**
 * lrucost_stat_inc - count one event
 * @item: the counter
 */
void lrucost_stat_inc(enum lrucost_stat item)
{
	this_cpu_inc(lrucost_stats[item]);
}

/**
 * lrucost_stat_add - count several events
 * @item: the counter
 * @n: how many
 */
void lrucost_stat_add(enum lrucost_stat item, unsigned long n)
{
	this_cpu_add(lrucost_stats[item], n);
}

static unsigned long stat_sum(enum lrucost_stat item)
{
	unsigned long sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		sum += READ_ONCE(per_cpu(lrucost_stats, cpu)[item]);
	return sum;
}

/**
 * lrucost_stat_read - a counter's total over all CPUs since the last reset
 * @item: the counter
 *
 * Return: the sum.
 */
unsigned long lrucost_stat_read(enum lrucost_stat item)
{
	/* the baseline first: the slots summed after it are not below it */
	unsigned long base = smp_load_acquire(&baseline[item]);

	return stat_sum(item) - base;
}

/**
 * lrucost_stats_reset - make every counter read 0 from now on
 */
void lrucost_stats_reset(void)
{
	int i;

	mutex_lock(&reset_lock);
	for (i = 0; i < LRUCOST_NR_STATS; i++) {
		/* pairs with the acquire in lrucost_stat_read() */
		smp_store_release(&baseline[i], stat_sum(i));
	}
	mutex_unlock(&reset_lock);
}

/**
 * lrucost_stat_name - the sysfs file name of a counter
 * @item: the counter
 *
 * Return: a static string.
 */
const char *lrucost_stat_name(enum lrucost_stat item)
{
	return names[item];
}
