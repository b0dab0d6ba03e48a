// SPDX-License-Identifier: GPL-2.0
/*
 * The negative control of tools/check-indirect-calls: a module that calls
 * a function through a pointer, as lrucost once called the address a
 * kprobe gave for kallsyms_lookup_name.  The check must fail on it.  Never
 * loaded; only built and disassembled.
 */
#include <linux/module.h>

static int target(void)
{
	return 0;
}

/* volatile: the compiler must not turn the call into a direct one */
static int (*volatile target_ptr)(void) = target;

static int __init indirect_call_init(void)
{
	return target_ptr();
}

module_init(indirect_call_init);
MODULE_LICENSE("GPL");
