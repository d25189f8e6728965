/** Turns the output of the ping-pong programs into the CSV, Markdown and PNG report under {@code bench/results}. */
package org.openmpj.bench.report;
