/** Starting and ending jobs: rank contexts, per-rank class loaders, job failure, and the mpjrun launcher of thread ranks and rank processes. */
package org.openmpj.runtime;
