// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol lookup that calls nothing it looked up.
 *
 * kallsyms_lookup_name() is not exported since 5.7, and calling it through
 * an address found with a kprobe (what lrucost did) faults on IBT kernels:
 * objtool seals its ENDBR, so an indirect call to it raises #CP on every
 * CPU that enforces IBT.  lrucost needs only data addresses and the start
 * of the functions it hooks, and register_kprobe() finds those by itself:
 * it looks the name up (kprobe_lookup_name()), stores p->addr, and only
 * then refuses an address outside kernel text with -EINVAL.  So a data
 * symbol comes back as -EINVAL with its address in kp.addr; a function
 * comes back registered, disabled (KPROBE_FLAG_DISABLED: nothing is
 * patched), and is unregistered at once.
 *
 * Every address is checked with sprint_symbol(): it must be the start of
 * a symbol, or 4 bytes into the function asked for, where the kprobe core
 * skips an ENDBR (arch_adjust_kprobe_addr()).  Anything else is refused.
 * No pointer to a looked-up function is ever formed or called: make
 * check-indirect proves the module contains no indirect call at all.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/string.h>
#include "lrucost.h"

/*
 * Where sprint_symbol() places @addr: the offset into the symbol there,
 * and whether that symbol is @name.  False if it names none.
 */
static bool place_of(unsigned long addr, const char *name,
		     unsigned long *off, bool *is_name)
{
	char buf[KSYM_SYMBOL_LEN];
	char *plus;

	sprint_symbol(buf, addr);
	plus = strrchr(buf, '+');
	if (!plus || sscanf(plus, "+0x%lx/", off) != 1)
		return false;
	*is_name = plus - buf == strlen(name) &&
		   !strncmp(buf, name, plus - buf);
	return true;
}

/**
 * lrucost_ksym - address of a kernel symbol, found without calling it
 * @name: a data symbol, or a function's name
 *
 * Return: the symbol's start, or 0 when kallsyms does not know it or the
 * answer cannot be trusted (a pr_err says which).
 */
unsigned long lrucost_ksym(const char *name)
{
	struct kprobe kp = {
		.symbol_name = name,
		.flags = KPROBE_FLAG_DISABLED,
	};
	unsigned long addr, off;
	bool is_name;
	int ret;

	ret = register_kprobe(&kp);
	if (!ret)
		unregister_kprobe(&kp);
	else if (ret == -ENOENT)
		return 0;	/* not in kallsyms */
	else if (ret != -EINVAL)
		goto failed;
	addr = (unsigned long)kp.addr;
	if (!addr || !place_of(addr, name, &off, &is_name))
		goto untrusted;
	/* a symbol's start, whatever its name: an alias is the same place */
	if (off == 0)
		return addr;
	/* a function's kprobe, placed past its ENDBR */
	if (off == 4 && is_name && !ret)
		return addr - 4;
untrusted:
	pr_err("symbol %s: the kprobe lookup gave %pS, not its start\n", name,
	       (void *)addr);
	return 0;
failed:
	pr_err("symbol %s: kprobe lookup failed: %d (kprobes disabled or locked down?)\n",
	       name, ret);
	return 0;
}
