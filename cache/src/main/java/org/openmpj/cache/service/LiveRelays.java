package org.openmpj.cache.service;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The relays a server has going, one per file, so that a client asking for a file already on its way joins that
 * relay instead of starting another stream from the server. A relay is <em>pending</em> from the moment its requests
 * are gathered until the server knows the file's size: a request then simply becomes one more member. Once it
 * streams, a request is <em>adopted</em>: a node of the relay (a member, or an earlier joiner) forwards it the chunks
 * still to come and then, from its own copy, the chunks that had passed. A relay ends when every node has said it is
 * done ({@link Op#DONE}); nodes that have said so are never asked to adopt.
 *
 * <p>The adopter is a node on the joiner's host when there is one (the file then crosses no link again), else a node
 * of a host that does not yet pass the file on to another host, so that each host link carries the file about twice
 * at most (in and on); only when every host already passes it on does one pass it on twice. Among the candidates the
 * one with fewest adoptees is chosen.
 *
 * <p>Thread-safety: every method is synchronized; gathering threads, senders and the request loop share it.
 */
final class LiveRelays
{
    private final GroupMap hosts;
    private final int root;
    private final int fanout;
    private final Map<String, Relay> byPath = new HashMap<>();
    private final List<LateMember> late = new ArrayList<>();

    /**
     * @param hosts  which host each rank is on.
     * @param root   the server, which every relay streams from.
     * @param fanout how many ranks of its host a member forwards to.
     */
    LiveRelays(final GroupMap hosts, final int root, final int fanout)
    {
        this.hosts = hosts;
        this.root = root;
        this.fanout = fanout;
    }

    /**
     * Where a joining client receives the stream from, and the stream's shape; or {@link #AS_MEMBER}.
     *
     * @param adopter the node that forwards the stream to the joiner.
     */
    record Adoption(int adopter, long sizeBytes, int chunkBytes, int chunkCount)
    {
        /** The request became a member of a relay that has not started, and gets the stream's header with the others. */
        static final Adoption AS_MEMBER = new Adoption(-1, -1, 0, 0);

        boolean asMember()
        {
            return adopter < 0;
        }
    }

    /** A request that was gathered while the file's relay already streamed: the request loop adopts it. */
    record LateMember(String path, int rank)
    {
    }

    /**
     * Takes the requests gathered for {@code path}.
     *
     * @return the relay to start, or null when the members went to a live relay of the file: appended to a pending one,
     *         or queued for the request loop ({@link #takeLate()}) when it streams.
     */
    synchronized Relay gathered(final String path, final int[] members)
    {
        final Relay live = byPath.get(path);
        if (live == null)
        {
            final Relay relay = new Relay(path);
            relay.add(members);
            byPath.put(path, relay);
            return relay;
        }
        if (live.streaming)
        {
            for (final int member : members)
            {
                late.add(new LateMember(path, member));
            }
        }
        else
        {
            live.add(members);
        }
        return null;
    }

    /** @return a relay of {@code rank} alone, which no other request joins: a client whose adopter declined. */
    synchronized Relay alone(final String path, final int rank)
    {
        leave(path, rank);
        final Relay relay = new Relay(path);
        relay.add(new int[] {rank});
        return relay;
    }

    /** @return whether requests gathered while the file streamed wait for {@link #takeLate()}. */
    synchronized boolean hasLate()
    {
        return !late.isEmpty();
    }

    /** @return the requests gathered while their file streamed, in order; the queue is emptied. */
    synchronized List<LateMember> takeLate()
    {
        final List<LateMember> taken = List.copyOf(late);
        late.clear();
        return taken;
    }

    /** A relay's members when it started, and the tree the file travels down to them. */
    record Start(int[] members, RelayPlan plan)
    {
    }

    /** Starts {@code relay}'s stream: from now on requests for its file are adopted by its nodes. */
    synchronized Start start(final Relay relay, final long sizeBytes, final int chunkBytes, final int chunkCount)
    {
        relay.streaming = true;
        relay.shape = new Adoption(-1, sizeBytes, chunkBytes, chunkCount);
        final int[] members = relay.members();
        final RelayPlan plan = RelayPlan.build(root, members, hosts, fanout);
        for (final int member : members)
        {
            relay.nodes.put(member, new Node(hosts.hostOf(member)));
            final String parentHost = hosts.hostOf(plan.parentOf(member));
            if (!parentHost.equals(hosts.hostOf(member)))
            {
                relay.passesOn.merge(parentHost, 1, Integer::sum);
            }
        }
        return new Start(members, plan);
    }

    /** Ends a relay that will not stream (the file failed, or goes inline). @return its members. */
    synchronized int[] close(final Relay relay)
    {
        byPath.remove(relay.path, relay);
        return relay.members();
    }

    /**
     * Offers {@code rank}'s request for {@code path} to the file's live relay.
     *
     * @return its adoption, {@link Adoption#AS_MEMBER}, or null when no relay of the file is live (or none of its nodes
     *         can adopt).
     */
    synchronized Adoption offer(final String path, final int rank)
    {
        final Relay relay = byPath.get(path);
        if (relay == null)
        {
            return null;
        }
        if (!relay.streaming)
        {
            relay.add(new int[] {rank});
            return Adoption.AS_MEMBER;
        }
        return relay.adopt(rank, hosts.hostOf(rank));
    }

    /** {@code rank} has passed on all it holds of {@code path}: it adopts no more, and the relay ends with its last node. */
    synchronized void done(final String path, final int rank)
    {
        leave(path, rank);
    }

    private void leave(final String path, final int rank)
    {
        final Relay relay = byPath.get(path);
        if (relay != null && relay.nodes.remove(rank) != null && relay.nodes.isEmpty())
        {
            byPath.remove(path);
        }
    }

    /** One file's relay. Guarded by the registry's lock. */
    static final class Relay
    {
        private final String path;
        private final List<Integer> members = new ArrayList<>();
        /** The nodes that may still adopt: members and joiners that have not said they are done. */
        private final Map<Integer, Node> nodes = new HashMap<>();
        /** How many streams of the file leave each host for another host. */
        private final Map<String, Integer> passesOn = new HashMap<>();
        private boolean streaming;
        private Adoption shape;

        private Relay(final String path)
        {
            this.path = path;
        }

        String path()
        {
            return path;
        }

        private void add(final int[] ranks)
        {
            for (final int rank : ranks)
            {
                members.add(rank);
            }
        }

        private int[] members()
        {
            return members.stream().mapToInt(Integer::intValue).toArray();
        }

        private Adoption adopt(final int joiner, final String joinerHost)
        {
            Node best = null;
            int bestRank = -1;
            int bestScore = Integer.MAX_VALUE;
            for (final Map.Entry<Integer, Node> entry : nodes.entrySet())
            {
                final Node node = entry.getValue();
                final int score = score(node, joinerHost);
                if (score < bestScore || score == bestScore && entry.getKey() < bestRank)
                {
                    best = node;
                    bestRank = entry.getKey();
                    bestScore = score;
                }
            }
            if (best == null)
            {
                return null;
            }
            best.adoptees++;
            if (!best.host.equals(joinerHost))
            {
                passesOn.merge(best.host, 1, Integer::sum);
            }
            nodes.putIfAbsent(joiner, new Node(joinerHost));
            return new Adoption(bestRank, shape.sizeBytes(), shape.chunkBytes(), shape.chunkCount());
        }

        /** Lower is better: a node of the joiner's host, then of a host that passes nothing on, then the least loaded. */
        private int score(final Node node, final String joinerHost)
        {
            final int hostClass = node.host.equals(joinerHost) ? 0 : 1 + passesOn.getOrDefault(node.host, 0);
            return hostClass * 1_000_000 + node.adoptees;
        }
    }

    /** A node of a relay: where it is and how many joiners it forwards to. */
    private static final class Node
    {
        final String host;
        int adoptees;

        Node(final String host)
        {
            this.host = host;
        }
    }
}
