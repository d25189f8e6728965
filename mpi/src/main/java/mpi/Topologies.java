package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;

/** Checks and arithmetic of process topologies: grid sizes, Dims_create, and mapping without reordering. */
final class Topologies
{
    private Topologies()
    {
    }

    /** @return the number of ranks in a grid of {@code dims}, after checking {@code dims} and {@code periods}. */
    static int gridSize(final Intracomm comm, final String call, final int[] dims, final boolean[] periods)
    {
        if (dims == null || periods == null || dims.length != periods.length)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_DIMS, call + ": dims and periods need one entry per dimension; got "
                + (dims == null ? "null" : dims.length) + " and " + (periods == null ? "null" : periods.length)));
        }
        long size = 1;
        for (int d = 0; d < dims.length; d++)
        {
            if (dims[d] <= 0)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_DIMS, call + ": dims[" + d + "]=" + dims[d] + "; expected 1 or more"));
            }
            size *= dims[d];
        }
        final int available = comm.Size();
        if (size > available)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_DIMS, call + ": a grid of " + Arrays.toString(dims) + " needs " + size
                + " ranks but the communicator has " + available));
        }
        return (int)size;
    }

    static int mapToGrid(final Intracomm comm, final String call, final int[] dims, final boolean[] periods)
    {
        final int size = gridSize(comm, call, dims, periods);
        final int rank = comm.Rank();
        return rank < size ? rank : MPI.UNDEFINED;
    }

    /** @return the number of nodes of the graph, after checking its description. */
    static int graphSize(final Intracomm comm, final String call, final int[] index, final int[] edges)
    {
        if (index == null || edges == null)
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": index and edges must not be null"));
        }
        final int nodes = index.length;
        if (nodes > comm.Size())
        {
            throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": a graph of " + nodes + " nodes needs more ranks than the "
                + comm.Size() + " of the communicator"));
        }
        for (int i = 0; i < nodes; i++)
        {
            if (index[i] < (i == 0 ? 0 : index[i - 1]) || index[i] > edges.length)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": index[" + i + "]=" + index[i]
                    + " is not a cumulative edge count within the " + edges.length + " edges"));
            }
        }
        for (final int edge : edges)
        {
            if (edge < 0 || edge >= nodes)
            {
                throw comm.raise(MPIException.of(ErrorClass.ERR_ARG, call + ": edge to node " + edge + " of a graph of " + nodes + " nodes"));
            }
        }
        return nodes;
    }

    static int mapToGraph(final Intracomm comm, final String call, final int[] index, final int[] edges)
    {
        final int nodes = graphSize(comm, call, index, edges);
        final int rank = comm.Rank();
        return rank < nodes ? rank : MPI.UNDEFINED;
    }

    static void dimsCreate(final int nnodes, final int[] dims)
    {
        if (dims == null || nnodes < 1)
        {
            throw MPIException.of(ErrorClass.ERR_DIMS, "Dims_create: need nnodes >= 1 and an array of dimensions; got nnodes=" + nnodes);
        }
        int preset = 1;
        int free = 0;
        for (int d = 0; d < dims.length; d++)
        {
            if (dims[d] < 0)
            {
                throw MPIException.of(ErrorClass.ERR_DIMS, "Dims_create: dims[" + d + "]=" + dims[d] + " is negative");
            }
            if (dims[d] > 0)
            {
                preset *= dims[d];
            }
            else
            {
                free++;
            }
        }
        if (nnodes % preset != 0)
        {
            throw MPIException.of(ErrorClass.ERR_DIMS, "Dims_create: " + nnodes + " nodes cannot fill dimensions whose set entries"
                + " multiply to " + preset + " " + Arrays.toString(dims));
        }
        if (free == 0)
        {
            if (preset != nnodes)
            {
                throw MPIException.of(ErrorClass.ERR_DIMS, "Dims_create: every dimension is set, " + Arrays.toString(dims)
                    + ", and they multiply to " + preset + ", not " + nnodes);
            }
            return;
        }
        // Largest prime factors first, each to the dimension that is smallest so far: as balanced as factoring allows.
        final int[] sizes = new int[free];
        Arrays.fill(sizes, 1);
        int rest = nnodes / preset;
        final java.util.List<Integer> factors = new java.util.ArrayList<>();
        for (int p = 2; (long)p * p <= rest; p++)
        {
            while (rest % p == 0)
            {
                factors.add(p);
                rest /= p;
            }
        }
        if (rest > 1)
        {
            factors.add(rest);
        }
        factors.sort(java.util.Comparator.reverseOrder());
        for (final int factor : factors)
        {
            int smallest = 0;
            for (int i = 1; i < free; i++)
            {
                if (sizes[i] < sizes[smallest])
                {
                    smallest = i;
                }
            }
            sizes[smallest] *= factor;
        }
        Arrays.sort(sizes);
        for (int d = 0, k = free - 1; d < dims.length; d++)
        {
            if (dims[d] == 0)
            {
                dims[d] = sizes[k--];
            }
        }
    }
}
