/** MPI tests inside JUnit 5: a test method's body run on several ranks, threads of the test JVM or JVMs of their own. */
package org.openmpj.junit;
