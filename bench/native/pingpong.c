/*
 * pingpong: MPI_Send/MPI_Recv ping-pong between two ranks, the native reference for OpenMPJ's bench.
 *
 * Rank 0 leads, on the same schedule as the Java benchmarks: a warm-up pass over all sizes, then per
 * size a calibration of the batch of round trips to about --batch-ms with warm-up batches, then
 * --repetitions timed batches; it prints the median and minimum one-way time (half a round trip).
 * Rank 1 echoes. Before each batch rank 0 tells rank 1 the size and count in a control message and
 * waits for its acknowledgement, so the clock starts with the echoing rank already waiting in MPI_Recv.
 *
 * Output on rank 0, one line per size, the same format as the Java benchmarks, impl naming the MPI library it was
 * built with (openmpi, mpich):
 *   result impl=openmpi bytes=N iterations=N repetitions=N oneway_us_median=X oneway_us_min=X
 *
 * Usage: mpirun -np 2 pingpong [--max-bytes N] [--repetitions N] [--batch-ms N]
 *        (built with MPICH: mpiexec.hydra -n 2 pingpong-mpich ...)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef OPEN_MPI
#define IMPL_NAME "openmpi"
#elif defined(MPICH_VERSION)
#define IMPL_NAME "mpich"
#else
#define IMPL_NAME "mpi"
#endif

enum
{
    TAG_CONTROL = 1,
    TAG_DATA = 2
};

enum
{
    OP_BATCH = 1,
    OP_STOP = 2
};

/* A calibration batch must last at least this long before its rate is trusted. */
static const double CALIBRATION_MIN_SECONDS = 0.005;
static const long MAX_ITERATIONS = 100000000L;
static const double ACCEPT_LOW = 2.0 / 3.0;
static const double ACCEPT_HIGH = 5.0 / 3.0;
static const int MAX_WARM_UP_BATCHES = 5;

struct options
{
    long max_bytes;
    int repetitions;
    int batch_ms;
};

static int parse_positive(const char *name, const char *text, long *value)
{
    char *end = NULL;
    const long parsed = strtol(text, &end, 10);
    if (end == text || *end != '\0' || parsed <= 0)
    {
        fprintf(stderr, "pingpong: %s=%s is not a whole number > 0\n", name, text);
        return 0;
    }
    *value = parsed;
    return 1;
}

static int parse_options(int argc, char **argv, struct options *options)
{
    options->max_bytes = 16L * 1024 * 1024;
    options->repetitions = 15;
    options->batch_ms = 30;
    for (int i = 1; i < argc; i += 2)
    {
        long value = 0;
        if (i + 1 >= argc)
        {
            fprintf(stderr, "pingpong: %s needs a value\n", argv[i]);
            return 0;
        }
        if (!parse_positive(argv[i], argv[i + 1], &value))
        {
            return 0;
        }
        if (strcmp(argv[i], "--max-bytes") == 0)
        {
            options->max_bytes = value;
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
            fprintf(stderr, "pingpong: unknown or out-of-range option %s %s; "
                "expected --max-bytes N, --repetitions N, --batch-ms N\n", argv[i], argv[i + 1]);
            return 0;
        }
    }
    if (options->max_bytes > 1L << 30)
    {
        fprintf(stderr, "pingpong: --max-bytes %ld is larger than 1 GiB\n", options->max_bytes);
        return 0;
    }
    return 1;
}

/* Sizes: 1 B, then powers of two up to max_bytes inclusive. */
static long next_size(const long bytes)
{
    return bytes * 2;
}

