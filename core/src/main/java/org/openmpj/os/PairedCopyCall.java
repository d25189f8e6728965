package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Two ranks in different processes move each other's payloads with one copy each, at the same time: each holds its send
 * array still for the other while it pulls the other's payload into its receive array with {@code process_vm_readv}, all
 * inside one critical downcall. Neither array can move while the call lasts (the calling thread stays "in Java", so the JVM
 * reaches no safepoint), and neither side has to leave the call to serve the other, which a hold of one array alone
 * ({@link SpinningHold}) would: two such holds facing each other would only wait. The function is 500 bytes of x86-64 code
 * (see {@link X86Code}) compiled from {@code core/src/main/c/paired_copy.c}, which says how to regenerate them.
 *
 * <p>Each side has a state word and an address word in shared memory, and the call is given both sides' words. With
 * {@code HELD} the word of this side's generation, the protocol is {@link SpinningHold}'s, run by both sides at once:
 * the call publishes the send array's address, then {@code HELD}; it waits for the peer's word to show the peer's
 * {@code HELD}, claims it ({@code HELD + 1}, copying), reads the peer's payload and ends the claim with {@code HELD - 2}
 * (pulled) or, when the read failed, {@code HELD - 1} (withdrawn); and it waits for the peer to end its own word likewise.
 * A side whose budget of polls runs out withdraws its word ({@code HELD - 1}) by compare-and-set, unless the peer ended
 * it first; a pull whose final compare-and-set fails is void. So each direction is settled by one word, and both sides
 * agree on it: what the call did not move, both know to move otherwise. A side with nothing to send holds nothing, and one
 * with nothing to receive pulls nothing.
 *
 * <p>Thread-safety: an instance serves one pair, one call at a time; the class is stateless once initialized.
 */
