/** The NAS kernels report: NPB's report read back from each job's output, tabulated per device, rank count and class. */
package org.openmpj.bench.nas;
