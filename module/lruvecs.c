// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost's own per-lruvec state (memcg x node): the seed's costs and the
 * steering debt.  The kernel's lruvec has no room for them, so they live
 * in an open-addressed table allocated at load (lruvec_slots) and keyed by
 * the lruvec's address, slots claimed with cmpxchg: no allocation and no
 * lock on the reclaim path.  A memcg
 * freed and another allocated at the same address is told apart by its css
 * serial number, which is never reused; the slot is then reset.  Slots
 * idle for lruvec_idle_secs (those of removed memcgs, above all) are taken
 * over by new lruvecs.  When none is free or idle, events for further
 * lruvecs are dropped and their passes left to the kernel (counted).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cgroup.h>
#include <linux/hash.h>
#include <linux/jiffies.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/memcontrol.h>
#include <linux/mmzone.h>
#include <linux/sysfs.h>
#include "lrucost.h"

#define PROBES		16

unsigned int lrucost_slot_idle_secs = 30;

static struct lrucost_lruvec *table;
static unsigned int slot_bits;

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

static u64 serial_of(struct lruvec *lruvec, u64 *memcg_id, u64 *ino)
{
	struct mem_cgroup *memcg = lrucost_lruvec_memcg(lruvec);

	/*
	 * The id the kernel's own interfaces use, /sys/kernel/debug/lru_gen
	 * among them: the css id up to 6.x, the cgroup id from 7.x, where
	 * the css id became private (mem_cgroup_private_id()).  The aging
	 * requests (mglru_age.c) must name the memcg that way.
	 */
	*memcg_id = memcg ? mem_cgroup_id(memcg) : 0;
	/* the cgroup id, which is the inode number in the cgroup mount */
	*ino = memcg ? cgroup_id(memcg->css.cgroup) : 0;
	return memcg ? memcg->css.serial_nr : 0;
}

/**
 * lrucost_lruvecs_init - allocate the table
 * @slots: its size, a power of two (module parameter lruvec_slots)
 *
 * Return: 0, or a negative errno after a pr_err naming the cause.
 */
int lrucost_lruvecs_init(unsigned int slots)
{
	unsigned int i;

	if (slots < 64 || slots > 65536 || (slots & (slots - 1))) {
		pr_err("lruvec_slots=%u: must be a power of two, 64..65536; refusing to load\n",
		       slots);
		return -EINVAL;
	}
	if (!lrucost_slot_idle_secs || lrucost_slot_idle_secs > 3600) {
		pr_err("lruvec_idle_secs=%u: must be 1..3600; refusing to load\n",
		       lrucost_slot_idle_secs);
		return -EINVAL;
	}
	table = kvcalloc(slots, sizeof(*table), GFP_KERNEL);
	if (!table)
		return -ENOMEM;	/* the allocator has said why */
	slot_bits = ilog2(slots);
	/* zeroed is a valid seqcount, but lockdep wants its class set */
	for (i = 0; i < slots; i++)
		seqcount_init(&table[i].decay_seq);
	return 0;
}

/**
 * lrucost_lruvecs_exit - free the table, once no hook can use it
 */
void lrucost_lruvecs_exit(void)
{
	kvfree(table);
	table = NULL;
}

static void slot_reset(struct lrucost_lruvec *e, struct lruvec *lruvec,
		       u64 serial, u64 memcg_id, u64 ino)
{
	atomic_long_set(&e->cost[0], 0);
	atomic_long_set(&e->cost[1], 0);
	e->debt.anon = 0;
	e->debt.total = 0;
	WRITE_ONCE(e->ap, 0);
	WRITE_ONCE(e->fp, 0);
	WRITE_ONCE(e->aged_at, 0);
	WRITE_ONCE(e->file_io_at, 0);
	WRITE_ONCE(e->trim.start, 0);
	WRITE_ONCE(e->trim.reads, 0);
	/* generation 0: resolved afresh on first use */
	WRITE_ONCE(e->policy_word, 0);
	e->memcg_id = memcg_id;
	e->cgroup_ino = ino;
	e->nid = lruvec_pgdat(lruvec)->node_id;
	WRITE_ONCE(e->serial, serial);
}

