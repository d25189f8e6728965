package org.openmpj.junit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

import org.openmpj.ErrorClass;
import org.openmpj.OpenMpjException;
import org.openmpj.runtime.LaunchEnvironment;

/**
 * What each rank JVM of an {@link MpiTest} on a device such as {@code shm} or {@code tcp} runs, under the rank runtime the
 * launcher starts: the test, as {@link RankMain} runs it on thread ranks, and the reports the test JVM reads of it
 * ({@link RankReports}). A failure is written into the report directory and thrown on out of {@code main}, so that the
 * rank runtime ends the rank as a failing one; a rank still running at the deadline writes its threads' stacks there.
 */
public final class JvmRankMain
{
    private JvmRankMain()
    {
    }

    /**
     * @param args the report directory, the deadline in milliseconds since the epoch, the test class's name and the test
     *             method's name.
     */
    public static void main(final String[] args) throws Throwable
    {
        if (args.length != 4)
        {
            throw new IllegalArgumentException("JvmRankMain takes a report directory, a deadline, a test class and a test method; got "
                + Arrays.toString(args));
        }
        final Path reports = Path.of(args[0]);
        final int rank = rank();
        final StackWatch watch = StackWatch.start(reports, rank, Long.parseLong(args[1]));
        try
        {
            RankMain.main(new String[] {args[2], args[3]});
        }
        catch (final Throwable failure)
        {
            report(reports, rank, failure);
            throw failure;
        }
        finally
        {
            watch.stop();
        }
    }

    private static void report(final Path reports, final int rank, final Throwable failure)
    {
        try
        {
            RankReports.writeFailure(reports, rank, failure, followsFromAnotherRank(failure));
        }
        catch (final IOException ex)
        {
            // The test JVM then names the rank by its exit code; the failure itself still goes to the rank's stderr.
            failure.addSuppressed(ex);
        }
    }

    /**
     * @return whether {@code failure} is only an MPI call failing because another rank failed or the job was aborted:
     *         {@code ERR_PROC_FAILED}, the error class of such calls, from either MPI API or the runtime itself.
     */
    static boolean followsFromAnotherRank(final Throwable failure)
    {
        if (failure instanceof OpenMpjException runtime)
        {
            return runtime.errorClass() == ErrorClass.ERR_PROC_FAILED;
        }
        if (!failure.getClass().getName().equals("mpi.MPIException"))
        {
            return false;
        }
        try
        {
            return failure.getClass().getMethod("getErrorClass").invoke(failure) instanceof Integer errorClass
                && errorClass == ErrorClass.ERR_PROC_FAILED.code();
        }
        catch (final ReflectiveOperationException ex)
        {
            return false;
        }
    }

    /** @return this JVM's rank, which the launcher gives it in its environment. */
    private static int rank()
    {
        final String rank = System.getenv(LaunchEnvironment.PMI_RANK_ENV_NAME);
        if (rank == null || !rank.matches("\\d+"))
        {
            throw new IllegalStateException("JvmRankMain runs in a rank JVM the launcher started, whose " + LaunchEnvironment.PMI_RANK_ENV_NAME
                + " is its rank; got " + rank);
        }
        return Integer.parseInt(rank);
    }
}
