// SPDX-License-Identifier: GPL-2.0
/*
 * Test module: owns a function through ftrace with IPMODIFY, as a
 * livepatch or another function-replacing module would, so that tests can
 * check that lrucost refuses to load cleanly when it cannot hook it.  The
 * handler changes nothing.
 */
#include <linux/ftrace.h>
#include <linux/module.h>

static char *func = "shrink_lruvec";
module_param(func, charp, 0444);
MODULE_PARM_DESC(func, "function to own with IPMODIFY");

static void notrace owner_handler(unsigned long ip, unsigned long parent_ip,
				  struct ftrace_ops *ops,
				  struct ftrace_regs *fregs)
{
}

static struct ftrace_ops owner_ops = {
	.func = owner_handler,
	.flags = FTRACE_OPS_FL_SAVE_REGS | FTRACE_OPS_FL_IPMODIFY,
};

static int __init owner_init(void)
{
	int ret = ftrace_set_filter(&owner_ops, func, strlen(func), 1);

	if (!ret)
		ret = register_ftrace_function(&owner_ops);
	if (ret) {
		ftrace_free_filter(&owner_ops);
		pr_err("ipmodify_owner: cannot own %s: %d\n", func, ret);
	}
	return ret;
}

static void __exit owner_exit(void)
{
	unregister_ftrace_function(&owner_ops);
	ftrace_free_filter(&owner_ops);
}

module_init(owner_init);
module_exit(owner_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lrucost test: own a function with ftrace IPMODIFY");
