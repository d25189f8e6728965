package org.openmpj.bench.cache;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.openmpj.bench.OptionParser;
import org.openmpj.bench.report.CommandRunner;
import org.openmpj.bench.report.MachineInfo;
import org.openmpj.bench.report.OpenMpjJob;
import org.openmpj.bench.report.AbstractReport;
import org.openmpj.bench.report.ReportOptions;
import org.openmpj.bench.report.RunInfo;
import org.openmpj.bench.report.Step;
import org.openmpj.bench.report.StepRun;
import org.openmpj.device.DeviceSettings;
import org.openmpj.transport.tcp.TcpDeviceProvider;

/**
 * The MPJ-Cache report ({@code ReportRunner cache}, as root): five "hosts" of network namespaces ({@code tools/netns-hosts}),
 * each one JVM of T thread ranks on the hybrid device, every host's link limited with {@code tc} to 1 Gbit/s each way
 * ({@code --link-mbit}); the shared file system a sixth host serving a directory over TCP ({@link StoreServer}) through 800 Mbit/s shared by every
 * reader. It runs {@link ClusterBench} (N clients read the same file directly or through the cache, cold and warm, every
 * cell alternating within each of its rounds), {@link WarmFetch} (a warm fetch against a ping-pong over the link and on the
 * thread device) and {@link PolicyBench} (the replacement policies), and writes {@code cache.csv}, {@code cache.md} and
 * {@code cache-*.png} ({@link CacheTables}) with every raw log under {@code raw/}. The runner runs one round: the rounds
 * alternate inside the programs, which keep the cluster's JVMs up between cells.
 */
public final class CacheReport extends AbstractReport<String>
{
    private static final int HOSTS = 5;
    private static final String STORE_RATE = "800mbit";
    private static final String STORE_NAMESPACE = "openmpj-h6";
    private static final String STORE_ADDRESS = "10.210.0.6";
    private static final int STORE_PORT = 7070;
    private static final Path WORK = Path.of("/var/tmp/openmpj-cache-bench");
    private static final String REMOTE_SHELL = "-Dopenmpj.launcher.rsh=ip netns exec {host} env HOSTNAME={host} sh -c";
    /**
     * 165 rank threads in five JVMs on two cores connect on their first messages, all at once: handshakes then wait
     * longer than the 10 s default (three runs of three failed so at the warm-up's first collectives).
     */
    private static final String CONNECT_TIMEOUT = "-D" + TcpDeviceProvider.CONNECT_TIMEOUT_PROP_NAME + "=60000";
    /**
     * The same start-up starves a JVM's liveness watch for longer than the 10 s default limit: a 165-rank run failed in
     * its warm-up, a host having sent no beat for 10.5 s.
     */
    private static final String LIVENESS_TIMEOUT = "-D" + DeviceSettings.LIVENESS_TIMEOUT_PROP_NAME + "=60000";
    private static final List<String> POLICIES = List.of("FIFO", "LRU", "SIEVE", "S3FIFO", "ARC");
    private static final int POLICY_FILES = 2000;
    private static final int POLICY_FILE_BYTES = 100_000;
    private static final long[] WARM_SIZES = {10_000_000, 100_000_000};
    /** The store server needs a moment to listen before the first client connects. */
    private static final long STORE_START_MILLIS = 2000;

    private static final OptionParser.Option<Boolean> UNTHROTTLED = OptionParser.flag("--unthrottled", "run without any tc limit");
    private static final OptionParser.Option<Integer> LINK_MBIT = OptionParser.whole("--link-mbit",
        "each job host's link, Mbit/s each way (the store's stays 800)", 1000, 1, 100_000);
    private static final OptionParser.Option<List<Long>> SIZES = OptionParser.list("--sizes", "BYTES,...", "the file sizes",
        List.of(1_000_000L, 10_000_000L, 100_000_000L), value -> OptionParser.whole(value, 1, 1L << 40));
    private static final OptionParser.Option<List<Integer>> CLIENTS = OptionParser.wholeList("--clients", "the client counts",
        List.of(1, 16, 32, 64, 128), 1, 4096);
    private static final OptionParser.Option<Integer> THREADS = OptionParser.whole("--threads",
        "thread ranks per host JVM (rank 0 serves the node group; the clients are spread over the other four hosts)", 33, 2, 4096);
    private static final OptionParser.Option<Path> OUT = OptionParser.path("--out", "DIR", "where to write the report", "HOME/bench/results/cache");

