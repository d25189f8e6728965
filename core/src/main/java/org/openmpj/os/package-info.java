/**
 * The C library's calls that Java does not offer, bound through the foreign-function API: futexes, process watching, and
 * one-copy reads of another process's memory.
 */
package org.openmpj.os;
