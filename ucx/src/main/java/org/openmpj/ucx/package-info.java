/** The ucx device: ranks exchange the one matcher's frames as UCX active messages, over any fabric UCX drives. */
package org.openmpj.ucx;
