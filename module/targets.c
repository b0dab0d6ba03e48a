// SPDX-License-Identifier: GPL-2.0
/*
 * Hook targets.  A target is usable only if kallsyms knows it (it was not
 * inlined) and ftrace has a record for it (it appears in
 * available_filter_functions).  The second is tested the way ftrace itself
 * decides it: by setting, then freeing, a filter on a scratch ftrace_ops
 * that is never registered, so no code is patched.  Each test gets a fresh
 * ops: ftrace_free_filter() frees the hashes without resetting the
 * pointers, so an ops must not be used again after it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include "lrucost.h"

#define LRUCOST_MAX_EXTRA 8

/*
 * The functions lrucost arms, indexed by enum lrucost_hook: the probes
 * take their symbol names from here, so what is checked at load is what
 * is hooked.
 */
static struct lrucost_target targets[LRUCOST_NR_HOOKS] = {
	[LRUCOST_HOOK_SHRINK_LRUVEC] = {
		.name = "shrink_lruvec", .required = true },
	[LRUCOST_HOOK_WORKINGSET_REFAULT] = {
		.name = "workingset_refault", .required = true },
	[LRUCOST_HOOK_MOVE_FOLIOS_TO_LRU] = {
		.name = "move_folios_to_lru", .required = true },
};

/**
 * lrucost_hook_name - the function a hook is armed on
 * @hook: which hook
 *
 * Return: its symbol name.
 */
const char *lrucost_hook_name(enum lrucost_hook hook)
{
	return targets[hook].name;
}

static struct lrucost_target extra_targets[LRUCOST_MAX_EXTRA];
static int nr_extra;
static char *extra_copy;

static int resolve(struct lrucost_target *t)
{
	struct ftrace_ops *probe;

	t->addr = lrucost_ksym(t->name);
	if (!t->addr) {
		t->state = LRUCOST_TARGET_ABSENT;
		return 0;
	}
	probe = kzalloc(sizeof(*probe), GFP_KERNEL);
	if (!probe)
		return -ENOMEM;
	if (ftrace_set_filter_ip(probe, t->addr, 0, 0))
		t->state = LRUCOST_TARGET_UNTRACEABLE;
	else
		t->state = LRUCOST_TARGET_OK;
	ftrace_free_filter(probe);
	kfree(probe);
	return 0;
}

static const char *state_name(enum lrucost_target_state s)
{
	switch (s) {
	case LRUCOST_TARGET_OK:
		return "traceable";
	case LRUCOST_TARGET_UNTRACEABLE:
		return "not traceable";
	default:
		return "absent";
	}
}

static int check(struct lrucost_target *t)
{
	int ret = resolve(t);

	if (ret)
		return ret;
	if (t->required && t->state != LRUCOST_TARGET_OK) {
		pr_err("hook target %s is %s on this kernel; refusing to load\n",
		       t->name, state_name(t->state));
		return -ENOENT;
	}
	return 0;
}

/**
 * lrucost_targets_resolve - look up every hook target
 * @extra: comma-separated further required targets (module parameter), or
 *	NULL
 *
 * Return: 0, or -ENOENT naming (in the log) the first required target
 * that cannot be hooked, -EINVAL for a malformed @extra.
 */
int lrucost_targets_resolve(const char *extra)
{
	char *cur, *name;
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(targets); i++) {
		ret = check(&targets[i]);
		if (ret)
			return ret;
	}
	if (!extra || !*extra)
		return 0;
	extra_copy = kstrdup(extra, GFP_KERNEL);
	if (!extra_copy)
		return -ENOMEM;
	cur = extra_copy;
	while ((name = strsep(&cur, ",")) != NULL) {
		if (!*name || nr_extra == LRUCOST_MAX_EXTRA) {
			pr_err("require_targets: empty name or more than %d names\n",
			       LRUCOST_MAX_EXTRA);
			return -EINVAL;
		}
		extra_targets[nr_extra].name = name;
		extra_targets[nr_extra].required = true;
		ret = check(&extra_targets[nr_extra++]);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * lrucost_targets_free - release what lrucost_targets_resolve() allocated
 */
void lrucost_targets_free(void)
{
	kfree(extra_copy);
	extra_copy = NULL;
	nr_extra = 0;
}

static int show_one(char *buf, int at, const struct lrucost_target *t)
{
	return sysfs_emit_at(buf, at, "hook %s: %s%s\n", t->name,
			     state_name(t->state),
			     t->required ? "" : " (optional)");
}

/**
 * lrucost_targets_show - append the targets' states to a sysfs buffer
 * @buf: the sysfs page
 * @at: bytes already in @buf
 *
 * Return: bytes appended.
 */
int lrucost_targets_show(char *buf, int at)
{
	int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(targets); i++)
		n += show_one(buf, at + n, &targets[i]);
	for (i = 0; i < nr_extra; i++)
		n += show_one(buf, at + n, &extra_targets[i]);
	return n;
}
