// SPDX-License-Identifier: GPL-2.0
/*
 * Aging an lruvec on request, when MGLRU steering needs anon that
 * eviction cannot reach (see mglru_hook.c).
 *
 * Why it is needed.  MGLRU evicts only from each type's oldest
 * generation, and a generation moves on only when the lruvec is aged
 * (try_to_inc_max_seq()).  Reclaim ages when the evictable types run
 * out of old generations (should_run_aging(); 6.12 looks at anon's
 * oldest generation only through min_seq[], which try_to_inc_min_seq()
 * keeps no younger than file's).  Under a file set re-read through
 * read(), each refault goes into the oldest file generation, which
 * therefore never empties: reclaim never ages, and idle anon, faulted
 * in before the last aging, sits in the second youngest generation for
 * good.  That is the seed's problem as MGLRU has it: on 6.12, 280 MiB
 * re-read beside 200 MiB of idle anon in 512 MiB refaulted 213k file
 * pages in three rounds and scanned no anon page; the same load with the
 * lruvec aged once a second swapped the idle anon out and refaulted
 * nothing (README, MGLRU).  No batch choice helps there: an anon-first
 * batch finds no anon and falls back to file.
 *
 * Why this way.  The kernel ages an lruvec on request through one
 * interface only, the "+ memcg_id node_id seq can_swap force_scan"
 * command of /sys/kernel/debug/lru_gen (Documentation/admin-guide/mm/
 * multigen_lru.rst), which names a memcg by mem_cgroup_id(): the css id up
 * to 6.x, the cgroup id (inode number) from 7.x, where the css id became
 * private; lrucost_lruvec_get() records it by the kernel's own helper,
 * so every version gets the id it takes.  The function behind the command
 * is static, and lrucost calls nothing it resolved itself (IBT).  That
 * file takes its command through copy_from_user(), which a kernel buffer
 * cannot pass, and kernel_write() refuses a file without write_iter.  So
 * the request is written by a user-mode helper, /bin/sh run with
 * call_usermodehelper(), as the kernel runs modprobe: from a work item,
 * never in reclaim.
 *
 * What is asked for is what reclaim itself would have done had it looked
 * at anon: one step of the kernel's own aging, from the max_seq the
 * batch saw (on 6.1 and 6.12 a stale one is a no-op).  force_scan is 0,
 * so no walk beyond the kernel's usual one, unless anon already holds
 * every generation it can (lrucost_mglru_anon_full()): anon is then stuck
 * behind file's oldest generation, the kernel refuses to age it without
 * force_scan (-ERANGE), and a forced step moves each full type's oldest
 * generation into the next, as its own aging does when a lruvec is
 * full.  A request follows a batch the policy sent to anon that found
 * none (or, the other way round, one it sent to file that took anon
 * because file could evict nothing before anon's oldest generation went:
 * lrucost_steer_file_held(); that request is paced by the file share),
 * so the shortfall itself paces them, within a bound that follows the
 * share wanted: the more of the eviction is to be anon, the
 * more often anon must be brought into reach, while each step also
 * makes anon in use look older (an anon page not seen accessed over the
 * last two or three steps is evicted).  So the requests for one lruvec
 * are AGE_INTERVAL_MIN (1/8 s) divided by the anon share apart, or a
 * second if that is longer; the one work item runs the helpers one at a
 * time.
 *
 * Measured on 6.12 (targeted, t-mglru-fidelity.sh and t-mglru-thrash.sh):
 * at one a second for any share, anon_percent=90 got 38% of pgscan; at
 * 1/8 s, 89%, but 10 got 26% in one run of three; at 1/4 s a stream
 * beside an active anon set swapped 2,166 pages of it (stock: 13);
 * paced by the share, 11/51/90% at 10/50/90 and 943 pages.  Requests
 * beyond AGE_SLOTS pending are dropped and asked for again by a later
 * batch.  Unload stops new requests and waits for the helper running,
 * if any: nothing of lrucost's runs after rmmod.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/umh.h>
#include <linux/workqueue.h>
#include "lrucost.h"

#define AGE_SLOTS	16
/* between requests of one lruvec: at an anon share of 100%, and longest */
#define AGE_INTERVAL_MIN	(HZ / 8)
#define AGE_INTERVAL_MAX	HZ

struct age_req {
	u64 memcg_id;
	int nid;
	unsigned long seq;
	bool force;
};

