package org.openmpj.bootstrap;

import java.io.IOException;

/**
 * A connection to the process manager that carries PMI-1 lines: a TCP socket ({@code PMI_PORT}) or a
 * descriptor the process inherited ({@code PMI_FD}).
 *
 * <p>Thread-safety: one thread at a time.
 */
interface PmiChannel extends AutoCloseable
{
    /** Sends {@code line}, which ends with a newline. */
    void write(String line) throws IOException;

    /** @return the next line without its newline; throws {@link java.io.EOFException} when the manager closed the connection. */
    String readLine() throws IOException;

    @Override
    void close() throws IOException;
}
