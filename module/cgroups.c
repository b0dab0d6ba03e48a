// SPDX-License-Identifier: GPL-2.0
/*
 * Per-cgroup policy on cgroup v2: /sys/kernel/mm/lrucost/cgroups/.
 *
 * Why.  Cgroup v2 has no per-cgroup swappiness: every memcg is reclaimed
 * with the global vm.swappiness, and memory.reclaim's "swappiness=" only
 * reaches the reclaim user space asks for.  lrucost keeps its costs and
 * split per lruvec (memcg x node) anyway, so a lruvec can as well be
 * steered by its own cgroup's settings.
 *
 * The interface.  Policies are objects the admin creates, named by the
 * cgroup's id: the inode number of its directory in the cgroup2 mount
 * (cgroup_id(), kernfs's 64-bit id, never reused while the system runs).
 * Writing an id to cgroups/add creates cgroups/ID/ with one file per
 * setting (enabled, swappiness, io_cost, anon_percent), each "follow"
 * until set, plus cgroup (its path) and state (live or gone); writing
 * the id to cgroups/remove deletes it.  The model is bonding_masters'
 * and the PCI drivers' new_id: sysfs, one value a file, no new file
 * system to mount and no dependency on configfs, which Debian builds as
 * a module that insmod does not load.  Writes are parsed strictly
 * (parse.c): a bad one is -EINVAL and changes nothing.
 *
 * Inheritance is per field, from the nearest ancestor that sets it, then
 * the global knobs (cgpolicy.c).  A policy applies to the cgroup's own
 * memcg and to every descendant's: it names a cgroup with the memory
 * controller enabled (add refuses another: -ENOENT, as for no cgroup),
 * and a descendant without its own memory controller is reclaimed within
 * its ancestor's memcg anyway.
 *
 * A cgroup removed while a policy names it: the policy stays, says
 * "gone", and applies to nothing, since no live memcg has its id (the
 * same while the cgroup's memory controller is turned off; turned on
 * again, the cgroup is the same and so is its policy); a new
 * cgroup at the same path has a new id and follows its ancestors until
 * a policy names it.  Nothing refers to the cgroup: a policy is an id and
 * its settings, and its path is looked up only when read.
 *
 * The reclaim path.  Reclaim reads an RCU-published copy of the table
 * (at most LRUCOST_MAX_POLICIES entries), replaced whole on each change,
 * and each lruvec caches its cgroup's resolved settings in one word
 * stamped with the table's generation (lrucost_lruvec.policy_word,
 * cgpolicy.c).  With no policy at all, the global knobs are read as
 * before and nothing else is done.
 *
 * A swappiness of 0 from a cgroup's policy is strict: the cgroup's anon
 * is not reclaimed at all while lrucost steers it, in global reclaim
 * too, at priority 0 and when the kernel finds file tiny
 * (lrucost_policy_get()'s return).  That is stricter than a cgroup v1
 * memcg's swappiness 0, which kept only its limit reclaim off swap, and
 * close to memory.swap.max=0: a cgroup of anon alone may see the OOM
 * killer where stock would have swapped it.  The issue asks for it: a
 * latency-critical service that is never swapped.  The global knob's 0
 * keeps the kernel's meaning of vm.swappiness=0.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cgroup.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/memcontrol.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include "lrucost.h"

#define LRUCOST_MAX_POLICIES	64

/* a policy as the admin sees it: its directory */
struct cg_policy {
	struct kobject kobj;
	struct list_head node;
	u64 id;
	struct lrucost_knob_set set;
};

/* a policy as reclaim sees it */
struct cg_entry {
	u64 id;
	struct lrucost_knob_set set;
};

struct cg_table {
	struct rcu_head rcu;
	unsigned int nr;
	struct cg_entry e[];
};

static DEFINE_MUTEX(policies_lock);
static LIST_HEAD(policies);
static unsigned int nr_policies;
/* NULL while there is no policy */
static struct cg_table __rcu *table;
/* never 0: see lrucost_knobs_unpack() */
static unsigned int table_gen = 1;
static struct kobject *cgroups_kobj;

/* live policy objects and tables, for the leak tests (status) */
static atomic_t nr_objects = ATOMIC_INIT(0);

static void table_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct cg_table, rcu));
	atomic_dec(&nr_objects);
}

