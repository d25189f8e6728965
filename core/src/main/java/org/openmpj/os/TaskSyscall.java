package org.openmpj.os;

/**
 * Reads the line of {@code /proc/PID/task/TID/syscall}, which tells what a thread of another process is doing: the
 * number of the system call it is blocked in and that call's six arguments, then its stack and program counters, as
 * {@code "NR 0xARG1 0xARG2 0xARG3 0xARG4 0xARG5 0xARG6 0xSP 0xPC"}; or {@code "running"} while it runs, or
 * {@code "-1 0xSP 0xPC"} while it is blocked outside a system call. The kernel prints all six argument registers whatever
 * the call takes, so an argument the call ignores still shows what the caller put there.
 *
 * <p>Thread-safety: stateless.
 */
final class TaskSyscall
{
    /** The slots {@link #parse} fills: the call's number, then its arguments one to six. */
    static final int SLOTS = 7;
    /** Bytes enough for any line of the file: nine numbers of at most 18 characters, their spaces and the newline. */
    static final int MAX_LINE_BYTES = 192;

    private TaskSyscall()
    {
    }

    /**
     * Parses one line of the file.
     *
     * @param text   the file's bytes, ASCII.
     * @param length how many of them were read.
     * @param into   receives the call's number at 0 and its arguments at 1 to 6; at least {@link #SLOTS} long. Left in an
     *               undefined state when the result is false.
     * @return true when the thread is blocked in a system call and the line names it and its six arguments; false when it
     *         runs, is blocked outside a system call, or the line is not of the expected form.
     */
    static boolean parse(final byte[] text, final int length, final long[] into)
    {
        int at = 0;
        int slot = 0;
        while (slot < SLOTS)
        {
            while (at < length && text[at] == ' ')
            {
                at++;
            }
            final int start = at;
            while (at < length && text[at] != ' ' && text[at] != '\n')
            {
                at++;
            }
            if (at == start)
            {
                return false;
            }
            final long value = slot == 0 ? decimal(text, start, at) : hexadecimal(text, start, at);
            if (value == Long.MIN_VALUE)
            {
                return false;
            }
            into[slot++] = value;
        }
        // A thread blocked outside a system call shows -1 and only two numbers after it, so seven numbers are a call's.
        return into[0] >= 0;
    }

    /** @return the decimal number (sign allowed) in {@code text[from, to)}, or {@link Long#MIN_VALUE} when it is not one. */
    private static long decimal(final byte[] text, final int from, final int to)
    {
        final boolean negative = text[from] == '-';
        int at = negative ? from + 1 : from;
        if (at == to || to - at > 18)
        {
            return Long.MIN_VALUE;
        }
        long value = 0;
        for (; at < to; at++)
        {
            final int digit = text[at] - '0';
            if (digit < 0 || digit > 9)
            {
                return Long.MIN_VALUE;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    /**
     * @return the {@code 0x}-prefixed hexadecimal number in {@code text[from, to)}, read as 64 unsigned bits; or
     *         {@link Long#MIN_VALUE} when it is not one (that value itself, {@code 0x8000000000000000}, is refused too,
     *         which no argument this package looks for holds).
     */
    private static long hexadecimal(final byte[] text, final int from, final int to)
    {
        if (to - from < 3 || to - from > 18 || text[from] != '0' || text[from + 1] != 'x')
        {
            return Long.MIN_VALUE;
        }
        long value = 0;
        for (int at = from + 2; at < to; at++)
        {
            final int digit = Character.digit(text[at], 16);
            if (digit < 0)
            {
                return Long.MIN_VALUE;
            }
            value = (value << 4) | digit;
        }
        return value;
    }
}
