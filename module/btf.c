// SPDX-License-Identifier: GPL-2.0
/*
 * Find a struct member's offset and size, and the names of a function's
 * parameters (its prototype), in a BTF blob.
 *
 * The blob comes from kernel memory (__start_BTF..__stop_BTF) or from a
 * fuzzer, so every length and offset is checked before it is used, and
 * every loop is bounded by the blob's size.  Type ids are resolved by a
 * linear walk: lrucost asks for a handful of members and prototypes once,
 * at load time, which is cheaper than allocating an index.
 */
#include "lrucost_btf.h"

#define BTF_MAGIC		0xeB9F
#define BTF_MAX_CHAIN		32	/* typedef/const/volatile hops */
#define BTF_HDR_MIN		24
#define BTF_NULL		((void *)0)	/* no libc or kernel NULL here */

/* Kinds, from the BTF specification. */
enum {
	K_INT = 1, K_PTR, K_ARRAY, K_STRUCT, K_UNION, K_ENUM, K_FWD,
	K_TYPEDEF, K_VOLATILE, K_CONST, K_RESTRICT, K_FUNC, K_FUNC_PROTO,
	K_VAR, K_DATASEC, K_FLOAT, K_DECL_TAG, K_TYPE_TAG, K_ENUM64,
};

struct btf_view {
	const unsigned char *types;
	unsigned long types_len;
	const char *strs;
	unsigned long strs_len;
};

static unsigned int rd32(const unsigned char *p)
{
	/* BTF is in host byte order; the magic check rejects the other. */
	unsigned int v;

	__builtin_memcpy(&v, p, 4);
	return v;
}

static unsigned int rd16(const unsigned char *p)
{
	unsigned short v;

	__builtin_memcpy(&v, p, 2);
	return v;
}

static int kind_of(unsigned int info)
{
	return (info >> 24) & 0x1f;
}

static unsigned int vlen_of(unsigned int info)
{
	return info & 0xffff;
}

/* Bytes of kind-specific data after the 12-byte common header, or -1. */
static long extra_len(unsigned int info)
{
	unsigned long vlen = vlen_of(info);

	switch (kind_of(info)) {
	case K_INT:
	case K_VAR:
	case K_DECL_TAG:
		return 4;
	case K_PTR: case K_FWD: case K_TYPEDEF: case K_VOLATILE:
	case K_CONST: case K_RESTRICT: case K_FUNC: case K_FLOAT:
	case K_TYPE_TAG:
		return 0;
	case K_ARRAY:
		return 12;
	case K_STRUCT:
	case K_UNION:
	case K_DATASEC:
	case K_ENUM64:
		return (long)(vlen * 12);
	case K_ENUM:
	case K_FUNC_PROTO:
		return (long)(vlen * 8);
	default:
		return -1;
	}
}

static int view_init(struct btf_view *v, const void *blob, unsigned long len)
{
	const unsigned char *b = blob;
	unsigned long hdr_len, type_off, type_len, str_off, str_len;

	if (!b || len < BTF_HDR_MIN)
		return LRUCOST_BTF_EBADBLOB;
	if (rd16(b) != BTF_MAGIC || b[2] != 1)
		return LRUCOST_BTF_EBADBLOB;
	hdr_len = rd32(b + 4);
	type_off = rd32(b + 8);
	type_len = rd32(b + 12);
	str_off = rd32(b + 16);
	str_len = rd32(b + 20);
	if (hdr_len < BTF_HDR_MIN || hdr_len > len)
		return LRUCOST_BTF_EBADBLOB;
	if (type_off > len - hdr_len || type_len > len - hdr_len - type_off)
		return LRUCOST_BTF_EBADBLOB;
	if (str_off > len - hdr_len || str_len > len - hdr_len - str_off)
		return LRUCOST_BTF_EBADBLOB;
	/* the string section starts with "" and ends in a NUL */
	if (!str_len || b[hdr_len + str_off] ||
	    b[hdr_len + str_off + str_len - 1])
		return LRUCOST_BTF_EBADBLOB;
	v->types = b + hdr_len + type_off;
	v->types_len = type_len;
	v->strs = (const char *)b + hdr_len + str_off;
	v->strs_len = str_len;
	return LRUCOST_BTF_OK;
}

/* The string at @off, or NULL if @off is outside the section. */
static const char *str_at(const struct btf_view *v, unsigned int off)
{
	return off < v->strs_len ? v->strs + off : BTF_NULL;
}

