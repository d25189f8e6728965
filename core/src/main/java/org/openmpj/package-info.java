/** OpenMPJ's public core types: the exception every layer raises and the MPI error classes it carries. */
package org.openmpj;
