/*
 * The source of the machine code in org.openmpj.os.PairedCopyCall: two ranks in different processes each hold an array
 * still for the other and move their own part of the data, both at once, inside one critical downcall (the JVM moves
 * neither array while the call lasts): in an exchange each holds its send array and reads the other's block into its
 * receive array; in a one-way transfer the sender holds its send array and writes the first part into the receiver's
 * array, which the receiver holds while it reads the rest. See PairedCopyCall's Javadoc for the protocol.
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
    long *own_address;   /*   0: where this side publishes the address of the array it holds for the peer */
    long *own_state;     /*   8: this side's hold state word */
    long *peer_address;  /*  16: where the peer publishes the address of the array it holds */
    long *peer_state;    /*  24: the peer's hold state word */
    long peer_pid;       /*  32 */
    long held_offset;    /*  40: bytes into the held array where the peer's part of it starts */
    long holds;          /*  48: nonzero when this side holds an array for the peer */
    long local_offset;   /*  56: bytes into the local array where this side's own transfer starts */
    long length;         /*  64: bytes this side moves itself; 0 when it moves none */
    long own_held;       /*  72: HELD of this side's generation; COPYING = +1, WITHDRAWN = -1, PULLED = -2 */
    long peer_held;      /*  80: HELD of the peer's generation */
    long spins;          /*  88: the budget of polls before this side gives up */
    long moved;          /*  96, out: bytes moved and confirmed, 0 when none, or minus errno of the call */
    long remote_offset;  /* 104: bytes past the peer's published address where this side's transfer starts there */
    long writes;         /* 112: nonzero when this side writes into the peer's array, zero when it reads from it */
};

static inline long compare_and_set(long *word, long expected, long value)
{
    return __atomic_compare_exchange_n(word, &expected, value, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/* process_vm_readv (310) or process_vm_writev (311) of one contiguous range: bytes moved, or minus errno. */
static inline long move_range(long call, long pid, char *local, long length, long remote)
{
    long iov[4] = { (long)local, length, remote, length };
    long result;
    register long remote_iov __asm__("r10") = (long)&iov[2];
    register long remote_count __asm__("r8") = 1;
    register long flags __asm__("r9") = 0;
    __asm__ volatile ("syscall"
        : "=a"(result)
        : "0"(call), "D"(pid), "S"(&iov[0]), "d"(1L), "r"(remote_iov), "r"(remote_count), "r"(flags)
        : "rcx", "r11", "memory");
    return result;
}

/*
 * Holds `held` for the peer (when control->holds) and moves this side's part: reads it out of the array the peer holds
 * into `local`, or writes it from `local` into that array (control->writes). Returns the state this side's hold ended in
 * (0 when it held nothing); the transfer's outcome is in control->moved.
 */
long paired_copy(struct control *control, char *held, char *local)
{
    const long own = control->own_held;
    const long peer = control->peer_held;
    long spins = control->spins;
    int holding = control->holds != 0;
    int moving = control->length > 0;
    long ended = 0;
    control->moved = 0;
    if (holding)
    {
        __atomic_store_n(control->own_address, (long)(held + control->held_offset), __ATOMIC_RELAXED);
        __atomic_store_n(control->own_state, own, __ATOMIC_RELEASE);
    }
    while (holding | moving)
    {
        if (moving)
        {
            const long state = __atomic_load_n(control->peer_state, __ATOMIC_ACQUIRE);
            if (state == peer)
            {
                if (compare_and_set(control->peer_state, peer, peer + 1))
                {
                    const long remote = __atomic_load_n(control->peer_address, __ATOMIC_ACQUIRE) + control->remote_offset;
                    const long done = move_range(control->writes ? 311L : 310L, control->peer_pid, local + control->local_offset,
                        control->length, remote);
                    const long outcome = done == control->length ? peer - 2 : peer - 1;
                    control->moved = compare_and_set(control->peer_state, peer + 1, outcome) ? done : 0;
                    moving = 0;
                }
            }
            else if (state == peer - 1)
            {
                moving = 0;
            }
        }
        if (holding)
        {
            const long state = __atomic_load_n(control->own_state, __ATOMIC_ACQUIRE);
            if (state != own && state != own + 1)
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
        if (state != own && state != own + 1)
        {
            ended = state;
            break;
        }
        if (compare_and_set(control->own_state, state, own - 1))
        {
            ended = own - 1;
            break;
        }
    }
    return ended;
}