/*
 * Replace reclaim's copy with one of the policies as they are now.  The
 * generation moves after the table: a word stamped with the new
 * generation was resolved from this table (or a newer one).
 */
static int publish(void)
{
	struct cg_table *t = NULL, *old;
	struct cg_policy *p;
	unsigned int i = 0, gen;

	lockdep_assert_held(&policies_lock);
	if (nr_policies) {
		t = kmalloc(struct_size(t, e, nr_policies), GFP_KERNEL);
		if (!t)
			return -ENOMEM;
		atomic_inc(&nr_objects);
		list_for_each_entry(p, &policies, node) {
			t->e[i].id = p->id;
			t->e[i].set = p->set;
			i++;
		}
		t->nr = i;
	}
	old = rcu_replace_pointer(table, t, lockdep_is_held(&policies_lock));
	gen = table_gen + 1 ?: 1;
	/* release: who reads the new generation finds the new table */
	smp_store_release(&table_gen, gen);
	if (old)
		call_rcu(&old->rcu, table_free_rcu);
	return 0;
}

static const struct lrucost_knob_set *find(const struct cg_table *t, u64 id)
{
	unsigned int i;

	for (i = 0; i < t->nr; i++)
		if (t->e[i].id == id)
			return &t->e[i].set;
	return NULL;
}

/*
 * Online and not being removed: rmdir marks the css dying at once
 * (kill_css()), and takes it offline later, from a workqueue.
 */
static bool css_live(struct cgroup_subsys_state *css)
{
	return (READ_ONCE(css->flags) & CSS_ONLINE) && !css_is_dying(css);
}

/*
 * The fields the policies of @lruvec's cgroup and its ancestors set,
 * nearest first; FOLLOW for the rest.  @id: the nearest cgroup with a
 * policy, 0 if none.  The lruvec's memcg is pinned by the reclaimer, or
 * under RCU on the refault path (css_free_rwork_fn() frees after a grace
 * period), and each cgroup pins its parent.  A memcg being removed or
 * offline (its pages not yet all gone) follows no policy: its id no
 * longer names a live cgroup (a cached word that sets a field is checked
 * for that too, lrucost_policy_get()).
 */
static void resolve(struct lruvec *lruvec, struct lrucost_knob_set *k,
		    u64 *id)
{
	struct mem_cgroup *memcg = lrucost_lruvec_memcg(lruvec);
	const struct lrucost_knob_set *own;
	const struct cg_table *t;
	struct cgroup *cg;

	lrucost_knobs_follow_all(k);
	*id = 0;
	if (!memcg || !css_live(&memcg->css))
		return;
	rcu_read_lock();
	t = rcu_dereference(table);
	for (cg = memcg->css.cgroup; t && cg; cg = cgroup_parent(cg)) {
		own = find(t, cgroup_id(cg));
		if (!own)
			continue;
		if (!*id)
			*id = cgroup_id(cg);
		lrucost_knobs_inherit(k, own);
	}
	rcu_read_unlock();
}

static void global_knobs(struct lrucost_knob_set *k)
{
	k->enabled = READ_ONCE(lrucost_knobs.enabled);
	k->swappiness = READ_ONCE(lrucost_knobs.swappiness);
	k->io_cost = READ_ONCE(lrucost_knobs.io_cost);
	k->anon_percent = READ_ONCE(lrucost_knobs.anon_percent);
}

static bool memcg_live(struct lruvec *lruvec)
{
	struct mem_cgroup *memcg = lrucost_lruvec_memcg(lruvec);

	return memcg && css_live(&memcg->css);
}

/*
 * Cache @lruvec's resolved policy in its slot.  Another lruvec may have
 * taken the slot over meanwhile (lrucost_lruvec_get()): its reset of
 * the word, before its cmpxchg of the key (a full barrier), either came
 * before this write, and the key read after it tells, or comes after and
 * wins; so the word is never left stamped for the wrong lruvec.
 */
static void stamp(struct lrucost_lruvec *e, struct lruvec *lruvec,
		  const struct lrucost_knob_set *k, u64 id, unsigned int gen)
{
	WRITE_ONCE(e->policy_id, id);
	WRITE_ONCE(e->policy_word, lrucost_knobs_pack(k, gen));
	/* the write before the read, as the taker's cmpxchg orders its own */
	smp_mb();
	if (READ_ONCE(e->key) != lruvec)
		WRITE_ONCE(e->policy_word, 0);
}

