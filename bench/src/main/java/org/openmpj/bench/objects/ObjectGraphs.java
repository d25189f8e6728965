package org.openmpj.bench.objects;

import java.io.Serial;
import java.io.Serializable;
import java.util.Locale;

/**
 * The object graphs the object messaging benchmark sends: one small object, a binary tree of 1023 nodes of four
 * {@code int}s each, and an array of 1000 small objects that each hold a {@code String} and a {@code double[]}.
 */
public final class ObjectGraphs
{
    /** Nodes in the tree: a full binary tree of depth 10. */
    public static final int TREE_NODES = 1023;
    /** Objects in the array of items. */
    public static final int ITEMS = 1000;

    private ObjectGraphs()
    {
    }

    /** A graph the benchmark sends. */
    public enum Shape
    {
        /** One object of two fields. */
        SMALL,
        /** A binary tree of {@link #TREE_NODES} nodes. */
        TREE,
        /** An array of {@link #ITEMS} items. */
        ITEMS;

        /** @return the shape of that name, any case. */
        public static Shape named(final String name)
        {
            try
            {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException("shape '" + name + "' is not one of small, tree, items", ex);
            }
        }

        /** @return a new graph of this shape. */
        public Object build()
        {
            return switch (this)
            {
                case SMALL -> new Small(7, 0.5);
                case TREE -> tree(10, new int[1]);
                case ITEMS -> items();
            };
        }
    }

    /** A small object. */
    static final class Small implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        final int id;
        final double value;

        Small(final int id, final double value)
        {
            this.id = id;
            this.value = value;
        }
    }

    /** A node of the tree. */
    static final class TreeNode implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        int a;
        int b;
        int c;
        int d;
        TreeNode left;
        TreeNode right;
    }

    /** An item of the array. */
    static final class Item implements Serializable
    {
        @Serial
        private static final long serialVersionUID = 1L;
        String name;
        double[] values;
    }

    private static TreeNode tree(final int depth, final int[] next)
    {
        if (depth == 0)
        {
            return null;
        }
        final TreeNode node = new TreeNode();
        node.a = next[0]++;
        node.b = 2 * node.a;
        node.c = 3 * node.a;
        node.d = 4 * node.a;
        node.left = tree(depth - 1, next);
        node.right = tree(depth - 1, next);
        return node;
    }

    private static Item[] items()
    {
        final Item[] items = new Item[ITEMS];
        for (int i = 0; i < items.length; i++)
        {
            items[i] = new Item();
            items[i].name = "item-" + i;
            items[i].values = new double[] {i, i + 0.5, 2.0 * i};
        }
        return items;
    }
}
