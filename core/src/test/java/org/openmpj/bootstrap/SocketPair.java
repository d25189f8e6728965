package org.openmpj.bootstrap;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/** A connected pair of Unix socket descriptors, as a process manager hands one end to each process. */
@SuppressWarnings("restricted")
final class SocketPair
{
    private static final int AF_UNIX = 1;
    private static final int SOCK_STREAM = 1;

    private SocketPair()
    {
    }

    /** @return the two descriptors of a new pair. */
    static int[] open() throws Throwable
    {
        final Linker linker = Linker.nativeLinker();
        final MethodHandle socketpair = linker.downcallHandle(linker.defaultLookup().findOrThrow("socketpair"),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment fds = arena.allocate(ValueLayout.JAVA_INT, 2);
            final int result = (int)socketpair.invokeExact(AF_UNIX, SOCK_STREAM, 0, fds);
            if (result != 0)
            {
                throw new IllegalStateException("socketpair failed: " + result);
            }
            return new int[] {fds.getAtIndex(ValueLayout.JAVA_INT, 0), fds.getAtIndex(ValueLayout.JAVA_INT, 1)};
        }
    }
}