    /** The report's options and help. */
    public static final OptionParser PARSER = new OptionParser("ReportRunner cache", """
        MPJ-Cache on an emulated cluster against direct reads of a throttled shared store, and the cache's own figures (warm
        fetch against ping-pong, replacement policies). As root (namespaces, tc, dropping the page cache); needs ip and tc
        (iproute2) and about 16 GiB of memory. Cells: N clients read the same file of S bytes directly or through the cache,
        cold and warm, alternating in every round.""",
        List.of(ReportOptions.HOME, OUT, ReportOptions.ROUNDS, SIZES, CLIENTS, THREADS, LINK_MBIT, UNTHROTTLED));

    private final Path home;
    private final Path out;
    /** The rounds of the programs themselves; the runner runs one. */
    private final int rounds;
    private final List<Long> sizes;
    private final List<Integer> clients;
    private final int threads;
    private final boolean throttled;
    private final int linkMbit;
    private final Path javaHome;

    /**
     * @param home      the OpenMPJ checkout.
     * @param out       where the report goes.
     * @param rounds    the rounds each program alternates its cells over.
     * @param sizes     the file sizes, ascending.
     * @param clients   the client counts, ascending.
     * @param threads   thread ranks per host JVM.
     * @param throttled whether the links are limited with {@code tc}.
     * @param linkMbit  each job host's link when throttled, Mbit/s each way.
     * @param javaHome  the JDK of the store server.
     */
    public CacheReport(final Path home, final Path out, final int rounds, final List<Long> sizes, final List<Integer> clients,
        final int threads, final boolean throttled, final int linkMbit, final Path javaHome)
    {
        super(home, out, 1);
        this.home = home;
        this.out = out;
        this.rounds = rounds;
        this.sizes = List.copyOf(sizes);
        this.clients = List.copyOf(clients);
        this.threads = threads;
        this.throttled = throttled;
        this.linkMbit = linkMbit;
        this.javaHome = javaHome;
    }

    /** @return the report a parsed command line asks for. */
    public static CacheReport of(final OptionParser.Values values)
    {
        return new CacheReport(ReportOptions.home(values), ReportOptions.pathUnderHome(values, OUT, "bench/results/cache"),
            values.get(ReportOptions.ROUNDS),
            values.get(SIZES).stream().sorted().toList(), values.get(CLIENTS), values.get(THREADS), !values.get(UNTHROTTLED),
            values.get(LINK_MBIT), Path.of(System.getProperty("java.home")));
    }

    @Override
    public Undo open() throws IOException, InterruptedException
    {
        final Path raw = out.resolve("raw");
        Files.createDirectories(raw);
        makeFiles();
        system(List.of(home.resolve("tools/netns-hosts").toString(), "start", Integer.toString(HOSTS + 1)));
        final Undo hosts = () -> stopHosts(raw);
        try
        {
            if (throttled)
            {
                for (int k = 1; k <= HOSTS + 1; k++)
                {
                    final String rate = k == HOSTS + 1 ? STORE_RATE : linkMbit + "mbit";
                    // Into the host (the bridge's side of its veth) and out of it (the namespace's side).
                    system(List.of("tc", "qdisc", "replace", "dev", "ompj-v" + k, "root", "tbf", "rate", rate, "burst", "1mb", "latency", "100ms"));
                    system(List.of("ip", "netns", "exec", "openmpj-h" + k, "tc", "qdisc", "replace", "dev", "ompj-p" + k, "root", "tbf",
                        "rate", rate, "burst", "1mb", "latency", "100ms"));
                }
            }
            writeSetup(raw.resolve("setup.txt"));
            final Process store = new ProcessBuilder("ip", "netns", "exec", STORE_NAMESPACE, javaHome.resolve("bin/java").toString(), "-Xmx1g",
                "-cp", benchJar(), StoreServer.class.getName(), WORK.resolve("store").toString(), STORE_ADDRESS, Integer.toString(STORE_PORT))
                .redirectErrorStream(true).redirectOutput(raw.resolve("store.log").toFile()).start();
            Thread.sleep(STORE_START_MILLIS);
            return () ->
            {
                store.descendants().forEach(ProcessHandle::destroy);
                store.destroy();
                hosts.close();
            };
        }
        catch (final IOException | InterruptedException | RuntimeException ex)
        {
            hosts.close();
            throw ex;
        }
    }

