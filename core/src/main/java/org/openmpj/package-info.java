/**
 * OpenMPJ's vocabulary shared by every layer: the exception each layer raises and the MPI error classes it carries, the
 * primitive element kinds a message holds and the send modes.
 */
package org.openmpj;
