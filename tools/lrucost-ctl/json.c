// SPDX-License-Identifier: GPL-2.0
/*
 * Just enough of a JSON writer for lrucost-ctl's --json output: strings
 * escaped per RFC 8259, and object keys with their commas.
 */
#include "ctl.h"

/**
 * ctl_json_str - write a JSON string
 * @f: the stream
 * @s: the text; bytes outside ASCII (a cgroup name may hold any) are
 *     written as \u00XX so that the output is always valid JSON
 */
void ctl_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/**
 * ctl_json_key - start a member of an object
 * @f: the stream
 * @first: true before the object's first member; cleared here
 * @key: the member's name
 */
void ctl_json_key(FILE *f, bool *first, const char *key)
{
	if (!*first)
		fputc(',', f);
	*first = false;
	ctl_json_str(f, key);
	fputc(':', f);
}
