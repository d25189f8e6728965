/**
 * Point-to-point messages of any datatype, as façades start them: contiguous data straight to the device, packed
 * copies of non-contiguous types, object encoding and decoding, messages of no data, buffered sends, and the waits over
 * sets of operations that drive the device.
 */
package org.openmpj.engine.messages;
