package org.openmpj.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test method's body on {@link #ranks()} MPI ranks, once per device of {@link #devices()}: on {@code thread}, each rank
 * is a thread of the test JVM with its own class loader, so that each has its own {@code MPI.COMM_WORLD} and its own instance
 * of the test class, as separate processes would; on {@code shm} or {@code tcp}, each rank is a JVM of its own, started as
 * {@code mpjrun} starts it. The ranks start with {@code MPI.Init} done and end with {@code MPI.Finalize}; the test method makes
 * MPI calls as a program's {@code main} would, and asserts what each rank should see.
 *
 * <pre>
 * class RingTest
 * {
 *     &#64;MpiTest(ranks = 4)
 *     void tokenGoesRound()
 *     {
 *         int rank = MPI.COMM_WORLD.Rank();
 *         ...
 *         assertEquals(6, token[0]);
 *     }
 * }
 * </pre>
 *
 * <p>The test fails with every rank's own failure, the rank named (failures that only follow from another rank's, such as
 * a wait that ends because the job failed, are left out); a job that runs past {@link #timeoutSeconds()} fails with every
 * rank's stack, and its ranks are woken to unwind (threads) or stopped (JVMs). On a class, the annotation makes every
 * {@code @Test} method of the class such a test. The rank's instance of the test class is made with its no-argument
 * constructor and its {@code @BeforeEach} and {@code @AfterEach} methods run on it, around the test, on every rank; its
 * static {@code @BeforeAll} and {@code @AfterAll} methods run on every rank too, with MPI started, once per test (a test's
 * ranks are new each time), and on a class so annotated not in JUnit's own thread. Test methods take no parameters.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@TestTemplate
@ExtendWith(MpiTestExtension.class)
public @interface MpiTest
{
    /** @return the number of ranks, 1 or more. */
    int ranks() default 2;

    /**
     * @return the devices to run the ranks on, one run each. {@code thread} (the default): every rank is a thread of the test
     *     JVM; fast (a few tens of milliseconds a test), and breakpoints and coverage work in the test body as in any test.
     *     {@code shm} and {@code tcp}: every rank is a JVM of its own, started with the test JVM's {@code java} and class path
     *     as {@code mpjrun -np N -dev shm|tcp} starts it, its output passed on with its rank in front ({@code [1] }); slower,
     *     for each JVM's start-up (about 1 s for a 2-rank test), and the test JVM's debugger does not reach them: breakpoints
     *     stop only thread ranks.
     */
    String[] devices() default {"thread"};

    /** @return how long the ranks may run before the test fails with their stacks. */
    long timeoutSeconds() default 60;
}
