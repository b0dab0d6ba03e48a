// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/mm/lrucost/: what lrucost found on this kernel.  Documented
 * in sysfs-abi/sysfs-kernel-mm-lrucost.
 */
#include <linux/kobject.h>
#include <linux/mm.h>
#include <linux/sysfs.h>
#include <linux/utsname.h>
#include "lrucost.h"

static struct kobject *lrucost_kobj;

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
	n += sysfs_emit_at(buf, n, "mglru: %s\n", mglru_state());
	n += lrucost_targets_show(buf, n);
	n += lrucost_layout_show(buf, n);
	return n;
}

static struct kobj_attribute version_attr = __ATTR_RO(version);
static struct kobj_attribute status_attr = __ATTR_RO(status);

static struct attribute *lrucost_attrs[] = {
	&version_attr.attr,
	&status_attr.attr,
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
	int ret;

	lrucost_kobj = kobject_create_and_add("lrucost", mm_kobj);
	if (!lrucost_kobj)
		return -ENOMEM;
	ret = sysfs_create_group(lrucost_kobj, &lrucost_group);
	if (ret) {
		kobject_put(lrucost_kobj);
		lrucost_kobj = NULL;
	}
	return ret;
}

/**
 * lrucost_sysfs_exit - remove /sys/kernel/mm/lrucost/
 *
 * kobject_put() removes the files and waits out active readers through
 * kernfs, so no show routine runs after this returns.
 */
void lrucost_sysfs_exit(void)
{
	if (!lrucost_kobj)
		return;
	sysfs_remove_group(lrucost_kobj, &lrucost_group);
	kobject_put(lrucost_kobj);
	lrucost_kobj = NULL;
}