static int str_eq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/*
 * Step over the type record at @pos; return the next position, or 0 when
 * the record is malformed or runs past the end.
 */
static unsigned long next_type(const struct btf_view *v, unsigned long pos)
{
	long extra;

	if (v->types_len - pos < 12)
		return 0;
	extra = extra_len(rd32(v->types + pos + 4));
	if (extra < 0 || (unsigned long)extra > v->types_len - pos - 12)
		return 0;
	return pos + 12 + (unsigned long)extra;
}

/* The record of type @id (ids start at 1), or NULL when it does not exist. */
static const unsigned char *type_at(const struct btf_view *v, unsigned int id)
{
	unsigned long pos = 0;
	unsigned int i;

	if (!id)
		return BTF_NULL;
	for (i = 1; i < id; i++) {
		pos = next_type(v, pos);
		if (!pos || pos >= v->types_len)
			return BTF_NULL;
	}
	return next_type(v, pos) ? v->types + pos : BTF_NULL;
}

/*
 * Size in bytes of type @id, following modifiers and arrays iteratively
 * (a crafted blob must not be able to recurse); 0 when unknown.
 */
static unsigned long type_size(const struct btf_view *v, unsigned int id)
{
	unsigned long mult = 1, size;
	int hops;

	for (hops = 0; hops < BTF_MAX_CHAIN; hops++) {
		const unsigned char *t = type_at(v, id);
		unsigned int size_type;

		if (!t)
			return 0;
		size_type = rd32(t + 8);
		switch (kind_of(rd32(t + 4))) {
		case K_INT: case K_STRUCT: case K_UNION: case K_ENUM:
		case K_ENUM64: case K_FLOAT:
			size = size_type;
			break;
		case K_PTR:
			size = sizeof(void *);
			break;
		case K_ARRAY: {
			unsigned long n = rd32(t + 12 + 8);

			if (n && mult > ~0UL / n)
				return 0;
			mult *= n;
			id = rd32(t + 12);	/* element type */
			continue;
		}
		case K_TYPEDEF: case K_VOLATILE: case K_CONST:
		case K_RESTRICT: case K_TYPE_TAG:
			id = size_type;
			continue;
		default:
			return 0;
		}
		if (size && mult > ~0UL / size)
			return 0;
		return size * mult;
	}
	return 0;
}

/**
 * lrucost_btf_find_member - locate a member of a named struct
 * @blob: BTF data, starting at its header
 * @len: bytes in @blob
 * @struct_name: name of the struct (the first complete one is used)
 * @member: name of the member
 * @out: where the member lives, filled on success
 *
 * Return: LRUCOST_BTF_OK, or a negative enum lrucost_btf_err.
 */
int lrucost_btf_find_member(const void *blob, unsigned long len,
			    const char *struct_name, const char *member,
			    struct lrucost_btf_member *out)
{
	struct btf_view v;
	unsigned long pos = 0;
	int err = view_init(&v, blob, len);

	if (err)
		return err;
	while (pos < v.types_len) {
		const unsigned char *t = v.types + pos;
		unsigned long next = next_type(&v, pos);
		unsigned int info, vlen, i;
		const char *name;

		if (!next)
			return LRUCOST_BTF_EBADBLOB;
		info = rd32(t + 4);
		name = str_at(&v, rd32(t));
		if (kind_of(info) != K_STRUCT || !name ||
		    !str_eq(name, struct_name)) {
			pos = next;
			continue;
		}
		vlen = vlen_of(info);
		for (i = 0; i < vlen; i++) {
			const unsigned char *m = t + 12 + 12UL * i;
			const char *mname = str_at(&v, rd32(m));
			unsigned int off = rd32(m + 8);

			if (!mname || !str_eq(mname, member))
				continue;
			if (info >> 31) {	/* kind_flag: bitfield encoding */
				out->bit_offset = off & 0xffffff;
				out->bit_size = off >> 24;
			} else {
				out->bit_offset = off;
				out->bit_size = 0;
			}
			out->byte_size = type_size(&v, rd32(m + 4));
			if (!out->byte_size)
				return LRUCOST_BTF_EBADBLOB;
			return LRUCOST_BTF_OK;
		}
		return LRUCOST_BTF_ENOMEMBER;
	}
	return LRUCOST_BTF_ENOSTRUCT;
}

