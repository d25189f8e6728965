/**
 * The hybrid device: ranks as threads of several processes; a preset of the thread, shm and a network transport, each
 * peer reached through the most exclusive one that reaches it.
 */
package org.openmpj.transport.hybrid;
