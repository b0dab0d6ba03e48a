// SPDX-License-Identifier: GPL-2.0
/*
 * File access for lrucost-ctl.  Every path goes through ctl_path(), which
 * puts $LRUCOST_CTL_ROOT in front: the unit tests point it at a fake
 * sysfs/procfs tree.  Unset, paths are the real ones.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ctl.h"

/**
 * ctl_path - build a path under the root
 * @buf: where to put it
 * @size: its size
 * @fmt: printf format of the absolute path
 *
 * Return: @buf (an empty string if the path does not fit).
 */
const char *ctl_path(char *buf, size_t size, const char *fmt, ...)
{
	const char *root = getenv("LRUCOST_CTL_ROOT");
	va_list ap;
	int n, m;

	n = snprintf(buf, size, "%s", root ? root : "");
	if (n < 0 || (size_t)n >= size)
		goto toolong;
	va_start(ap, fmt);
	m = vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
	if (m < 0 || (size_t)m >= size - n)
		goto toolong;
	return buf;
toolong:
	buf[0] = '\0';
	return buf;
}

/**
 * ctl_read_file - read a small file whole, NUL-terminated
 * @path: the file
 * @buf: where to put it
 * @size: its size; a file that does not fit is an error (-EFBIG)
 *
 * Return: bytes read, or a negative errno.
 */
int ctl_read_file(const char *path, char *buf, size_t size)
{
	size_t n = 0;
	ssize_t r;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	for (;;) {
		if (n + 1 >= size) {
			close(fd);
			return -EFBIG;
		}
		r = read(fd, buf + n, size - 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			r = -errno;
			close(fd);
			return r;
		}
		if (r == 0)
			break;
		n += r;
	}
	close(fd);
	buf[n] = '\0';
	return n;
}

/**
 * ctl_read_ulong - read a counter file: one decimal number and a newline
 * @path: the file
 * @val: the number
 *
 * Return: 0, -EINVAL when the file holds anything else, or another
 * negative errno.
 */
int ctl_read_ulong(const char *path, unsigned long *val)
{
	char buf[64], *end;
	int n = ctl_read_file(path, buf, sizeof(buf));

	if (n < 0)
		return n;
	if (n < 2 || buf[n - 1] != '\n' || buf[0] < '0' || buf[0] > '9')
		return -EINVAL;
	errno = 0;
	*val = strtoul(buf, &end, 10);
	if (errno || end != buf + n - 1)
		return -EINVAL;
	return 0;
}

/**
 * ctl_write_file - write a string to a sysfs file in one write()
 * @path: the file
 * @s: what to write
 *
 * Return: 0 or a negative errno.
 */
int ctl_write_file(const char *path, const char *s)
{
	size_t len = strlen(s);
	ssize_t w;
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	w = write(fd, s, len);
	if (w < 0) {
		w = -errno;
		close(fd);
		return w;
	}
	if (close(fd) < 0)
		return -errno;
	return (size_t)w == len ? 0 : -EIO;
}

/**
 * ctl_loaded - whether the module is loaded
 *
 * Return: true when /sys/kernel/mm/lrucost/ exists.
 */
bool ctl_loaded(void)
{
	char p[4096];
	struct stat st;

	return stat(ctl_path(p, sizeof(p), CTL_SYS), &st) == 0 &&
	       S_ISDIR(st.st_mode);
}
