/**
 * Point-to-point messages of any datatype, as façades start them: contiguous data straight to the device (from arrays, or
 * as slices of memory segments), packed copies of non-contiguous types, object encoding and decoding, messages of no
 * data, buffered sends, matched probes, and the waits over sets of operations that drive the device.
 */
package org.openmpj.engine.messages;
