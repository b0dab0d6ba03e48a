// SPDX-License-Identifier: GPL-2.0
/*
 * memhog MIB SECONDS [idle]: map MIB of anonymous memory, write every page,
 * then for SECONDS keep reading one word per page in a loop (an active
 * anon working set), or with "idle", sleep (idle anon that reclaim should
 * swap out).  Built statically for the test VM.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	size_t mib, len, i, page = 4096;
	volatile unsigned char *p;
	unsigned long sum = 0, loops = 0;
	time_t end;

	if (argc < 3) {
		fprintf(stderr, "usage: memhog MIB SECONDS [idle]\n");
		return 2;
	}
	mib = strtoul(argv[1], NULL, 10);
	len = mib << 20;
	p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (i = 0; i < len; i += page)
		p[i] = (unsigned char)(i >> 12);
	end = time(NULL) + atol(argv[2]);
	if (argc > 3 && !strcmp(argv[3], "idle")) {
		while (time(NULL) < end)
			sleep(1);
	} else {
		while (time(NULL) < end) {
			for (i = 0; i < len; i += page)
				sum += p[i];
			loops++;
		}
	}
	printf("memhog: %zu MiB, %lu passes\n", mib, loops);
	return sum == 1; /* keep sum alive */
}
