/** The one matcher and the eager/rendezvous protocols, shared by every transport that only moves data. */
package org.openmpj.matching;
