// SPDX-License-Identifier: GPL-2.0
/*
 * A module that holds its CPU on load for "secs" seconds, as a kernel loop
 * missing a cond_resched() would, or a probe handler that never returns.
 * Built only for the harness self-test: it proves that a CPU really stuck
 * still fails a VM run under the lockup limits the harness scales for TCG.
 *
 * Preemption is off while it loops, as in lrucost's kprobe handlers: a
 * preemptible kernel (7.x boots PREEMPT(lazy)) would otherwise preempt the
 * loop at the next tick, the CPU would not be stuck, and no detector would
 * report anything.
 */
#include <linux/module.h>
#include <linux/jiffies.h>
#include <linux/preempt.h>

static unsigned int secs;
module_param(secs, uint, 0444);
MODULE_PARM_DESC(secs, "seconds to hold the CPU on load");

static int __init lockup_test_init(void)
{
	unsigned long end = jiffies + secs * HZ;

	preempt_disable();
	while (time_before(jiffies, end))
		cpu_relax();
	preempt_enable();
	return 0;
}

static void __exit lockup_test_exit(void)
{
}

module_init(lockup_test_init);
module_exit(lockup_test_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lrucost test harness: deliberate soft lockup");