/**
 * lrucost_policy_get - the settings in force for a lruvec
 * @lruvec: the lruvec
 * @e: its state if the caller has it, else NULL (looked up here, without
 *	claiming a slot, and only while there are policies)
 * @k: the settings, out: its cgroup's policy, field by field, where it or
 *	an ancestor's sets them, else the global knobs
 *
 * Return: true when a cgroup's policy sets the swappiness to 0: its anon
 * is then not to be reclaimed at all while lrucost steers it.
 */
bool lrucost_policy_get(struct lruvec *lruvec, struct lrucost_lruvec *e,
			struct lrucost_knob_set *k)
{
	struct lrucost_knob_set global;
	unsigned int gen;
	bool no_swap;
	u64 id;

	global_knobs(&global);
	if (!rcu_access_pointer(table)) {
		*k = global;
		return false;
	}
	/* acquire: pairs with publish(), the table at least this new */
	gen = smp_load_acquire(&table_gen);
	if (!e)
		e = lrucost_lruvec_find(lruvec);
	if (!e || lrucost_knobs_unpack(READ_ONCE(e->policy_word), gen, k) ||
	    (lrucost_knobs_any_set(k) && !memcg_live(lruvec))) {
		resolve(lruvec, k, &id);
		if (e)
			stamp(e, lruvec, k, id, gen);
	}
	no_swap = k->swappiness == 0;
	lrucost_knobs_inherit(k, &global);
	return no_swap;
}

/**
 * lrucost_policy_shown - the policy a lruvec followed, for lruvecs
 * @e: its state
 *
 * Return: the id of the nearest cgroup with a policy, the lruvec's own
 * or an ancestor, as last resolved; 0 for none; -1 if the policies
 * changed since (the lruvec has not been reclaimed or refaulted since).
 */
long long lrucost_policy_shown(struct lrucost_lruvec *e)
{
	struct lrucost_knob_set k;
	unsigned int gen;

	if (!rcu_access_pointer(table))
		return 0;
	/* acquire: as in lrucost_policy_get() */
	gen = smp_load_acquire(&table_gen);
	if (lrucost_knobs_unpack(READ_ONCE(e->policy_word), gen, &k))
		return -1;
	return READ_ONCE(e->policy_id);
}

/* the policy directories' files */

#define to_policy(k) container_of(k, struct cg_policy, kobj)

struct policy_attr {
	struct kobj_attribute attr;
	size_t off;		/* of the field in struct lrucost_knob_set */
	int min, max;
};

static int *field_of(struct cg_policy *p, struct kobj_attribute *attr)
{
	struct policy_attr *a = container_of(attr, struct policy_attr, attr);

	return (int *)((char *)&p->set + a->off);
}

static ssize_t field_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	int v;

	mutex_lock(&policies_lock);
	v = *field_of(to_policy(kobj), attr);
	mutex_unlock(&policies_lock);
	if (v == LRUCOST_FOLLOW)
		return sysfs_emit(buf, "follow\n");
	return sysfs_emit(buf, "%d\n", v);
}

static ssize_t field_store(struct kobject *kobj, struct kobj_attribute *attr,
			   const char *buf, size_t count)
{
	struct policy_attr *a = container_of(attr, struct policy_attr, attr);
	int *f = field_of(to_policy(kobj), attr);
	int v, was, ret;

	if (!lrucost_parse_word(buf, count, "follow"))
		v = LRUCOST_FOLLOW;
	else if (lrucost_parse_int(buf, count, a->min, a->max, &v))
		return -EINVAL;
	mutex_lock(&policies_lock);
	ret = -ENOENT;
	if (list_empty(&to_policy(kobj)->node))
		goto out;	/* removed, its directory on its way out */
	was = *f;
	*f = v;
	ret = publish();
	if (ret)
		*f = was;
out:
	mutex_unlock(&policies_lock);
	return ret ?: count;
}

#define POLICY_ATTR(_name, _min, _max)					\
	static struct policy_attr policy_##_name = {			\
		.attr = __ATTR(_name, 0644, field_show, field_store),	\
		.off = offsetof(struct lrucost_knob_set, _name),	\
		.min = _min,						\
		.max = _max,						\
	}

