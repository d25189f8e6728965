package org.openmpj.cache.service;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import mpi.Intracomm;
import mpi.MPI;

/**
 * Which rank belongs to which node group, which rank serves each group, and which host every rank is on (the relays
 * keep traffic within a host where they can). Groups are one per host by default, or blocks of consecutive ranks;
 * the lowest rank of a group serves it. Immutable.
 */
public final class GroupMap
{
    /** Host names longer than this are cut for the exchange; DNS names are at most 253 characters. */
    static final int HOST_NAME_BYTES = 256;

    private final String[] hostOf;
    private final int[] groupOf;
    private final int[] serverOf;
    private final int[][] clientsOf;

    private GroupMap(final String[] hostOf, final int[] groupOf, final int[] serverOf, final int[][] clientsOf)
    {
        this.hostOf = hostOf;
        this.groupOf = groupOf;
        this.serverOf = serverOf;
        this.clientsOf = clientsOf;
    }

    /** Learns every rank's host over {@code comm} and groups them. Collective over {@code comm}. */
    public static GroupMap gather(final Intracomm comm, final int groupSize)
    {
        final byte[] mine = Arrays.copyOf(MPI.Get_processor_name().getBytes(StandardCharsets.UTF_8), HOST_NAME_BYTES);
        final byte[] all = new byte[HOST_NAME_BYTES * comm.Size()];
        comm.Allgather(mine, 0, HOST_NAME_BYTES, MPI.BYTE, all, 0, HOST_NAME_BYTES, MPI.BYTE);
        final String[] hosts = new String[comm.Size()];
        for (int rank = 0; rank < hosts.length; rank++)
        {
            int end = rank * HOST_NAME_BYTES;
            while (end < (rank + 1) * HOST_NAME_BYTES && all[end] != 0)
            {
                end++;
            }
            hosts[rank] = new String(all, rank * HOST_NAME_BYTES, end - rank * HOST_NAME_BYTES, StandardCharsets.UTF_8);
        }
        return of(hosts, groupSize);
    }

    /** @return the groups of ranks on {@code hostOf}: one per host when {@code groupSize} is 0, else blocks of that many. */
    public static GroupMap of(final String[] hostOf, final int groupSize)
    {
        final int[] groupOf = new int[hostOf.length];
        final Map<String, Integer> groupOfHost = new LinkedHashMap<>();
        for (int rank = 0; rank < hostOf.length; rank++)
        {
            groupOf[rank] = groupSize > 0 ? rank / groupSize : groupOfHost.computeIfAbsent(hostOf[rank], host -> groupOfHost.size());
        }
        final int groups = hostOf.length == 0 ? 0 : Arrays.stream(groupOf).max().getAsInt() + 1;
        final int[] serverOf = new int[groups];
        Arrays.fill(serverOf, -1);
        final List<List<Integer>> members = new ArrayList<>();
        for (int group = 0; group < groups; group++)
        {
            members.add(new ArrayList<>());
        }
        for (int rank = 0; rank < hostOf.length; rank++)
        {
            if (serverOf[groupOf[rank]] < 0)
            {
                serverOf[groupOf[rank]] = rank;
            }
            else
            {
                members.get(groupOf[rank]).add(rank);
            }
        }
        final int[][] clientsOf = new int[groups][];
        for (int group = 0; group < groups; group++)
        {
            clientsOf[group] = members.get(group).stream().mapToInt(Integer::intValue).toArray();
        }
        return new GroupMap(hostOf.clone(), groupOf, serverOf, clientsOf);
    }

    public int groups()
    {
        return serverOf.length;
    }

    public int groupOf(final int rank)
    {
        return groupOf[rank];
    }

    public int serverOf(final int group)
    {
        return serverOf[group];
    }

    public boolean isServer(final int rank)
    {
        return serverOf[groupOf[rank]] == rank;
    }

    /** @return the clients of {@code group}, in rank order; do not modify. */
    public int[] clientsOf(final int group)
    {
        return clientsOf[group];
    }

    public String hostOf(final int rank)
    {
        return hostOf[rank];
    }

    /** @return every server's rank, in group order. */
    public int[] servers()
    {
        return serverOf.clone();
    }
}
