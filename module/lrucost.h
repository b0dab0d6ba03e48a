/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel-side glue of lrucost: what the glue files share. */
#ifndef LRUCOST_H
#define LRUCOST_H

#include <linux/types.h>
#include "lrucost_btf.h"

#define LRUCOST_VERSION "0.1.0"

/* ksym.c: kallsyms_lookup_name, which modules cannot link to since 5.7 */
int lrucost_ksym_init(void);
unsigned long lrucost_ksym(const char *name);

/* targets.c: the functions lrucost hooks, and whether ftrace can */
enum lrucost_target_state {
	LRUCOST_TARGET_ABSENT,		/* not in kallsyms (inlined) */
	LRUCOST_TARGET_UNTRACEABLE,	/* no ftrace record */
	LRUCOST_TARGET_OK,
};

struct lrucost_target {
	const char *name;
	bool required;
	unsigned long addr;
	enum lrucost_target_state state;
};

int lrucost_targets_resolve(const char *extra);
void lrucost_targets_free(void);
int lrucost_targets_show(char *buf, int at);

/* layout.c: offsets of struct scan_control fields, from the kernel's BTF */
struct lrucost_field {
	const char *name;
	struct lrucost_btf_member m;
};

int lrucost_layout_init(const char *extra);
int lrucost_layout_show(char *buf, int at);

/* mglru.c: whether the multi-gen LRU has taken over reclaim */
int lrucost_mglru_init(void);
bool lrucost_mglru_enabled(void);
bool lrucost_mglru_known(void);

/* sysfs.c: /sys/kernel/mm/lrucost/ */
int lrucost_sysfs_init(void);
void lrucost_sysfs_exit(void);

#endif /* LRUCOST_H */
