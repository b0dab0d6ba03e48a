// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol lookup.  kallsyms_lookup_name() is not exported since 5.7, but a
 * kprobe resolves a symbol name by itself: registering one on
 * kallsyms_lookup_name and reading back kp.addr yields its address.  The
 * kprobe is removed at once; nothing of it stays armed.
 *
 * On kernels built with CONFIG_X86_KERNEL_IBT the kprobe address skips the
 * ENDBR instruction and an indirect call to it would fault, so lrucost
 * refuses to load there.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kprobes.h>
#include "lrucost.h"

static unsigned long (*lookup_name)(const char *name);

/**
 * lrucost_ksym_init - find kallsyms_lookup_name through a kprobe
 *
 * Return: 0, -EOPNOTSUPP on IBT kernels, or the error of register_kprobe().
 */
int lrucost_ksym_init(void)
{
	struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };
	int ret;

	if (IS_ENABLED(CONFIG_X86_KERNEL_IBT)) {
		pr_err("kernels with CONFIG_X86_KERNEL_IBT are not supported\n");
		return -EOPNOTSUPP;
	}
	ret = register_kprobe(&kp);
	if (ret) {
		pr_err("cannot resolve kallsyms_lookup_name: kprobe error %d (kprobes disabled or locked down?)\n",
		       ret);
		return ret;
	}
	lookup_name = (void *)kp.addr;
	unregister_kprobe(&kp);
	return 0;
}

/**
 * lrucost_ksym - address of a kernel symbol
 * @name: the symbol
 *
 * Return: its address, or 0 when kallsyms does not know it.
 */
unsigned long lrucost_ksym(const char *name)
{
	return lookup_name ? lookup_name(name) : 0;
}
