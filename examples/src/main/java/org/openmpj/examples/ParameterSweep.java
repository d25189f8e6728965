package org.openmpj.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

import mpi.MPI;
import org.openmpj.executor.MpiExecutor;

/**
 * A parameter sweep as a task farm: 10,000 simulations of a damped oscillator (the first argument changes the number),
 * handed out by rank 0 to the other ranks in batches that shrink as the sweep nears its end, so that workers finish together.
 */
public final class ParameterSweep
{
    private ParameterSweep()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final String[] appArgs = MPI.Init(args);
        final int simulations = appArgs.length > 0 ? Integer.parseInt(appArgs[0]) : 10_000;
        try (MpiExecutor pool = MpiExecutor.open(MPI.COMM_WORLD, 0))
        {
            if (pool.isRoot())
            {
                final List<CompletableFuture<double[]>> batches = new ArrayList<>();
                for (int first = 0, size; first < simulations; first += size)
                {
                    size = Math.clamp((simulations - first) / (4L * Math.max(1, pool.workers())), 1, 200);
                    final int from = first;
                    final int to = Math.min(simulations, first + size);
                    batches.add(pool.submit(() -> IntStream.range(from, to).mapToDouble(i -> simulate(i * 0.5 / simulations)).toArray()));
                }
                final double[] energies = batches.stream().flatMapToDouble(b -> java.util.Arrays.stream(b.join())).toArray();
                final int best = IntStream.range(0, simulations).reduce((a, b) -> energies[b] > energies[a] ? b : a).orElseThrow();
                System.out.printf("%d simulations in %d batches on %d workers; highest final energy %.6f at damping %.5f%n",
                    energies.length, batches.size(), pool.workers(), energies[best], best * 0.5 / simulations);
            }
        }
        MPI.Finalize();
    }

    /** Integrates x'' = -x - damping x' from x = 1 for 20 time units; @return the energy left. */
    private static double simulate(final double damping)
    {
        double x = 1;
        double v = 0;
        for (int step = 0; step < 20_000; step++)
        {
            v += (-x - damping * v) * 1e-3;
            x += v * 1e-3;
        }
        return 0.5 * (x * x + v * v);
    }
}
