/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel-side glue of lrucost: what the glue files share. */
#ifndef LRUCOST_H
#define LRUCOST_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/sched/clock.h>
#include <linux/seqlock.h>
#include <linux/types.h>
#include "lrucost_btf.h"
#include "lrucost_cgpolicy.h"
#include "lrucost_parse.h"
#include "lrucost_policy.h"
#include "lrucost_steer.h"

struct folio;
struct lruvec;
struct mem_cgroup;

#include "lrucost_version.h"

/* ksym.c: symbol addresses from the kprobe lookup, nothing called */
unsigned long lrucost_ksym(const char *name);

/* targets.c: the functions lrucost hooks, and whether ftrace can */
enum lrucost_target_state {
	LRUCOST_TARGET_ABSENT,		/* not in kallsyms (inlined) */
	LRUCOST_TARGET_UNTRACEABLE,	/* no ftrace record */
	LRUCOST_TARGET_OK,
};

#define LRUCOST_MAX_PROTOS 3

/*
 * A hook target.  @protos lists the prototypes its handler can read, each
 * a NULL-terminated list of parameter names in argument-register order;
 * @proto is the index of the one the kernel's BTF has, -1 before the check
 * (or for a target that is only checked, not hooked: @protos empty).
 */
struct lrucost_target {
	const char *name;
	bool required;
	const char *const *protos[LRUCOST_MAX_PROTOS];
	unsigned long addr;
	enum lrucost_target_state state;
	int proto;
};

enum lrucost_hook {
	LRUCOST_HOOK_SHRINK_LRUVEC,	/* steer_hook.c */
	LRUCOST_HOOK_WORKINGSET_REFAULT, /* events.c: IO cost */
	LRUCOST_HOOK_MOVE_FOLIOS_TO_LRU, /* events.c: CPU cost */
	LRUCOST_HOOK_ISOLATE_FOLIOS,	/* mglru_hook.c (optional) */
	LRUCOST_HOOK_SHRINK_FOLIO_LIST,	/* events.c: MGLRU's CPU cost (optional) */
	LRUCOST_HOOK_GET_SWAPPINESS,	/* mglru_noswap.c (optional) */
	LRUCOST_NR_HOOKS,
};

/* move_folios_to_lru()'s prototypes, indexes of its lrucost_target.protos */
enum {
	LRUCOST_MOVE_LRUVEC_LIST,	/* (lruvec, list): 6.1, 6.12, 7.0 */
	LRUCOST_MOVE_LIST,		/* (list): 7.2, 7.3; no lock held */
};

/* isolate_folios()'s prototypes, see mglru_hook.c */
enum {
	LRUCOST_ISOLATE_TYPE,		/* (lruvec, sc, swappiness, ...): 6.1, 6.12 */
	LRUCOST_ISOLATE_NR_TYPE,	/* (nr_to_scan, ...): 7.0 */
	LRUCOST_ISOLATE_ISOLATED,	/* (..., isolated, isolate_type, ...): 7.2 */
};

const char *lrucost_hook_name(enum lrucost_hook hook);
int lrucost_hook_proto(enum lrucost_hook hook);
bool lrucost_func_params_are(const char *func, const char *const *want);
int lrucost_targets_resolve(const char *extra);
void lrucost_targets_free(void);
int lrucost_targets_show(char *buf, int at);

/* layout.c: offsets of private struct members, from the kernel's BTF */
struct lrucost_field {
	const char *type, *name;
	struct lrucost_btf_member m;
};

int lrucost_layout_init(const char *extra);
const void *lrucost_layout_btf(unsigned long *len);
const struct lrucost_btf_member *lrucost_layout_field(const char *type,
						      const char *name);
int lrucost_layout_show(char *buf, int at);

/* mglru.c: whether the multi-gen LRU has taken over reclaim */
int lrucost_mglru_init(void);
bool lrucost_mglru_enabled(void);
bool lrucost_mglru_known(void);
unsigned long lrucost_mglru_max_seq(struct lruvec *lruvec);
bool lrucost_mglru_anon_full(struct lruvec *lruvec);
struct lrucost_gens;
void lrucost_mglru_gens(struct lruvec *lruvec, int reclaim_idx,
			struct lrucost_gens *g);
void lrucost_mglru_sizes(struct lruvec *lruvec, unsigned long *size);
long lrucost_mglru_refaulted(struct lruvec *lruvec, bool file);

/* knobs.c: the tunables, each read with READ_ONCE on the hot path */
struct lrucost_knobs {
	int enabled;		/* 1 steer, 0 observe only */
	int swappiness;		/* -1 follow the kernel's, else 0..200 */
	int io_cost;		/* 1..1024 */
	int anon_percent;	/* -1 cost model, else 0..100 */
	int time_hooks;		/* 1: hook_ns, hook_calls count */
};

