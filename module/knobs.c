// SPDX-License-Identifier: GPL-2.0
/*
 * Tunables in /sys/kernel/mm/lrucost/.  A write is one decimal integer,
 * optionally followed by a newline, in range; anything else (empty, sign
 * alone, spaces, hex, a leading zero, NUL bytes, trailing garbage, more
 * than a few bytes) is -EINVAL and leaves the value as it was: parse.c
 * decides, and is unit-tested and fuzzed on its own.  The files are 0644,
 * so only root can write them.
 */
#include <linux/kernel.h>
#include <linux/kobject.h>
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

KNOB(enabled, 0, 1);
KNOB(swappiness, -1, LRUCOST_SWAPPINESS_MAX);
KNOB(io_cost, 1, LRUCOST_IO_COST_MAX);
KNOB(anon_percent, -1, 100);
KNOB(time_hooks, 0, 1);

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
