/** The thread transport: ranks are threads of one JVM, and messages pass by reference or one copy. */
package org.openmpj.transport.thread;
