/**
 * Task farms over MPI: the ranks of a communicator become a pool whose root hands tasks to the others through an
 * {@link java.util.concurrent.ExecutorService}.
 */
package org.openmpj.executor;