static DEFINE_RAW_SPINLOCK(age_lock);
static struct age_req pending[AGE_SLOTS];
static int nr_pending;
static bool age_stopping;
static atomic_long_t nr_asked, nr_done, nr_refused;
static int last_status;

static void age_fn(struct work_struct *work)
{
	struct age_req reqs[AGE_SLOTS];
	char cmd[96], *argv[4], *envp[3];
	int i, n, ret;

	/* call_usermodehelper() takes them writable, as kmod.c has them */
	argv[0] = "/bin/sh";
	argv[1] = "-c";
	argv[2] = cmd;
	argv[3] = NULL;
	envp[0] = "HOME=/";
	envp[1] = "PATH=/usr/sbin:/usr/bin:/sbin:/bin";
	envp[2] = NULL;

	raw_spin_lock_irq(&age_lock);
	n = nr_pending;
	memcpy(reqs, pending, n * sizeof(reqs[0]));
	nr_pending = 0;
	raw_spin_unlock_irq(&age_lock);
	for (i = 0; i < n; i++) {
		snprintf(cmd, sizeof(cmd),
			 "echo '+ %llu %d %lu 1 %d' >/sys/kernel/debug/lru_gen",
			 reqs[i].memcg_id, reqs[i].nid, reqs[i].seq,
			 reqs[i].force);
		ret = call_usermodehelper(argv[0], argv, envp, UMH_WAIT_PROC);
		if (ret) {
			atomic_long_inc(&nr_refused);
			WRITE_ONCE(last_status, ret);
		} else {
			atomic_long_inc(&nr_done);
		}
	}
}

static DECLARE_WORK(age_work, age_fn);

/**
 * lrucost_age_request - ask for one aging step of a lruvec
 * @e: its lrucost state (memcg id, node; the time of the last request)
 * @max_seq: the lruvec's max_seq as the caller saw it
 * @force: with force_scan (lrucost_mglru_anon_full())
 * @anon_permille: the share of the type short of a generation, anon's
 *	for an anon-first batch, 0..1000
 *
 * Callable in any context (kprobe handlers, under the lru_lock).  At
 * most one request per lruvec per AGE_INTERVAL_MIN * 1000 /
 * @anon_permille, within AGE_INTERVAL_MIN..AGE_INTERVAL_MAX.
 */
void lrucost_age_request(struct lrucost_lruvec *e, unsigned long max_seq,
			 bool force, unsigned int anon_permille)
{
	unsigned long now = jiffies, last = READ_ONCE(e->aged_at), flags;
	unsigned long interval = AGE_INTERVAL_MIN * 1000 /
				 max(anon_permille, 1U);
	int i;

	interval = clamp(interval, AGE_INTERVAL_MIN, AGE_INTERVAL_MAX);
	if (READ_ONCE(age_stopping) ||
	    (last && time_before(now, last + interval)) ||
	    cmpxchg(&e->aged_at, last, now | 1) != last)
		return;
	raw_spin_lock_irqsave(&age_lock, flags);
	for (i = 0; i < nr_pending; i++)
		if (pending[i].memcg_id == e->memcg_id &&
		    pending[i].nid == e->nid)
			break;
	if (i == nr_pending && nr_pending < AGE_SLOTS)
		nr_pending++;
	if (i < nr_pending) {
		pending[i].memcg_id = e->memcg_id;
		pending[i].nid = e->nid;
		pending[i].seq = max_seq;
		pending[i].force = force;
	}
	raw_spin_unlock_irqrestore(&age_lock, flags);
	atomic_long_inc(&nr_asked);
	schedule_work(&age_work);
}

/**
 * lrucost_age_init - accept requests
 */
void lrucost_age_init(void)
{
	nr_pending = 0;
	WRITE_ONCE(age_stopping, false);
}

/**
 * lrucost_age_exit - refuse requests, wait for the helper running
 *
 * Called once no hook can ask any more (they are unregistered).
 */
void lrucost_age_exit(void)
{
	WRITE_ONCE(age_stopping, true);
	cancel_work_sync(&age_work);
}

/**
 * lrucost_age_show - append the aging requests to the status file
 * @buf: the sysfs page
 * @at: bytes already in @buf
 *
 * Return: bytes appended.
 */
int lrucost_age_show(char *buf, int at)
{
	return sysfs_emit_at(buf, at,
			     "mglru aging: asked %ld, done %ld, refused %ld (last exit status %d)\n",
			     atomic_long_read(&nr_asked),
			     atomic_long_read(&nr_done),
			     atomic_long_read(&nr_refused),
			     READ_ONCE(last_status));
}
