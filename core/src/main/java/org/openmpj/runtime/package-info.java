/** Starting and ending jobs: rank contexts, per-rank class loaders, job failure, and the mpjrun launcher. */
package org.openmpj.runtime;
