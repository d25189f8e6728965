package org.openmpj.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;

import org.junit.jupiter.api.Test;

class RateLimitedSourceTest
{
    private static final long NS_PER_SECOND = 1_000_000_000L;

    private final FakeClock clock = new FakeClock();

    @Test
    void readingNBytesAtRBytesPerSecondTakesNOverRSeconds() throws IOException
    {
        final int fileBytes = 10 << 20;
        final long bytesPerSecond = 1 << 20;
        final byte[] content = DirectorySourceTest.bytes(fileBytes);
        try (RateLimitedSource source = new RateLimitedSource(new MemorySource().put("f", content), bytesPerSecond, clock);
            SourceFile file = source.open("f"))
        {
            final ByteBuffer all = ByteBuffer.allocate(fileBytes);
            for (int position = 0; position < fileBytes; position += 300_000)
            {
                all.limit(Math.min(fileBytes, position + 300_000));
                file.read(position, all);
            }
            assertArrayEquals(content, all.array());
        }
        final long expectedNs = fileBytes * NS_PER_SECOND / bytesPerSecond;
        // Each slice's cost is rounded up to a whole nanosecond.
        assertTrue(clock.sleptNs() >= expectedNs && clock.sleptNs() <= expectedNs + 1_000, "slept " + clock.sleptNs() + " ns");
    }

    @Test
    void aLargeReadIsPaidForInSlices() throws IOException
    {
        final long bytesPerSecond = 1_000_000;
        final MemorySource memory = new MemorySource().put("f", new byte[1_000_000]);
        final NanoClock watching = new NanoClock()
        {
            @Override
            public long nanoTime()
            {
                return clock.nanoTime();
            }

            @Override
            public void sleepNs(final long durationNs)
            {
                assertTrue(durationNs <= NS_PER_SECOND / 10, "one wait of " + durationNs + " ns");
                clock.sleepNs(durationNs);
            }
        };
        try (RateLimitedSource source = new RateLimitedSource(memory, bytesPerSecond, watching);
            SourceFile file = source.open("f"))
        {
            assertEquals(1_000_000, file.read(0, ByteBuffer.allocate(1_000_000)));
        }
        assertEquals(NS_PER_SECOND, clock.sleptNs());
    }

    @Test
    void idleTimeFillsTheBucketUpToATenthOfASecond() throws IOException
    {
        final long bytesPerSecond = 1_000_000;
        try (RateLimitedSource source = new RateLimitedSource(new MemorySource().put("f", new byte[500_000]), bytesPerSecond, clock);
            SourceFile file = source.open("f"))
        {
            clock.advance(5 * NS_PER_SECOND);
            file.read(0, ByteBuffer.allocate(100_000));
            assertEquals(0, clock.sleptNs(), "a tenth of a second of reads is free after idling");
            file.read(0, ByteBuffer.allocate(100_000));
            assertEquals(NS_PER_SECOND / 10, clock.sleptNs(), "the idle seconds before do not count beyond the burst");
        }
    }

    @Test
    void theEndOfAFileCostsNothing() throws IOException
    {
        try (RateLimitedSource source = new RateLimitedSource(new MemorySource().put("f", new byte[1000]), 1000, clock);
            SourceFile file = source.open("f"))
        {
            assertEquals(500, file.read(500, ByteBuffer.allocate(5000)));
            assertEquals(0, file.read(1000, ByteBuffer.allocate(5000)));
        }
        assertEquals(NS_PER_SECOND / 2, clock.sleptNs());
    }

    @Test
    void sizeOfIsNotLimitedAndARateMustBePositive() throws IOException
    {
        try (RateLimitedSource source = new RateLimitedSource(new MemorySource().put("f", new byte[1000]), 1, clock))
        {
            assertEquals(1000, source.sizeOf("f"));
            assertEquals(-1, source.sizeOf("g"));
            assertTrue(source.description().contains("memory"), source.description());
        }
        assertEquals(0, clock.sleptNs());
        assertThrows(IllegalArgumentException.class, () -> new RateLimitedSource(new MemorySource(), 0, clock));
    }
}
