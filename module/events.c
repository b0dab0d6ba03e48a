// SPDX-License-Identifier: GPL-2.0
/*
 * Cost events under both LRUs (6.1, 6.12, 7.x), and which hook feeds
 * which.
 *
 *   CPU cost (a rotation), classic LRU: move_folios_to_lru(), kprobe at
 *     entry.  Its callers hand it folios isolated from one lruvec (up to
 *     7.0 it gets that lruvec too; from 7.2 only the list, see
 *     rotations_pre()): from shrink_inactive_list() the folios reclaim
 *     put back, those found referenced already marked active
 *     (activations); from shrink_active_list() the rotated executable
 *     folios (l_active, still active) and the deactivated ones
 *     (l_inactive, active cleared).  So the folios still marked active on
 *     the list are exactly the pages rotated back to the active list
 *     (patch 09): deactivations (patch 08) and the temporary isolation of
 *     pages that simply go back (patch 05) are not active and are not
 *     counted; new LRU additions never pass here (patch 06).  Each folio
 *     counts its base pages (patch 04).
 *
 *   CPU cost, MGLRU: shrink_folio_list(), kretprobe: the activations it
 *     counts in stat->nr_activate[], the folios it found referenced and
 *     kept.  Not move_folios_to_lru(): evict_folios() also marks active
 *     the folios it keeps because they are dirty, under writeback,
 *     locked or mapped, which are not a rotation; and it is counted
 *     there under MGLRU only, where move_folios_to_lru() counts nothing,
 *     so no event is counted twice.  Calls that ignore references
 *     (MADV_PAGEOUT's reclaim_pages(), CMA's clean-page reclaim) are not
 *     LRU reclaim and are left out.  MGLRU's other way of keeping a
 *     referenced folio, moving it to a younger generation while
 *     sorting (sort_folio(), inlined), is counted for anon by
 *     mglru_sort.c.
 *
 *   IO cost (a workingset refault), both LRUs: workingset_refault(),
 *     kretprobe.  On return PG_workingset is set on the new folio if it
 *     was in the workingset before eviction: on the classic LRU only
 *     within the refault distance (the folio is then active too), under
 *     MGLRU by lru_gen_refault()'s own test.  That is the seed's
 *     "refault of a workingset page", file or anon (swap-in), weighted by
 *     io_cost (patch 10), and it is exactly what each kernel counts as
 *     workingset_restore_anon and _file.  6.1 sees swap-ins only when
 *     they have a shadow entry; lrucost counts what 6.1 sees and does
 *     not try to count the rest.
 *
 *   IO cost, MGLRU, also: the same kretprobe, a refault MGLRU counts as
 *     recent without restoring it (refault_recent()).  MGLRU's restore
 *     test is narrower than the classic LRU's refault distance: 6.1 and
 *     6.12 restore a page only when it faults in through a page table or
 *     was read often, so a file set re-read with read() and evicted from
 *     the oldest generation before its next read refaults at full IO
 *     cost and is never restored.  MGLRU's own controller weighs those
 *     refaults (lrugen->refaulted[], the refaults from generations still
 *     in reach), and so does lrucost.  A restore is recent too: each
 *     refault is counted once, as a restore if it is one.
 *
 *   One read, one IO: readahead brings a sequential run of file pages
 *     back with one read, so the file pages that continue the run a CPU
 *     saw refault last share one IO per LRUCOST_READ_PAGES
 *     (lrucost_read_ios(); stat refault_file_reads).  The seed weighed
 *     every page as one IO, right for its random reads and still so for
 *     them here; per page, a file re-read from its start cost up to 32
 *     times its reads, and lrucost swapped anon to spare it.  Swap-ins
 *     stay one IO a page: swap readahead reads the slots next to a
 *     fault, which need not be one read, and is at most 8 pages.
 *
 *   A pass over a file larger than memory, no IO: MGLRU's recent test
 *     has no refault distance, so a copy or a stream that re-reads such
 *     a file from its start refaults recent pages that no reclaim could
 *     have kept (lrucost_read_pass(); stat refault_recent_pass).  They
 *     are not charged, as the classic LRU's distance test would not have
 *     restored them; restores in a pass still are.  6.12, service-io,
 *     copies of 1 and 1.5 times RAM, one boot each: with every refault
 *     charged, lrucost swapped 7,151 and 4,848 pages of memcached out to
 *     spare them (stock MGLRU none); with passes, 58,180 and 116,823
 *     pages were in one, 6 charged, and it swapped none (with the trim
 *     reads of mglru_hook.c).
 *
 *   Not counted: lru_add_fn() is the seed's __pagevec_lru_add_fn, where
 *     the seed charged IO cost for PG_workingset pages added to the LRU;
 *     those are the same pages workingset_refault() has just marked, so
 *     counting there too would count them twice.  Reclaim writeback,
 *     which 6.1 itself charges through lru_note_cost(), is not a cost in
 *     the seed's model and is not counted either.
 *
 * What reclaim itself costs, for the share lrucost's handlers take of it
 * (time_hooks): the same kretprobe times each shrink_folio_list() call,
 * under either LRU, from entry to return (stats reclaim_ns and
 * reclaim_calls).  That is where reclaim spends most of its time
 * (unmapping, writeback, freeing), though not all of it (isolation,
 * the active list, MGLRU's aging), so the reclaim path's handler time
 * over it, (hook_ns - refault_hook_ns) / reclaim_ns, overstates
 * lrucost's share.  Wall time, ktime_get_ns(): the call may sleep and
 * move to another CPU.  With time_hooks off, the classic LRU takes no
 * return hook here, as before; with it on, those calls and the clock
 * reads are the measurement's, and hook_ns leaves them out.
 *
 * The handlers take no lock, allocate nothing and do not sleep.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hash.h>
#include <linux/kprobes.h>
#include <linux/memcontrol.h>
#include <linux/mm.h>
#include <linux/mm_inline.h>
#include <linux/mmzone.h>
#include <linux/rcupdate.h>
#include <linux/sysfs.h>
#include <linux/timekeeping.h>
#include "lrucost.h"

/* the longest list walked: shrink_active_list() isolates at most this */
#define MAX_WALK 4096

