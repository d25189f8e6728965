package org.openmpj.bootstrap;

/**
 * A process that MPICH's {@code mpiexec.hydra} starts: it opens PMI from its environment, publishes a value too
 * long for one PMI value, meets the others at the barrier, reads every rank's value back and prints one line.
 * Throws, and so exits non-zero with the reason, when anything differs.
 */
public final class HydraProbe
{
    private HydraProbe()
    {
    }

    public static void main(final String[] args)
    {
        try (PmiClient client = PmiClient.fromEnvironment(System.getenv(), 30_000)
            .orElseThrow(() -> new IllegalStateException("no PMI_FD or PMI_PORT in the environment")))
        {
            client.put("probe-" + client.rank(), value(client.rank()));
            client.barrier();
            for (int r = 0; r < client.size(); r++)
            {
                final String got = client.get("probe-" + r);
                if (!value(r).equals(got))
                {
                    throw new IllegalStateException("rank " + client.rank() + " read a wrong value for rank " + r + ": " + got);
                }
            }
            System.out.println("probe rank " + client.rank() + " of " + client.size() + " read all " + client.size() + " values");
        }
    }

    /** @return 3000 characters naming {@code rank}: longer than the 1024 a PMI value may have. */
    private static String value(final int rank)
    {
        return ("rank-" + rank + "-").repeat(500).substring(0, 3000);
    }
}
