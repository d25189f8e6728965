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
 * earliest node with room (fewer adoptees than the fan-out) is chosen, as it holds the most of the file: the joiners
 * of a host then form a tree as shallow as the members' own, where choosing the least loaded node chained each joiner
 * to the one before it (a 1 MB file spread over 2 s to 64 clients took 4 s, each hop adding its wake-up). When every
 * candidate is full, the least loaded one adopts.
 *
 * <p>Thread-safety: every method is synchronized; gathering threads, senders and the request loop share it.
 */
final class LiveRelays
{
    private final GroupMap hosts;
    private final int root;
    /** How many joiners a node adopts before a later node is preferred. */
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
            relay.nodes.put(member, new Node(hosts.hostOf(member), relay.nextOrder++));
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
        return relay.adopt(rank, hosts.hostOf(rank), fanout);
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
        /** The order the next node joins in: members first, as they asked, then joiners as they come. */
        private int nextOrder;

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

        private Adoption adopt(final int joiner, final String joinerHost, final int fanout)
        {
            Map.Entry<Integer, Node> best = null;
            for (final Map.Entry<Integer, Node> entry : nodes.entrySet())
            {
                if (best == null || better(entry.getValue(), best.getValue(), joinerHost, fanout))
                {
                    best = entry;
                }
            }
            if (best == null)
            {
                return null;
            }
            final Node adopter = best.getValue();
            adopter.adoptees++;
            if (!adopter.host.equals(joinerHost))
            {
                passesOn.merge(adopter.host, 1, Integer::sum);
            }
            nodes.putIfAbsent(joiner, new Node(joinerHost, nextOrder++));
            return new Adoption(best.getKey(), shape.sizeBytes(), shape.chunkBytes(), shape.chunkCount());
        }

        /**
         * @return whether {@code node} is a better adopter than {@code other}: on the joiner's host, else on a host that
         *         passes the file on less; then one with room before a full one; then, both with room, the earlier; both
         *         full, the less loaded.
         */
        private boolean better(final Node node, final Node other, final String joinerHost, final int fanout)
        {
            final int hostClass = hostClass(node, joinerHost);
            final int otherHostClass = hostClass(other, joinerHost);
            if (hostClass != otherHostClass)
            {
                return hostClass < otherHostClass;
            }
            final boolean full = node.adoptees >= fanout;
            if (full != other.adoptees >= fanout)
            {
                return !full;
            }
            if (full && node.adoptees != other.adoptees)
            {
                return node.adoptees < other.adoptees;
            }
            return node.order < other.order;
        }

        /** @return 0 on the joiner's host, else 1 plus how often the node's host passes the file on already. */
        private int hostClass(final Node node, final String joinerHost)
        {
            return node.host.equals(joinerHost) ? 0 : 1 + passesOn.getOrDefault(node.host, 0);
        }
    }

    /** A node of a relay: where it is, when it joined, and how many joiners it forwards to. */
    private static final class Node
    {
        final String host;
        final int order;
        int adoptees;

        Node(final String host, final int order)
        {
            this.host = host;
            this.order = order;
        }
    }
}
