// SPDX-License-Identifier: GPL-2.0
/*
 * Tunables in /sys/kernel/mm/lrucost/.  A write is one decimal integer,
 * optionally followed by a newline, in range; anything else (empty, sign
 * alone, spaces, hex, a leading zero, NUL bytes, trailing garbage, more
 * than a few bytes) is -EINVAL and leaves the value as it was.  The files
 * are 0644, so only root can write them.
 */
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include "lrucost.h"

/* longest valid input: "-1" .. "1024", a newline, and some slack */
#define KNOB_MAX_INPUT	8

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

/* Strict decimal: what kstrtoint() takes, less its leniencies. */
static int parse_knob(const char *buf, size_t count, int min, int max,
		      int *out)
{
	size_t len = strnlen(buf, count);
	const char *digits = buf;
	int v, ret;

	if (!count || count > KNOB_MAX_INPUT || len != count)
		return -EINVAL;
	if (*digits == '-')
		digits++;
	/* no '+', no leading zeros ("010" is not ten to everyone) */
	if (*digits < '0' || *digits > '9' ||
	    (digits[0] == '0' && digits[1] >= '0' && digits[1] <= '9'))
		return -EINVAL;
	ret = kstrtoint(buf, 10, &v);
	if (ret)
		return -EINVAL;
	if (v < min || v > max)
		return -EINVAL;
	*out = v;
	return 0;
}

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
	int v, ret = parse_knob(buf, count, k->min, k->max, &v);

	if (ret)
		return ret;
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

static struct attribute *knob_attrs[] = {
	&knob_enabled.attr.attr,
	&knob_swappiness.attr.attr,
	&knob_io_cost.attr.attr,
	&knob_anon_percent.attr.attr,
	NULL,
};

const struct attribute_group lrucost_knob_group = {
	.attrs = knob_attrs,
};
