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
 * Runs a test method's body on {@link #ranks()} MPI ranks, each a thread of the test JVM with its own class loader, so
 * that each has its own {@code MPI.COMM_WORLD} and its own instance of the test class, as separate processes would. The
 * ranks start with {@code MPI.Init} done and end with {@code MPI.Finalize}; the test method makes MPI calls as a program's
 * {@code main} would, and asserts what each rank should see.
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
 * rank's stack, and its ranks are woken to unwind. On a class, the annotation makes every {@code @Test} method of the
 * class such a test. A method runs once per device of {@link #devices()}; all of them run the ranks as threads of the
 * test JVM, talking through the device's transport. The rank's instance of the test class is made with its no-argument
 * constructor and its {@code @BeforeEach} and {@code @AfterEach} methods run on it, around the test, on every rank;
 * test methods take no parameters.
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

    /** @return the devices to run the ranks on, one run each: {@code thread} (the default), {@code shm}, {@code tcp}. */
    String[] devices() default {"thread"};

    /** @return how long the ranks may run before the test fails with their stacks. */
    long timeoutSeconds() default 60;
}
