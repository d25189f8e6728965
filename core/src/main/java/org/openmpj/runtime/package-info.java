/** The rank runtime: rank contexts, per-rank class loaders, thread and hosted ranks, rank processes, and the names launchers hand them. */
package org.openmpj.runtime;