POLICY_ATTR(enabled, 0, 1);
POLICY_ATTR(swappiness, -1, LRUCOST_SWAPPINESS_MAX);
POLICY_ATTR(io_cost, 1, LRUCOST_IO_COST_MAX);
POLICY_ATTR(anon_percent, -1, 100);

/*
 * The memcg of the live cgroup @id, under rcu_read_lock(), or NULL: one
 * with the memory controller of its own, found without a reference by
 * walking the memory controller's tree (css_next_descendant_pre(), which
 * takes none), since dropping one (css_put()) inlines an indirect call,
 * which lrucost never makes (tools/check-indirect-calls).  Only reads of
 * sysfs files and add walk it.
 */
static struct cgroup_subsys_state *memcg_css_of(u64 id)
{
	/* NULL while the module loads: events.c finds it after sysfs */
	struct mem_cgroup *root = lrucost_root_memcg();
	struct cgroup_subsys_state *css;

	if (mem_cgroup_disabled() || !root)
		return NULL;
	for (css = &root->css; css;
	     css = css_next_descendant_pre(css, &root->css))
		if (cgroup_id(css->cgroup) == id && css_live(css))
			return css;
	return NULL;
}

static ssize_t cgroup_show(struct kobject *kobj, struct kobj_attribute *attr,
			   char *buf)
{
	struct cgroup_subsys_state *css;
	int n = 0;

	rcu_read_lock();
	css = memcg_css_of(to_policy(kobj)->id);
	if (css)
		n = cgroup_path(css->cgroup, buf, PAGE_SIZE - 1);
	rcu_read_unlock();
	if (n < 0 || n >= PAGE_SIZE - 1)
		return -ENAMETOOLONG;
	return sysfs_emit_at(buf, n, "\n") + n;
}

static ssize_t state_show(struct kobject *kobj, struct kobj_attribute *attr,
			  char *buf)
{
	bool live;

	rcu_read_lock();
	live = memcg_css_of(to_policy(kobj)->id);
	rcu_read_unlock();
	return sysfs_emit(buf, "%s\n", live ? "live" : "gone");
}

static struct kobj_attribute policy_cgroup = __ATTR_RO(cgroup);
static struct kobj_attribute policy_state = __ATTR_RO(state);

static struct attribute *policy_attrs[] = {
	&policy_enabled.attr.attr,
	&policy_swappiness.attr.attr,
	&policy_io_cost.attr.attr,
	&policy_anon_percent.attr.attr,
	&policy_cgroup.attr,
	&policy_state.attr,
	NULL,
};
ATTRIBUTE_GROUPS(policy);

static void policy_release(struct kobject *kobj)
{
	kfree(to_policy(kobj));
	atomic_dec(&nr_objects);
}

static const struct kobj_type policy_ktype = {
	.release = policy_release,
	.sysfs_ops = &kobj_sysfs_ops,
	.default_groups = policy_groups,
};

static struct cg_policy *policy_by_id(u64 id)
{
	struct cg_policy *p;

	list_for_each_entry(p, &policies, node)
		if (p->id == id)
			return p;
	return NULL;
}

/*
 * A policy's directory goes with its kobject's last reference, and
 * removing it waits for the reads and writes of its files in progress,
 * which take policies_lock: so add, remove and exit drop that reference
 * only after they let go of the lock.
 */
static ssize_t add_store(struct kobject *kobj, struct kobj_attribute *attr,
			 const char *buf, size_t count)
{
	struct cg_policy *p, *drop = NULL;
	u64 id;
	int ret;

	if (lrucost_parse_u64(buf, count, &id))
		return -EINVAL;
	rcu_read_lock();
	ret = memcg_css_of(id) ? 0 : -ENOENT;
	rcu_read_unlock();
	if (ret)
		return ret;
	mutex_lock(&policies_lock);
	ret = -EEXIST;
	if (policy_by_id(id))
		goto out;
	ret = -ENOSPC;
	if (nr_policies >= LRUCOST_MAX_POLICIES)
		goto out;
	ret = -ENOMEM;
	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		goto out;
	atomic_inc(&nr_objects);
	INIT_LIST_HEAD(&p->node);
	p->id = id;
	lrucost_knobs_follow_all(&p->set);
	ret = kobject_init_and_add(&p->kobj, &policy_ktype, cgroups_kobj,
				   "%llu", (unsigned long long)id);
	if (ret) {
		drop = p;
		goto out;
	}
	/* all "follow": nothing changes for reclaim until a field is set */
	list_add_tail(&p->node, &policies);
	WRITE_ONCE(nr_policies, nr_policies + 1);
	ret = publish();
	if (ret) {
		list_del_init(&p->node);
		WRITE_ONCE(nr_policies, nr_policies - 1);
		drop = p;
	}
out:
	mutex_unlock(&policies_lock);
	if (drop)
		kobject_put(&drop->kobj);
	return ret ?: count;
}