static bool slot_idle(struct lrucost_lruvec *e, unsigned long now)
{
	unsigned long used = READ_ONCE(e->last_used);

	/* 0: claimed a moment ago and not stamped yet, never idle */
	return used && time_after(now, used + lrucost_slot_idle_secs * HZ);
}

/**
 * lrucost_lruvec_find - lrucost's state for a lruvec, if it has a slot
 * @lruvec: the kernel's lruvec (of a live memcg: the caller holds it)
 *
 * Unlike lrucost_lruvec_get(), claims no slot, resets none and counts
 * nothing: for readers that can do without the state.
 *
 * Return: the state, or NULL when the lruvec has no slot of its own.
 */
struct lrucost_lruvec *lrucost_lruvec_find(struct lruvec *lruvec)
{
	u32 h = hash_ptr(lruvec, slot_bits);
	struct lrucost_lruvec *e;
	u64 memcg_id, ino, serial = serial_of(lruvec, &memcg_id, &ino);
	int i;

	for (i = 0; i < PROBES; i++) {
		e = &table[(h + i) & ((1U << slot_bits) - 1)];
		/* acquire: as in lrucost_lruvec_get(), the owner's stamps */
		if (smp_load_acquire(&e->key) == lruvec)
			return READ_ONCE(e->serial) == serial ? e : NULL;
	}
	return NULL;
}

/**
 * lrucost_lruvec_get - lrucost's state for a lruvec, created on first use
 * @lruvec: the kernel's lruvec (of a live memcg: the caller holds it)
 *
 * A lruvec takes the first free slot of its probe sequence.  When there is
 * none, it takes over the slot among them that has been idle longest, if
 * idle for lruvec_idle_secs: the slots of removed memcgs are reused this
 * way, so memcg churn never fills the table.  The taker stamps the slot
 * before its cmpxchg on the key, so no third CPU sees it idle again.  An
 * owner that comes back just as its idle slot is taken over can add one
 * event to the new owner's fresh costs; that only blurs them.
 *
 * Return: the state, or NULL when every slot it may use is busy.
 */
struct lrucost_lruvec *lrucost_lruvec_get(struct lruvec *lruvec)
{
	u32 h = hash_ptr(lruvec, slot_bits);
	unsigned long now = jiffies;
	struct lrucost_lruvec *e, *oldest = NULL;
	struct lruvec *key, *oldest_key = NULL;
	u64 memcg_id, ino, old_serial;
	u64 serial = serial_of(lruvec, &memcg_id, &ino);
	int i;

	for (i = 0; i < PROBES; i++) {
		e = &table[(h + i) & ((1U << slot_bits) - 1)];
		/* acquire: a key seen set comes with its owner's stamp */
		key = smp_load_acquire(&e->key);
		if (!key) {
			key = cmpxchg(&e->key, NULL, lruvec);
			if (!key) {
				/* a fresh slot: ours, and nothing reused */
				WRITE_ONCE(e->last_used, now);
				slot_reset(e, lruvec, serial, memcg_id, ino);
				return e;
			}
		}
		if (key == lruvec)
			goto found;
		if (slot_idle(e, now) &&
		    (!oldest || time_before(READ_ONCE(e->last_used),
					    READ_ONCE(oldest->last_used)))) {
			oldest = e;
			oldest_key = key;
		}
	}
	if (oldest) {
		WRITE_ONCE(oldest->last_used, now);
		if (cmpxchg(&oldest->key, oldest_key, lruvec) == oldest_key) {
			e = oldest;
			slot_reset(e, lruvec, serial, memcg_id, ino);
			lrucost_stat_inc(LRUCOST_STAT_SLOT_REUSED);
			return e;
		}
	}
	lrucost_stat_inc(LRUCOST_STAT_TABLE_FULL);
	return NULL;
found:
	if (READ_ONCE(e->last_used) != now)
		WRITE_ONCE(e->last_used, now);
	old_serial = READ_ONCE(e->serial);
	if (old_serial != serial) {
		/*
		 * A new memcg at a reused address: start afresh.  Serial 0 is
		 * a fresh claim another CPU has not stamped yet, not reuse.
		 */
		slot_reset(e, lruvec, serial, memcg_id, ino);
		if (old_serial)
			lrucost_stat_inc(LRUCOST_STAT_ADDR_REUSED);
	}
	return e;
}

