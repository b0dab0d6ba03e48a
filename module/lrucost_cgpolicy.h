/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-cgroup policy, the part that is plain C: a cgroup's own settings,
 * how a cgroup's effective settings are found from its ancestors', and
 * the word each lruvec caches them in (cgpolicy.c).  No kernel or libc
 * headers, as policy.c.
 */
#ifndef LRUCOST_CGPOLICY_H
#define LRUCOST_CGPOLICY_H

/* a field a cgroup's policy does not set: it follows its ancestors' */
#define LRUCOST_FOLLOW	(-1000)

/**
 * struct lrucost_knob_set - the settings a policy can give a lruvec
 * @enabled: 1 steer, 0 observe only
 * @swappiness: 0..200, -1 the kernel's
 * @io_cost: 1..1024
 * @anon_percent: 0..100, -1 the cost model
 *
 * The global knobs' meanings and ranges; in a cgroup's policy any field
 * may also be LRUCOST_FOLLOW.
 */
struct lrucost_knob_set {
	int enabled;
	int swappiness;
	int io_cost;
	int anon_percent;
};

void lrucost_knobs_follow_all(struct lrucost_knob_set *k);
_Bool lrucost_knobs_any_set(const struct lrucost_knob_set *k);
void lrucost_knobs_inherit(struct lrucost_knob_set *k,
			   const struct lrucost_knob_set *from);
_Bool lrucost_knobs_valid(const struct lrucost_knob_set *k);
unsigned long long lrucost_knobs_pack(const struct lrucost_knob_set *k,
				      unsigned int gen);
int lrucost_knobs_unpack(unsigned long long word, unsigned int gen,
			 struct lrucost_knob_set *k);

#endif /* LRUCOST_CGPOLICY_H */
