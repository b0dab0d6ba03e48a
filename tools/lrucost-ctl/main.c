// SPDX-License-Identifier: GPL-2.0
#include "ctl.h"

int main(int argc, char **argv)
{
	struct ctl_io io = { stdout, stderr };
	int ret = ctl_run(&io, argc, argv);

	if (fflush(stdout) && ret == CTL_OK)
		ret = CTL_ERR;
	return ret;
}
