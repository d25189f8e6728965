package org.openmpj.bootstrap;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/** PMI-1 over a TCP connection to {@code PMI_PORT}, as MPICH's {@code mpiexec -pmi-port} offers it. */
final class SocketPmiChannel implements PmiChannel
{
    private final Socket socket;
    private final BufferedReader in;
    private final OutputStream out;

    /**
     * Connects to the process manager.
     *
     * @param host      its host.
     * @param port      its port.
     * @param timeoutMs how long a connection or a reply may take before it fails.
     */
    SocketPmiChannel(final String host, final int port, final int timeoutMs) throws IOException
    {
        socket = new Socket();
        try
        {
            socket.connect(new InetSocketAddress(host, port), timeoutMs);
            socket.setSoTimeout(timeoutMs);
            socket.setTcpNoDelay(true);
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            out = socket.getOutputStream();
        }
        catch (final IOException ex)
        {
            socket.close();
            throw ex;
        }
    }

    @Override
    public void write(final String line) throws IOException
    {
        out.write(line.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    @Override
    public String readLine() throws IOException
    {
        final String line = in.readLine();
        if (line == null)
        {
            throw new EOFException("the process manager closed the PMI connection " + socket.getRemoteSocketAddress());
        }
        return line;
    }

    @Override
    public void close() throws IOException
    {
        socket.close();
    }

    @Override
    public String toString()
    {
        return PmiClient.PORT_ENV_NAME + " " + socket.getRemoteSocketAddress();
    }
}
