package org.openmpj.bench.nas;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.stream.Stream;

import org.openmpj.bench.OptionParser;
import org.openmpj.bench.plot.LineChart;
import org.openmpj.bench.report.OpenMpjJob;
import org.openmpj.bench.report.AbstractReport;
import org.openmpj.bench.report.ReportOptions;
import org.openmpj.bench.report.RunInfo;
import org.openmpj.bench.report.Step;
import org.openmpj.bench.report.StepRun;
import org.openmpj.device.DeviceProvider;

/**
 * The NAS kernels report ({@code ReportRunner nas}): each kernel and class as an OpenMPJ job on every device at every rank
 * count ({@code bin/mpjrun -np N -dev D -cp nas.jar org.openmpj.nas.EP A}), and beside them the same kernel as a plain
 * {@code java} run of one rank without a launcher, and, given a build of NPB's own MPI programs, each of them under Open MPI's
 * {@code mpirun} at every rank count. In each round every job of a kernel and class runs once, in an order that is reversed
 * every other round. A job that fails, times out or does not verify is kept and shown as such. Writes
 * {@code nas.csv} (every run), {@code nas.md} ({@link NasMarkdown}) and {@code nas-KERNEL-CLASS.png}. Started by
 * {@code bench/run-nas.sh}.
 */
public final class NasReport extends AbstractReport<NasReport.Job>
{
    /** The device name of the plain {@code java} run. */
    public static final String SERIAL = "serial";
    /** The device name of NPB's own MPI programs under Open MPI, the native reference. */
    public static final String NATIVE = "native";
    /** The kernels, in NPB's order of the suite's report. */
    public static final List<String> KERNELS = List.of("EP", "IS", "CG", "MG", "FT");
    /** The devices, as {@code mpjrun -dev} names them. */
    public static final List<String> DEVICES = List.of("thread", "tcp", "shm", "hybrid", "ucx");

    private static final List<String> CLASSES = List.of("S", "W", "A", "B", "C", "D", "E");
    /** Generous for class A at 8 ranks on two cores; a job still running then is ended and shown as failed. */
    private static final int DEFAULT_TIMEOUT_SECONDS = 900;
    /** The launcher's own time limit comes first; the runner's, this much later, catches a launcher that hangs. */
    private static final int RUNNER_GRACE_SECONDS = 30;

    private static final OptionParser.Option<List<String>> KERNELS_OPTION = OptionParser.list("--kernels", "K,K,...",
        "the kernels: EP, IS, CG, MG, FT", KERNELS, value -> oneOf(value.toUpperCase(Locale.ROOT), KERNELS));
    private static final OptionParser.Option<List<String>> CLASSES_OPTION = OptionParser.list("--classes", "C,C,...",
        "NPB's problem classes: S, W, A, B, C, ...", List.of("A"), value -> oneOf(value.toUpperCase(Locale.ROOT), CLASSES));
    private static final OptionParser.Option<List<Integer>> RANKS = OptionParser.wholeList("--ranks", "the rank counts",
        List.of(1, 2, 4, 8), 1, 1024);
    private static final OptionParser.Option<List<String>> DEVICES_OPTION = OptionParser.list("--devices", "D,D,...",
        "the devices (mpjrun -dev)", DEVICES, device -> oneOf(device, DEVICES))
        .withDefault(null, String.join(",", DEVICES) + ", those of them this machine can run");
    private static final OptionParser.Option<Integer> TIMEOUT = OptionParser.whole("--timeout",
        "seconds a job may take before it is ended and shown as failed", DEFAULT_TIMEOUT_SECONDS, 1, 86_400);
    private static final OptionParser.Option<Path> JAR = OptionParser.path("--jar", "FILE", "the kernels' jar or class directory",
        "HOME/nas/target/openmpj-nas.jar");
    private static final OptionParser.Option<String> MAIN = OptionParser.text("--main", "CLASS",
        "the kernels' main class, {kernel} standing for the kernel's name (without it, the name is the program's first argument)",
        "org.openmpj.nas.{kernel}");
    /** The JVM option that gives the kernels the incubating Vector API, which MG's operators use where it is present. */
    public static final String VECTOR_API_OPTION = "--add-modules jdk.incubator.vector";
    private static final OptionParser.Option<Boolean> PLAIN_LOOPS = OptionParser.flag("--plain-loops",
        "run the Java kernels without the incubating Vector API (" + VECTOR_API_OPTION + "), as plain loops throughout");
    private static final OptionParser.Option<Path> NPB_DIR = OptionParser.path("--npb-dir", "DIR",
        "a build of NPB 3.4's MPI programs (DIR/bin/ep.A.x ...), run under Open MPI's launcher beside the Java kernels", "none");