extern struct lrucost_knobs lrucost_knobs;
extern const struct attribute_group lrucost_knob_group;
int lrucost_knobs_load(void);

/* stats.c: per-CPU event counters */
enum lrucost_stat {
	LRUCOST_STAT_STEERED,
	LRUCOST_STAT_STEER_ANON,
	LRUCOST_STAT_STEER_FILE,
	LRUCOST_STAT_SKIP_DISABLED,
	LRUCOST_STAT_SKIP_NO_SWAP,
	LRUCOST_STAT_SKIP_PRIORITY0,
	LRUCOST_STAT_SKIP_CACHE_TRIM,
	LRUCOST_STAT_SKIP_FILE_TINY,
	LRUCOST_STAT_SKIP_MGLRU,
	LRUCOST_STAT_SKIP_NO_IO,
	LRUCOST_STAT_CGROUP_NO_SWAP,
	LRUCOST_STAT_ANON_OUT_OF_REACH,
	LRUCOST_STAT_FILE_TOOK_ANON,
	LRUCOST_STAT_TABLE_FULL,
	LRUCOST_STAT_SLOT_REUSED,
	LRUCOST_STAT_ADDR_REUSED,
	LRUCOST_STAT_REFAULT_INACTIVE_FILE,
	LRUCOST_STAT_REFAULT_ACTIVE_FILE,
	LRUCOST_STAT_REFAULT_ANON,
	LRUCOST_STAT_REFAULT_RECENT_FILE,
	LRUCOST_STAT_REFAULT_RECENT_ANON,
	LRUCOST_STAT_REFAULT_RECENT_PASS,
	LRUCOST_STAT_REFAULT_FILE_READS,
	LRUCOST_STAT_ROTATED_ANON,
	LRUCOST_STAT_ROTATED_FILE,
	LRUCOST_STAT_PROMOTED_ANON,
	LRUCOST_STAT_COST_CPU,
	LRUCOST_STAT_COST_IO,
	LRUCOST_STAT_HOOK_NS,
	LRUCOST_STAT_HOOK_CALLS,
	LRUCOST_STAT_REFAULT_HOOK_NS,
	LRUCOST_STAT_REFAULT_HOOK_CALLS,
	LRUCOST_STAT_RECLAIM_NS,
	LRUCOST_STAT_RECLAIM_CALLS,
	LRUCOST_NR_STATS,
};

void lrucost_stat_inc(enum lrucost_stat item);
void lrucost_stat_add(enum lrucost_stat item, unsigned long n);
unsigned long lrucost_stat_read(enum lrucost_stat item);
void lrucost_stats_reset(void);
const char *lrucost_stat_name(enum lrucost_stat item);

/*
 * What lrucost's own hook code costs, for the benchmark's overhead report
 * (time_hooks, off by default): a wall-clock A/B under emulation cannot
 * resolve a few percent, a sum of the handlers' own nanoseconds can.  It
 * counts from the handler's first line to its last, so not the probe's
 * own trap and dispatch (the A/B's part).  Off, it is a load and a branch.
 * Handlers run with preemption off, so local_clock() is one CPU's clock
 * from begin to end.
 */
static inline u64 lrucost_hook_begin(void)
{
	return READ_ONCE(lrucost_knobs.time_hooks) ? local_clock() : 0;
}

/*
 * Every handler counts in hook_ns; the refault path's (workingset_refault(),
 * outside reclaim) in refault_hook_ns too, so that the report can set the
 * reclaim path's part against reclaim's own time.
 */
static inline void lrucost_hook_end(u64 t0, bool refault)
{
	u64 ns;

	if (!t0)
		return;
	ns = local_clock() - t0;
	lrucost_stat_add(LRUCOST_STAT_HOOK_NS, ns);
	lrucost_stat_inc(LRUCOST_STAT_HOOK_CALLS);
	if (refault) {
		lrucost_stat_add(LRUCOST_STAT_REFAULT_HOOK_NS, ns);
		lrucost_stat_inc(LRUCOST_STAT_REFAULT_HOOK_CALLS);
	}
}

/* __LRUCOST_TIMED(call, refault): a handler's call, timed as above */
#define __LRUCOST_TIMED(call, refault) ({		\
	u64 __t0 = lrucost_hook_begin();		\
	int __ret = (call);				\
							\
	lrucost_hook_end(__t0, refault);		\
	__ret;						\
})

/* LRUCOST_TIMED(call): a handler's call, timed; its value */
#define LRUCOST_TIMED(call)		__LRUCOST_TIMED(call, false)
/* LRUCOST_TIMED_REFAULT(call): the same, for a refault path handler */
#define LRUCOST_TIMED_REFAULT(call)	__LRUCOST_TIMED(call, true)

/* file reads this recent make the cache worth steering for (MGLRU) */
#define LRUCOST_TRIM_WINDOW	(10 * HZ)

