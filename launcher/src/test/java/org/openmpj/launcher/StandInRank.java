package org.openmpj.launcher;

import java.util.List;

import org.openmpj.bootstrap.PmiClient;
import org.openmpj.runtime.LaunchEnvironment;

/**
 * What the launcher's tests start in place of a real rank ({@code -Dopenmpj.launcher.rankMain}): it bootstraps from
 * its environment as a rank does, exchanges a value with every other rank through PMI, then behaves as the first
 * argument (the "main class") says. The other arguments are a marker that names the test's processes, then the
 * behaviour's own.
 * <ul>
 * <li>{@code clean}: prints what it got (environment, a property, JVM options) and 200 long lines, finalizes, exits 0;</li>
 * <li>{@code abort}: rank 1 reports an abort with exit code 7 and exits 7; the others wait for ever;</li>
 * <li>{@code sigkill}: rank 1 kills itself with SIGKILL; the others wait for ever;</li>
 * <li>{@code hang}: every rank waits for ever;</li>
 * <li>{@code nofinalize}: rank 0 exits 0 without finalizing; the others finalize;</li>
 * <li>{@code exit5}: the last rank exits 5 without reporting anything; the others finalize;</li>
 * <li>{@code lost}: the last rank exits 3 without reporting anything; the others meet in a PMI barrier, then finalize;</li>
 * <li>{@code alllost}: every rank exits 3 without reporting anything;</li>
 * <li>{@code peerdied}: rank 0 reports an abort with exit code 75, as a rank does that lost a peer, and the last rank
 *     exits 77 just after it, as the peer whose exit the launcher sees late; the others wait for ever.</li>
 * </ul>
 */
public final class StandInRank
{
    /** A line of output as long as a busy program's. */
    static final String LONG_TEXT = "0123456789abcdefghijklmnopqrstuvwxyz".repeat(6);

    private StandInRank()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final String behaviour = args[0];
        final PmiClient pmi = PmiClient.fromEnvironment(System.getenv(), 60_000)
            .orElseThrow(() -> new IllegalStateException("no PMI_PORT or PMI_FD in the environment"));
        final int rank = pmi.rank();
        pmi.put("value-" + rank, "from-" + rank);
        pmi.barrier();
        for (int r = 0; r < pmi.size(); r++)
        {
            if (!("from-" + r).equals(pmi.get("value-" + r)))
            {
                throw new IllegalStateException("rank " + rank + " read a wrong value for rank " + r);
            }
        }
        System.out.println("rank " + rank + " of " + pmi.size() + " ready, device " + System.getenv(LaunchEnvironment.DEVICE_ENV_NAME));
        switch (behaviour)
        {
            case "clean" -> clean(pmi, rank, args);
            case "abort" ->
            {
                if (rank == 1)
                {
                    pmi.abort(7, "disk full: /scratch = 100 % (ü)");
                    System.exit(7);
                }
                waitForEver();
            }
            case "sigkill" ->
            {
                if (rank == 1)
                {
                    System.out.println("rank 1 is about to be killed");
                    new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid())).inheritIO().start().waitFor();
                }
                waitForEver();
            }
            case "hang" -> waitForEver();
            case "nofinalize" ->
            {
                if (rank == 0)
                {
                    System.exit(0);
                }
                pmi.close();
            }
            case "exit5" ->
            {
                if (rank == pmi.size() - 1)
                {
                    System.exit(5);
                }
                pmi.close();
            }
            case "peerdied" -> peerDied(pmi, rank);
            case "lost" ->
            {
                if (rank == pmi.size() - 1)
                {
                    System.exit(3);
                }
                pmi.barrier();
                pmi.close();
            }
            case "alllost" -> System.exit(3);
            default -> throw new IllegalArgumentException("unknown behaviour " + behaviour);
        }
    }

    private static void clean(final PmiClient pmi, final int rank, final String[] args)
    {
        final List<String> jvmOptions = java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments();
        System.out.println("rank " + rank + " args " + String.join("|", args) + " env PMI_RANK=" + System.getenv(LaunchEnvironment.PMI_RANK_ENV_NAME)
            + " PMI_SIZE=" + System.getenv(LaunchEnvironment.PMI_SIZE_ENV_NAME)
            + " PMI_ID set=" + (System.getenv(LaunchEnvironment.PMI_ID_ENV_NAME) != null)
            + " property=" + System.getProperty("standin.greeting") + " jvm options " + jvmOptions);
        System.err.println("rank " + rank + " writes to stderr");
        for (int i = 0; i < 200; i++)
        {
            System.out.println("rank " + rank + " line " + i + " " + LONG_TEXT);
        }
        pmi.close();
    }

    private static void peerDied(final PmiClient pmi, final int rank) throws Exception
    {
        if (rank == 0)
        {
            pmi.abort(75, "rank " + (pmi.size() - 1) + " died");
            System.exit(75);
        }
        if (rank == pmi.size() - 1)
        {
            Thread.sleep(300);
            System.exit(77);
        }
        waitForEver();
    }

    private static void waitForEver() throws InterruptedException
    {
        while (true)
        {
            Thread.sleep(60_000);
        }
    }
}
