// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/mm/lrucost/: what lrucost found on this kernel.  Documented
 * in sysfs-abi/sysfs-kernel-mm-lrucost.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kobject.h>
#include <linux/mm.h>
#include <linux/sysfs.h>
#include <linux/utsname.h>
#include "lrucost.h"

static struct kobject *lrucost_kobj;
static struct kobject *stats_kobj;
static bool cgroups_made;
static struct kobj_attribute stat_attrs[LRUCOST_NR_STATS];
static struct attribute *stat_attr_list[LRUCOST_NR_STATS + 1];
static const struct attribute_group stats_group = {
	.attrs = stat_attr_list,
};

static ssize_t stat_show(struct kobject *kobj, struct kobj_attribute *attr,
			 char *buf)
{
	return sysfs_emit(buf, "%lu\n", lrucost_stat_read(attr - stat_attrs));
}

static ssize_t version_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return sysfs_emit(buf, "%s\n", LRUCOST_VERSION);
}

static const char *mglru_state(void)
{
	if (!lrucost_mglru_known())
		return "absent";
	return lrucost_mglru_enabled() ? "on" : "off";
}

static ssize_t status_show(struct kobject *kobj, struct kobj_attribute *attr,
			   char *buf)
{
	int n;

	n = sysfs_emit(buf, "kernel: %s\n", init_utsname()->release);
	n += sysfs_emit_at(buf, n, "lru: %s\n",
			   lrucost_mglru_enabled() ? "multi-gen" : "classic");
	n += sysfs_emit_at(buf, n, "mglru: %s\n", mglru_state());
	n += lrucost_steer_show(buf, n);
	n += lrucost_cgroups_show(buf, n);
	n += lrucost_events_show(buf, n);
	n += lrucost_targets_show(buf, n);
	n += lrucost_layout_show(buf, n);
	return n;
}

static ssize_t lruvecs_show(struct kobject *kobj, struct kobj_attribute *attr,
			    char *buf)
{
	return lrucost_lruvecs_show(buf);
}

/* Write "1": every counter in stats/ reads 0 from then on. */
static ssize_t reset_stats_store(struct kobject *kobj,
				 struct kobj_attribute *attr, const char *buf,
				 size_t count)
{
	int v;

	if (lrucost_parse_int(buf, count, 1, 1, &v))
		return -EINVAL;
	lrucost_stats_reset();
	return count;
}

static struct kobj_attribute version_attr = __ATTR_RO(version);
static struct kobj_attribute reset_stats_attr = __ATTR_WO(reset_stats);
static struct kobj_attribute lruvecs_attr = __ATTR_RO(lruvecs);
static struct kobj_attribute status_attr = __ATTR_RO(status);

static struct attribute *lrucost_attrs[] = {
	&version_attr.attr,
	&status_attr.attr,
	&lruvecs_attr.attr,
	&reset_stats_attr.attr,
	NULL,
};

static const struct attribute_group lrucost_group = {
	.attrs = lrucost_attrs,
};

/**
 * lrucost_sysfs_init - create /sys/kernel/mm/lrucost/
 *
 * Return: 0 or a negative errno.
 */
int lrucost_sysfs_init(void)
{
	struct kobject **mm_kobj_p, *mm;
	int i, ret;

	for (i = 0; i < LRUCOST_NR_STATS; i++) {
		sysfs_attr_init(&stat_attrs[i].attr);
		stat_attrs[i].attr.name = lrucost_stat_name(i);
		stat_attrs[i].attr.mode = 0444;
		stat_attrs[i].show = stat_show;
		stat_attr_list[i] = &stat_attrs[i].attr;
	}
	/*
	 * /sys/kernel/mm's kobject: exported on 6.1, not on 6.12 and 7.x,
	 * so read as data everywhere.
	 */
	mm_kobj_p = (struct kobject **)lrucost_ksym("mm_kobj");
	mm = mm_kobj_p ? READ_ONCE(*mm_kobj_p) : NULL;
	if (!mm) {
		pr_err("symbol mm_kobj not found; refusing to load\n");
		return -ENOENT;
	}
	lrucost_kobj = kobject_create_and_add("lrucost", mm);
	if (!lrucost_kobj)
		return -ENOMEM;
	ret = sysfs_create_group(lrucost_kobj, &lrucost_group);
	if (!ret)
		ret = sysfs_create_group(lrucost_kobj, &lrucost_knob_group);
	if (!ret) {
		stats_kobj = kobject_create_and_add("stats", lrucost_kobj);
		ret = stats_kobj ? sysfs_create_group(stats_kobj, &stats_group)
				 : -ENOMEM;
	}
	if (!ret) {
		ret = lrucost_cgroups_init(lrucost_kobj);
		cgroups_made = !ret;
	}
	if (ret)
		lrucost_sysfs_exit();
	return ret;
}

/**
 * lrucost_sysfs_exit - remove /sys/kernel/mm/lrucost/
 *
 * kobject_put() of the last reference removes the directory and its
 * files, and kernfs waits out active readers and writers, so no show or
 * store routine runs after this returns.  Safe on a partial init.
 */
void lrucost_sysfs_exit(void)
{
	if (cgroups_made)
		lrucost_cgroups_exit();
	cgroups_made = false;
	kobject_put(stats_kobj);
	stats_kobj = NULL;
	kobject_put(lrucost_kobj);
	lrucost_kobj = NULL;
}
