/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A minimal reader of BTF (Documentation/bpf/btf.rst): enough to find where
 * a member of a kernel-private struct lives, and what a function's
 * parameters are called.  No kernel or libc headers, so
 * it builds into the module and into userspace tests and fuzzers alike.
 */
#ifndef LRUCOST_BTF_H
#define LRUCOST_BTF_H

enum lrucost_btf_err {
	LRUCOST_BTF_OK = 0,
	LRUCOST_BTF_EBADBLOB = -1,	/* not BTF, or malformed */
	LRUCOST_BTF_ENOSTRUCT = -2,	/* no struct of that name */
	LRUCOST_BTF_ENOMEMBER = -3,	/* struct has no such member */
	LRUCOST_BTF_ENOFUNC = -4,	/* no function of that name */
	LRUCOST_BTF_EAMBIG = -5,	/* functions of that name disagree */
};

/* the most parameters lrucost_btf_func_params() reports by name */
#define LRUCOST_BTF_MAX_PARAMS 8

/**
 * struct lrucost_btf_member - where a struct member lives
 * @bit_offset: offset from the start of the struct, in bits
 * @bit_size: width of a bitfield in bits, 0 if it is not a bitfield
 * @byte_size: size of the member's type in bytes (of the underlying
 *	integer for a bitfield)
 */
struct lrucost_btf_member {
	unsigned long bit_offset;
	unsigned int bit_size;
	unsigned long byte_size;
};

int lrucost_btf_find_member(const void *blob, unsigned long len,
			    const char *struct_name, const char *member,
			    struct lrucost_btf_member *out);
int lrucost_btf_func_params(const void *blob, unsigned long len,
			    const char *func, const char **names,
			    unsigned int max, unsigned int *nr);
const char *lrucost_btf_strerror(int err);

#endif /* LRUCOST_BTF_H */
