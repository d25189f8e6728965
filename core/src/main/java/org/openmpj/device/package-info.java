/**
 * The device SPI: matched point-to-point on primitive array slices and on memory segments (native or heap, with byte counts
 * past 2 GiB), requests, the copies every transport makes of either kind ({@link org.openmpj.device.ArrayCopy},
 * {@link org.openmpj.device.BufferCopy}), and device discovery by name.
 */
package org.openmpj.device;
