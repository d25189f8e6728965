/**
 * Datatypes as the engine sees them: a {@link org.openmpj.engine.datatype.TypeMap} (element kind and item layout) that
 * a façade's datatype holds, the layouts of derived types and their builder, packing to and from bytes, the staged
 * copies of non-contiguous messages and collective buffers, the pool of scratch arrays they use, user reductions over
 * laid-out items, and the collectives and reductions of intra- and intercommunicators on buffers of any datatype.
 */
package org.openmpj.engine.datatype;
