/** The shm transport: ranks are JVMs on one host, exchanging frames through rings in one shared-memory segment. */
package org.openmpj.transport.shm;
