/** Turns the output of the ping-pong and collectives programs into the CSV, Markdown and PNG reports under {@code bench/results}. */
package org.openmpj.bench.report;
