package mpi;

import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.engine.CartesianGrid;

/**
 * Checks of process topologies' arguments (grid and graph sizes), mapping without reordering, and Dims_create on the
 * engine's {@link CartesianGrid}.
 */
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
        try
        {
            CartesianGrid.balancedDims("Dims_create", nnodes, dims);
        }
        catch (final OpenMpjException ex)
        {
            throw MPIException.of(ex);
        }
    }
}
