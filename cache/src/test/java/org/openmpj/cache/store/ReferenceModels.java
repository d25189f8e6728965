package org.openmpj.cache.store;

import java.util.ArrayList;
import java.util.List;

/**
 * Plain restatements of the five policies for the tests to compare against: lists searched front to back, byte
 * totals summed when needed, nothing cached, index 0 the oldest entry. Slow (O(n) per operation) and meant to be
 * obviously right; they share no code with the policies.
 */
final class ReferenceModels
{
    private ReferenceModels()
    {
    }

    /** @return a reference model of {@code kind} for a tier of {@code capacityBytes}. */
    static ReplacementPolicy<Integer> of(final PolicyKind kind, final long capacityBytes)
    {
        return switch (kind)
        {
            case FIFO -> new Fifo(false);
            case LRU -> new Fifo(true);
            case SIEVE -> new Sieve();
            case S3FIFO -> new S3Fifo(capacityBytes, S3FifoPolicy.DEFAULT_SMALL_PERCENT, S3FifoPolicy.DEFAULT_GHOST_PERCENT);
            case ARC -> new Arc(capacityBytes);
        };
    }

    /** One remembered key. */
    static final class Item
    {
        final int key;
        final long sizeBytes;
        boolean visited;
        int frequency;

        Item(final int key, final long sizeBytes)
        {
            this.key = key;
            this.sizeBytes = sizeBytes;
        }
    }

    static Item find(final List<Item> list, final int key)
    {
        for (final Item item : list)
        {
            if (item.key == key)
            {
                return item;
            }
        }
        return null;
    }

    static long bytes(final List<Item> list)
    {
        long sum = 0;
        for (final Item item : list)
        {
            sum += item.sizeBytes;
        }
        return sum;
    }

    /** FIFO, or LRU when a hit moves the item to the end. */
    static final class Fifo implements ReplacementPolicy<Integer>
    {
        private final boolean moveOnHit;
        private final List<Item> order = new ArrayList<>();

        Fifo(final boolean moveOnHit)
        {
            this.moveOnHit = moveOnHit;
        }

        @Override
        public void onHit(final Integer key)
        {
            final Item item = find(order, key);
            if (moveOnHit && item != null)
            {
                order.remove(item);
                order.add(item);
            }
        }

        @Override
        public void onAdmit(final Integer key, final long sizeBytes)
        {
            order.add(new Item(key, sizeBytes));
        }

        @Override
        public Integer evict()
        {
            return order.isEmpty() ? null : order.remove(0).key;
        }

        @Override
        public void remove(final Integer key)
        {
            order.remove(find(order, key));
        }

        @Override
        public int size()
        {
            return order.size();
        }
    }

    /** SIEVE: the hand is the item it will look at next, or null for the oldest. */
    static final class Sieve implements ReplacementPolicy<Integer>
    {
        private final List<Item> order = new ArrayList<>();
        private Item hand;

        @Override
        public void onHit(final Integer key)
        {
            find(order, key).visited = true;
        }

        @Override
        public void onAdmit(final Integer key, final long sizeBytes)
        {
            order.add(new Item(key, sizeBytes));
        }

        @Override
        public Integer evict()
        {
            if (order.isEmpty())
            {
                return null;
            }
            int at = hand == null ? 0 : order.indexOf(hand);
            while (order.get(at).visited)
            {
                order.get(at).visited = false;
                at = (at + 1) % order.size();
            }
            final Item victim = order.remove(at);
            hand = at < order.size() ? order.get(at) : null;
            return victim.key;
        }

        @Override
        public void remove(final Integer key)
        {
            final Item item = find(order, key);
            if (item == null)
            {
                return;
            }
            final int at = order.indexOf(item);
            if (item == hand)
            {
                hand = at + 1 < order.size() ? order.get(at + 1) : null;
            }
            order.remove(at);
        }

        @Override
        public int size()
        {
            return order.size();
        }
    }

    /** S3-FIFO with the same shares, fill rule and counters as {@link S3FifoPolicy}'s Javadoc states. */
    static final class S3Fifo implements ReplacementPolicy<Integer>
    {
        private final List<Item> small = new ArrayList<>();
        private final List<Item> main = new ArrayList<>();
        private final List<Item> ghost = new ArrayList<>();
        private final long capacityBytes;
        private final long smallBytes;
        private final long ghostBytes;

        S3Fifo(final long capacityBytes, final int smallPercent, final int ghostPercent)
        {
            this.capacityBytes = capacityBytes;
            this.smallBytes = capacityBytes * smallPercent / 100;
            this.ghostBytes = capacityBytes * ghostPercent / 100;
        }