static ssize_t remove_store(struct kobject *kobj, struct kobj_attribute *attr,
			    const char *buf, size_t count)
{
	struct cg_policy *p, *drop = NULL;
	u64 id;
	int ret;

	if (lrucost_parse_u64(buf, count, &id))
		return -EINVAL;
	mutex_lock(&policies_lock);
	p = policy_by_id(id);
	ret = -ENOENT;
	if (p) {
		/* out of reclaim's copy first: nothing it reads is freed */
		list_del_init(&p->node);
		WRITE_ONCE(nr_policies, nr_policies - 1);
		ret = publish();
		if (ret) {
			list_add_tail(&p->node, &policies);
			WRITE_ONCE(nr_policies, nr_policies + 1);
		} else {
			drop = p;
		}
	}
	mutex_unlock(&policies_lock);
	if (drop)
		kobject_put(&drop->kobj);
	return ret ?: count;
}

static struct kobj_attribute add_attr = __ATTR_WO(add);
static struct kobj_attribute remove_attr = __ATTR_WO(remove);

static struct attribute *cgroups_attrs[] = {
	&add_attr.attr,
	&remove_attr.attr,
	NULL,
};

static const struct attribute_group cgroups_group = {
	.attrs = cgroups_attrs,
};

/**
 * lrucost_cgroups_show - the policies' count and lrucost's objects, for
 *	status
 * @buf: the sysfs page
 * @at: where to write
 *
 * Return: bytes written.
 */
int lrucost_cgroups_show(char *buf, int at)
{
	return sysfs_emit_at(buf, at, "cgroup policies: %u (objects %d)\n",
			     READ_ONCE(nr_policies),
			     atomic_read(&nr_objects));
}

/**
 * lrucost_cgroups_init - create /sys/kernel/mm/lrucost/cgroups/
 * @parent: /sys/kernel/mm/lrucost's kobject
 *
 * Return: 0, or a negative errno after a pr_err naming the cause.
 */
int lrucost_cgroups_init(struct kobject *parent)
{
	int ret;

	cgroups_kobj = kobject_create_and_add("cgroups", parent);
	if (!cgroups_kobj) {
		pr_err("cannot create the cgroups directory; refusing to load\n");
		return -ENOMEM;
	}
	ret = sysfs_create_group(cgroups_kobj, &cgroups_group);
	if (ret) {
		pr_err("cannot create cgroups/add and remove (%d); refusing to load\n",
		       ret);
		kobject_put(cgroups_kobj);
		cgroups_kobj = NULL;
	}
	return ret;
}

/**
 * lrucost_cgroups_exit - remove every policy and the directory
 *
 * Called once reclaim can no longer reach the table (the hooks are gone
 * and drained): the last table is freed after a grace period, and
 * rcu_barrier() waits for it before the module's text goes.
 */
void lrucost_cgroups_exit(void)
{
	struct cg_policy *p, *n;
	LIST_HEAD(gone);

	/* no add or remove from here on: kernfs waits out those running */
	sysfs_remove_group(cgroups_kobj, &cgroups_group);
	mutex_lock(&policies_lock);
	list_splice_init(&policies, &gone);
	WRITE_ONCE(nr_policies, 0);
	publish();	/* with no policy: frees, allocates nothing */
	mutex_unlock(&policies_lock);
	list_for_each_entry_safe(p, n, &gone, node) {
		list_del_init(&p->node);
		kobject_put(&p->kobj);
	}
	rcu_barrier();
	kobject_put(cgroups_kobj);
	cgroups_kobj = NULL;
}