    @Override
    public List<Step<String>> steps(final int round)
    {
        final List<Step<String>> steps = new ArrayList<>();
        final List<String> hostList = new ArrayList<>();
        for (int k = 1; k <= HOSTS; k++)
        {
            hostList.add("openmpj-h" + k + ":1");
        }
        final List<String> cluster = new ArrayList<>(List.of("env", "OPENMPJ_JVM_OPTS=-Xmx6g -Xss512k", mpjrun(),
            "-np", Integer.toString(HOSTS * threads), "-dev", "hybrid", "-threads", Integer.toString(threads),
            "-hosts", String.join(",", hostList), REMOTE_SHELL, CONNECT_TIMEOUT, LIVENESS_TIMEOUT, "-cp", benchJar(),
            ClusterBench.class.getName(),
            STORE_ADDRESS + ":" + STORE_PORT, Integer.toString(rounds), join(sizes), join(clients), "memory.bytes=4g"));
        steps.add(new Step<>("cluster", "the cluster run (" + HOSTS * threads + " ranks on " + HOSTS + " hosts)", "cluster", cluster));
        for (final long size : WARM_SIZES)
        {
            // Rank 0 (the server) and client 1 on one host, client 0 on the other: its fetches and its ping-pong both cross the link.
            steps.add(new Step<>("tcp-netns", "warm fetch of " + size + " B over tcp between two hosts", "warm-tcp-netns-" + size,
                List.of(mpjrun(), "-np", "3", "-dev", "tcp", "-oversubscribe", "-hosts", "openmpj-h2:1,openmpj-h3:1", REMOTE_SHELL,
                    "-cp", benchJar(), WarmFetch.class.getName(), WORK.toString(), "warm-" + size, Integer.toString(rounds), "3",
                    "group.size=3")));
            steps.add(new Step<>("thread", "warm fetch of " + size + " B on the thread device", "warm-thread-" + size,
                List.of(mpjrun(), "-np", "3", "-dev", "thread", "-cp", benchJar(), WarmFetch.class.getName(), WORK.toString(),
                    "warm-" + size, Integer.toString(rounds), "3", "group.size=3")));
        }
        for (final String policy : POLICIES)
        {
            steps.add(new Step<>("policy", "replacement policy " + policy + " through a server", "policy-" + policy,
                List.of(mpjrun(), "-np", "2", "-dev", "thread", "-cp", benchJar(), PolicyBench.class.getName(), WORK.resolve("policy").toString(),
                    policy, Integer.toString(POLICY_FILES), Integer.toString(POLICY_FILE_BYTES), "20000", "1.0", "10")));
        }
        return steps;
    }

    @Override
    public Map<String, String> environment()
    {
        return Map.of("JAVA_HOME", javaHome.toString());
    }

    @Override
    public RunInfo.Setting setting()
    {
        return new RunInfo.Setting("hybrid", -1, 0, rounds);
    }

    /** Gathers the programs' lines into the logs {@link CacheTables} reads, each warm line naming its transport, and writes the report. */
    @Override
    public void write(final List<List<StepRun<String>>> stepRounds, final RunInfo info) throws IOException
    {
        final Path raw = out.resolve("raw");
        final StringBuilder cluster = new StringBuilder();
        final StringBuilder warm = new StringBuilder();
        final StringBuilder policy = new StringBuilder();
        for (final StepRun<String> run : stepRounds.getFirst())
        {
            for (final String line : run.output())
            {
                switch (run.step().job())
                {
                    case "cluster" -> cluster.append(line).append('\n');
                    case "policy" -> policy.append(line).append('\n');
                    default -> warm.append(line.startsWith("warm ") ? "warm transport=" + run.step().job() + " " + line.substring(5) : line)
                        .append('\n');
                }
            }
        }
        Files.writeString(raw.resolve("cluster.log"), cluster, StandardCharsets.UTF_8);
        Files.writeString(raw.resolve("warm.log"), warm, StandardCharsets.UTF_8);
        Files.writeString(raw.resolve("policy.log"), policy, StandardCharsets.UTF_8);
        CacheTables.write(raw, out);
    }

