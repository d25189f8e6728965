/*
 * collectives: MPI_Bcast, MPI_Reduce (doubles, MPI_SUM, root 0), MPI_Allreduce (doubles, MPI_SUM), MPI_Allgather and
 * MPI_Alltoall over message sizes, and MPI_Barrier latency: the native reference for OpenMPJ's collectives benchmark
 * (org.openmpj.bench.Collectives).
 *
 * Every rank runs the same schedule as the Java program (org.openmpj.bench.CollectivesBenchmark): warm-up passes
 * over all operations and sizes for at least MIN_WARM_UP_SECONDS, each calibrating the batch of calls to about
 * --batch-ms, then per operation and size warm-up batches from that estimate until one lasts about --batch-ms,
 * then --repetitions timed batches. A batch starts with MPI_Barrier; each rank
 * times its back-to-back calls with MPI_Wtime, and MPI_Allreduce(MPI_MAX) makes the slowest rank's time the
 * batch's time on every rank, so all ranks take the same calibration decisions.
 *
 * The per-rank message size m is what MPI counts: the Bcast count (MPI_BYTE, root 0), the Reduce and Allreduce counts
 * times 8 (MPI_DOUBLE), the Allgather per-rank block and the Alltoall per-pair block (MPI_BYTE). The sizes run from
 * --min-bytes by factors of --step up to --max-bytes, and end with --max-bytes where the factors step over it, as in
 * org.openmpj.bench.CollectiveOptions, so both programs measure the same sizes. This program prints times
 * only; the report computes the aggregated bandwidth with the same definition of bytes moved for every
 * implementation (org.openmpj.bench.CollectiveOperation).
 *
 * Output on rank 0, one line per operation and size, the same format as the Java program:
 *   collective impl=openmpi op=NAME ranks=N bytes=N iterations=N repetitions=N us_median=X us_min=X
 *
 * Usage: mpirun -np N collectives [--min-bytes N] [--max-bytes N] [--step N] [--repetitions N] [--batch-ms N]
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef OPEN_MPI
#define IMPL_NAME "openmpi"
#else
#define IMPL_NAME "mpi"
#endif

enum operation
{
    OP_BCAST,
    OP_REDUCE,
    OP_ALLREDUCE,
    OP_ALLGATHER,
    OP_ALLTOALL,
    OP_BARRIER,
    OP_COUNT
};

/* The names on result lines, in the order the Java program runs them. */
static const char *const OP_NAMES[OP_COUNT] = { "bcast", "reduce", "allreduce", "allgather", "alltoall", "barrier" };

/* A calibration batch must last at least this long before its rate is trusted. */
static const double CALIBRATION_MIN_SECONDS = 0.005;
static const long MAX_ITERATIONS = 100000000L;
static const double ACCEPT_LOW = 2.0 / 3.0;
static const double ACCEPT_HIGH = 5.0 / 3.0;
static const int MAX_WARM_UP_BATCHES = 5;
static const double MIN_WARM_UP_SECONDS = 2.0;
static const int MIN_WARM_UP_PASSES = 3;
/* Calls of the one long batch per operation that ends the warm-up, as in the Java program (where it lets the JIT
   compile the hot loops before anything is timed). */
static const long LONG_WARM_UP_CALLS = 20000;

/* 8 B doubling up to the 1 GiB limit is 28 sizes, and --max-bytes may add one. */
#define MAX_SIZES 32

struct options
{
    long min_bytes;
    long max_bytes;
    long step;
    int repetitions;
    int batch_ms;
};

struct buffers
{
    char *send;
    char *receive;
    double *send_doubles;
    double *receive_doubles;
};

static int parse_positive(const char *name, const char *text, long *value)
{
    char *end = NULL;
    const long parsed = strtol(text, &end, 10);
    if (end == text || *end != '\0' || parsed <= 0)
    {
        fprintf(stderr, "collectives: %s %s is not a whole number > 0\n", name, text);
        return 0;
    }
    *value = parsed;
    return 1;
}