public final class PairedCopyCall implements AutoCloseable
{
    /** {@code long paired_copy(struct control *control, char *send, char *recv)}; see paired_copy.c. */
    private static final byte[] CODE = {
        0x41, 0x57,                                          // 0000 push r15
        0x41, 0x56,                                          // 0002 push r14
        0x41, 0x55,                                          // 0004 push r13
        0x41, 0x54,                                          // 0006 push r12
        0x55,                                                // 0008 push rbp
        0x53,                                                // 0009 push rbx
        0x48, (byte)0x89, (byte)0xFB,                        // 000a mov rbx,rdi
        0x48, (byte)0x83, (byte)0xEC, 0x38,                  // 000d sub rsp,0x38
        0x48, (byte)0x83, 0x7F, 0x30, 0x00,                  // 0011 cmp QWORD PTR [rdi+0x30],0x0
        0x48, (byte)0xC7, 0x47, 0x60, 0x00, 0x00, 0x00,      // 0016 mov QWORD PTR [rdi+0x60],0x0
        0x00,
        0x4C, (byte)0x8B, 0x77, 0x48,                        // 001e mov r14,QWORD PTR [rdi+0x48]
        0x4C, (byte)0x8B, 0x7F, 0x50,                        // 0022 mov r15,QWORD PTR [rdi+0x50]
        0x48, (byte)0x89, 0x14, 0x24,                        // 0026 mov QWORD PTR [rsp],rdx
        0x48, (byte)0x8B, 0x6F, 0x58,                        // 002a mov rbp,QWORD PTR [rdi+0x58]
        0x48, (byte)0x8B, 0x47, 0x40,                        // 002e mov rax,QWORD PTR [rdi+0x40]
        0x7F, 0x24,                                          // 0032 jg 58
        0x45, 0x31, (byte)0xE4,                              // 0034 xor r12d,r12d
        0x48, (byte)0x85, (byte)0xC0,                        // 0037 test rax,rax
        0x0F, (byte)0x8F, 0x68, 0x01, 0x00, 0x00,            // 003a jg 1a8
        0x48, (byte)0x83, (byte)0xC4, 0x38,                  // 0040 add rsp,0x38
        0x4C, (byte)0x89, (byte)0xE0,                        // 0044 mov rax,r12
        0x5B,                                                // 0047 pop rbx
        0x5D,                                                // 0048 pop rbp
        0x41, 0x5C,                                          // 0049 pop r12
        0x41, 0x5D,                                          // 004b pop r13
        0x41, 0x5E,                                          // 004d pop r14
        0x41, 0x5F,                                          // 004f pop r15
        (byte)0xC3,                                          // 0051 ret
        0x66, 0x0F, 0x1F, 0x44, 0x00, 0x00,                  // 0052 nop WORD PTR [rax+rax*1+0x0]
        0x48, (byte)0x8B, 0x17,                              // 0058 mov rdx,QWORD PTR [rdi]
        0x48, 0x03, 0x77, 0x28,                              // 005b add rsi,QWORD PTR [rdi+0x28]
        0x41, (byte)0xBD, 0x01, 0x00, 0x00, 0x00,            // 005f mov r13d,0x1
        0x48, (byte)0x89, 0x32,                              // 0065 mov QWORD PTR [rdx],rsi
        0x48, (byte)0x8B, 0x57, 0x08,                        // 0068 mov rdx,QWORD PTR [rdi+0x8]
        0x4C, (byte)0x89, 0x32,                              // 006c mov QWORD PTR [rdx],r14
        0x45, 0x31, (byte)0xE4,                              // 006f xor r12d,r12d
        0x48, (byte)0x85, (byte)0xC0,                        // 0072 test rax,rax
        0x7F, 0x20,                                          // 0075 jg 97
        0x31, (byte)0xC0,                                    // 0077 xor eax,eax
        (byte)0xEB, 0x3A,                                    // 0079 jmp b5
        0x0F, 0x1F, 0x44, 0x00, 0x00,                        // 007b nop DWORD PTR [rax+rax*1+0x0]
        0x48, (byte)0x83, (byte)0xED, 0x01,                  // 0080 sub rbp,0x1
        0x0F, (byte)0x84, 0x2C, 0x01, 0x00, 0x00,            // 0084 je 1b6
        (byte)0xF3, (byte)0x90,                              // 008a pause
        (byte)0x85, (byte)0xC0,                              // 008c test eax,eax
        0x0F, (byte)0x84, (byte)0xEC, 0x00, 0x00, 0x00,      // 008e je 180
        0x41, (byte)0x89, (byte)0xC5,                        // 0094 mov r13d,eax
        0x48, (byte)0x8B, 0x43, 0x18,                        // 0097 mov rax,QWORD PTR [rbx+0x18]
        0x48, (byte)0x8B, 0x00,                              // 009b mov rax,QWORD PTR [rax]
        0x49, 0x39, (byte)0xC7,                              // 009e cmp r15,rax
        0x74, 0x3E,                                          // 00a1 je e1
        0x0F, 0x1F, 0x44, 0x00, 0x00,                        // 00a3 nop DWORD PTR [rax+rax*1+0x0]
        0x49, (byte)0x8D, 0x57, (byte)0xFF,                  // 00a8 lea rdx,[r15-0x1]
        0x48, 0x39, (byte)0xC2,                              // 00ac cmp rdx,rax
        0x0F, (byte)0x95, (byte)0xC0,                        // 00af setne al
        0x0F, (byte)0xB6, (byte)0xC0,                        // 00b2 movzx eax,al
        0x45, (byte)0x85, (byte)0xED,                        // 00b5 test r13d,r13d
        0x0F, (byte)0x85, (byte)0xC2, 0x00, 0x00, 0x00,      // 00b8 jne 180
        0x48, (byte)0x83, (byte)0xED, 0x01,                  // 00be sub rbp,0x1
        0x0F, (byte)0x84, 0x78, (byte)0xFF, (byte)0xFF, (byte)0xFF, // 00c2 je 40
        (byte)0xF3, (byte)0x90,                              // 00c8 pause
        0x45, 0x31, (byte)0xED,                              // 00ca xor r13d,r13d
        (byte)0x85, (byte)0xC0,                              // 00cd test eax,eax
        0x0F, (byte)0x84, 0x6B, (byte)0xFF, (byte)0xFF, (byte)0xFF, // 00cf je 40
        0x48, (byte)0x8B, 0x43, 0x18,                        // 00d5 mov rax,QWORD PTR [rbx+0x18]
        0x48, (byte)0x8B, 0x00,                              // 00d9 mov rax,QWORD PTR [rax]
        0x49, 0x39, (byte)0xC7,                              // 00dc cmp r15,rax
        0x75, (byte)0xC7,                                    // 00df jne a8
        0x49, (byte)0x8D, 0x47, 0x01,                        // 00e1 lea rax,[r15+0x1]
        0x48, (byte)0x8B, 0x53, 0x18,                        // 00e5 mov rdx,QWORD PTR [rbx+0x18]
        0x48, (byte)0x89, 0x44, 0x24, 0x08,                  // 00e9 mov QWORD PTR [rsp+0x8],rax
        0x48, (byte)0x89, (byte)0xC7,                        // 00ee mov rdi,rax
        0x4C, (byte)0x89, (byte)0xF8,                        // 00f1 mov rax,r15
        (byte)0xF0, 0x48, 0x0F, (byte)0xB1, 0x3A,            // 00f4 lock cmpxchg QWORD PTR [rdx],rdi
        0x0F, (byte)0x85, (byte)0xEB, 0x00, 0x00, 0x00,      // 00f9 jne 1ea
        0x48, (byte)0x8B, 0x43, 0x10,                        // 00ff mov rax,QWORD PTR [rbx+0x10]
        0x48, (byte)0x8D, 0x74, 0x24, 0x10,                  // 0103 lea rsi,[rsp+0x10]
        0x4C, (byte)0x8D, 0x54, 0x24, 0x20,                  // 0108 lea r10,[rsp+0x20]
        0x45, 0x31, (byte)0xC9,                              // 010d xor r9d,r9d
        0x41, (byte)0xB8, 0x01, 0x00, 0x00, 0x00,            // 0110 mov r8d,0x1
        0x48, (byte)0x8B, 0x10,                              // 0116 mov rdx,QWORD PTR [rax]
        0x48, (byte)0x89, 0x54, 0x24, 0x20,                  // 0119 mov QWORD PTR [rsp+0x20],rdx
        (byte)0xBA, 0x01, 0x00, 0x00, 0x00,                  // 011e mov edx,0x1
        0x48, (byte)0x8B, 0x43, 0x40,                        // 0123 mov rax,QWORD PTR [rbx+0x40]
        0x48, (byte)0x8B, 0x0C, 0x24,                        // 0127 mov rcx,QWORD PTR [rsp]
        0x48, 0x03, 0x4B, 0x38,                              // 012b add rcx,QWORD PTR [rbx+0x38]
        0x48, (byte)0x8B, 0x7B, 0x20,                        // 012f mov rdi,QWORD PTR [rbx+0x20]
        0x48, (byte)0x89, 0x44, 0x24, 0x18,                  // 0133 mov QWORD PTR [rsp+0x18],rax
        0x48, (byte)0x89, 0x44, 0x24, 0x28,                  // 0138 mov QWORD PTR [rsp+0x28],rax
        (byte)0xB8, 0x36, 0x01, 0x00, 0x00,                  // 013d mov eax,0x136
        0x48, (byte)0x89, 0x4C, 0x24, 0x10,                  // 0142 mov QWORD PTR [rsp+0x10],rcx
        0x0F, 0x05,                                          // 0147 syscall
        0x48, (byte)0x89, (byte)0xC7,                        // 0149 mov rdi,rax
        0x49, (byte)0x8D, 0x4F, (byte)0xFF,                  // 014c lea rcx,[r15-0x1]
        0x48, 0x39, 0x43, 0x40,                              // 0150 cmp QWORD PTR [rbx+0x40],rax
        0x74, 0x5A,                                          // 0154 je 1b0
        0x48, (byte)0x8B, 0x53, 0x18,                        // 0156 mov rdx,QWORD PTR [rbx+0x18]
        0x48, (byte)0x8B, 0x44, 0x24, 0x08,                  // 015a mov rax,QWORD PTR [rsp+0x8]
        (byte)0xF0, 0x48, 0x0F, (byte)0xB1, 0x0A,            // 015f lock cmpxchg QWORD PTR [rdx],rcx
        (byte)0xB8, 0x00, 0x00, 0x00, 0x00,                  // 0164 mov eax,0x0
        0x48, 0x0F, 0x44, (byte)0xC7,                        // 0169 cmove rax,rdi
        0x48, (byte)0x89, 0x43, 0x60,                        // 016d mov QWORD PTR [rbx+0x60],rax
        0x31, (byte)0xC0,                                    // 0171 xor eax,eax
        (byte)0xE9, 0x3D, (byte)0xFF, (byte)0xFF, (byte)0xFF, // 0173 jmp b5
        0x0F, 0x1F, (byte)0x84, 0x00, 0x00, 0x00, 0x00,      // 0178 nop DWORD PTR [rax+rax*1+0x0]
        0x00,
        0x48, (byte)0x8B, 0x53, 0x08,                        // 0180 mov rdx,QWORD PTR [rbx+0x8]
        0x48, (byte)0x8B, 0x12,                              // 0184 mov rdx,QWORD PTR [rdx]
        0x49, 0x39, (byte)0xD6,                              // 0187 cmp r14,rdx
        0x0F, (byte)0x84, (byte)0xF0, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 018a je 80
        0x49, (byte)0x8D, 0x4E, 0x01,                        // 0190 lea rcx,[r14+0x1]
        0x48, 0x39, (byte)0xD1,                              // 0194 cmp rcx,rdx
        0x0F, (byte)0x84, (byte)0xE3, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 0197 je 80
        0x49, (byte)0x89, (byte)0xD4,                        // 019d mov r12,rdx
        (byte)0xE9, 0x19, (byte)0xFF, (byte)0xFF, (byte)0xFF, // 01a0 jmp be
        0x0F, 0x1F, 0x00,                                    // 01a5 nop DWORD PTR [rax]
        0x45, 0x31, (byte)0xED,                              // 01a8 xor r13d,r13d
        (byte)0xE9, (byte)0xBF, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 01ab jmp 6f
        0x49, (byte)0x8D, 0x4F, (byte)0xFE,                  // 01b0 lea rcx,[r15-0x2]
        (byte)0xEB, (byte)0xA0,                              // 01b4 jmp 156
        0x49, (byte)0x8D, 0x76, 0x01,                        // 01b6 lea rsi,[r14+0x1]
        0x49, (byte)0x8D, 0x4E, (byte)0xFF,                  // 01ba lea rcx,[r14-0x1]
        0x48, (byte)0x8B, 0x43, 0x08,                        // 01be mov rax,QWORD PTR [rbx+0x8]
        0x48, (byte)0x8B, 0x00,                              // 01c2 mov rax,QWORD PTR [rax]
        0x49, (byte)0x89, (byte)0xC4,                        // 01c5 mov r12,rax
        0x49, 0x39, (byte)0xC6,                              // 01c8 cmp r14,rax
        0x74, 0x09,                                          // 01cb je 1d6
        0x48, 0x39, (byte)0xC6,                              // 01cd cmp rsi,rax
        0x0F, (byte)0x85, 0x6A, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 01d0 jne 40
        0x48, (byte)0x8B, 0x53, 0x08,                        // 01d6 mov rdx,QWORD PTR [rbx+0x8]
        0x49, (byte)0x89, (byte)0xCC,                        // 01da mov r12,rcx
        (byte)0xF0, 0x48, 0x0F, (byte)0xB1, 0x0A,            // 01dd lock cmpxchg QWORD PTR [rdx],rcx
        0x0F, (byte)0x84, 0x58, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 01e2 je 40
        (byte)0xEB, (byte)0xD4,                              // 01e8 jmp 1be
        (byte)0xB8, 0x01, 0x00, 0x00, 0x00,                  // 01ea mov eax,0x1
        (byte)0xE9, (byte)0xC1, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 01ef jmp b5
    };

