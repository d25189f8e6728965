/** The device SPI: matched point-to-point on primitive array slices, requests, and device discovery by name. */
package org.openmpj.device;
