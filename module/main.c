// SPDX-License-Identifier: GPL-2.0
/*
 * lrucost: balance the anon and file LRUs by observed reclaim cost, after
 * Johannes Weiner's 2016 "mm: balance LRU lists based on relative
 * thrashing", on stock kernels.
 *
 * Load order: resolve symbols, check every hook target and the private
 * layouts this kernel must offer, then publish sysfs.  Any failure is one
 * pr_err naming the cause and a refused load with nothing left behind.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/utsname.h>
#include "lrucost.h"

static char *require_targets;
module_param(require_targets, charp, 0444);
MODULE_PARM_DESC(require_targets,
		 "comma-separated extra functions that must be hookable, NAME or NAME:PARAM:... (testing)");

static unsigned int lruvec_slots = 4096;
module_param(lruvec_slots, uint, 0444);
MODULE_PARM_DESC(lruvec_slots,
		 "per-lruvec state slots, a power of two 64..65536 (default 4096)");

module_param_named(lruvec_idle_secs, lrucost_slot_idle_secs, uint, 0444);
MODULE_PARM_DESC(lruvec_idle_secs,
		 "seconds a per-lruvec slot must be idle before a new lruvec may take it over (default 30)");

static char *require_field;
module_param(require_field, charp, 0444);
MODULE_PARM_DESC(require_field,
		 "an extra struct scan_control member that must exist, NAME or NAME:BYTES (testing)");

static int __init lrucost_init(void)
{
	int ret;

	ret = lrucost_knobs_load();
	if (ret)
		return ret;
	ret = lrucost_lruvecs_init(lruvec_slots);
	if (ret)
		return ret;
	/* first: the targets' prototypes are checked against this BTF */
	ret = lrucost_layout_init(require_field);
	if (ret)
		goto out_targets;
	ret = lrucost_targets_resolve(require_targets);
	if (ret)
		goto out_targets;
	lrucost_mglru_init();
	ret = lrucost_sysfs_init();
	if (ret) {
		pr_err("cannot create /sys/kernel/mm/lrucost: %d\n", ret);
		goto out_targets;
	}
	ret = lrucost_events_init();
	if (ret)
		goto out_sysfs;
	ret = lrucost_steer_init();
	if (ret)
		goto out_events;
	ret = lrucost_mglru_steer_init();
	if (ret)
		goto out_steer;
	ret = lrucost_mglru_noswap_init();
	if (ret)
		goto out_mglru;
	pr_info("version %s loaded on %s%s\n", LRUCOST_VERSION,
		init_utsname()->release,
		lrucost_mglru_enabled() ? " (MGLRU is on)" : "");
	return 0;

out_mglru:
	lrucost_mglru_steer_exit();
out_steer:
	lrucost_steer_exit();
out_events:
	lrucost_events_exit();
out_sysfs:
	lrucost_sysfs_exit();
out_targets:
	lrucost_targets_free();
	lrucost_lruvecs_exit();
	return ret;
}

static void __exit lrucost_exit(void)
{
	lrucost_mglru_noswap_exit();
	lrucost_mglru_steer_exit();
	lrucost_steer_exit();
	lrucost_events_exit();
	lrucost_sysfs_exit();
	lrucost_targets_free();
	/* last: the hooks that use it are gone and drained */
	lrucost_lruvecs_exit();
	pr_info("unloaded\n");
}

module_init(lrucost_init);
module_exit(lrucost_exit);

MODULE_LICENSE("GPL");
MODULE_AUTHOR("lrucost developers");
MODULE_DESCRIPTION("LRU balancing by relative thrashing cost");
MODULE_VERSION(LRUCOST_VERSION);
