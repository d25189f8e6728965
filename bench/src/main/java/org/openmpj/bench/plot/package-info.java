/** The reports' line charts: a thin layer over XChart with base-2 and base-10 logarithmic axes, written as PNG files. */
package org.openmpj.bench.plot;