/*
 * The name of parameter @i of the FUNC_PROTO record @proto, whose @vlen
 * parameters next_type() has found inside the type section: "..." for the
 * variadic marker (name 0 and type 0, last), NULL when the name lies
 * outside the string section.
 */
static const char *param_name(const struct btf_view *v,
			      const unsigned char *proto, unsigned int vlen,
			      unsigned int i)
{
	const unsigned char *p = proto + 12 + 8UL * i;
	unsigned int name_off = rd32(p);

	if (!name_off && !rd32(p + 4) && i + 1 == vlen)
		return "...";
	return str_at(v, name_off);
}

/**
 * lrucost_btf_func_params - name the parameters of a function
 * @blob: BTF data, starting at its header
 * @len: bytes in @blob
 * @func: name of the function
 * @names: filled with the first min(*@nr, @max) parameter names on
 *	success: strings inside @blob ("" for an unnamed parameter), or
 *	"..." for the variadic tail of a variadic function; may be NULL
 *	when @max is 0
 * @max: entries in @names
 * @nr: set to the number of parameters on success, even above @max
 *
 * BTF may hold several functions of one name (static ones, in different
 * files); all of them must have the same parameter names.  The whole type
 * section is walked, so a malformed record anywhere fails the lookup.
 *
 * Return: LRUCOST_BTF_OK; LRUCOST_BTF_ENOFUNC when no function has the
 * name; LRUCOST_BTF_EAMBIG when functions of the name have different
 * parameters; LRUCOST_BTF_EBADBLOB when the blob is malformed (checked
 * first), a function of the name has a type that is not a prototype, or
 * a parameter name lies outside the string section.
 */
int lrucost_btf_func_params(const void *blob, unsigned long len,
			    const char *func, const char **names,
			    unsigned int max, unsigned int *nr)
{
	struct btf_view v;
	const unsigned char *first = BTF_NULL;	/* the first one's prototype */
	unsigned int first_vlen = 0, i;
	unsigned long pos = 0;
	int ambig = 0;
	int err = view_init(&v, blob, len);

	if (err)
		return err;
	while (pos < v.types_len) {
		const unsigned char *t = v.types + pos, *proto;
		unsigned long next = next_type(&v, pos);
		unsigned int vlen;
		const char *name;
		int same;

		if (!next)
			return LRUCOST_BTF_EBADBLOB;
		pos = next;
		name = str_at(&v, rd32(t));
		if (kind_of(rd32(t + 4)) != K_FUNC || !name ||
		    !str_eq(name, func))
			continue;
		proto = type_at(&v, rd32(t + 8));
		if (!proto || kind_of(rd32(proto + 4)) != K_FUNC_PROTO)
			return LRUCOST_BTF_EBADBLOB;
		vlen = vlen_of(rd32(proto + 4));
		if (!first) {
			first = proto;
			first_vlen = vlen;
		}
		same = vlen == first_vlen;
		for (i = 0; i < vlen; i++) {
			const char *pname = param_name(&v, proto, vlen, i);

			if (!pname)
				return LRUCOST_BTF_EBADBLOB;
			/* first's names were checked when it was found */
			if (same && !str_eq(pname,
					    param_name(&v, first, vlen, i)))
				same = 0;
		}
		if (!same)
			ambig = 1;
	}
	if (!first)
		return LRUCOST_BTF_ENOFUNC;
	if (ambig)
		return LRUCOST_BTF_EAMBIG;
	for (i = 0; i < first_vlen && i < max; i++)
		names[i] = param_name(&v, first, first_vlen, i);
	*nr = first_vlen;
	return LRUCOST_BTF_OK;
}

/**
 * lrucost_btf_strerror - describe an enum lrucost_btf_err
 * @err: the error
 *
 * Return: a static string.
 */
const char *lrucost_btf_strerror(int err)
{
	switch (err) {
	case LRUCOST_BTF_OK:
		return "ok";
	case LRUCOST_BTF_EBADBLOB:
		return "malformed BTF";
	case LRUCOST_BTF_ENOSTRUCT:
		return "struct not in BTF";
	case LRUCOST_BTF_ENOMEMBER:
		return "member not in struct";
	case LRUCOST_BTF_ENOFUNC:
		return "function not in BTF";
	case LRUCOST_BTF_EAMBIG:
		return "functions of that name have different prototypes";
	default:
		return "unknown BTF error";
	}
}
