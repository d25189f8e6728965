/** Small MPI programs a new user runs first: hello, a ring, and π by numerical integration. */
package org.openmpj.examples;
