// SPDX-License-Identifier: GPL-2.0
/*
 * Tunables in /sys/kernel/mm/lrucost/.  A write is one decimal integer,
 * optionally followed by a newline, in range; anything else (empty, sign
 * alone, spaces, hex, a leading zero, NUL bytes, trailing garbage, more
 * than a few bytes) is -EINVAL and leaves the value as it was: parse.c
 * decides, and is unit-tested and fuzzed on its own.  The files are 0644,
 * so only root can write them.
 *
 * Each knob is also a module parameter of the same name, so that
 * /etc/modprobe.d can set it before the first pass is steered.  A
 * parameter's set() only keeps the text; lrucost_knobs_load(), first in
 * the module's init, parses it with the same parser and range, and a bad
 * value refuses the load with one line naming the parameter.  Refusing
 * in set() would add the kernel's own "invalid for parameter" line.  The
 * parameters have mode 0, so /sys/module/lrucost/parameters does not
 * show them: the knobs above are the one place the values in force are
 * read.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include "lrucost.h"

struct lrucost_knobs lrucost_knobs = {
	.enabled = 1,
	.swappiness = -1,
	.io_cost = LRUCOST_IO_COST_DEFAULT,
	.anon_percent = -1,
};

struct knob_attr {
	struct kobj_attribute attr;
	int *value;
	int min, max;
	/* the module parameter's text, if given: see lrucost_knobs_load() */
	bool param_given;
	size_t param_len;
	char param[LRUCOST_PARSE_MAX_INPUT + 1];
};

static ssize_t knob_show(struct kobject *kobj, struct kobj_attribute *attr,
			 char *buf)
{
	struct knob_attr *k = container_of(attr, struct knob_attr, attr);

	return sysfs_emit(buf, "%d\n", READ_ONCE(*k->value));
}

static ssize_t knob_store(struct kobject *kobj, struct kobj_attribute *attr,
			  const char *buf, size_t count)
{
	struct knob_attr *k = container_of(attr, struct knob_attr, attr);
	int v;

	if (lrucost_parse_int(buf, count, k->min, k->max, &v))
		return -EINVAL;
	WRITE_ONCE(*k->value, v);
	return count;
}

#define KNOB(_name, _min, _max)						\
	static struct knob_attr knob_##_name = {			\
		.attr = __ATTR(_name, 0644, knob_show, knob_store),	\
		.value = &lrucost_knobs._name,				\
		.min = _min,						\
		.max = _max,						\
	}

/* keeps the text, however long: longer than param[] is refused later */
static int knob_param_set(const char *val, const struct kernel_param *kp)
{
	struct knob_attr *k = kp->arg;
	size_t len = val ? strlen(val) : 0;

	k->param_given = true;
	k->param_len = len;
	memcpy(k->param, val ?: "", min(len, sizeof(k->param)));
	return 0;
}

/* NOARG: a bare name reaches set() too, to be refused with the others */
static const struct kernel_param_ops knob_param_ops = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = knob_param_set,
};

#define KNOB_PARAM(_name, _desc)					\
	module_param_cb(_name, &knob_param_ops, &knob_##_name, 0);	\
	__MODULE_PARM_TYPE(_name, "int");				\
	MODULE_PARM_DESC(_name, _desc ", as /sys/kernel/mm/lrucost/" #_name)

KNOB(enabled, 0, 1);
KNOB_PARAM(enabled, "1 steer, 0 observe only (default 1)");
KNOB(swappiness, -1, LRUCOST_SWAPPINESS_MAX);
KNOB_PARAM(swappiness,
	   "0..200, the relative IO cost of swap; -1 follow the kernel's (default -1)");
KNOB(io_cost, 1, LRUCOST_IO_COST_MAX);
KNOB_PARAM(io_cost, "1..1024, a refault's cost in rotations (default 32)");
KNOB(anon_percent, -1, 100);
KNOB_PARAM(anon_percent,
	   "0..100, a fixed anon share of the scan; -1 the cost model (default -1)");
KNOB(time_hooks, 0, 1);
KNOB_PARAM(time_hooks, "1 time lrucost's handlers and reclaim (default 0)");

static struct attribute *knob_attrs[] = {
	&knob_enabled.attr.attr,
	&knob_swappiness.attr.attr,
	&knob_io_cost.attr.attr,
	&knob_anon_percent.attr.attr,
	&knob_time_hooks.attr.attr,
	NULL,
};

const struct attribute_group lrucost_knob_group = {
	.attrs = knob_attrs,
};

/**
 * lrucost_knobs_load - apply the knobs given as module parameters
 *
 * Each value is parsed as a sysfs write to its knob is (lrucost_parse_int())
 * and must be in the knob's range.
 *
 * Return: 0, or -EINVAL after a pr_err naming the first bad parameter.
 */
int lrucost_knobs_load(void)
{
	struct attribute **a;
	int v;

	for (a = knob_attrs; *a; a++) {
		struct knob_attr *k = container_of(*a, struct knob_attr,
						   attr.attr);
		size_t shown = min(k->param_len, sizeof(k->param));

		if (!k->param_given)
			continue;
		if (lrucost_parse_int(k->param, k->param_len, k->min, k->max,
				      &v)) {
			pr_err("parameter %s=%*pE%s: must be a decimal integer in %d..%d; refusing to load\n",
			       (*a)->name, (int)shown, k->param,
			       shown < k->param_len ? "..." : "", k->min,
			       k->max);
			return -EINVAL;
		}
		WRITE_ONCE(*k->value, v);
	}
	return 0;
}
