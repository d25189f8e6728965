/**
 * The one report runner ({@link org.openmpj.bench.report.ReportRunner}) and the ping-pong and collectives reports it runs,
 * turning their programs' output into the CSV, Markdown and PNG reports under {@code bench/results}.
 */
package org.openmpj.bench.report;
