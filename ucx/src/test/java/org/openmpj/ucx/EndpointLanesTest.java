package org.openmpj.ucx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Reading the active-message transport from endpoint descriptions in the form UCX 1.13 writes them. */
class EndpointLanesTest
{
    private static final String HEAD = "#\n# UCP endpoint \n#\n#               peer: <no debug data>\n";

    @Test
    void theLaneMarkedAmGivesTheTransport()
    {
        final String sharedMemory = HEAD
            + "#                 lane[0]:  0:sysv/memory.0 md[0]           -> md[0]/sysv/sysdev[255] am am_bw#0\n"
            + "#                 lane[1]:  2:cma/memory.0 md[2]            -> md[2]/cma/sysdev[255] rma_bw#0\n#\n";
        assertEquals("sysv", EndpointLanes.activeMessageTransport(sharedMemory));
        assertTrue(EndpointLanes.isSharedMemory("sysv"));
    }

    @Test
    void aLaterLaneCarryingActiveMessagesIsFound()
    {
        final String network = HEAD
            + "#                 lane[0]:  1:rc_mlx5/mlx5_0:1.0 md[1]      -> md[1]/ib/sysdev[255] rma_bw#0\n"
            + "#                 lane[1]:  0:tcp/lo.0 md[0]                -> md[0]/tcp/sysdev[255] rma_bw#1 am am_bw#0\n"
            + "#                 lane[2]:  0:tcp/eth0.0 md[0]              -> md[0]/tcp/sysdev[255] wireup\n";
        assertEquals("tcp", EndpointLanes.activeMessageTransport(network));
        assertFalse(EndpointLanes.isSharedMemory("tcp"));
    }

    @Test
    void rolesThatOnlyStartWithAmDoNotCount()
    {
        final String bandwidthOnly = HEAD
            + "#                 lane[0]:  1:posix/memory.0 md[1]          -> md[1]/posix/sysdev[255] am_bw#0\n";
        assertNull(EndpointLanes.activeMessageTransport(bandwidthOnly));
    }

    @Test
    void aDescriptionWithoutLanesSaysNothing()
    {
        assertNull(EndpointLanes.activeMessageTransport("something else entirely"));
        assertFalse(EndpointLanes.isSharedMemory(null));
    }
}
