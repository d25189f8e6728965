/** The engine above the device: communicators, the null process, object messages and the buffered-send pool. */
package org.openmpj.engine;
