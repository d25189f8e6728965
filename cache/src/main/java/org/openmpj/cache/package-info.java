/**
 * MPJ-Cache: one server rank per node group serves files to the group's other ranks over MPI, from memory, local
 * disk or the shared backing store, so that a job's readers do not all hit the shared file system.
 */
package org.openmpj.cache;
