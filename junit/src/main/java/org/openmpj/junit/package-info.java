/** MPI tests inside JUnit 5: a test method's body run on several ranks, each a thread of the test JVM. */
package org.openmpj.junit;
