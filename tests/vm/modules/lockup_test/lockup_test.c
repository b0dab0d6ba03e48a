// SPDX-License-Identifier: GPL-2.0
/*
 * A module that holds its CPU on load for "secs" seconds, as a kernel loop
 * missing a cond_resched() would.  Built only for the harness self-test: it
 * proves that a CPU really stuck still fails a VM run under the lockup
 * limits the harness scales for TCG.
 */
#include <linux/module.h>
#include <linux/jiffies.h>

static unsigned int secs;
module_param(secs, uint, 0444);
MODULE_PARM_DESC(secs, "seconds to hold the CPU on load");

static int __init lockup_test_init(void)
{
	unsigned long end = jiffies + secs * HZ;

	while (time_before(jiffies, end))
		cpu_relax();
	return 0;
}

static void __exit lockup_test_exit(void)
{
}

module_init(lockup_test_init);
module_exit(lockup_test_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lrucost test harness: deliberate soft lockup");
