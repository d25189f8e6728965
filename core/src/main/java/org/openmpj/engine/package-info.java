/**
 * The engine above the device: communicators and their creation (dup, split, subsets, prefixes), collectives and their
 * algorithms, intercommunicators, the null process, object collectives, the buffered-send pool, and the {@link
 * org.openmpj.engine.Session} through which a façade starts and ends its rank. Datatypes are in {@code engine.datatype},
 * point-to-point messages in {@code engine.messages}.
 */
package org.openmpj.engine;
