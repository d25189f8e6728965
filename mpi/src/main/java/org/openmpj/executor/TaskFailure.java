package org.openmpj.executor;

import java.io.Serial;

/**
 * What a task threw, told by its class name, message and stack trace, when the exception itself could not be sent back
 * from the worker (it, or something it holds, is not serializable); or why a worker could not decode the task (the
 * exception of its receive).
 */
public final class TaskFailure extends RuntimeException
{
    @Serial
    private static final long serialVersionUID = 1L;
    /** The name of the class of the exception the task threw. */
    private final String thrownClass;

    TaskFailure(final Throwable thrown)
    {
        super(thrown.getClass().getName() + ": " + thrown.getMessage(), thrown.getCause() == null ? null : new TaskFailure(thrown.getCause()),
            false, true);
        this.thrownClass = thrown.getClass().getName();
        setStackTrace(thrown.getStackTrace());
    }

    /** @return the name of the class of the exception the task threw. */
    public String thrownClass()
    {
        return thrownClass;
    }
}
