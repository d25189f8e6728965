/** Waiting and locking primitives for the hot path: idle strategies and a short-hold spin lock. */
package org.openmpj.concurrent;