/* The same options, defaults and limits as org.openmpj.bench.CollectiveOptions. */
static int parse_options(int argc, char **argv, struct options *options)
{
    options->min_bytes = 16;
    options->max_bytes = 4L * 1024 * 1024;
    options->step = 4;
    options->repetitions = 15;
    options->batch_ms = 30;
    for (int i = 1; i < argc; i += 2)
    {
        long value = 0;
        if (i + 1 >= argc)
        {
            fprintf(stderr, "collectives: %s needs a value\n", argv[i]);
            return 0;
        }
        if (!parse_positive(argv[i], argv[i + 1], &value))
        {
            return 0;
        }
        if (strcmp(argv[i], "--min-bytes") == 0)
        {
            options->min_bytes = value;
        }
        else if (strcmp(argv[i], "--max-bytes") == 0)
        {
            options->max_bytes = value;
        }
        else if (strcmp(argv[i], "--step") == 0 && value >= 2 && value <= 1024)
        {
            options->step = value;
        }
        else if (strcmp(argv[i], "--repetitions") == 0 && value <= 100000)
        {
            options->repetitions = (int)value;
        }
        else if (strcmp(argv[i], "--batch-ms") == 0 && value <= 100000)
        {
            options->batch_ms = (int)value;
        }
        else
        {
            fprintf(stderr, "collectives: unknown or out-of-range option %s %s; expected --min-bytes N, "
                "--max-bytes N, --step N (2 to 1024), --repetitions N, --batch-ms N\n", argv[i], argv[i + 1]);
            return 0;
        }
    }
    if (options->min_bytes % 8 != 0)
    {
        fprintf(stderr, "collectives: --min-bytes %ld is not a multiple of 8 (Reduce and Allreduce sum doubles)\n",
            options->min_bytes);
        return 0;
    }
    if (options->max_bytes % 8 != 0)
    {
        fprintf(stderr, "collectives: --max-bytes %ld is not a multiple of 8 (Reduce and Allreduce sum doubles)\n",
            options->max_bytes);
        return 0;
    }
    if (options->max_bytes < options->min_bytes || options->max_bytes > 1L << 30)
    {
        fprintf(stderr, "collectives: --max-bytes %ld is out of range; expected %ld to %ld\n",
            options->max_bytes, options->min_bytes, 1L << 30);
        return 0;
    }
    return 1;
}