/* lruvecs.c: lrucost's per-lruvec state */
struct lrucost_lruvec {
	struct lruvec *key;
	u64 serial;			/* the memcg's css serial number */
	atomic_long_t cost[2];		/* anon, file */
	/*
	 * Halving both costs is one write section, so the split never reads
	 * one halved and the other not: decay_seq is odd while it runs, and
	 * the decaying bit lets only one reclaimer halve at a time.
	 */
	seqcount_t decay_seq;
	unsigned long decaying;
	/*
	 * Plain fields: two reclaimers of one lruvec may race on them, which
	 * only blurs the estimate that picks the next pass.
	 */
	struct lrucost_steer_debt debt;
	unsigned long ap, fp;		/* the last split, for display */
	u64 cgroup_ino;			/* cgroup_id(): for display */
	unsigned long last_used;	/* jiffies; 0 until first stamped */
	unsigned long aged_at;		/* jiffies | 1 of the last aging asked */
	/* jiffies | 1 when file IO last ended the trim, see mglru_hook.c */
	unsigned long file_io_at;
	struct lrucost_trim_reads trim;	/* the file reads toward that */
	/* its cgroup's policy, resolved, and whose it is: cgroups.c */
	u64 policy_word;
	u64 policy_id;
	/* the memcg as the kernel names it to user space: mem_cgroup_id() */
	u64 memcg_id;
	int nid;
};

struct mem_cgroup *lrucost_lruvec_memcg(struct lruvec *lruvec);
extern unsigned int lrucost_slot_idle_secs;
int lrucost_lruvecs_init(unsigned int slots);
void lrucost_lruvecs_exit(void);
struct lrucost_lruvec *lrucost_lruvec_get(struct lruvec *lruvec);
struct lrucost_lruvec *lrucost_lruvec_find(struct lruvec *lruvec);
void lrucost_lruvec_note(struct lruvec *lruvec, bool file,
			 enum lrucost_kind kind, unsigned long nr_pages);
void lrucost_lru_sizes(struct lruvec *lruvec, unsigned long *size);
void lrucost_lruvec_costs(struct lrucost_lruvec *e, unsigned long *anon,
			  unsigned long *file);
int lrucost_lruvecs_show(char *buf);

/* cgroups.c: per-cgroup policy, /sys/kernel/mm/lrucost/cgroups/ */
struct kobject;
int lrucost_cgroups_init(struct kobject *parent);
void lrucost_cgroups_exit(void);
int lrucost_cgroups_show(char *buf, int at);
bool lrucost_policy_get(struct lruvec *lruvec, struct lrucost_lruvec *e,
			struct lrucost_knob_set *k);
long long lrucost_policy_shown(struct lrucost_lruvec *e);

/* events.c: the hooks that observe rotations and refaults */
struct mem_cgroup *lrucost_root_memcg(void);
int lrucost_events_init(void);
void lrucost_events_exit(void);
int lrucost_events_show(char *buf, int at);
struct lruvec *lrucost_folio_lruvec(struct folio *folio);

/* steer_hook.c: the override of the anon/file split in shrink_lruvec */
int lrucost_steer_init(void);
void lrucost_wanted_split(struct lrucost_lruvec *e, unsigned long anon_pages,
			  unsigned long file_pages, unsigned int kernel_sw,
			  const struct lrucost_knob_set *k, unsigned long *ap,
			  unsigned long *fp);
void lrucost_drain(bool *stopping, atomic_t *pending, const char *what);
void lrucost_steer_exit(void);
int lrucost_steer_show(char *buf, int at);

/* mglru_hook.c: the override of the anon/file choice under MGLRU */
int lrucost_mglru_steer_init(void);
void lrucost_mglru_steer_exit(void);
bool lrucost_mglru_steerable(void);
int lrucost_mglru_steer_show(char *buf, int at);

/* mglru_noswap.c: a cgroup's swappiness 0 under MGLRU */
int lrucost_mglru_noswap_init(void);
void lrucost_mglru_noswap_exit(void);
int lrucost_mglru_noswap_show(char *buf, int at);

/* mglru_age.c: aging an lruvec on request, through lru_gen's debugfs */
void lrucost_age_init(void);
void lrucost_age_exit(void);
void lrucost_age_request(struct lrucost_lruvec *e, unsigned long max_seq,
			 bool force, unsigned int anon_permille);
int lrucost_age_show(char *buf, int at);

/* mglru_sort.c: MGLRU's anon promotions, a CPU cost */
int lrucost_sort_init(void);
void lrucost_sort_exit(void);
void lrucost_sort_begin(void);
unsigned long lrucost_sort_end(void);
int lrucost_sort_show(char *buf, int at);

/* sysfs.c: /sys/kernel/mm/lrucost/ */
int lrucost_sysfs_init(void);
void lrucost_sysfs_exit(void);

#endif /* LRUCOST_H */
