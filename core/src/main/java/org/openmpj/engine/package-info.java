/**
 * The engine above the device: communicators and their creation (dup, split, subsets, prefixes), collectives and their
 * algorithms (each written once over the steps it takes, which a blocking collective takes at once and a non-blocking
 * one writes down as a {@link org.openmpj.engine.Schedule}), intercommunicators, the null process, object collectives,
 * the buffered-send pool, and the {@link org.openmpj.engine.Session} through which a façade starts and ends its rank.
 * Datatypes are in {@code engine.datatype}, point-to-point messages in {@code engine.messages}.
 */
package org.openmpj.engine;