static void run_calls(const enum operation op, const struct buffers *buffers, const long bytes, const long iterations)
{
    switch (op)
    {
        case OP_BCAST:
            for (long i = 0; i < iterations; i++)
            {
                MPI_Bcast(buffers->send, (int)bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
            }
            break;
        case OP_REDUCE:
            for (long i = 0; i < iterations; i++)
            {
                MPI_Reduce(buffers->send_doubles, buffers->receive_doubles, (int)(bytes / 8), MPI_DOUBLE, MPI_SUM, 0,
                    MPI_COMM_WORLD);
            }
            break;
        case OP_ALLREDUCE:
            for (long i = 0; i < iterations; i++)
            {
                MPI_Allreduce(buffers->send_doubles, buffers->receive_doubles, (int)(bytes / 8), MPI_DOUBLE, MPI_SUM,
                    MPI_COMM_WORLD);
            }
            break;
        case OP_ALLGATHER:
            for (long i = 0; i < iterations; i++)
            {
                MPI_Allgather(buffers->send, (int)bytes, MPI_BYTE, buffers->receive, (int)bytes, MPI_BYTE, MPI_COMM_WORLD);
            }
            break;
        case OP_ALLTOALL:
            for (long i = 0; i < iterations; i++)
            {
                MPI_Alltoall(buffers->send, (int)bytes, MPI_BYTE, buffers->receive, (int)bytes, MPI_BYTE, MPI_COMM_WORLD);
            }
            break;
        case OP_BARRIER:
        default:
            for (long i = 0; i < iterations; i++)
            {
                MPI_Barrier(MPI_COMM_WORLD);
            }
            break;
    }
}

/* Returns the slowest rank's time for the batch, the same on every rank. */
static double run_batch(const enum operation op, const struct buffers *buffers, const long bytes, const long iterations)
{
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    run_calls(op, buffers, bytes, iterations);
    const double elapsed = MPI_Wtime() - start;
    double slowest = 0.0;
    MPI_Allreduce(&elapsed, &slowest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return slowest;
}

static long scale(const long iterations, const double elapsed, const double target_seconds)
{
    const double scaled = (double)iterations * target_seconds / (elapsed > 1e-9 ? elapsed : 1e-9);
    if (scaled < 1.0)
    {
        return 1;
    }
    return scaled > (double)MAX_ITERATIONS ? MAX_ITERATIONS : (long)scaled;
}

/* Doubles a batch, from one call, until it lasts CALIBRATION_MIN_SECONDS; returns the calls that fill the target. */
static long calibrate(const enum operation op, const struct buffers *buffers, const long bytes, const double target_seconds)
{
    long iterations = 1;
    double elapsed = run_batch(op, buffers, bytes, iterations);
    while (elapsed < CALIBRATION_MIN_SECONDS && iterations < MAX_ITERATIONS)
    {
        iterations *= 2;
        elapsed = run_batch(op, buffers, bytes, iterations);
    }
    return scale(iterations, elapsed, target_seconds);
}

/*
 * Runs warm-up batches from the estimate, rescaling, until one lands within ACCEPT_LOW to ACCEPT_HIGH of the
 * target. A stall only lengthens a batch, so a single estimate can be far too low; the next batch corrects it.
 */
static long settle(const enum operation op, const struct buffers *buffers, const long bytes, const long estimate,
    const double target_seconds)
{
    long iterations = estimate;
    for (int attempt = 0; attempt < MAX_WARM_UP_BATCHES; attempt++)
    {
        const double elapsed = run_batch(op, buffers, bytes, iterations);
        if (elapsed >= ACCEPT_LOW * target_seconds && elapsed <= ACCEPT_HIGH * target_seconds)
        {
            break;
        }
        iterations = scale(iterations, elapsed, target_seconds);
    }
    return iterations;
}

static int compare_doubles(const void *left, const void *right)
{
    const double a = *(const double *)left;
    const double b = *(const double *)right;
    return (a > b) - (a < b);
}

/* Sorts samples in place; the median of an even count is the mean of the middle two. */
static double median(double *samples, const int count)
{
    qsort(samples, (size_t)count, sizeof(double), compare_doubles);
    if (count % 2 == 1)
    {
        return samples[count / 2];
    }
    return (samples[count / 2 - 1] + samples[count / 2]) / 2.0;
}

/* How many sizes the operation runs at: all, or the single size 0 of Barrier. */
static int sizes_of(const enum operation op, const int size_count)
{
    return op == OP_BARRIER ? 1 : size_count;
}

static long bytes_of(const enum operation op, const long *sizes, const int index)
{
    return op == OP_BARRIER ? 0 : sizes[index];
}

static void run_schedule(const struct options *options, const struct buffers *buffers, const int rank, const int ranks)
{
    const double target_seconds = options->batch_ms / 1000.0;
    long sizes[MAX_SIZES];
    int size_count = 0;
    for (long bytes = options->min_bytes; bytes <= options->max_bytes && size_count < MAX_SIZES; bytes *= options->step)
    {
        sizes[size_count++] = bytes;
    }
    if (sizes[size_count - 1] != options->max_bytes && size_count < MAX_SIZES)
    {
        sizes[size_count++] = options->max_bytes;
    }
    long estimates[OP_COUNT][MAX_SIZES];
    double *per_call_us = malloc(sizeof(double) * (size_t)options->repetitions);
    if (per_call_us == NULL)
    {
        fprintf(stderr, "collectives: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0)
    {
        printf("# %s collectives at %d ranks: %d timed batches of about %d ms per operation and size\n",
            IMPL_NAME, ranks, options->repetitions, options->batch_ms);
        fflush(stdout);
    }
    /* Warm-up passes until the slowest rank's clock says MIN_WARM_UP_SECONDS went by, and at least
       MIN_WARM_UP_PASSES of them, as in the Java program (which also waits for its JIT to go quiet; C has none). */
    const double start = MPI_Wtime();
    double warmed = 0.0;
    int passes = 0;
    do
    {
        passes++;
        for (int op = 0; op < OP_COUNT; op++)
        {
            for (int s = 0; s < sizes_of(op, size_count); s++)
            {
                estimates[op][s] = calibrate(op, buffers, bytes_of(op, sizes, s), target_seconds);
            }
        }
        const double mine = MPI_Wtime() - start;
        MPI_Allreduce(&mine, &warmed, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }
    while (warmed < MIN_WARM_UP_SECONDS || passes < MIN_WARM_UP_PASSES);
    for (int op = 0; op < OP_COUNT; op++)
    {
        run_batch(op, buffers, bytes_of(op, sizes, 0), LONG_WARM_UP_CALLS);
    }
    for (int op = 0; op < OP_COUNT; op++)
    {
        for (int s = 0; s < sizes_of(op, size_count); s++)
        {
            const long bytes = bytes_of(op, sizes, s);
            const long iterations = settle(op, buffers, bytes, estimates[op][s], target_seconds);
            for (int r = 0; r < options->repetitions; r++)
            {
                per_call_us[r] = run_batch(op, buffers, bytes, iterations) * 1e6 / (double)iterations;
            }
            const double typical = median(per_call_us, options->repetitions);
            if (rank == 0)
            {
                printf("collective impl=%s op=%s ranks=%d bytes=%ld iterations=%ld repetitions=%d us_median=%.4f us_min=%.4f\n",
                    IMPL_NAME, OP_NAMES[op], ranks, bytes, iterations, options->repetitions, typical, per_call_us[0]);
                fflush(stdout);
            }
        }
    }
    free(per_call_us);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0;
    int ranks = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);

    struct options options;
    if (!parse_options(argc, argv, &options))
    {
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const size_t all_blocks = (size_t)ranks * (size_t)options.max_bytes;
    if (all_blocks > INT32_MAX)
    {
        if (rank == 0)
        {
            fprintf(stderr, "collectives: --max-bytes %ld at %d ranks needs buffers of %zu bytes; choose at most %d\n",
                options.max_bytes, ranks, all_blocks, INT32_MAX / ranks);
        }
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    struct buffers buffers = {
        .send = malloc(all_blocks),
        .receive = malloc(all_blocks),
        .send_doubles = malloc((size_t)options.max_bytes),
        .receive_doubles = malloc((size_t)options.max_bytes),
    };
    if (buffers.send == NULL || buffers.receive == NULL || buffers.send_doubles == NULL || buffers.receive_doubles == NULL)
    {
        fprintf(stderr, "collectives: rank %d cannot allocate its buffers (%zu bytes each)\n", rank, all_blocks);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(buffers.send, rank + 1, all_blocks);
    memset(buffers.receive, 0, all_blocks);
    for (long i = 0; i < options.max_bytes / 8; i++)
    {
        buffers.send_doubles[i] = rank + 1;
        buffers.receive_doubles[i] = 0.0;
    }

    run_schedule(&options, &buffers, rank, ranks);

    free(buffers.send);
    free(buffers.receive);
    free(buffers.send_doubles);
    free(buffers.receive_doubles);
    MPI_Finalize();
    return 0;
}
