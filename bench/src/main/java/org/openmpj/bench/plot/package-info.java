/** A small headless line plotter (Java2D into a PNG) with logarithmic and linear axes. */
package org.openmpj.bench.plot;
