/** What a task pool costs: the task round trip against a ping-pong, and the tasks per second one root hands out. */
package org.openmpj.bench.executor;
