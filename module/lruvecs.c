// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost's own per-lruvec state (memcg x node): the seed's costs and the
 * steering debt.  The kernel's lruvec has no room for them, so they live
 * in a fixed open-addressed table keyed by the lruvec's address, claimed
 * with cmpxchg and never freed while loaded: no allocation and no lock on
 * the reclaim path.  A memcg freed and another allocated at the same
 * address is told apart by its css serial number, which is never reused;
 * the slot is then reset.  When the table is full, events for further
 * lruvecs are dropped and their passes left to the kernel (counted).
 */
#include <linux/atomic.h>
#include <linux/cgroup.h>
#include <linux/hash.h>
#include <linux/memcontrol.h>
#include <linux/mmzone.h>
#include <linux/sysfs.h>
#include "lrucost.h"

#define SLOT_BITS	12
#define SLOTS		(1U << SLOT_BITS)
#define PROBES		16

static struct lrucost_lruvec table[SLOTS];

/**
 * lrucost_lruvec_memcg - the memcg a lruvec belongs to
 * @lruvec: a lruvec
 *
 * Mirrors lruvec_memcg(), which needs the unexported root_mem_cgroup.
 *
 * Return: the memcg, or NULL when memory cgroups are disabled.
 */
struct mem_cgroup *lrucost_lruvec_memcg(struct lruvec *lruvec)
{
	if (mem_cgroup_disabled())
		return NULL;
	return container_of(lruvec, struct mem_cgroup_per_node, lruvec)->memcg;
}

static u64 serial_of(struct lruvec *lruvec, int *memcg_id, u64 *ino)
{
	struct mem_cgroup *memcg = lrucost_lruvec_memcg(lruvec);

	*memcg_id = memcg ? memcg->id.id : 0;
	/* the cgroup id, which is the inode number in the cgroup mount */
	*ino = memcg ? cgroup_id(memcg->css.cgroup) : 0;
	return memcg ? memcg->css.serial_nr : 0;
}

/**
 * lrucost_lruvec_get - lrucost's state for a lruvec, created on first use
 * @lruvec: the kernel's lruvec (of a live memcg: the caller holds it)
 *
 * Return: the state, or NULL when the table is full.
 */
struct lrucost_lruvec *lrucost_lruvec_get(struct lruvec *lruvec)
{
	u32 h = hash_ptr(lruvec, SLOT_BITS);
	int memcg_id, i;
	u64 ino, serial = serial_of(lruvec, &memcg_id, &ino);

	for (i = 0; i < PROBES; i++) {
		struct lrucost_lruvec *e = &table[(h + i) & (SLOTS - 1)];
		struct lruvec *key = READ_ONCE(e->key);

		if (!key)
			key = cmpxchg(&e->key, NULL, lruvec) ?: lruvec;
		if (key != lruvec)
			continue;
		if (READ_ONCE(e->serial) != serial) {
			/* a new memcg at a reused address: start afresh */
			atomic_long_set(&e->cost[0], 0);
			atomic_long_set(&e->cost[1], 0);
			e->debt.anon = 0;
			e->debt.total = 0;
			e->memcg_id = memcg_id;
			e->cgroup_ino = ino;
			e->nid = lruvec_pgdat(lruvec)->node_id;
			WRITE_ONCE(e->serial, serial);
		}
		return e;
	}
	lrucost_stat_inc(LRUCOST_STAT_TABLE_FULL);
	return NULL;
}

/**
 * lrucost_lruvec_note - record a cost event
 * @lruvec: where it happened
 * @file: on the file LRU (else anon)
 * @kind: LRUCOST_CPU or LRUCOST_IO
 * @nr_pages: base pages
 */
void lrucost_lruvec_note(struct lruvec *lruvec, bool file,
			 enum lrucost_kind kind, unsigned long nr_pages)
{
	struct lrucost_lruvec *e = lrucost_lruvec_get(lruvec);
	unsigned long w;

	if (!e)
		return;
	w = lrucost_weight(kind, nr_pages, READ_ONCE(lrucost_knobs.io_cost));
	atomic_long_add(w, &e->cost[file]);
	lrucost_stat_add(kind == LRUCOST_IO ? LRUCOST_STAT_COST_IO :
			 LRUCOST_STAT_COST_CPU, w);
}

/**
 * lrucost_lruvec_decay - halve old costs, as get_scan_count() of patch 07
 * @e: the state
 * @lru_pages: pages on the lruvec's LRUs
 *
 * Halving subtracts half of what was read, so events that race with it
 * are kept, not lost.
 */
void lrucost_lruvec_decay(struct lrucost_lruvec *e, unsigned long lru_pages)
{
	long a = atomic_long_read(&e->cost[0]);
	long f = atomic_long_read(&e->cost[1]);

	if (!lrucost_should_decay(a, f, lru_pages, LRUCOST_DECAY_DIV_DEFAULT))
		return;
	atomic_long_sub(a / 2, &e->cost[0]);
	atomic_long_sub(f / 2, &e->cost[1]);
}

/**
 * lrucost_lruvecs_show - the per-lruvec table, for sysfs
 * @buf: the sysfs page
 *
 * Return: bytes written; the listing stops when the page is full.
 */
int lrucost_lruvecs_show(char *buf)
{
	int i, n;

	n = sysfs_emit(buf, "memcg_id node anon_cost file_cost anon_pressure file_pressure cgroup_ino\n");
	/* stop while a line of seven 20-digit numbers still fits whole */
	for (i = 0; i < SLOTS && n < PAGE_SIZE - 160; i++) {
		struct lrucost_lruvec *e = &table[i];

		if (!READ_ONCE(e->key))
			continue;
		n += sysfs_emit_at(buf, n, "%d %d %ld %ld %lu %lu %llu\n",
				   e->memcg_id, e->nid,
				   atomic_long_read(&e->cost[0]),
				   atomic_long_read(&e->cost[1]),
				   READ_ONCE(e->ap), READ_ONCE(e->fp),
				   e->cgroup_ino);
	}
	return n;
}
