package org.openmpj.examples;

import java.util.Locale;
import java.util.zip.CRC32C;

import mpi.Intracomm;
import mpi.MPI;

import org.openmpj.cache.CacheClient;
import org.openmpj.cache.MpjCache;

/**
 * Every client rank reads the files named in its arguments through MPJ-Cache and prints each one's size and CRC32C;
 * the first client prints the totals and the cache's statistics. Run through the cache's launcher, which starts a
 * server per node group and this program on every other rank:
 *
 * <pre>
 *   bin/mpjrun -np 5 -cp examples/target/openmpj-examples.jar org.openmpj.cache.Launch --config cache.properties \
 *       -- org.openmpj.examples.CacheRead input/a.bin input/b.bin
 * </pre>
 */
public final class CacheRead
{
    private CacheRead()
    {
    }

    public static void main(final String[] args)
    {
        final MpjCache cache = MpjCache.current();
        final CacheClient client = cache.client();
        final Intracomm clients = cache.clients();
        final long start = System.nanoTime();
        final long[] bytes = {0};
        for (final String path : args)
        {
            final byte[] data = client.fetch(path);
            final CRC32C crc = new CRC32C();
            crc.update(data);
            bytes[0] += data.length;
            System.out.printf(Locale.ROOT, "client %d read %s: %d bytes, crc32c %08x%n", clients.Rank(), path, data.length, crc.getValue());
        }
        final long[] total = new long[1];
        clients.Reduce(bytes, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        if (clients.Rank() == 0)
        {
            System.out.printf(Locale.ROOT, "%d clients read %d files each, %d bytes in all, in %.1f ms%n", clients.Size(), args.length, total[0],
                (System.nanoTime() - start) / 1e6);
            System.out.println(client.stats().format());
        }
    }
}