static struct mem_cgroup **root_memcg_p;

/* the file run each CPU saw refault last, see lrucost_read_ios() */
static DEFINE_PER_CPU(struct lrucost_read_run, read_runs);

/* a file's size in pages; the folio, locked, pins its mapping */
static unsigned long file_pages(struct address_space *mapping)
{
	struct inode *host = mapping->host;

	return host ? DIV_ROUND_UP(i_size_read(host), PAGE_SIZE) : 0;
}

/*
 * Passes over files larger than memory, see lrucost_read_pass(): shared
 * by the CPUs, as a reader moves between them, a slot per file hash.
 * Read and written without a lock; a race only blurs one refault's cost.
 */
#define PASS_SLOTS_BITS	3
static struct lrucost_pass passes[1 << PASS_SLOTS_BITS];

static bool in_pass(struct folio *folio, unsigned long nr)
{
	struct address_space *mapping = folio->mapping;
	struct lrucost_pass *slot = &passes[hash_ptr(mapping, PASS_SLOTS_BITS)];
	struct lrucost_pass p = {
		.mapping = READ_ONCE(slot->mapping),
		.next = READ_ONCE(slot->next),
	};
	struct lrucost_pass was = p;
	bool in;

	in = lrucost_read_pass(&p, mapping, folio->index, nr,
			       file_pages(mapping), totalram_pages());
	/* most refaults are of smaller files and leave the slot alone */
	if (p.mapping != was.mapping || p.next != was.next) {
		WRITE_ONCE(slot->mapping, p.mapping);
		WRITE_ONCE(slot->next, p.next);
	}
	return in;
}

/* workingset_refault() returns still pending, see lrucost_drain() */
static atomic_t refaults_pending = ATOMIC_INIT(0);
static bool refaults_stopping;

/**
 * lrucost_root_memcg - the root memory cgroup, read as data
 *
 * root_mem_cgroup is not exported before 7.x; lrucost_events_init()
 * finds it, or refuses the load.
 *
 * Return: the root memcg, or NULL before lrucost_events_init() found it
 * (or while the kernel has not set it).
 */
