// SPDX-License-Identifier: GPL-2.0
/*
 * Per-cgroup policy: inheritance and the per-lruvec cached word.
 *
 * A cgroup's policy sets some of the knobs and follows for the rest.  A
 * field follows the nearest ancestor whose policy sets it, and where
 * none does, the global knob: the way cgroup v2 interface files are
 * inherited (memory.max bounds every descendant; a child's own setting
 * wins below it).  Inheritance is per field, so a database's parent may
 * set swappiness and one child io_cost alone without restating the
 * parent's swappiness.
 *
 * Reclaim visits a lruvec far more often than an admin changes a policy,
 * so each lruvec caches its cgroup's resolved fields (still FOLLOW where
 * nothing up the tree sets them; the global knobs are read live) in one
 * 64-bit word, written and read whole, stamped with the generation of
 * the policy table it was resolved from.  A word of an older generation
 * is resolved again; the generation is never 0, so a zeroed slot never
 * matches.  Bits, each field offset so that 0 means FOLLOW:
 *   0..1    enabled + 1         (0..1)
 *   2..9    swappiness + 2      (-1..200)
 *   10..20  io_cost             (1..1024)
 *   21..27  anon_percent + 2    (-1..100)
 *   32..63  generation
 */
#include "lrucost_cgpolicy.h"
#include "lrucost_policy.h"

/**
 * lrucost_knobs_follow_all - a policy that sets nothing
 * @k: the policy
 */
void lrucost_knobs_follow_all(struct lrucost_knob_set *k)
{
	k->enabled = LRUCOST_FOLLOW;
	k->swappiness = LRUCOST_FOLLOW;
	k->io_cost = LRUCOST_FOLLOW;
	k->anon_percent = LRUCOST_FOLLOW;
}

/**
 * lrucost_knobs_any_set - whether a policy sets any field
 * @k: the policy
 *
 * Return: true if one field is not LRUCOST_FOLLOW.
 */
_Bool lrucost_knobs_any_set(const struct lrucost_knob_set *k)
{
	return k->enabled != LRUCOST_FOLLOW ||
	       k->swappiness != LRUCOST_FOLLOW ||
	       k->io_cost != LRUCOST_FOLLOW ||
	       k->anon_percent != LRUCOST_FOLLOW;
}

/**
 * lrucost_knobs_inherit - fill the fields a policy follows
 * @k: the policy so far (a cgroup's, then what its nearer ancestors gave)
 * @from: the next policy up the tree, or the global knobs last
 *
 * Fields @k already sets are kept: the nearer setting wins.
 */
void lrucost_knobs_inherit(struct lrucost_knob_set *k,
			   const struct lrucost_knob_set *from)
{
	if (k->enabled == LRUCOST_FOLLOW)
		k->enabled = from->enabled;
	if (k->swappiness == LRUCOST_FOLLOW)
		k->swappiness = from->swappiness;
	if (k->io_cost == LRUCOST_FOLLOW)
		k->io_cost = from->io_cost;
	if (k->anon_percent == LRUCOST_FOLLOW)
		k->anon_percent = from->anon_percent;
}

static _Bool in(int v, int min, int max)
{
	return v == LRUCOST_FOLLOW || (v >= min && v <= max);
}

/**
 * lrucost_knobs_valid - whether each field is in its knob's range
 * @k: the policy, fields possibly LRUCOST_FOLLOW
 *
 * Return: true if every field is LRUCOST_FOLLOW or in range.
 */
_Bool lrucost_knobs_valid(const struct lrucost_knob_set *k)
{
	return in(k->enabled, 0, 1) &&
	       in(k->swappiness, -1, (int)LRUCOST_SWAPPINESS_MAX) &&
	       in(k->io_cost, 1, (int)LRUCOST_IO_COST_MAX) &&
	       in(k->anon_percent, -1, 100);
}

/* a field as its bits: 0 for FOLLOW, else v + off */
static unsigned long long field(int v, int off, int shift)
{
	if (v == LRUCOST_FOLLOW)
		return 0;
	return (unsigned long long)(v + off) << shift;
}

/* the field at @shift, @bits wide, back: FOLLOW for 0 */
static int unfield(unsigned long long word, int off, int shift, int bits)
{
	int raw = (int)((word >> shift) & ((1ULL << bits) - 1));

	return raw ? raw - off : LRUCOST_FOLLOW;
}

/**
 * lrucost_knobs_pack - a resolved policy as a lruvec's cached word
 * @k: the policy, valid (lrucost_knobs_valid())
 * @gen: the policy table's generation it was resolved from, not 0
 *
 * Return: the word.
 */
unsigned long long lrucost_knobs_pack(const struct lrucost_knob_set *k,
				      unsigned int gen)
{
	return field(k->enabled, 1, 0) | field(k->swappiness, 2, 2) |
	       field(k->io_cost, 0, 10) | field(k->anon_percent, 2, 21) |
	       (unsigned long long)gen << 32;
}

/**
 * lrucost_knobs_unpack - a lruvec's cached word, if it is current
 * @word: the word, 0 if never written
 * @gen: the policy table's generation now, not 0
 * @k: the policy, out; written only when current
 *
 * Return: 0, or -1 when the word is of another generation.
 */
int lrucost_knobs_unpack(unsigned long long word, unsigned int gen,
			 struct lrucost_knob_set *k)
{
	if ((unsigned int)(word >> 32) != gen || !gen)
		return -1;
	k->enabled = unfield(word, 1, 0, 2);
	k->swappiness = unfield(word, 2, 2, 8);
	k->io_cost = unfield(word, 0, 10, 11);
	k->anon_percent = unfield(word, 2, 21, 7);
	return 0;
}
