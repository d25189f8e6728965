/** The engine above the device: communicators, collectives and their algorithms, the null process, object messages and the buffered-send pool. */
package org.openmpj.engine;