struct mem_cgroup *lrucost_root_memcg(void)
{
	struct mem_cgroup **p = READ_ONCE(root_memcg_p);

	return p ? READ_ONCE(*p) : NULL;
}

/**
 * lrucost_folio_lruvec - the lruvec a folio is charged to
 * @folio: a charged folio (locked, or otherwise pinned to its memcg)
 *
 * Mirrors folio_lruvec(), whose mem_cgroup_lruvec() needs the unexported
 * root_mem_cgroup.
 *
 * Return: the lruvec, or NULL if it cannot be told.
 */
struct lruvec *lrucost_folio_lruvec(struct folio *folio)
{
	struct pglist_data *pgdat = NODE_DATA(folio_nid(folio));
	struct mem_cgroup *memcg;

	if (mem_cgroup_disabled())
		return &pgdat->__lruvec;
	memcg = folio_memcg(folio);
	if (!memcg)
		memcg = READ_ONCE(*root_memcg_p);
	if (!memcg)
		return NULL;
	return &memcg->nodeinfo[pgdat->node_id]->lruvec;
}

/* chosen at load from move_folios_to_lru()'s prototype, see targets.c */
static bool rotations_list_only;

static void note_rotations(struct lruvec *lruvec, const unsigned long *nr)
{
	if (nr[0]) {
		lrucost_stat_add(LRUCOST_STAT_ROTATED_ANON, nr[0]);
		lrucost_lruvec_note(lruvec, false, LRUCOST_CPU, nr[0]);
	}
	if (nr[1]) {
		lrucost_stat_add(LRUCOST_STAT_ROTATED_FILE, nr[1]);
		lrucost_lruvec_note(lruvec, true, LRUCOST_CPU, nr[1]);
	}
}

/*
 * Where move_folios_to_lru() takes only the list (7.2 on), its callers no
 * longer hold the lru_lock and it finds each folio's lruvec itself.  The
 * list is still the caller's private list of isolated folios, so walking
 * it is as safe as before; but 7.3 reparents LRU folios when a memcg goes
 * (lru_reparent_memcg()), so a folio's memcg is only stable under RCU,
 * which the walk holds for as long as it uses the lruvecs.  A change of
 * lruvec along the list notes what was counted so far.
 */
static int rotations_pre_body(struct kprobe *p, struct pt_regs *regs)
{
	struct list_head *list = (struct list_head *)
		(rotations_list_only ? regs->di : regs->si);
	struct lruvec *lruvec = rotations_list_only ? NULL :
				(struct lruvec *)regs->di;
	unsigned long nr[2] = { 0, 0 };
	struct folio *folio;
	int walked = 0;

	if (lrucost_mglru_enabled())
		return 0;
	rcu_read_lock();
	list_for_each_entry(folio, list, lru) {
		if (++walked > MAX_WALK)
			break;
		if (!folio_test_active(folio))
			continue;
		if (rotations_list_only) {
			struct lruvec *own = lrucost_folio_lruvec(folio);

			if (own != lruvec) {
				if (lruvec)
					note_rotations(lruvec, nr);
				nr[0] = nr[1] = 0;
				lruvec = own;
			}
			if (!lruvec)
				continue;
		}
		nr[folio_is_file_lru(folio)] += folio_nr_pages(folio);
	}
	if (lruvec)
		note_rotations(lruvec, nr);
	rcu_read_unlock();
	return 0;
}
NOKPROBE_SYMBOL(rotations_pre_body);

/* timed when time_hooks is set (lrucost_hook_begin()) */
static int rotations_pre(struct kprobe *p, struct pt_regs *regs)
{
	return LRUCOST_TIMED(rotations_pre_body(p, regs));
}
NOKPROBE_SYMBOL(rotations_pre);

struct refault_call {
	struct folio *folio;
	bool was_active;
	struct lruvec *lruvec;	/* MGLRU: the folio's, at entry */
	long refaulted;		/* MGLRU: its recent refaults, at entry */
};