        @Override
        public void onHit(final Integer key)
        {
            Item item = find(small, key);
            if (item == null)
            {
                item = find(main, key);
            }
            item.frequency = Math.min(3, item.frequency + 1);
        }

        @Override
        public void onAdmit(final Integer key, final long sizeBytes)
        {
            final Item item = new Item(key, sizeBytes);
            final Item remembered = find(ghost, key);
            if (remembered != null)
            {
                ghost.remove(remembered);
                main.add(item);
            }
            else if (bytes(small) >= smallBytes && bytes(small) + bytes(main) + sizeBytes <= capacityBytes)
            {
                main.add(item);
            }
            else
            {
                small.add(item);
            }
        }

        @Override
        public Integer evict()
        {
            while (!small.isEmpty() || !main.isEmpty())
            {
                if (!small.isEmpty() && (bytes(small) >= smallBytes || main.isEmpty()))
                {
                    final Item item = small.remove(0);
                    if (item.frequency >= 1)
                    {
                        item.frequency = 0;
                        main.add(item);
                        continue;
                    }
                    ghost.add(new Item(item.key, item.sizeBytes));
                    while (bytes(ghost) > ghostBytes)
                    {
                        ghost.remove(0);
                    }
                    return item.key;
                }
                final Item item = main.remove(0);
                if (item.frequency > 0)
                {
                    item.frequency--;
                    main.add(item);
                    continue;
                }
                return item.key;
            }
            return null;
        }

        @Override
        public void remove(final Integer key)
        {
            small.remove(find(small, key));
            main.remove(find(main, key));
            ghost.remove(find(ghost, key));
        }

        @Override
        public int size()
        {
            return small.size() + main.size();
        }
    }

    /** ARC in bytes with the target, ghost bounds and tie-break {@link ArcPolicy}'s Javadoc states. */
    static final class Arc implements ReplacementPolicy<Integer>
    {
        private final List<Item> t1 = new ArrayList<>();
        private final List<Item> t2 = new ArrayList<>();
        private final List<Item> b1 = new ArrayList<>();
        private final List<Item> b2 = new ArrayList<>();
        private final long capacityBytes;
        private long p;
        private boolean lastFromB2;

        Arc(final long capacityBytes)
        {
            this.capacityBytes = capacityBytes;
        }

        @Override
        public void onHit(final Integer key)
        {
            Item item = find(t1, key);
            if (item != null)
            {
                t1.remove(item);
            }
            else
            {
                item = find(t2, key);
                t2.remove(item);
            }
            t2.add(item);
        }

        @Override
        public void onAdmit(final Integer key, final long sizeBytes)
        {
            final Item item = new Item(key, sizeBytes);
            final Item inB1 = find(b1, key);
            final Item inB2 = find(b2, key);
            lastFromB2 = inB2 != null;
            if (inB1 != null)
            {
                p = Math.min(capacityBytes, p + step(sizeBytes, bytes(b2), bytes(b1)));
                b1.remove(inB1);
                t2.add(item);
            }
            else if (inB2 != null)
            {
                p = Math.max(0, p - step(sizeBytes, bytes(b1), bytes(b2)));
                b2.remove(inB2);
                t2.add(item);
            }
            else
            {
                t1.add(item);
            }
            while (!b1.isEmpty() && bytes(t1) + bytes(b1) > capacityBytes)
            {
                b1.remove(0);
            }
            while (!b2.isEmpty() && bytes(t1) + bytes(t2) + bytes(b1) + bytes(b2) > 2 * capacityBytes)
            {
                b2.remove(0);
            }
        }

        private long step(final long sizeBytes, final long other, final long own)
        {
            final long ratio = own == 0 ? 1 : Math.max(1, other / own);
            return Math.min(ratio * sizeBytes, capacityBytes);
        }

        @Override
        public Integer evict()
        {
            if (t1.isEmpty() && t2.isEmpty())
            {
                return null;
            }
            final long t1Bytes = bytes(t1);
            if (!t1.isEmpty() && (t1Bytes > p || (lastFromB2 && t1Bytes == p) || t2.isEmpty()))
            {
                final Item item = t1.remove(0);
                b1.add(item);
                return item.key;
            }
            final Item item = t2.remove(0);
            b2.add(item);
            return item.key;
        }

        @Override
        public void remove(final Integer key)
        {
            t1.remove(find(t1, key));
            t2.remove(find(t2, key));
            b1.remove(find(b1, key));
            b2.remove(find(b2, key));
        }

        @Override
        public int size()
        {
            return t1.size() + t2.size();
        }
    }
}
