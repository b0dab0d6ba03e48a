// SPDX-License-Identifier: GPL-2.0
/*
 * MGLRU state.  With the multi-gen LRU enabled, shrink_lruvec() hands
 * reclaim to lru_gen_shrink_lruvec() and the classic anon/file balance
 * lrucost steers is not used.  lru_gen_enabled() is an inline over the
 * unexported static key array lru_gen_caps; its first key
 * (LRU_GEN_CORE) is read here through kallsyms.
 */
#include <linux/jump_label.h>
#include "lrucost.h"

static struct static_key *lru_gen_core;

/**
 * lrucost_mglru_init - find the MGLRU core switch
 *
 * Return: 0; a kernel without MGLRU simply never reports it on.
 */
int lrucost_mglru_init(void)
{
	lru_gen_core = (struct static_key *)lrucost_ksym("lru_gen_caps");
	return 0;
}

/**
 * lrucost_mglru_known - whether this kernel has MGLRU at all
 *
 * Return: true if lru_gen_caps was found.
 */
bool lrucost_mglru_known(void)
{
	return lru_gen_core != NULL;
}

/**
 * lrucost_mglru_enabled - whether MGLRU is on right now
 *
 * Return: true if /sys/kernel/mm/lru_gen/enabled has the core bit set.
 */
bool lrucost_mglru_enabled(void)
{
	return lru_gen_core && static_key_count(lru_gen_core) > 0;
}
