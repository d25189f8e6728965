package org.openmpj.nas;

/**
 * Whether this JVM has the incubating Vector API ({@code --add-modules jdk.incubator.vector}), which the kernels use for the
 * loops C2 does not vectorize by itself ({@link MgVectorRows}, {@link FftVectorStage}); where it is missing they run their
 * plain loops, which give the same bits.
 */
final class VectorApi
{
    /** Whether the module {@code jdk.incubator.vector} is in this JVM's boot layer. */
    static final boolean PRESENT = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    private VectorApi()
    {
    }
}