    /** The report's options and help. */
    public static final OptionParser PARSER = new OptionParser("ReportRunner nas", """
        The NAS kernels (the nas module) on OpenMPJ's devices at several rank counts, each kernel and class also run as a plain
        java program of one rank beside them, every job once per round, the order reversed every other round. Reports NPB's
        Mop/s (the median over the rounds' verified runs), the speed-up over 1 rank of the same device (the median of the
        rounds' ratios), and every run that failed or did not verify. With --npb-dir, NPB's own MPI programs run beside them in
        every round, under Open MPI's mpirun (oversubscribed, unbound and yielding beyond the cores), and the report gives
        Java's Mop/s over native's per kernel, class, device and rank count (the median of the rounds' ratios).""",
        List.of(ReportOptions.HOME, ReportOptions.RESULTS, ReportOptions.ROUNDS, KERNELS_OPTION, CLASSES_OPTION, RANKS, DEVICES_OPTION,
            TIMEOUT, JAR, MAIN, NPB_DIR, ReportOptions.MPIRUN, PLAIN_LOOPS));

    private final Options options;
    private final Path javaHome;
    private final String jvmOptions;
    /** The cores the jobs share: NPB's programs run oversubscribed beyond them. */
    private final int cores;

    /**
     * One job.
     *
     * @param kernel       the kernel, e.g. {@code EP}.
     * @param problemClass NPB's class, e.g. {@code A}.
     * @param device       the device, or {@link #SERIAL} for the plain {@code java} run.
     * @param ranks        the rank count.
     */
    public record Job(String kernel, String problemClass, String device, int ranks)
    {
        /** @return the job in words, e.g. {@code EP class A, tcp at 4 ranks} or {@code EP class A, serial java}. */
        public String label()
        {
            return kernel + " class " + problemClass + ", "
                + (device.equals(SERIAL) ? "serial java" : device + " at " + ranks + (ranks == 1 ? " rank" : " ranks"));
        }
    }

    /**
     * What the report runs, as {@link #PARSER} reads it.
     *
     * @param home           the OpenMPJ checkout.
     * @param results        where the report goes.
     * @param rounds         how often every job runs.
     * @param kernels        the kernels.
     * @param classes        the classes.
     * @param rankCounts     the rank counts, ascending.
     * @param devices        the devices, in the order of the first round.
     * @param timeoutSeconds how long one job may run.
     * @param jar            the kernels' jar.
     * @param main           the main class, {@code {kernel}} standing for the kernel.
     * @param npbDir         the build of NPB's MPI programs run beside the kernels, or null for none.
     * @param mpirun         Open MPI's launcher, for NPB's programs.
     */
    public record Options(Path home, Path results, int rounds, List<String> kernels, List<String> classes, List<Integer> rankCounts,
        List<String> devices, int timeoutSeconds, Path jar, String main, Path npbDir, String mpirun)
    {
        /** @return whether NPB's programs run beside the Java kernels. */
        public boolean runsNative()
        {
            return npbDir != null;
        }

        /** @return what runs at every rank count: the devices, then NPB's programs where they run. */
        public List<String> measured()
        {
            return runsNative() ? Stream.concat(devices.stream(), Stream.of(NATIVE)).toList() : devices;
        }

        /** Copies the lists. */
        public Options
        {
            kernels = List.copyOf(kernels);
            classes = List.copyOf(classes);
            rankCounts = List.copyOf(rankCounts);
            devices = List.copyOf(devices);
        }
    }

    /**
     * @param options    what to run.
     * @param javaHome   the JDK of the plain runs (and, through {@code JAVA_HOME}, of {@code bin/mpjrun}).
     * @param jvmOptions extra JVM options (from {@code OPENMPJ_JVM_OPTS}), one string of words; may be empty.
     */
    public NasReport(final Options options, final Path javaHome, final String jvmOptions)
    {
        this(options, javaHome, jvmOptions, Runtime.getRuntime().availableProcessors());
    }