static int refault_entry_body(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct refault_call *c = (struct refault_call *)ri->data;

	if (READ_ONCE(refaults_stopping))
		return 1;	/* no return hook for this call */
	atomic_inc(&refaults_pending);
	c->folio = (struct folio *)regs->di;
	c->was_active = folio_test_active(c->folio) ||
			folio_test_workingset(c->folio);
	c->lruvec = NULL;
	if (!c->was_active && lrucost_mglru_enabled()) {
		rcu_read_lock();	/* the folio's memcg: rotations_pre() */
		c->lruvec = lrucost_folio_lruvec(c->folio);
		if (c->lruvec)
			c->refaulted = lrucost_mglru_refaulted(c->lruvec,
					folio_is_file_lru(c->folio));
		rcu_read_unlock();
	}
	return 0;
}
NOKPROBE_SYMBOL(refault_entry_body);

/* timed when time_hooks is set (lrucost_hook_begin()) */
static int refault_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return LRUCOST_TIMED_REFAULT(refault_entry_body(ri, regs));
}
NOKPROBE_SYMBOL(refault_entry);

/*
 * Under MGLRU, whether lru_gen_refault() counted this refault as recent:
 * its type's refaulted[] sum in the folio's lruvec grew by the folio's
 * pages during the call.  A refault another CPU lands in the same lruvec
 * meanwhile can make one that was not recent look so; a reset of the
 * history slot meanwhile hides one that was.  Both need two refaults of
 * one lruvec within microseconds and only blur the cost.  @lruvec is the
 * folio's now, under RCU: the one read at entry only if it is the same.
 */
static bool refault_recent(struct refault_call *c, struct lruvec *lruvec,
			   bool file, unsigned long nr)
{
	long grew;

	if (!lruvec || lruvec != c->lruvec || !lrucost_mglru_enabled())
		return false;
	grew = lrucost_mglru_refaulted(lruvec, file) - c->refaulted;
	return grew >= (long)nr;
}

static int refault_return_body(struct kretprobe_instance *ri,
			       struct pt_regs *regs)
{
	struct refault_call *c = (struct refault_call *)ri->data;
	struct folio *folio = c->folio;
	unsigned long nr = folio_nr_pages(folio);
	bool file = folio_is_file_lru(folio);
	/* a kretprobe handler runs with preemption off */
	struct lrucost_read_run *run = this_cpu_ptr(&read_runs);
	unsigned long ios = nr;
	struct lruvec *lruvec;
	bool pass = false;

	if (c->was_active)
		goto out;
	/* only MGLRU's recent refaults are weighed by it */
	if (file && lrucost_mglru_enabled())
		pass = in_pass(folio, nr);
	rcu_read_lock();	/* the folio's memcg, see rotations_pre() */
	lruvec = lrucost_folio_lruvec(folio);
	if (folio_test_workingset(folio)) {
		lrucost_stat_add(file ? LRUCOST_STAT_REFAULT_ACTIVE_FILE :
				 LRUCOST_STAT_REFAULT_ANON, nr);
	} else if (refault_recent(c, lruvec, file, nr)) {
		if (pass) {
			/* re-read beyond any distance memory could keep */
			lrucost_stat_add(LRUCOST_STAT_REFAULT_RECENT_PASS, nr);
			lruvec = NULL;
		} else {
			lrucost_stat_add(file ?
					 LRUCOST_STAT_REFAULT_RECENT_FILE :
					 LRUCOST_STAT_REFAULT_RECENT_ANON, nr);
		}
	} else {
		/* activated, but was not in the workingset: no IO cost */
		if (file && folio_test_active(folio))
			lrucost_stat_add(LRUCOST_STAT_REFAULT_INACTIVE_FILE,
					 nr);
		lruvec = NULL;
	}
	if (file) {
		ios = lrucost_read_ios(run, folio->mapping, folio->index, nr,
				       lruvec != NULL);
		lrucost_stat_add(LRUCOST_STAT_REFAULT_FILE_READS, ios);
	}
	if (lruvec && ios)
		lrucost_lruvec_note(lruvec, file, LRUCOST_IO, ios);
	rcu_read_unlock();
out:
	/* last: the drain waits for this, see lrucost_drain() */
	atomic_dec(&refaults_pending);
	return 0;
}
NOKPROBE_SYMBOL(refault_return_body);

