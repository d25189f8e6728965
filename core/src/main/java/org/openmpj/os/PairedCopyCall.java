package org.openmpj.os;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Two ranks in different processes move data between their Java arrays with the kernel, both at the same time, each
 * holding an array still for the other inside one critical downcall: neither array can move while the call lasts (the
 * calling thread stays "in Java", so the JVM reaches no safepoint), and neither side has to leave the call to serve the
 * other, which a hold of one array alone ({@link SpinningHold}) would: two such holds facing each other would only wait.
 * In an exchange ({@link #exchange}) each side holds its send array and reads the other's block into its receive array
 * with {@code process_vm_readv}: one copy per core. In a one-way transfer the sender holds its send array and writes the
 * first part of the block into the receiver's array with {@code process_vm_writev}, while the receiver holds that array
 * and reads the rest: two cores copy one block. The function is 508 bytes of x86-64 code (see {@link X86Code}) compiled
 * from {@code core/src/main/c/paired_copy.c}, which says how to regenerate them.
 *
 * <p>Each side has a state word and an address word in shared memory, and the call is given both sides' words. With
 * {@code HELD} the word of this side's generation, the protocol is {@link SpinningHold}'s, run by both sides at once:
 * the call publishes the held array's address, then {@code HELD}; it waits for the peer's word to show the peer's
 * {@code HELD}, claims it ({@code HELD + 1}, copying), moves its part and ends the claim with {@code HELD - 2} (moved) or,
 * when the call failed, {@code HELD - 1} (withdrawn); and it waits for the peer to end its own word likewise. A side whose
 * budget of polls runs out withdraws its word ({@code HELD - 1}) by compare-and-set, unless the peer ended it first; a
 * transfer whose final compare-and-set fails is void. So each side's part is settled by one word, and both sides agree on
 * it: what the call did not move, both know to move otherwise.
 *
 * <p>Thread-safety: an instance serves one pair, one call at a time; the class is stateless once initialized.
 */
public final class PairedCopyCall implements AutoCloseable
{
    /** {@code long paired_copy(struct control *control, char *held, char *local)}; see paired_copy.c. */
    private static final byte[] CODE = {
        0x41, 0x57,                                          // 0000 push r15
        0x41, 0x56,                                          // 0002 push r14
        0x41, 0x55,                                          // 0004 push r13
        0x41, 0x54,                                          // 0006 push r12
        0x55,                                                // 0008 push rbp
        0x53,                                                // 0009 push rbx
        0x48, (byte)0x89, (byte)0xFB,                        // 000a mov rbx,rdi
        0x48, (byte)0x83, (byte)0xEC, 0x38,                  // 000d sub rsp,0x38
        0x4C, (byte)0x8B, 0x67, 0x30,                        // 0011 mov r12,QWORD PTR [rdi+0x30]
        0x48, (byte)0xC7, 0x47, 0x60, 0x00, 0x00, 0x00,      // 0015 mov QWORD PTR [rdi+0x60],0x0
        0x00,
        0x4C, (byte)0x8B, 0x77, 0x48,                        // 001d mov r14,QWORD PTR [rdi+0x48]
        0x4C, (byte)0x8B, 0x7F, 0x50,                        // 0021 mov r15,QWORD PTR [rdi+0x50]
        0x48, (byte)0x89, 0x14, 0x24,                        // 0025 mov QWORD PTR [rsp],rdx
        0x48, (byte)0x8B, 0x6F, 0x58,                        // 0029 mov rbp,QWORD PTR [rdi+0x58]
        0x48, (byte)0x8B, 0x47, 0x40,                        // 002d mov rax,QWORD PTR [rdi+0x40]
        0x4D, (byte)0x85, (byte)0xE4,                        // 0031 test r12,r12
        0x0F, (byte)0x85, 0x5E, 0x01, 0x00, 0x00,            // 0034 jne 198
        0x48, (byte)0x85, (byte)0xC0,                        // 003a test rax,rax
        0x7F, 0x19,                                          // 003d jg 58
        0x48, (byte)0x83, (byte)0xC4, 0x38,                  // 003f add rsp,0x38
        0x4C, (byte)0x89, (byte)0xE0,                        // 0043 mov rax,r12
        0x5B,                                                // 0046 pop rbx
        0x5D,                                                // 0047 pop rbp
        0x41, 0x5C,                                          // 0048 pop r12
        0x41, 0x5D,                                          // 004a pop r13
        0x41, 0x5E,                                          // 004c pop r14
        0x41, 0x5F,                                          // 004e pop r15
        (byte)0xC3,                                          // 0050 ret
        0x0F, 0x1F, (byte)0x80, 0x00, 0x00, 0x00, 0x00,      // 0051 nop DWORD PTR [rax+0x0]
        0x45, 0x31, (byte)0xED,                              // 0058 xor r13d,r13d
        0x45, 0x31, (byte)0xE4,                              // 005b xor r12d,r12d
        0x48, (byte)0x85, (byte)0xC0,                        // 005e test rax,rax
        0x7F, 0x24,                                          // 0061 jg 87
        0x31, (byte)0xC0,                                    // 0063 xor eax,eax
        (byte)0xEB, 0x3E,                                    // 0065 jmp a5
        0x66, 0x0F, 0x1F, (byte)0x84, 0x00, 0x00, 0x00,      // 0067 nop WORD PTR [rax+rax*1+0x0]
        0x00, 0x00,
        0x48, (byte)0x83, (byte)0xED, 0x01,                  // 0070 sub rbp,0x1
        0x0F, (byte)0x84, 0x44, 0x01, 0x00, 0x00,            // 0074 je 1be
        (byte)0xF3, (byte)0x90,                              // 007a pause
        (byte)0x85, (byte)0xC0,                              // 007c test eax,eax
        0x0F, (byte)0x84, (byte)0xEC, 0x00, 0x00, 0x00,      // 007e je 170
        0x41, (byte)0x89, (byte)0xC5,                        // 0084 mov r13d,eax
        0x48, (byte)0x8B, 0x43, 0x18,                        // 0087 mov rax,QWORD PTR [rbx+0x18]
        0x48, (byte)0x8B, 0x00,                              // 008b mov rax,QWORD PTR [rax]
        0x49, 0x39, (byte)0xC7,                              // 008e cmp r15,rax
        0x74, 0x36,                                          // 0091 je c9
        0x0F, 0x1F, 0x44, 0x00, 0x00,                        // 0093 nop DWORD PTR [rax+rax*1+0x0]
        0x49, (byte)0x8D, 0x57, (byte)0xFF,                  // 0098 lea rdx,[r15-0x1]
        0x48, 0x39, (byte)0xC2,                              // 009c cmp rdx,rax
        0x0F, (byte)0x95, (byte)0xC0,                        // 009f setne al
        0x0F, (byte)0xB6, (byte)0xC0,                        // 00a2 movzx eax,al
        0x45, (byte)0x85, (byte)0xED,                        // 00a5 test r13d,r13d
        0x0F, (byte)0x85, (byte)0xC2, 0x00, 0x00, 0x00,      // 00a8 jne 170
        0x48, (byte)0x83, (byte)0xED, 0x01,                  // 00ae sub rbp,0x1
        0x74, (byte)0x8B,                                    // 00b2 je 3f
        (byte)0xF3, (byte)0x90,                              // 00b4 pause
        0x45, 0x31, (byte)0xED,                              // 00b6 xor r13d,r13d
        (byte)0x85, (byte)0xC0,                              // 00b9 test eax,eax
        0x74, (byte)0x82,                                    // 00bb je 3f
        0x48, (byte)0x8B, 0x43, 0x18,                        // 00bd mov rax,QWORD PTR [rbx+0x18]
        0x48, (byte)0x8B, 0x00,                              // 00c1 mov rax,QWORD PTR [rax]
        0x49, 0x39, (byte)0xC7,                              // 00c4 cmp r15,rax
        0x75, (byte)0xCF,                                    // 00c7 jne 98
        0x49, (byte)0x8D, 0x47, 0x01,                        // 00c9 lea rax,[r15+0x1]
        0x48, (byte)0x8B, 0x53, 0x18,                        // 00cd mov rdx,QWORD PTR [rbx+0x18]
        0x48, (byte)0x89, 0x44, 0x24, 0x08,                  // 00d1 mov QWORD PTR [rsp+0x8],rax
        0x48, (byte)0x89, (byte)0xC7,                        // 00d6 mov rdi,rax
        0x4C, (byte)0x89, (byte)0xF8,                        // 00d9 mov rax,r15
        (byte)0xF0, 0x48, 0x0F, (byte)0xB1, 0x3A,            // 00dc lock cmpxchg QWORD PTR [rdx],rdi
        0x0F, (byte)0x85, 0x0B, 0x01, 0x00, 0x00,            // 00e1 jne 1f2
        0x48, (byte)0x8B, 0x43, 0x10,                        // 00e7 mov rax,QWORD PTR [rbx+0x10]
        0x4C, (byte)0x8D, 0x54, 0x24, 0x20,                  // 00eb lea r10,[rsp+0x20]
        0x41, (byte)0xB8, 0x01, 0x00, 0x00, 0x00,            // 00f0 mov r8d,0x1
        0x48, (byte)0x8B, 0x10,                              // 00f6 mov rdx,QWORD PTR [rax]
        0x48, 0x03, 0x53, 0x68,                              // 00f9 add rdx,QWORD PTR [rbx+0x68]
        0x48, (byte)0x8B, 0x4B, 0x40,                        // 00fd mov rcx,QWORD PTR [rbx+0x40]
        0x48, (byte)0x8B, 0x34, 0x24,                        // 0101 mov rsi,QWORD PTR [rsp]
        0x48, 0x03, 0x73, 0x38,                              // 0105 add rsi,QWORD PTR [rbx+0x38]
        0x48, (byte)0x89, 0x54, 0x24, 0x20,                  // 0109 mov QWORD PTR [rsp+0x20],rdx
        (byte)0xBA, 0x01, 0x00, 0x00, 0x00,                  // 010e mov edx,0x1
        0x48, (byte)0x83, 0x7B, 0x70, 0x01,                  // 0113 cmp QWORD PTR [rbx+0x70],0x1
        0x48, (byte)0x8B, 0x7B, 0x20,                        // 0118 mov rdi,QWORD PTR [rbx+0x20]
        0x48, (byte)0x89, 0x74, 0x24, 0x10,                  // 011c mov QWORD PTR [rsp+0x10],rsi
        0x48, (byte)0x8D, 0x74, 0x24, 0x10,                  // 0121 lea rsi,[rsp+0x10]
        0x48, 0x19, (byte)0xC0,                              // 0126 sbb rax,rax
        0x48, (byte)0x89, 0x4C, 0x24, 0x18,                  // 0129 mov QWORD PTR [rsp+0x18],rcx
        0x45, 0x31, (byte)0xC9,                              // 012e xor r9d,r9d
        0x48, (byte)0x89, 0x4C, 0x24, 0x28,                  // 0131 mov QWORD PTR [rsp+0x28],rcx
        0x48, 0x05, 0x37, 0x01, 0x00, 0x00,                  // 0136 add rax,0x137
        0x0F, 0x05,                                          // 013c syscall
        0x48, (byte)0x89, (byte)0xC7,                        // 013e mov rdi,rax
        0x49, (byte)0x8D, 0x4F, (byte)0xFF,                  // 0141 lea rcx,[r15-0x1]
        0x48, 0x39, 0x43, 0x40,                              // 0145 cmp QWORD PTR [rbx+0x40],rax
        0x74, 0x6D,                                          // 0149 je 1b8
        0x48, (byte)0x8B, 0x53, 0x18,                        // 014b mov rdx,QWORD PTR [rbx+0x18]
        0x48, (byte)0x8B, 0x44, 0x24, 0x08,                  // 014f mov rax,QWORD PTR [rsp+0x8]
        (byte)0xF0, 0x48, 0x0F, (byte)0xB1, 0x0A,            // 0154 lock cmpxchg QWORD PTR [rdx],rcx
        (byte)0xB8, 0x00, 0x00, 0x00, 0x00,                  // 0159 mov eax,0x0
        0x48, 0x0F, 0x44, (byte)0xC7,                        // 015e cmove rax,rdi
        0x48, (byte)0x89, 0x43, 0x60,                        // 0162 mov QWORD PTR [rbx+0x60],rax
        0x31, (byte)0xC0,                                    // 0166 xor eax,eax
        (byte)0xE9, 0x38, (byte)0xFF, (byte)0xFF, (byte)0xFF, // 0168 jmp a5
        0x0F, 0x1F, 0x00,                                    // 016d nop DWORD PTR [rax]
        0x48, (byte)0x8B, 0x53, 0x08,                        // 0170 mov rdx,QWORD PTR [rbx+0x8]
        0x48, (byte)0x8B, 0x12,                              // 0174 mov rdx,QWORD PTR [rdx]
        0x49, 0x39, (byte)0xD6,                              // 0177 cmp r14,rdx
        0x0F, (byte)0x84, (byte)0xF0, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 017a je 70
        0x49, (byte)0x8D, 0x4E, 0x01,                        // 0180 lea rcx,[r14+0x1]
        0x48, 0x39, (byte)0xD1,                              // 0184 cmp rcx,rdx
        0x0F, (byte)0x84, (byte)0xE3, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 0187 je 70
        0x49, (byte)0x89, (byte)0xD4,                        // 018d mov r12,rdx
        (byte)0xE9, 0x19, (byte)0xFF, (byte)0xFF, (byte)0xFF, // 0190 jmp ae
        0x0F, 0x1F, 0x00,                                    // 0195 nop DWORD PTR [rax]
        0x48, (byte)0x8B, 0x17,                              // 0198 mov rdx,QWORD PTR [rdi]
        0x48, 0x03, 0x77, 0x28,                              // 019b add rsi,QWORD PTR [rdi+0x28]
        0x41, (byte)0xBD, 0x01, 0x00, 0x00, 0x00,            // 019f mov r13d,0x1
        0x48, (byte)0x89, 0x32,                              // 01a5 mov QWORD PTR [rdx],rsi
        0x48, (byte)0x8B, 0x57, 0x08,                        // 01a8 mov rdx,QWORD PTR [rdi+0x8]
        0x4C, (byte)0x89, 0x32,                              // 01ac mov QWORD PTR [rdx],r14
        (byte)0xE9, (byte)0xA7, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 01af jmp 5b
        0x0F, 0x1F, 0x40, 0x00,                              // 01b4 nop DWORD PTR [rax+0x0]
        0x49, (byte)0x8D, 0x4F, (byte)0xFE,                  // 01b8 lea rcx,[r15-0x2]
        (byte)0xEB, (byte)0x8D,                              // 01bc jmp 14b
        0x49, (byte)0x8D, 0x76, 0x01,                        // 01be lea rsi,[r14+0x1]
        0x49, (byte)0x8D, 0x4E, (byte)0xFF,                  // 01c2 lea rcx,[r14-0x1]
        0x48, (byte)0x8B, 0x43, 0x08,                        // 01c6 mov rax,QWORD PTR [rbx+0x8]
        0x48, (byte)0x8B, 0x00,                              // 01ca mov rax,QWORD PTR [rax]
        0x49, (byte)0x89, (byte)0xC4,                        // 01cd mov r12,rax
        0x49, 0x39, (byte)0xC6,                              // 01d0 cmp r14,rax
        0x74, 0x09,                                          // 01d3 je 1de
        0x48, 0x39, (byte)0xC6,                              // 01d5 cmp rsi,rax
        0x0F, (byte)0x85, 0x61, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 01d8 jne 3f
        0x48, (byte)0x8B, 0x53, 0x08,                        // 01de mov rdx,QWORD PTR [rbx+0x8]
        0x49, (byte)0x89, (byte)0xCC,                        // 01e2 mov r12,rcx
        (byte)0xF0, 0x48, 0x0F, (byte)0xB1, 0x0A,            // 01e5 lock cmpxchg QWORD PTR [rdx],rcx
        0x0F, (byte)0x84, 0x4F, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 01ea je 3f
        (byte)0xEB, (byte)0xD4,                              // 01f0 jmp 1c6
        (byte)0xB8, 0x01, 0x00, 0x00, 0x00,                  // 01f2 mov eax,0x1
        (byte)0xE9, (byte)0xA9, (byte)0xFE, (byte)0xFF, (byte)0xFF, // 01f7 jmp a5
    };

    private static final long OWN_ADDRESS = 0;
    private static final long OWN_STATE = 8;
    private static final long PEER_ADDRESS = 16;
    private static final long PEER_STATE = 24;
    private static final long PEER_PID = 32;
    private static final long HELD_OFFSET = 40;
    private static final long HOLDS = 48;
    private static final long LOCAL_OFFSET = 56;
    private static final long LENGTH = 64;
    private static final long OWN_HELD = 72;
    private static final long PEER_HELD = 80;
    private static final long SPINS = 88;
    private static final long MOVED = 96;
    private static final long REMOTE_OFFSET = 104;
    private static final long WRITES = 112;
    private static final long CONTROL_BYTES = 120;

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

    /**
     * @return the nanoseconds a poll takes: a side alone, holding and waiting to pull for 200,000 polls, timed; the fastest of
     *         three runs, since a run the scheduler interrupted, or one in the VM's slow state, would count every poll
     *         longer and every budget would end early (a budget of 20 ms took 8.4 ms once the VM ran fast again).
     */
    private static double measureSpin()
    {
        double fastest = Double.MAX_VALUE;
        for (int run = 0; run < 3; run++)
        {
            fastest = Math.min(fastest, timeSpins());
        }
        return fastest;
    }

    /** @return the nanoseconds a poll took in one run of 200,000 polls. */
    private static double timeSpins()
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
                alone.exchange(segment, 0, 8, segment, 0, 8, 12, 20, 1000);
                final long start = System.nanoTime();
                alone.exchange(segment, 0, 8, segment, 0, 8, 28, 36, spins);
                return Math.max(0.5, (System.nanoTime() - start) / (double)spins);
            }
        }
    }

    /**
     * The exchange: holds {@code sendBytes} of {@code send} from byte {@code sendOffset} for the peer, which reads them, and
     * reads the peer's {@code recvBytes} into {@code recv} from byte {@code recvOffset} (either count may be 0), for at most
     * {@code spins} polls (see {@link #spinsFor}).
     *
     * @return as {@link #run}.
     */
    public long exchange(
        final MemorySegment send, final long sendOffset, final long sendBytes, final MemorySegment recv, final long recvOffset,
        final long recvBytes, final long ownHeld, final long peerHeld, final long spins)
    {
        return run(send, sendOffset, sendBytes, recv, recvOffset, recvBytes, 0, false, ownHeld, peerHeld, spins);
    }

    /**
     * One side's part of a paired copy. Keep it short enough that the JVM may wait for it at a safepoint.
     *
     * @param held         the array this side holds still for the peer, when {@code heldBytes} is not 0: the peer moves
     *                     data within {@code heldBytes} from byte {@code heldOffset}, where its {@code remoteOffset}
     *                     counts from.
     * @param local        the array this side's own transfer reads into or writes from, from byte {@code localOffset}.
     * @param length       the bytes this side moves itself; 0 when it moves none.
     * @param remoteOffset where its transfer starts in the peer's held array, past the peer's {@code heldOffset}.
     * @param writes       whether it writes into the peer's array ({@code process_vm_writev}) rather than reads from it.
     * @param ownHeld      this side's {@code HELD} word for this generation.
     * @param peerHeld     the peer's {@code HELD} word for its generation.
     * @return the word this side's hold ended with: {@code ownHeld - 2} when the peer moved its part, {@code ownHeld - 1}
     *         when it was withdrawn; 0 when it held nothing. {@link #moved()} tells this side's own transfer.
     * @throws IndexOutOfBoundsException when either range is not inside its array.
     */
    public long run(
        final MemorySegment held, final long heldOffset, final long heldBytes, final MemorySegment local, final long localOffset,
        final long length, final long remoteOffset, final boolean writes, final long ownHeld, final long peerHeld, final long spins)
    {
        OffsetBufferCall.checkRange(held, heldOffset, heldBytes);
        OffsetBufferCall.checkRange(local, localOffset, length);
        control.set(ValueLayout.JAVA_LONG, HELD_OFFSET, heldOffset);
        control.set(ValueLayout.JAVA_LONG, HOLDS, heldBytes > 0 ? 1 : 0);
        control.set(ValueLayout.JAVA_LONG, LOCAL_OFFSET, localOffset);
        control.set(ValueLayout.JAVA_LONG, LENGTH, length);
        control.set(ValueLayout.JAVA_LONG, REMOTE_OFFSET, remoteOffset);
        control.set(ValueLayout.JAVA_LONG, WRITES, writes ? 1 : 0);
        control.set(ValueLayout.JAVA_LONG, OWN_HELD, ownHeld);
        control.set(ValueLayout.JAVA_LONG, PEER_HELD, peerHeld);
        control.set(ValueLayout.JAVA_LONG, SPINS, Math.max(1, spins));
        try
        {
            return (long)CALL.invokeExact(control, held, local);
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException("paired copy failed: " + ex, ex);
        }
    }

    /**
     * @return the last {@link #run}'s own transfer: the bytes moved, which the peer's word confirms; 0 when it moved
     *         nothing (the peer withdrew first, or the budget ran out); minus {@code errno} when the call failed
     *         ({@link Libc#EPERM}: this process may not read or write the peer's memory); fewer bytes than asked when part
     *         of the range was unmapped.
     */
    public long moved()
    {
        return control.get(ValueLayout.JAVA_LONG, MOVED);
    }

    /** Frees the control block; no call may run. */
    @Override
    public void close()
    {
        arena.close();
    }
}
