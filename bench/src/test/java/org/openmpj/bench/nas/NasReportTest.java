package org.openmpj.bench.nas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
