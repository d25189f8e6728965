/** How much of a non-blocking collective's time a program's computation hides: the overlap program and its report. */
package org.openmpj.bench.overlap;
