/** The hybrid device: ranks as threads of several processes, each peer reached through the nearest transport. */
package org.openmpj.transport.hybrid;