/* timed when time_hooks is set (lrucost_hook_begin()) */
static int refault_return(struct kretprobe_instance *ri,
			  struct pt_regs *regs)
{
	return LRUCOST_TIMED_REFAULT(refault_return_body(ri, regs));
}
NOKPROBE_SYMBOL(refault_return);

/* shrink_folio_list() returns still pending, see lrucost_drain() */
static atomic_t activations_pending = ATOMIC_INIT(0);
static bool activations_stopping;

struct activations_call {
	struct reclaim_stat *stat;
	struct lruvec *lruvec;
	bool mglru;		/* the call's activations are counted */
	bool timed;		/* time_hooks was set at entry */
	u64 start_ns, end_ns;	/* if timed: the call's entry and return */
};

/*
 * The lruvec is the first folio's: evict_folios() isolates from one.
 * Its memcg outlives the call, which the reclaimer holds a reference to
 * (shrink_many(), mem_cgroup_iter()), so the pointer is still good on
 * return.
 */
static int activations_entry_body(struct kretprobe_instance *ri,
				  struct pt_regs *regs)
{
	struct activations_call *c = (struct activations_call *)ri->data;
	struct list_head *list = (struct list_head *)regs->di;
	bool timed = READ_ONCE(lrucost_knobs.time_hooks);

	if (READ_ONCE(activations_stopping) || regs->r8 & 0xff ||
	    list_empty(list))
		return 1;	/* not LRU reclaim: no return hook */
	c->lruvec = NULL;
	c->mglru = lrucost_mglru_enabled();
	if (c->mglru) {
		c->stat = (struct reclaim_stat *)regs->cx;
		rcu_read_lock();
		c->lruvec = lrucost_folio_lruvec(list_first_entry(list,
							struct folio, lru));
		rcu_read_unlock();
	} else if (!timed) {
		return 1;	/* classic, not timed: no return hook */
	}
	c->timed = timed;
	atomic_inc(&activations_pending);
	return 0;
}
NOKPROBE_SYMBOL(activations_entry_body);

/*
 * Timed when time_hooks is set (lrucost_hook_begin()), but only for
 * lrucost's own work: a classic LRU call is hooked only to be timed, and
 * the reclaim call's clock is read outside the handler's timed part, at
 * either end.  Both are the measurement's cost, not lrucost's; under
 * QEMU's TCG, where the TSC is found unstable and ktime_get_ns() reads an
 * emulated clock device, the clock alone took about 15 us a read.
 */
static int activations_entry(struct kretprobe_instance *ri,
			     struct pt_regs *regs)
{
	struct activations_call *c = (struct activations_call *)ri->data;
	u64 t0 = lrucost_hook_begin();
	int ret = activations_entry_body(ri, regs);

	if (ret || c->mglru)
		lrucost_hook_end(t0, false);
	if (!ret && c->timed)
		c->start_ns = ktime_get_ns();
	return ret;
}
NOKPROBE_SYMBOL(activations_entry);

static int activations_return_body(struct kretprobe_instance *ri,
				   struct pt_regs *regs)
{
	struct activations_call *c = (struct activations_call *)ri->data;
	unsigned long nr[2];

	if (c->lruvec) {
		nr[0] = READ_ONCE(c->stat->nr_activate[0]);
		nr[1] = READ_ONCE(c->stat->nr_activate[1]);
		note_rotations(c->lruvec, nr);
	}
	if (c->timed) {
		lrucost_stat_add(LRUCOST_STAT_RECLAIM_NS,
				 c->end_ns - c->start_ns);
		lrucost_stat_inc(LRUCOST_STAT_RECLAIM_CALLS);
	}
	/* last: the drain waits for this, see lrucost_drain() */
	atomic_dec(&activations_pending);
	return 0;
}
NOKPROBE_SYMBOL(activations_return_body);

/* timed as activations_entry() is, the clock read first */
static int activations_return(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct activations_call *c = (struct activations_call *)ri->data;

	if (c->timed)
		c->end_ns = ktime_get_ns();
	if (!c->mglru)
		return activations_return_body(ri, regs);
	return LRUCOST_TIMED(activations_return_body(ri, regs));
}
NOKPROBE_SYMBOL(activations_return);

