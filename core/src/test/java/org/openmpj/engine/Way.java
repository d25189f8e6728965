package org.openmpj.engine;

/**
 * The two ways a collective algorithm runs: taking its steps at once, as a blocking collective does, or written down as
 * a schedule that is then waited for, as a non-blocking collective is. Tests run every algorithm both ways.
 */
enum Way
{
    /** The steps taken at once, on the world's collective side. */
    BLOCKING
    {
        @Override
        void run(final Communicator world, final String name, final Algorithm algorithm)
        {
            final Communicator c = world.collectives();
            final Scratch scratch = Scratch.lease();
            c.nextCollective();
            algorithm.run(Steps.NOW, c, scratch);
            scratch.end(true);
        }
    },
    /** The steps written down as a schedule on the world's non-blocking side, then waited for. */
    SCHEDULED
    {
        @Override
        void run(final Communicator world, final String name, final Algorithm algorithm)
        {
            final ScheduleRecorder recorder = ScheduleRecorder.begin(world, name);
            algorithm.run(recorder, recorder.communicator(), recorder.scratch());
            final Schedule schedule = recorder.start();
            schedule.await();
            if (schedule.failure() != null)
            {
                throw schedule.failure();
            }
        }
    };

    /** Runs {@code algorithm} as one collective call on {@code world}, this way; {@code name} names it in errors. */
    abstract void run(Communicator world, String name, Algorithm algorithm);

    /** A collective algorithm with its data bound, to run on the steps, communicator side and scratch it is given. */
    @FunctionalInterface
    interface Algorithm
    {
        void run(Steps s, Communicator c, Scratch scratch);
    }
}
