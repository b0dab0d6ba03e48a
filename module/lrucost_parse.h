/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The strict parser of lrucost's sysfs writes, free of kernel and libc
 * headers so that the unit tests and the fuzzer run the module's own code.
 */
#ifndef LRUCOST_PARSE_H
#define LRUCOST_PARSE_H

/* Longest write accepted: "-1" .. "1024", a newline, and some slack. */
#define LRUCOST_PARSE_MAX_INPUT	8

int lrucost_parse_int(const char *buf, unsigned long count, int min, int max,
		      int *out);

#endif /* LRUCOST_PARSE_H */
