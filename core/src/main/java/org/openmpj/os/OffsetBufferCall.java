package org.openmpj.os;

import java.lang.foreign.MemorySegment;

/**
 * The x86-64 code of a system call whose second argument is a buffer, taken as a segment and a byte offset into it: a
 * critical downcall can then pass any part of a Java array as the array's whole segment, made once, instead of a slice of
 * it per call (see {@link SocketTransfer}). The function made is
 * {@code long call(long a, void *base, long offset, long c, long d)} in the System V calling convention: system call
 * {@code number} on {@code (a, base + offset, c, d, 0, 0)}, its result, or minus errno, in rax. 23 bytes, bound with
 * {@link X86Code}.
 *
 * <p>Thread-safety: stateless.
 */
final class OffsetBufferCall
{
    private OffsetBufferCall()
    {
    }

    /**
     * Refuses a range that is not inside {@code memory}: the code writes and reads where it is told, so the range is checked
     * before the call, as a slice of the segment would check it. Every native call on a segment and an offset checks here.
     *
     * @throws IndexOutOfBoundsException when bytes {@code offset} to {@code offset + length} are not all in {@code memory}.
     */
    static void checkRange(final MemorySegment memory, final long offset, final long length)
    {
        if (offset < 0 || length < 0 || offset > memory.byteSize() - length)
        {
            throw new IndexOutOfBoundsException("bytes " + offset + " to " + (offset + length) + " of a segment of "
                + memory.byteSize() + " bytes");
        }
    }

    /** @return the code for Linux x86-64 system call {@code number}. */
    static byte[] code(final byte number)
    {
        return new byte[] {
            0x48, 0x01, (byte)0xD6,                     // add  rsi, rdx    2nd argument: the buffer, base plus offset
            0x48, (byte)0x89, (byte)0xCA,               // mov  rdx, rcx    3rd argument
            0x4D, (byte)0x89, (byte)0xC2,               // mov  r10, r8     4th argument (r10 for the kernel)
            0x45, 0x31, (byte)0xC0,                     // xor  r8d, r8d    5th argument: 0
            0x45, 0x31, (byte)0xC9,                     // xor  r9d, r9d    6th argument: 0
            (byte)0xB8, number, 0x00, 0x00, 0x00,       // mov  eax, number
            0x0F, 0x05,                                 // syscall          (the 1st argument is already in rdi)
            (byte)0xC3,                                 // ret
        };
    }
}
