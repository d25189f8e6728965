/** Primitives for the hot path: idle strategies, a short-hold spin lock, and the pool that spares it allocations. */
package org.openmpj.concurrent;
