package org.openmpj.cache.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tree one file's chunks travel down: from the root (a server) to every member, each member forwarding what it
 * receives. Within a host the members form a tree of the given fan-out; the hosts are chained, the first member of
 * each host receiving from the first member of the host before (the root's host first), so each link between hosts
 * carries the file once. With chunks pipelined, N members receive the file in about one member's time plus a chunk
 * time per level. Immutable.
 */
final class RelayPlan
{
    private static final int[] NONE = new int[0];

    private final Map<Integer, int[]> childrenOf;
    private final Map<Integer, Integer> parentOf;

    private RelayPlan(final Map<Integer, int[]> childrenOf, final Map<Integer, Integer> parentOf)
    {
        this.childrenOf = childrenOf;
        this.parentOf = parentOf;
    }

    /**
     * @param root    the rank that holds the file.
     * @param members the ranks that receive it, in the order they asked.
     * @param hosts   which host each rank is on.
     * @param fanout  how many ranks of its host a member forwards to.
     */
    static RelayPlan build(final int root, final int[] members, final GroupMap hosts, final int fanout)
    {
        final Map<String, List<Integer>> byHost = new LinkedHashMap<>();
        byHost.put(hosts.hostOf(root), new ArrayList<>(List.of(root)));
        for (final int member : members)
        {
            byHost.computeIfAbsent(hosts.hostOf(member), host -> new ArrayList<>()).add(member);
        }
        final Map<Integer, List<Integer>> children = new HashMap<>();
        final Map<Integer, Integer> parentOf = new HashMap<>();
        int previousHostHead = -1;
        for (final List<Integer> onHost : byHost.values())
        {
            if (onHost.isEmpty())
            {
                continue;
            }
            if (previousHostHead >= 0)
            {
                link(children, parentOf, previousHostHead, onHost.get(0));
            }
            for (int i = 1; i < onHost.size(); i++)
            {
                link(children, parentOf, onHost.get((i - 1) / fanout), onHost.get(i));
            }
            previousHostHead = onHost.get(0);
        }
        final Map<Integer, int[]> childrenOf = new HashMap<>();
        children.forEach((rank, list) -> childrenOf.put(rank, list.stream().mapToInt(Integer::intValue).toArray()));
        return new RelayPlan(childrenOf, parentOf);
    }

    private static void link(final Map<Integer, List<Integer>> children, final Map<Integer, Integer> parentOf, final int parent,
        final int child)
    {
        children.computeIfAbsent(parent, rank -> new ArrayList<>()).add(child);
        parentOf.put(child, parent);
    }

    /** @return whom {@code rank} forwards to. */
    int[] childrenOf(final int rank)
    {
        return childrenOf.getOrDefault(rank, NONE);
    }

    /** @return whom {@code member} receives from. */
    int parentOf(final int member)
    {
        return parentOf.get(member);
    }
}
