/** The TCP transport: ranks in separate processes or hosts, one authenticated connection per pair of ranks. */
package org.openmpj.transport.tcp;