    /** The store's files: the same file per size, hard-linked once per round and client count so that no read hits another's pages. */
    private void makeFiles() throws IOException
    {
        final Path store = WORK.resolve("store");
        Files.createDirectories(store);
        Files.createDirectories(WORK.resolve("policy"));
        makeFile(store.resolve("warmup.bin"), 1_000_000);
        for (final long size : sizes)
        {
            final Path same = store.resolve("same-" + size);
            makeFile(same, size);
            for (int round = 1; round <= rounds; round++)
            {
                for (final int count : clients)
                {
                    link(store.resolve("same-" + size + "-r" + round + "-n" + count), same);
                    link(store.resolve("spread-" + size + "-r" + round + "-n" + count), same);
                }
            }
        }
        final long distinctSize = sizes.size() > 1 ? sizes.get(sizes.size() - 2) : sizes.getFirst();
        final int most = clients.getLast();
        final int[] distinctCounts = CacheLines.distinctCounts(clients.stream().mapToInt(Integer::intValue).toArray());
        final Path base = store.resolve("distinct-base");
        makeFile(base, distinctSize);
        for (int i = 0; i < most; i++)
        {
            link(store.resolve("distinct-" + distinctSize + "-" + i), base);
            for (int round = 1; round <= rounds; round++)
            {
                for (final int count : distinctCounts)
                {
                    link(store.resolve("distinct-" + distinctSize + "-" + i + "-r" + round + "-n" + count), base);
                }
            }
        }
        makeFile(WORK.resolve("policy/base"), POLICY_FILE_BYTES);
        for (int i = 0; i < POLICY_FILES; i++)
        {
            link(WORK.resolve("policy/p-" + i), WORK.resolve("policy/base"));
        }
        for (final long size : WARM_SIZES)
        {
            makeFile(WORK.resolve("warm-" + size), size);
        }
    }

    private void writeSetup(final Path file) throws IOException
    {
        final List<String> lines = List.of(
            "date=" + Instant.now().truncatedTo(ChronoUnit.SECONDS),
            "machine=" + Runtime.getRuntime().availableProcessors() + " cores, "
                + CommandRunner.firstLine(List.of("sh", "-c", "free -g | awk '/Mem:/ {print $2}'"), "?") + " GiB, "
                + System.getProperty("os.version"),
            "throttled=" + (throttled ? 1 : 0),
            "link=" + (throttled ? linkMbit + " Mbit/s each way per host (tc tbf)" : "unlimited veth"),
            "link_bytes_per_second=" + (throttled ? linkMbit * 125_000L : 0),
            "store_link=" + (throttled ? STORE_RATE + " (100 MB/s) out of the store host, shared by all readers" : "unlimited"),
            "hosts=" + HOSTS + " job hosts of one JVM with " + threads + " thread ranks each (hybrid device), rank 0 serving one node group",
            "rounds=" + rounds,
            "sizes=" + join(sizes),
            "clients=" + join(clients),
            "java=" + CommandRunner.firstLine(List.of(javaHome.resolve("bin/java").toString(), "-version"), "unknown"),
            "load_before=" + MachineInfo.loadAverage());
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    private void stopHosts(final Path raw) throws IOException
    {
        try
        {
            system(List.of(home.resolve("tools/netns-hosts").toString(), "stop"));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        Files.writeString(raw.resolve("setup.txt"), "load_after=" + MachineInfo.loadAverage() + "\n", StandardCharsets.UTF_8,
            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** Runs a set-up command, its output on this process's. */
    private static void system(final List<String> command) throws IOException, InterruptedException
    {
        final int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        if (exit != 0)
        {
            throw new IOException(String.join(" ", command) + " exited with " + exit);
        }
    }

    /** Writes {@code bytes} random bytes unless the file already has that size. */
    private static void makeFile(final Path file, final long bytes) throws IOException
    {
        if (Files.isRegularFile(file) && Files.size(file) == bytes)
        {
            return;
        }
        final SecureRandom random = new SecureRandom();
        final byte[] chunk = new byte[1 << 20];
        try (OutputStream output = Files.newOutputStream(file))
        {
            for (long left = bytes; left > 0; left -= chunk.length)
            {
                random.nextBytes(chunk);
                output.write(chunk, 0, (int)Math.min(left, chunk.length));
            }
        }
    }

    private static void link(final Path link, final Path target) throws IOException
    {
        Files.deleteIfExists(link);
        Files.createLink(link, target);
    }

    private String mpjrun()
    {
        return home.resolve("bin/mpjrun").toString();
    }

    private String benchJar()
    {
        return OpenMpjJob.moduleJar(home, "bench").toString();
    }

    private static String join(final List<? extends Number> values)
    {
        return String.join(",", values.stream().map(String::valueOf).toList());
    }
}