static double run_batch(char *buffer, const long bytes, const long iterations)
{
    long command[3] = { OP_BATCH, bytes, iterations };
    MPI_Send(command, 3, MPI_LONG, 1, TAG_CONTROL, MPI_COMM_WORLD);
    MPI_Recv(NULL, 0, MPI_BYTE, 1, TAG_CONTROL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    const double start = MPI_Wtime();
    for (long i = 0; i < iterations; i++)
    {
        MPI_Send(buffer, (int)bytes, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD);
        MPI_Recv(buffer, (int)bytes, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    return MPI_Wtime() - start;
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

/*
 * Finds the round trips that fill one batch: doubles a batch until it lasts CALIBRATION_MIN_SECONDS, scales
 * it to the target, then runs warm-up batches, rescaling, until one lands within ACCEPT_LOW to ACCEPT_HIGH
 * of the target. A stall only lengthens a batch, so a single estimate can be far too low.
 */
static long warm_up(char *buffer, const long bytes, const double target_seconds)
{
    long iterations = 1;
    double elapsed = run_batch(buffer, bytes, iterations);
    while (elapsed < CALIBRATION_MIN_SECONDS && iterations < MAX_ITERATIONS)
    {
        iterations *= 2;
        elapsed = run_batch(buffer, bytes, iterations);
    }
    iterations = scale(iterations, elapsed, target_seconds);
    for (int attempt = 0; attempt < MAX_WARM_UP_BATCHES; attempt++)
    {
        elapsed = run_batch(buffer, bytes, iterations);
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

static void lead(char *buffer, const struct options *options)
{
    const double target_seconds = options->batch_ms / 1000.0;
    double *oneway_us = malloc(sizeof(double) * (size_t)options->repetitions);
    if (oneway_us == NULL)
    {
        fprintf(stderr, "pingpong: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    printf("# native MPI ping-pong, %d timed batches of about %d ms per size\n",
        options->repetitions, options->batch_ms);
    for (long bytes = 1; bytes <= options->max_bytes; bytes = next_size(bytes))
    {
        warm_up(buffer, bytes, target_seconds);
    }
    for (long bytes = 1; bytes <= options->max_bytes; bytes = next_size(bytes))
    {
        const long iterations = warm_up(buffer, bytes, target_seconds);
        for (int r = 0; r < options->repetitions; r++)
        {
            const double elapsed = run_batch(buffer, bytes, iterations);
            oneway_us[r] = elapsed * 1e6 / (2.0 * (double)iterations);
        }
        const double typical = median(oneway_us, options->repetitions);
        printf("result impl=%s bytes=%ld iterations=%ld repetitions=%d oneway_us_median=%.4f oneway_us_min=%.4f\n",
            IMPL_NAME, bytes, iterations, options->repetitions, typical, oneway_us[0]);
        fflush(stdout);
    }
    long stop[3] = { OP_STOP, 0, 0 };
    MPI_Send(stop, 3, MPI_LONG, 1, TAG_CONTROL, MPI_COMM_WORLD);
    free(oneway_us);
}

static void follow(char *buffer)
{
    for (;;)
    {
        long command[3];
        MPI_Recv(command, 3, MPI_LONG, 0, TAG_CONTROL, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (command[0] == OP_STOP)
        {
            return;
        }
        const int bytes = (int)command[1];
        const long iterations = command[2];
        MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_CONTROL, MPI_COMM_WORLD);
        for (long i = 0; i < iterations; i++)
        {
            MPI_Recv(buffer, bytes, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buffer, bytes, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD);
        }
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0;
    int size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    struct options options;
    if (!parse_options(argc, argv, &options))
    {
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (size != 2)
    {
        if (rank == 0)
        {
            fprintf(stderr, "pingpong: needs exactly 2 ranks, got %d\n", size);
        }
        MPI_Abort(MPI_COMM_WORLD, 2);
    }

    char *buffer = malloc((size_t)options.max_bytes);
    if (buffer == NULL)
    {
        fprintf(stderr, "pingpong: cannot allocate %ld bytes\n", options.max_bytes);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(buffer, rank + 1, (size_t)options.max_bytes);

    if (rank == 0)
    {
        lead(buffer, &options);
    }
    else
    {
        follow(buffer);
    }

    free(buffer);
    MPI_Finalize();
    return 0;
}
