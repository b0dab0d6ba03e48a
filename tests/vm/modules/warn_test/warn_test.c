// SPDX-License-Identifier: GPL-2.0
/*
 * A module that WARNs on load.  Built only for the harness self-test: it
 * proves that a kernel warning fails a VM run.
 */
#include <linux/module.h>
#include <linux/bug.h>

static int __init warn_test_init(void)
{
	WARN(1, "lrucost harness self-test: deliberate warning\n");
	return 0;
}

static void __exit warn_test_exit(void)
{
}

module_init(warn_test_init);
module_exit(warn_test_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lrucost test harness: deliberate WARN");