    private static final long OWN_ADDRESS = 0;
    private static final long OWN_STATE = 8;
    private static final long PEER_ADDRESS = 16;
    private static final long PEER_STATE = 24;
    private static final long PEER_PID = 32;
    private static final long SEND_OFFSET = 40;
    private static final long SEND_BYTES = 48;
    private static final long RECV_OFFSET = 56;
    private static final long RECV_BYTES = 64;
    private static final long OWN_HELD = 72;
    private static final long PEER_HELD = 80;
    private static final long SPINS = 88;
    private static final long PULLED = 96;
    private static final long CONTROL_BYTES = 104;

    private static final X86Code.Function FUNCTION = X86Code.bind("the paired copy", CODE,
        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS),
        Linker.Option.critical(true));
    private static final MethodHandle CALL = FUNCTION.handle();
    /** True when {@link #run} may be called. */
    public static final boolean AVAILABLE = CALL != null;
    /** Nanoseconds one poll of the code's waiting loop takes here, measured once. */
    private static final double NS_PER_SPIN = AVAILABLE ? measureSpin() : 1;

    private final Arena arena = Arena.ofShared();
    private final MemorySegment control = arena.allocate(CONTROL_BYTES, Long.BYTES);

    /**
     * A call for one pair, its words native addresses in memory both processes map.
     *
     * @param ownAddressWord  where this side publishes its send payload's address.
     * @param ownStateWord    this side's state word.
     * @param peerAddressWord where the peer publishes its payload's address.
     * @param peerStateWord   the peer's state word.
     * @param peerPid         the peer's process, whose memory this side reads.
     */
    public PairedCopyCall(
        final long ownAddressWord, final long ownStateWord, final long peerAddressWord, final long peerStateWord, final long peerPid)
    {
        control.set(ValueLayout.JAVA_LONG, OWN_ADDRESS, ownAddressWord);
        control.set(ValueLayout.JAVA_LONG, OWN_STATE, ownStateWord);
        control.set(ValueLayout.JAVA_LONG, PEER_ADDRESS, peerAddressWord);
        control.set(ValueLayout.JAVA_LONG, PEER_STATE, peerStateWord);
        control.set(ValueLayout.JAVA_LONG, PEER_PID, peerPid);
    }

    /** @return null when {@link #AVAILABLE}; otherwise why not. */
    public static String unavailabilityCause()
    {
        return FUNCTION.unavailabilityCause();
    }

    /** @return the polls of the waiting loop that last about {@code nanos}, at least one: a {@link #run}'s budget. */
    public static long spinsFor(final long nanos)
    {
        return Math.max(1, (long)(nanos / NS_PER_SPIN));
    }

    /** @return the nanoseconds a poll takes: a side alone, holding and waiting to pull for 200,000 polls, timed. */
    private static double measureSpin()
    {
        final long spins = 200_000;
        try (Arena arena = Arena.ofConfined())
        {
            final MemorySegment words = arena.allocate(256, 64);
            final long base = words.address();
            final byte[] array = new byte[8];
            try (PairedCopyCall alone = new PairedCopyCall(base, base + 64, base + 128, base + 192, ProcessHandle.current().pid()))
            {
                final MemorySegment segment = MemorySegment.ofArray(array);
                alone.run(segment, 0, 8, segment, 0, 8, 12, 20, 1000);
                final long start = System.nanoTime();
                alone.run(segment, 0, 8, segment, 0, 8, 28, 36, spins);
                return Math.max(0.5, (System.nanoTime() - start) / (double)spins);
            }
        }
    }

    /**
     * Holds {@code sendBytes} of {@code send} from byte {@code sendOffset} for the peer and pulls the peer's {@code recvBytes}
     * into {@code recv} from byte {@code recvOffset}, for at most {@code spins} polls (see {@link #spinsFor}).
     * Keep it short enough that the JVM may wait for it at a safepoint.
     *
     * @param ownHeld  this side's {@code HELD} word for this generation.
     * @param peerHeld the peer's {@code HELD} word for its generation.
     * @return the word this side's hold ended with: {@code ownHeld - 2} when the peer pulled it, {@code ownHeld - 1} when it
     *         was withdrawn; 0 when it held nothing. {@link #pulled()} tells the pull's outcome.
     * @throws IndexOutOfBoundsException when a range is not inside its array.
     */
    public long run(
        final MemorySegment send, final long sendOffset, final long sendBytes, final MemorySegment recv, final long recvOffset,
        final long recvBytes, final long ownHeld, final long peerHeld, final long spins)
    {
        OffsetBufferCall.checkRange(send, sendOffset, sendBytes);
        OffsetBufferCall.checkRange(recv, recvOffset, recvBytes);
        control.set(ValueLayout.JAVA_LONG, SEND_OFFSET, sendOffset);
        control.set(ValueLayout.JAVA_LONG, SEND_BYTES, sendBytes);
        control.set(ValueLayout.JAVA_LONG, RECV_OFFSET, recvOffset);
        control.set(ValueLayout.JAVA_LONG, RECV_BYTES, recvBytes);
        control.set(ValueLayout.JAVA_LONG, OWN_HELD, ownHeld);
        control.set(ValueLayout.JAVA_LONG, PEER_HELD, peerHeld);
        control.set(ValueLayout.JAVA_LONG, SPINS, Math.max(1, spins));
        try
        {
            return (long)CALL.invokeExact(control, send, recv);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("paired copy failed: " + ex, ex);
        }
    }

    /**
     * @return the last {@link #run}'s pull: the bytes pulled, which the peer's word confirms; 0 when it pulled nothing (the
     *         peer withdrew first, or the budget ran out); minus {@code errno} when the read failed ({@link Libc#EPERM}: this
     *         process may not read the peer's memory); fewer bytes than asked when part of the range was unmapped.
     */
    public long pulled()
    {
        return control.get(ValueLayout.JAVA_LONG, PULLED);
    }

    /** Frees the control block; no call may run. */
    @Override
    public void close()
    {
        arena.close();
    }
}