/*
 * The pure cost arithmetic (policy.c) applied to one atomic cost: the
 * value written is always what lrucost_cost_add() or lrucost_cost_sub()
 * made of the value it replaces, so no race can take a cost below 0 or
 * wrap it.
 */
static void cost_add(atomic_long_t *cost, unsigned long w)
{
	long old = atomic_long_read(cost);

	while (!atomic_long_try_cmpxchg(cost, &old,
					(long)lrucost_cost_add(old, w)))
		;
}

static void cost_sub(atomic_long_t *cost, unsigned long d)
{
	long old = atomic_long_read(cost);

	while (!atomic_long_try_cmpxchg(cost, &old,
					(long)lrucost_cost_sub(old, d)))
		;
}

/**
 * lrucost_lru_sizes - pages on each of a lruvec's LRU lists
 * @lruvec: the lruvec
 * @size: out, NR_LRU_LISTS entries indexed by enum lru_list
 *
 * Mirrors lruvec_lru_size() over every zone, for each list; under MGLRU,
 * from its generations (lrucost_mglru_sizes()).
 */
void lrucost_lru_sizes(struct lruvec *lruvec, unsigned long *size)
{
	enum lru_list lru;
	int zid;

	if (lrucost_mglru_enabled()) {
		lrucost_mglru_sizes(lruvec, size);
		return;
	}
	for (lru = 0; lru < NR_LRU_LISTS; lru++) {
		size[lru] = 0;
		for (zid = 0; zid < MAX_NR_ZONES; zid++) {
			struct zone *z = &lruvec_pgdat(lruvec)->node_zones[zid];

			if (mem_cgroup_disabled())
				size[lru] += zone_page_state(z,
						NR_ZONE_LRU_BASE + lru);
			else
				size[lru] += mem_cgroup_get_zone_lru_size(
						lruvec, lru, zid);
		}
	}
}

/*
 * Halve old costs, as lru_note_cost() does after each event (the seed did
 * it in get_scan_count(), patch 07).  Halving takes off half of what was
 * read, so events that race with it are kept, not lost.  One CPU halves
 * at a time; another that finds it halving leaves it to it, rather than
 * halving twice.  The callers are kprobe handlers, preemption disabled,
 * so readers waiting on decay_seq wait only for the two subtractions.
 */
static void lruvec_decay(struct lrucost_lruvec *e, struct lruvec *lruvec)
{
	unsigned long size[NR_LRU_LISTS], pages;
	struct lrucost_cost seen, by;

	lrucost_lru_sizes(lruvec, size);
	pages = size[LRU_INACTIVE_ANON] + size[LRU_ACTIVE_ANON] +
		size[LRU_INACTIVE_FILE] + size[LRU_ACTIVE_FILE];
	seen.anon = atomic_long_read(&e->cost[0]);
	seen.file = atomic_long_read(&e->cost[1]);
	if (!lrucost_should_decay(seen.anon, seen.file, pages,
				  LRUCOST_DECAY_DIV_DEFAULT))
		return;
	if (test_and_set_bit_lock(0, &e->decaying))
		return;
	/* read again: another CPU may have halved them since */
	seen.anon = atomic_long_read(&e->cost[0]);
	seen.file = atomic_long_read(&e->cost[1]);
	if (lrucost_decay_amount(&seen, pages, LRUCOST_DECAY_DIV_DEFAULT,
				 &by)) {
		raw_write_seqcount_begin(&e->decay_seq);
		cost_sub(&e->cost[0], by.anon);
		cost_sub(&e->cost[1], by.file);
		raw_write_seqcount_end(&e->decay_seq);
	}
	clear_bit_unlock(0, &e->decaying);
}