    /**
     * @param options    what to run.
     * @param javaHome   the JDK of the plain runs (and, through {@code JAVA_HOME}, of {@code bin/mpjrun}).
     * @param jvmOptions extra JVM options, one string of words; may be empty.
     * @param cores      the cores the jobs share.
     */
    NasReport(final Options options, final Path javaHome, final String jvmOptions, final int cores)
    {
        super(options.home(), options.results(), options.rounds());
        this.options = options;
        this.javaHome = javaHome;
        this.jvmOptions = jvmOptions;
        this.cores = cores;
    }

    /**
     * @return the report a parsed command line asks for; without {@code --devices}, the devices this machine can run.
     * @throws IllegalArgumentException naming the program missing from {@code --npb-dir}.
     */
    public static NasReport of(final OptionParser.Values values)
    {
        final List<String> devices = values.get(DEVICES_OPTION);
        final Options options = new Options(ReportOptions.home(values), ReportOptions.results(values), values.get(ReportOptions.ROUNDS),
            values.get(KERNELS_OPTION), values.get(CLASSES_OPTION), values.get(RANKS), devices != null ? devices : availableDevices(),
            values.get(TIMEOUT), ReportOptions.pathUnderHome(values, JAR, "nas/target/openmpj-nas.jar"), values.get(MAIN),
            values.get(NPB_DIR), values.get(ReportOptions.MPIRUN));
        if (options.runsNative())
        {
            for (final String kernel : options.kernels())
            {
                for (final String problemClass : options.classes())
                {
                    requireProgram(options.npbDir(), kernel, problemClass);
                }
            }
        }
        final String given = Objects.requireNonNullElse(System.getenv("OPENMPJ_JVM_OPTS"), "");
        return new NasReport(options, Path.of(System.getProperty("java.home")),
            values.get(PLAIN_LOOPS) ? given : (given + " " + VECTOR_API_OPTION).strip());
    }

    /** @return NPB's MPI program of {@code kernel} and {@code problemClass} in the build at {@code npbDir}, as NPB names it. */
    static Path nativeProgram(final Path npbDir, final String kernel, final String problemClass)
    {
        return npbDir.resolve("bin").resolve(kernel.toLowerCase(Locale.ROOT) + "." + problemClass + ".x");
    }

    private static void requireProgram(final Path npbDir, final String kernel, final String problemClass)
    {
        final Path program = nativeProgram(npbDir, kernel, problemClass);
        if (!Files.isExecutable(program))
        {
            throw new IllegalArgumentException("--npb-dir " + npbDir + " has no program " + program + " for " + kernel + " class "
                + problemClass + "; build it there with NPB 3.4's MPI makefiles (make " + kernel.toLowerCase(Locale.ROOT) + " CLASS="
                + problemClass + ")");
        }
    }

    /** @return the devices of {@link #DEVICES} whose availability probe passes in this JVM. */
    static List<String> availableDevices()
    {
        final List<String> available = new ArrayList<>();
        for (final DeviceProvider provider : ServiceLoader.load(DeviceProvider.class))
        {
            if (DEVICES.contains(provider.name()) && provider.isAvailable())
            {
                available.add(provider.name());
            }
        }
        return DEVICES.stream().filter(available::contains).toList();
    }

    /** @return what the report runs. */
    public Options options()
    {
        return options;
    }

    @Override
    public List<Step<Job>> steps(final int round)
    {
        final List<Step<Job>> steps = new ArrayList<>();
        for (final String kernel : options.kernels())
        {
            for (final String problemClass : options.classes())
            {
                final List<Job> jobs = new ArrayList<>(List.of(new Job(kernel, problemClass, SERIAL, 1)));
                for (final int ranks : options.rankCounts())
                {
                    options.measured().forEach(device -> jobs.add(new Job(kernel, problemClass, device, ranks)));
                }
                // Reversing the order every other round spreads a slow start or a drifting machine over every job.
                if (round % 2 == 0)
                {
                    Collections.reverse(jobs);
                }
                jobs.forEach(job -> steps.add(step(job)));
            }
        }
        return steps;
    }

    private Step<Job> step(final Job job)
    {
        final String log = "nas-" + job.kernel() + "-" + job.problemClass() + "-" + job.device() + "-np" + job.ranks();
        return new Step<>(job, job.label(), log, command(job), 1, true, options.timeoutSeconds() + RUNNER_GRACE_SECONDS);
    }

