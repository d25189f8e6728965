/**
 * Serialization of {@code MPI.OBJECT} messages: a compact encoding for the common shapes of object graphs, with Java
 * serialization as the fallback for everything else, and the same semantics either way.
 */
package org.openmpj.objects;
