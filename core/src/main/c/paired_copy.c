/*
 * The source of the machine code in org.openmpj.os.PairedCopyCall: two ranks in different processes each hold their
 * send array still for the other and pull the other's payload into their receive array, both at once, inside one
 * critical downcall (the JVM moves neither array while the call lasts). See PairedCopyCall's Javadoc for the protocol.
 *
 * Regenerate the bytes after a change (x86-64, gcc):
 *   gcc -O2 -mno-red-zone -fno-stack-protector -fno-asynchronous-unwind-tables -fcf-protection=none -fno-pic \
 *       -c paired_copy.c -o paired_copy.o
 *   objdump -r paired_copy.o       # must list no relocation: the code runs from a page of its own
 *   objdump -d paired_copy.o       # the bytes and instructions for PairedCopyCall.CODE
 */

/* The control block, in native memory; the offsets are PairedCopyCall's. */
struct control
{
    long *own_address;   /*  0: where this side publishes its send payload's address */
    long *own_state;     /*  8: this side's hold state word */
    long *peer_address;  /* 16: where the peer publishes its payload's address */
    long *peer_state;    /* 24: the peer's hold state word */
    long peer_pid;       /* 32 */
    long send_offset;    /* 40: bytes into the send array */
    long send_bytes;     /* 48: 0 when this side sends nothing */
    long recv_offset;    /* 56: bytes into the receive array */
    long recv_bytes;     /* 64: 0 when this side receives nothing */
    long own_held;       /* 72: HELD of this side's generation; COPYING = +1, WITHDRAWN = -1, PULLED = -2 */
    long peer_held;      /* 80: HELD of the peer's generation */
    long spins;          /* 88: the budget of polls before this side gives up */
    long pulled;         /* 96, out: bytes pulled and confirmed, 0 when none, or minus errno of the read */
};

static inline long compare_and_set(long *word, long expected, long value)
{
    return __atomic_compare_exchange_n(word, &expected, value, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/* process_vm_readv of one contiguous range: bytes read, or minus errno. */
static inline long read_peer(long pid, char *local, long length, long remote)
{
    long iov[4] = { (long)local, length, remote, length };
    long result;
    register long remote_iov __asm__("r10") = (long)&iov[2];
    register long remote_count __asm__("r8") = 1;
    register long flags __asm__("r9") = 0;
    __asm__ volatile ("syscall"
        : "=a"(result)
        : "0"(310L), "D"(pid), "S"(&iov[0]), "d"(1L), "r"(remote_iov), "r"(remote_count), "r"(flags)
        : "rcx", "r11", "memory");
    return result;
}

/* Returns the state this side's hold ended in (0 when it held nothing); the pull's outcome is in control->pulled. */
long paired_copy(struct control *control, char *send, char *recv)
{
    const long held = control->own_held;
    const long peer = control->peer_held;
    long spins = control->spins;
    int holding = control->send_bytes > 0;
    int pulling = control->recv_bytes > 0;
    long ended = 0;
    control->pulled = 0;
    if (holding)
    {
        __atomic_store_n(control->own_address, (long)(send + control->send_offset), __ATOMIC_RELAXED);
        __atomic_store_n(control->own_state, held, __ATOMIC_RELEASE);
    }
    while (holding | pulling)
    {
        if (pulling)
        {
            const long state = __atomic_load_n(control->peer_state, __ATOMIC_ACQUIRE);
            if (state == peer)
            {
                if (compare_and_set(control->peer_state, peer, peer + 1))
                {
                    const long read = read_peer(control->peer_pid, recv + control->recv_offset, control->recv_bytes,
                        __atomic_load_n(control->peer_address, __ATOMIC_ACQUIRE));
                    const long outcome = read == control->recv_bytes ? peer - 2 : peer - 1;
                    control->pulled = compare_and_set(control->peer_state, peer + 1, outcome) ? read : 0;
                    pulling = 0;
                }
            }
            else if (state == peer - 1)
            {
                pulling = 0;
            }
        }
        if (holding)
        {
            const long state = __atomic_load_n(control->own_state, __ATOMIC_ACQUIRE);
            if (state != held && state != held + 1)
            {
                ended = state;
                holding = 0;
            }
        }
        if (--spins == 0)
        {
            break;
        }
        __builtin_ia32_pause();
    }
    while (holding)
    {
        const long state = __atomic_load_n(control->own_state, __ATOMIC_ACQUIRE);
        if (state != held && state != held + 1)
        {
            ended = state;
            break;
        }
        if (compare_and_set(control->own_state, state, held - 1))
        {
            ended = held - 1;
            break;
        }
    }
    return ended;
}