/*
 * File reads charged: once a trim window holds enough of them, the page
 * cache thrashes and the lruvec's batches leave the trim (mglru_hook.c).
 * Plain fields, as the split's: a race only blurs the count.
 */
static void note_trim_reads(struct lrucost_lruvec *e, unsigned long reads)
{
	struct lrucost_trim_reads w = {
		.start = READ_ONCE(e->trim.start),
		.reads = READ_ONCE(e->trim.reads),
	};
	unsigned long now = jiffies;

	if (lrucost_steer_trim_reads(&w, now, reads, LRUCOST_TRIM_WINDOW))
		WRITE_ONCE(e->file_io_at, now | 1);
	WRITE_ONCE(e->trim.start, w.start);
	WRITE_ONCE(e->trim.reads, w.reads);
}

/**
 * lrucost_lruvec_note - record a cost event, and let old costs fade
 * @lruvec: where it happened
 * @file: on the file LRU (else anon)
 * @kind: LRUCOST_CPU or LRUCOST_IO
 * @nr_pages: base pages
 *
 * Costs decay where they are noted, as in lru_note_cost(), so they stay
 * bounded by the LRU size whether or not lrucost steers: with enabled=0,
 * anon_percent set, no swap or MGLRU in charge, what lruvecs shows is
 * still the recent history the cost model would use.
 */
void lrucost_lruvec_note(struct lruvec *lruvec, bool file,
			 enum lrucost_kind kind, unsigned long nr_pages)
{
	struct lrucost_lruvec *e = lrucost_lruvec_get(lruvec);
	struct lrucost_knob_set k;
	unsigned long w;

	if (!e)
		return;
	lrucost_policy_get(lruvec, e, &k);
	w = lrucost_weight(kind, nr_pages, k.io_cost);
	cost_add(&e->cost[file], w);
	if (file && kind == LRUCOST_IO)
		note_trim_reads(e, nr_pages);
	lrucost_stat_add(kind == LRUCOST_IO ? LRUCOST_STAT_COST_IO :
			 LRUCOST_STAT_COST_CPU, w);
	lruvec_decay(e, lruvec);
}

/**
 * lrucost_lruvec_costs - both costs, from one side of any halving
 * @e: the state
 * @anon: the anon cost
 * @file: the file cost
 *
 * Events may land between the two reads, as they may between any two
 * passes; a halving may not.
 */
void lrucost_lruvec_costs(struct lrucost_lruvec *e, unsigned long *anon,
			  unsigned long *file)
{
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&e->decay_seq);
		*anon = atomic_long_read(&e->cost[0]);
		*file = atomic_long_read(&e->cost[1]);
	} while (read_seqcount_retry(&e->decay_seq, seq));
}

/**
 * lrucost_lruvecs_show - the per-lruvec table, for sysfs
 * @buf: the sysfs page
 *
 * Lists the lruvecs used within lruvec_idle_secs: the slots idle longer
 * are those of removed or quiet memcgs, free to be taken over.
 *
 * Return: bytes written; the listing stops when the page is full.
 */
int lrucost_lruvecs_show(char *buf)
{
	unsigned long now = jiffies;
	int i, n;

	n = sysfs_emit(buf, "memcg_id node anon_cost file_cost anon_pressure file_pressure cgroup_ino policy scan_anon scan_total\n");
	/* stop while a line of ten 20-digit numbers still fits whole */
	for (i = 0; i < (1U << slot_bits) && n < PAGE_SIZE - 230; i++) {
		struct lrucost_lruvec *e = &table[i];
		unsigned long anon, file;

		if (!READ_ONCE(e->key) || slot_idle(e, now))
			continue;
		lrucost_lruvec_costs(e, &anon, &file);
		n += sysfs_emit_at(buf, n,
				   "%llu %d %lu %lu %lu %lu %llu %lld %lu %lu\n",
				   e->memcg_id, e->nid, anon, file,
				   READ_ONCE(e->ap), READ_ONCE(e->fp),
				   e->cgroup_ino, lrucost_policy_shown(e),
				   READ_ONCE(e->debt.anon),
				   READ_ONCE(e->debt.total));
	}
	return n;
}
