/** Object messaging benchmarks: {@code MPI.OBJECT} messages of typical object graphs, in OpenMPJ's encoding and Java's. */
package org.openmpj.bench.objects;