    /** @return the job's command line: {@code bin/mpjrun}, plain {@code java} for the serial run, Open MPI's launcher for NPB's. */
    List<String> command(final Job job)
    {
        final List<String> command = new ArrayList<>();
        if (job.device().equals(NATIVE))
        {
            command.addAll(List.of(options.mpirun(), "--allow-run-as-root", "--timeout", Integer.toString(options.timeoutSeconds()), "-np",
                Integer.toString(job.ranks())));
            if (job.ranks() > cores)
            {
                command.addAll(ReportOptions.OPEN_MPI_OVERSUBSCRIBED);
            }
            command.add(nativeProgram(options.npbDir(), job.kernel(), job.problemClass()).toString());
            return command;
        }
        if (job.device().equals(SERIAL))
        {
            command.add(javaHome.resolve("bin/java").toString());
            if (!jvmOptions.isBlank())
            {
                command.addAll(List.of(jvmOptions.trim().split("\\s+")));
            }
            command.addAll(List.of("-cp", String.join(":", OpenMpjJob.moduleJar(options.home(), "core").toString(),
                OpenMpjJob.moduleJar(options.home(), "ucx").toString(), OpenMpjJob.moduleJar(options.home(), "mpi").toString(),
                OpenMpjJob.moduleJar(options.home(), "cache").toString(), options.jar().toString())));
        }
        else
        {
            command.addAll(List.of(options.home().resolve("bin/mpjrun").toString(), "-np", Integer.toString(job.ranks()), "-dev", job.device(),
                "-timeout", Integer.toString(options.timeoutSeconds()), "-cp", options.jar().toString()));
        }
        if (options.main().contains("{kernel}"))
        {
            command.add(options.main().replace("{kernel}", job.kernel()));
        }
        else
        {
            command.addAll(List.of(options.main(), job.kernel()));
        }
        command.add(job.problemClass());
        return command;
    }

    @Override
    public Map<String, String> environment()
    {
        return Map.of("JAVA_HOME", javaHome.toString(), "OPENMPJ_JVM_OPTS", jvmOptions);
    }

    @Override
    public RunInfo.Setting setting()
    {
        return new RunInfo.Setting(String.join(", ", options.devices()), -1, 0, 1);
    }

    @Override
    public void write(final List<List<StepRun<Job>>> stepRounds, final RunInfo info) throws IOException
    {
        final List<NasRun> runs = stepRounds.stream().flatMap(List::stream).map(NasRun::of).toList();
        final NasTable table = new NasTable(runs);
        Files.createDirectories(options.results());
        final Path csv = options.results().resolve("nas.csv");
        Files.writeString(csv, NasRun.csv(runs), StandardCharsets.UTF_8);
        final List<String> plots = new ArrayList<>();
        for (final String kernel : options.kernels())
        {
            for (final String problemClass : options.classes())
            {
                final String png = "nas-" + kernel + "-" + problemClass + ".png";
                chart(table, kernel, problemClass).writePng(options.results().resolve(png));
                plots.add(png);
            }
        }
        final Path markdown = options.results().resolve("nas.md");
        Files.writeString(markdown, new NasMarkdown(options(), jvmOptions, table, info).render(plots), StandardCharsets.UTF_8);
        System.out.println("== wrote " + csv + ", " + markdown + ", " + plots);
    }

    /** @return Mop/s against ranks: a line per device (the median of its verified runs), and the serial run's as a dashed level. */
    private LineChart chart(final NasTable table, final String kernel, final String problemClass)
    {
        final LineChart chart = new LineChart(kernel + " class " + problemClass + ": Mop/s total (median of verified runs, higher is better)",
            new LineChart.Axis("ranks", LineChart.Scale.LOG2, value -> Long.toString(value.longValue())),
            new LineChart.Axis("Mop/s", LineChart.Scale.LINEAR));
        final double[] ranks = options.rankCounts().stream().mapToDouble(Integer::doubleValue).toArray();
        final List<String> lines = options.measured();
        for (final String device : lines)
        {
            chart.line(device.equals(NATIVE) ? "native (NPB, Open MPI)" : device, ranks,
                options.rankCounts().stream().mapToDouble(count -> table.medianMops(kernel, problemClass, device, count)).toArray());
        }
        final double serial = table.medianMops(kernel, problemClass, SERIAL, 1);
        final double[] level = new double[ranks.length];
        Arrays.fill(level, serial);
        return chart.line("serial java (1 rank, no launcher)", ranks, level, lines.size(), true);
    }

    private static String oneOf(final String value, final List<String> choices)
    {
        if (!choices.contains(value))
        {
            throw new IllegalArgumentException("is not one of " + String.join(", ", choices));
        }
        return value;
    }
}
