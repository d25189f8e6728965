package org.openmpj.bench.nas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openmpj.bench.report.ReportRunner;
import org.openmpj.bench.report.RunInfo;
import org.openmpj.bench.report.Step;
import org.openmpj.bench.report.StepRun;

class NasReportTest
{
    private static final Path HOME = Path.of("/opt/openmpj");

    private static NasReport report(final Path results, final String... args)
    {
        final List<String> all = new ArrayList<>(List.of("--home", HOME.toString(), "--results", results.toString()));
        all.addAll(List.of(args));
        final NasReport.Options options = ((NasReport)ReportRunner.Kind.of("nas").parse(all.toArray(String[]::new))).options();
        return new NasReport(options, Path.of("/jdk"), "-Xmx1g");
    }

    /** @return an NPB build directory holding an executable {@code bin/KERNEL.CLASS.x} for each of {@code programs}. */
    private static Path npbBuild(final Path dir, final String... programs) throws IOException
    {
        Files.createDirectories(dir.resolve("bin"));
        for (final String program : programs)
        {
            Files.createFile(dir.resolve("bin").resolve(program), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        }
        return dir;
    }

    @Test
    void everyJobOfAKernelAndClassRunsOncePerRoundInAnOrderReversedEveryOtherRound()
    {
        final NasReport report = report(Path.of("/r"), "--kernels", "ep,CG", "--classes", "S", "--ranks", "1,2", "--devices", "thread,tcp");

        final List<NasReport.Job> first = report.steps(1).stream().map(Step::job).toList();
        assertEquals(List.of(new NasReport.Job("EP", "S", NasReport.SERIAL, 1), new NasReport.Job("EP", "S", "thread", 1),
            new NasReport.Job("EP", "S", "tcp", 1), new NasReport.Job("EP", "S", "thread", 2), new NasReport.Job("EP", "S", "tcp", 2)),
            first.subList(0, 5));
        assertEquals(10, first.size());
        final List<NasReport.Job> second = report.steps(2).stream().map(Step::job).toList();
        assertEquals(first.subList(0, 5).reversed(), second.subList(0, 5));
        assertTrue(report.steps(1).stream().allMatch(step -> step.keepsFailure() && step.timeoutSeconds() > 900), "failures are kept");
    }

    @Test
    void jobsRunUnderMpjrunAndTheSerialRunIsPlainJava()
    {
        final NasReport report = report(Path.of("/r"), "--devices", "shm", "--timeout", "60");

        assertEquals("/opt/openmpj/bin/mpjrun -np 4 -dev shm -timeout 60 -cp /opt/openmpj/nas/target/openmpj-nas.jar org.openmpj.nas.MG A",
            String.join(" ", report.command(new NasReport.Job("MG", "A", "shm", 4))));
        assertEquals("/jdk/bin/java -Xmx1g -cp /opt/openmpj/core/target/openmpj-core.jar:/opt/openmpj/ucx/target/openmpj-ucx.jar:"
            + "/opt/openmpj/mpi/target/openmpj-mpi.jar:/opt/openmpj/cache/target/openmpj-cache.jar:/opt/openmpj/nas/target/openmpj-nas.jar "
            + "org.openmpj.nas.EP A", String.join(" ", report.command(new NasReport.Job("EP", "A", NasReport.SERIAL, 1))));
        final NasReport fake = report(Path.of("/r"), "--devices", "thread", "--main", "a.Fake", "--jar", "/t");
        assertTrue(String.join(" ", fake.command(new NasReport.Job("IS", "S", "thread", 2))).endsWith("-cp /t a.Fake IS S"));
    }

    @Test
    void npbsProgramsTakeTheirTurnAmongTheJavaJobsUnderOpenMpisLauncher(@TempDir final Path npb) throws IOException
    {
        npbBuild(npb, "ep.S.x", "cg.S.x");
        final NasReport.Options options = report(Path.of("/r"), "--kernels", "EP,CG", "--classes", "S", "--ranks", "1,2,4", "--devices",
            "thread", "--npb-dir", npb.toString(), "--mpirun", "/usr/bin/mpirun.openmpi", "--timeout", "60").options();
        final NasReport report = new NasReport(options, Path.of("/jdk"), "", 2);

        final List<NasReport.Job> first = report.steps(1).stream().map(Step::job).toList();
        assertEquals(List.of(new NasReport.Job("EP", "S", NasReport.SERIAL, 1), new NasReport.Job("EP", "S", "thread", 1),
            new NasReport.Job("EP", "S", NasReport.NATIVE, 1), new NasReport.Job("EP", "S", "thread", 2),
            new NasReport.Job("EP", "S", NasReport.NATIVE, 2)), first.subList(0, 5));
        assertEquals(14, first.size());
        assertEquals(first.subList(0, 7).reversed(), report.steps(2).stream().map(Step::job).toList().subList(0, 7));
        assertEquals("/usr/bin/mpirun.openmpi --allow-run-as-root --timeout 60 -np 2 " + npb.resolve("bin/cg.S.x"),
            String.join(" ", report.command(new NasReport.Job("CG", "S", NasReport.NATIVE, 2))));
        assertEquals("/usr/bin/mpirun.openmpi --allow-run-as-root --timeout 60 -np 4 --oversubscribe --bind-to none"
            + " --mca mpi_yield_when_idle 1 " + npb.resolve("bin/ep.S.x"),
            String.join(" ", report.command(new NasReport.Job("EP", "S", NasReport.NATIVE, 4))));
    }

    @Test
    void aMissingNpbProgramIsNamedBeforeAnythingRuns(@TempDir final Path npb) throws IOException
    {
        npbBuild(npb, "ep.A.x");

        assertEquals("--npb-dir " + npb + " has no program " + npb.resolve("bin/mg.A.x") + " for MG class A; build it there with NPB 3.4's"
            + " MPI makefiles (make mg CLASS=A)", assertThrows(IllegalArgumentException.class,
                () -> report(Path.of("/r"), "--kernels", "EP,MG", "--npb-dir", npb.toString())).getMessage());
    }

    @Test
    void withoutNpbDirTheReportSaysTheNativeColumnIsMissing(@TempDir final Path results) throws IOException
    {
        final NasReport report = report(results, "--kernels", "EP", "--classes", "S", "--ranks", "1", "--devices", "thread", "--rounds", "1");
        final List<StepRun<NasReport.Job>> runs = new ArrayList<>();
        for (final Step<NasReport.Job> step : report.steps(1))
        {
            runs.add(new StepRun<>(step, 1, NpbResultTest.report("EP", "S", 1, 1.0, 100.0, true), "",
                results.resolve("raw/" + step.log() + "-round1.log")));
        }

        report.write(List.of(runs), runInfo());

        final String md = Files.readString(results.resolve("nas.md"));
        assertTrue(md.contains("The native column is missing: this report ran without `--npb-dir`"), md);
        assertTrue(!md.contains("native Mop/s"), md);
    }

    @Test
    void javaOverNativeIsTheMedianOfTheRoundsRatios(@TempDir final Path results) throws IOException
    {
        final Path npb = npbBuild(results.resolve("npb"), "is.S.x");
        final NasReport report = report(results, "--kernels", "IS", "--classes", "S", "--ranks", "1,2", "--devices", "thread,shm",
            "--rounds", "3", "--npb-dir", npb.toString());
        final List<List<StepRun<NasReport.Job>>> rounds = new ArrayList<>();
        for (int round = 1; round <= 3; round++)
        {
            final List<StepRun<NasReport.Job>> runs = new ArrayList<>();
            for (final Step<NasReport.Job> step : report.steps(round))
            {
                final NasReport.Job job = step.job();
                // Native: 200 a rank; shm half of thread; thread 100 a rank in rounds 1 and 3, 300 in round 2.
                final double mops = job.ranks() * switch (job.device())
                {
                    case NasReport.NATIVE -> 200.0;
                    case "shm" -> round == 2 ? 150.0 : 50.0;
                    default -> round == 2 ? 300.0 : 100.0;
                };
                runs.add(new StepRun<>(step, round, NpbResultTest.report("IS", "S", job.ranks(), 1.0, mops, true), "",
                    results.resolve("raw/" + step.log() + "-round" + round + ".log")));
            }
            rounds.add(runs);
        }

        report.write(rounds, runInfo());

        final String md = Files.readString(results.resolve("nas.md"));
        assertTrue(md.startsWith("# NAS kernels: OpenMPJ on thread, shm beside a serial Java run and NPB's native MPI programs"), md);
        assertTrue(md.contains("| kernel | class | ranks | native Mop/s | serial java | thread | shm |"), md);
        // Ratios of thread over native in the three rounds: 0.5, 1.5, 0.5; shm 0.25, 0.75, 0.25.
        assertTrue(md.contains("| IS | S | 1 | 200.0 | 0.50× | 0.50× | 0.25× |"), md);
        assertTrue(md.contains("| IS | S | 2 | 400.0 |  | 0.50× | 0.25× |"), md);
        assertTrue(md.contains("| ranks | serial Mop/s | thread Mop/s | thread speed-up | shm Mop/s | shm speed-up | native Mop/s"
            + " | native speed-up |"), md);
        assertTrue(md.contains("| 2 |  | 200.0 | 2.00× | 100.0 | 2.00× | 400.0 | 2.00× |"), md);
        assertTrue(md.contains("NPB 3.4's own MPI programs (`" + npb + "`) ran in the same rounds"), md);
    }

    private static RunInfo runInfo()
    {
        return new RunInfo("2026-01-01T00:00:00Z", 2, "CPU", "25", "", "abc", "thread", -1, "0 0 0", "quiet", 1, 0, 1, List.of("mpjrun ..."),
            List.of());
    }

    @Test
    void theJavaJobsGetTheVectorApiUnlessPlainLoopsAreAskedFor()
    {
        final String[] args = {"--home", HOME.toString(), "--devices", "thread"};
        final NasReport.Job serial = new NasReport.Job("MG", "A", NasReport.SERIAL, 1);
        final NasReport withVectors = (NasReport)ReportRunner.Kind.of("nas").parse(args);
        final List<String> plainArgs = new ArrayList<>(List.of(args));
        plainArgs.add("--plain-loops");
        final NasReport plain = (NasReport)ReportRunner.Kind.of("nas").parse(plainArgs.toArray(String[]::new));

        assertTrue(String.join(" ", withVectors.command(serial)).contains(" " + NasReport.VECTOR_API_OPTION + " -cp "),
            withVectors.command(serial).toString());
        assertTrue(withVectors.environment().get("OPENMPJ_JVM_OPTS").endsWith(NasReport.VECTOR_API_OPTION));
        assertTrue(!String.join(" ", plain.command(serial)).contains("jdk.incubator.vector"), plain.command(serial).toString());
        assertTrue(!plain.environment().get("OPENMPJ_JVM_OPTS").contains("jdk.incubator.vector"));
    }

    @Test
    void badOptionsAreNamed()
    {
        assertEquals("--kernels EP,XX has XX, which is not one of EP, IS, CG, MG, FT", assertThrows(IllegalArgumentException.class,
            () -> report(Path.of("/r"), "--kernels", "EP,XX")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> report(Path.of("/r"), "--devices", "udp")).getMessage()
            .startsWith("--devices udp has udp"));
        assertThrows(IllegalArgumentException.class, () -> report(Path.of("/r"), "--classes", "Q"));
        assertThrows(IllegalArgumentException.class, () -> report(Path.of("/r"), "--timeout", "0"));
    }

    @Test
    void theReportShowsMediansSpeedUpsTheSerialRunAndEveryRunThatFailedOrDidNotVerify(@TempDir final Path results) throws IOException
    {
        final NasReport report = report(results, "--kernels", "EP", "--classes", "S", "--ranks", "1,2", "--devices", "thread,tcp",
            "--rounds", "2");
        final List<List<StepRun<NasReport.Job>>> rounds = new ArrayList<>();
        for (int round = 1; round <= 2; round++)
        {
            final List<StepRun<NasReport.Job>> runs = new ArrayList<>();
            for (final Step<NasReport.Job> step : report.steps(round))
            {
                final NasReport.Job job = step.job();
                final double mops = 100.0 * job.ranks() * (job.device().equals("tcp") ? 0.5 : 1) + round;
                final boolean verified = !(job.device().equals("tcp") && job.ranks() == 2 && round == 2);
                final boolean died = job.device().equals("thread") && job.ranks() == 2 && round == 1;
                runs.add(new StepRun<>(step, round, died ? List.of("Exception in thread main") : NpbResultTest.report(job.kernel(),
                    job.problemClass(), job.ranks(), 1.0, mops, verified), died || !verified ? "exited with 1" : "",
                    results.resolve("raw/" + step.log() + "-round" + round + ".log")));
            }
            rounds.add(runs);
        }

        report.write(rounds, new RunInfo("2026-01-01T00:00:00Z", 2, "CPU", "25", "", "abc", "thread, tcp", -1, "0 0 0", "quiet", 2, 0, 1,
            List.of("mpjrun ..."), List.of()));

        final List<String> csv = Files.readAllLines(results.resolve("nas.csv"));
        assertEquals("kernel,class,device,ranks,round,seconds,mops,verified", csv.getFirst());
        assertEquals(11, csv.size(), "every run of both rounds, the failed ones too");
        assertTrue(csv.contains("EP,S,thread,2,1,,,failed"), csv.toString());
        assertTrue(csv.contains("EP,S,tcp,2,2,1.00,102.00,no"), csv.toString());
        final String md = Files.readString(results.resolve("nas.md"));
        assertTrue(md.contains("| ranks | serial Mop/s | thread Mop/s | thread speed-up | tcp Mop/s | tcp speed-up |"), md);
        // thread at 1 rank: 101 and 102; at 2 ranks only round 2 verified (202, over 102 in its round).
        assertTrue(md.contains("| 1 | 101.5 | 101.5 | 1.00× | 51.50 | 1.00× |"), md);
        assertTrue(md.contains("| 2 |  | 202.0 (**1 of 2 failed**) | 1.98× | 101.0 (**1 of 2 not verified**) | 1.98× |"), md);
        assertTrue(md.contains("1 rank over the serial run (median of the rounds' ratios of Mop/s): thread 1.00×, tcp 0.51×."), md);
        assertTrue(md.contains("- EP class S, thread at 2 ranks, round 1: **failed**, exited with 1 (log `raw/nas-EP-S-thread-np2-round1.log`)"),
            md);
        assertTrue(md.contains("- EP class S, tcp at 2 ranks, round 2: **verification unsuccessful** (102.0 Mop/s)"), md);
        assertEquals(1200, ImageIO.read(results.resolve("nas-EP-S.png").toFile()).getWidth());
    }
}