static struct kretprobe activations_probe = {
	.entry_handler = activations_entry,
	.handler = activations_return,
	.data_size = sizeof(struct activations_call),
};

static struct kprobe rotations_probe = {
	.pre_handler = rotations_pre,
};

static struct kretprobe refault_probe = {
	.entry_handler = refault_entry,
	.handler = refault_return,
	.data_size = sizeof(struct refault_call),
};

/**
 * lrucost_events_show - refaults the kretprobe could not see, for status
 * @buf: the sysfs page
 * @at: where to write
 *
 * With no miss, refault_active_file equals the kernel's
 * workingset_restore_file exactly: the tests hold it to that.
 *
 * Return: bytes written.
 */
int lrucost_events_show(char *buf, int at)
{
	int n = sysfs_emit_at(buf, at, "missed workingset_refault: %d\n",
			      refault_probe.nmissed);

	if (activations_probe.kp.symbol_name)
		n += sysfs_emit_at(buf, at + n,
				   "missed shrink_folio_list: %d\n",
				   activations_probe.nmissed);
	return n;
}

/**
 * lrucost_events_init - start observing rotations and refaults
 *
 * Return: 0, or a negative errno after a pr_err naming the cause.
 */
int lrucost_events_init(void)
{
	int ret;

	WRITE_ONCE(refaults_stopping, false);
	root_memcg_p = (struct mem_cgroup **)lrucost_ksym("root_mem_cgroup");
	if (!root_memcg_p) {
		pr_err("symbol root_mem_cgroup not found; refusing to load\n");
		return -ENOENT;
	}
	rotations_list_only =
		lrucost_hook_proto(LRUCOST_HOOK_MOVE_FOLIOS_TO_LRU) ==
		LRUCOST_MOVE_LIST;
	rotations_probe.symbol_name =
		lrucost_hook_name(LRUCOST_HOOK_MOVE_FOLIOS_TO_LRU);
	ret = register_kprobe(&rotations_probe);
	if (ret) {
		pr_err("cannot hook %s: %d\n", rotations_probe.symbol_name,
		       ret);
		return ret;
	}
	refault_probe.kp.symbol_name =
		lrucost_hook_name(LRUCOST_HOOK_WORKINGSET_REFAULT);
	refault_probe.maxactive = max_t(int, 64, 4 * num_possible_cpus());
	ret = register_kretprobe(&refault_probe);
	if (ret) {
		pr_err("cannot hook %s: %d\n", refault_probe.kp.symbol_name,
		       ret);
		unregister_kprobe(&rotations_probe);
		return ret;
	}
	/* MGLRU's rotations: only where the MGLRU adapter is armed too */
	activations_probe.kp.symbol_name = NULL;
	if (!lrucost_mglru_known() ||
	    lrucost_hook_proto(LRUCOST_HOOK_SHRINK_FOLIO_LIST) < 0)
		return 0;
	WRITE_ONCE(activations_stopping, false);
	activations_probe.kp.symbol_name =
		lrucost_hook_name(LRUCOST_HOOK_SHRINK_FOLIO_LIST);
	/* it sleeps (writeback, unmapping): allow many at once */
	activations_probe.maxactive = max_t(int, 64, 4 * num_possible_cpus());
	ret = register_kretprobe(&activations_probe);
	if (ret) {
		pr_err("cannot hook %s: %d\n",
		       activations_probe.kp.symbol_name, ret);
		activations_probe.kp.symbol_name = NULL;
		/* the other two are armed: undo them as unload does */
		lrucost_events_exit();
	}
	return ret;
}

/**
 * lrucost_events_exit - stop observing
 *
 * Drains pending workingset_refault() returns first (see above);
 * unregister_k*probe() then wait until no handler runs any more.
 */
void lrucost_events_exit(void)
{
	if (activations_probe.kp.symbol_name) {
		lrucost_drain(&activations_stopping, &activations_pending,
			      "shrink_folio_list");
		unregister_kretprobe(&activations_probe);
		activations_probe.kp.symbol_name = NULL;
	}
	lrucost_drain(&refaults_stopping, &refaults_pending, "refault");
	unregister_kretprobe(&refault_probe);
	unregister_kprobe(&rotations_probe);
}
