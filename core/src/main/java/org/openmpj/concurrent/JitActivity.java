package org.openmpj.concurrent;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Whether this JVM's JIT compilers have been at work lately, judged from the total compilation time the JVM reports (about
 * 30 ns a look here). While a program warms up, the compiler threads need the cores that waiting ranks would otherwise
 * keep busy yielding to each other.
 *
 * <p>Thread-safety: any thread; the last figure seen is shared racily, which at worst makes one look report a compilation
 * a second time.
 */
final class JitActivity
{
    /** How long after the total last grew the JIT counts as busy: compilations come in bursts while code warms up. */
    static final long RECENT_NS = 50_000_000;

    private static final CompilationMXBean COMPILER = ManagementFactory.getCompilationMXBean();
    private static volatile long lastTotalMillis = -1;
    private static volatile long grewAtNs;

    private JitActivity()
    {
    }

    /** @return whether the JVM's total compilation time grew in the last {@link #RECENT_NS}; false where it keeps none. */
    static boolean compiledRecently()
    {
        if (COMPILER == null || !COMPILER.isCompilationTimeMonitoringSupported())
        {
            return false;
        }
        final long total = COMPILER.getTotalCompilationTime();
        final long now = System.nanoTime();
        if (total != lastTotalMillis)
        {
            lastTotalMillis = total;
            grewAtNs = now;
            return true;
        }
        return now - grewAtNs < RECENT_NS;
    }
}
