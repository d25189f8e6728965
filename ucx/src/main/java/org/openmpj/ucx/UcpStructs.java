package org.openmpj.ucx;

/**
 * Where the fields of the UCX parameter structures the device fills in lie, in bytes, as UCX 1.10 and every later 1.x lay
 * them out (each structure says by its first field which of its fields are set, and UCX only ever appends fields, so the
 * offsets hold for the versions after it). Measured with {@code offsetof} against UCX 1.13's headers.
 *
 * <pre>
 *   ucp_params_t (80)             0 field_mask  8 features
 *   ucp_worker_params_t (200)     0 field_mask  8 thread_mode (u32)
 *   ucp_ep_params_t (104)         0 field_mask  8 address  16 err_mode (u32)  24 err_handler.cb  32 err_handler.arg
 *                                40 user_data
 *   ucp_am_handler_param_t (32)   0 field_mask  8 id (u32)  12 flags (u32)  16 cb  24 arg
 *   ucp_request_param_t (72)      0 op_attr_mask (u32)  4 flags (u32)  8 request  16 cb  24 datatype  32 user_data
 *                                40 reply_buffer  48 memory_type (u32)  56 recv_info  64 memh
 *   ucp_am_recv_param_t (16)      0 recv_attr  8 reply_ep
 *   ucp_mem_map_params_t (40)     0 field_mask  8 address  16 length  24 flags (u32)  28 prot (u32)  32 memory_type (u32)
 * </pre>
 */
final class UcpStructs
{
    /** The oldest UCX 1.x minor version whose functions and layouts the device uses ({@code ucp_am_send_nbx}, memh in requests). */
    static final int OLDEST_MINOR = 13;
    /** The API version the device is written against, given to {@code ucp_init_version}. */
    static final int API_MAJOR = 1;
    static final int API_MINOR = 13;

    static final int PARAMS_BYTES = 80;
    static final int PARAMS_FIELD_MASK_OFFSET = 0;
    static final int PARAMS_FEATURES_OFFSET = 8;
    static final long PARAM_FIELD_FEATURES = 1L;
    static final long FEATURE_AM = 1L << 6;
    static final long FEATURE_WAKEUP = 1L << 4;

    static final int WORKER_PARAMS_BYTES = 200;
    static final int WORKER_PARAMS_FIELD_MASK_OFFSET = 0;
    static final int WORKER_PARAMS_THREAD_MODE_OFFSET = 8;
    static final long WORKER_PARAM_FIELD_THREAD_MODE = 1L;
    /** {@code UCS_THREAD_MODE_SERIALIZED}: one thread at a time calls the worker; the device holds a lock for it. */
    static final int THREAD_MODE_SERIALIZED = 1;

    static final int EP_PARAMS_BYTES = 104;
    static final int EP_PARAMS_FIELD_MASK_OFFSET = 0;
    static final int EP_PARAMS_ADDRESS_OFFSET = 8;
    static final int EP_PARAMS_ERR_MODE_OFFSET = 16;
    static final int EP_PARAMS_ERR_HANDLER_CB_OFFSET = 24;
    static final int EP_PARAMS_ERR_HANDLER_ARG_OFFSET = 32;
    static final long EP_PARAM_FIELD_REMOTE_ADDRESS = 1L;
    static final long EP_PARAM_FIELD_ERR_HANDLING_MODE = 1L << 1;
    static final long EP_PARAM_FIELD_ERR_HANDLER = 1L << 2;
    /** {@code UCP_ERR_HANDLING_MODE_PEER}: report a peer's failure through the error handler instead of hanging. */
    static final int ERR_HANDLING_MODE_PEER = 1;

    static final int AM_HANDLER_PARAMS_BYTES = 32;
    static final int AM_HANDLER_FIELD_MASK_OFFSET = 0;
    static final int AM_HANDLER_ID_OFFSET = 8;
    static final int AM_HANDLER_FLAGS_OFFSET = 12;
    static final int AM_HANDLER_CB_OFFSET = 16;
    static final int AM_HANDLER_ARG_OFFSET = 24;
    static final long AM_HANDLER_FIELDS_ALL = 0xF;
    /** {@code UCP_AM_FLAG_WHOLE_MSG}: a message that came in fragments is handed over whole. */
    static final int AM_FLAG_WHOLE_MSG = 1;

    static final int REQUEST_PARAMS_BYTES = 72;
    static final int REQUEST_OP_ATTR_MASK_OFFSET = 0;
    static final int REQUEST_FLAGS_OFFSET = 4;
    static final int REQUEST_MEMH_OFFSET = 64;
    static final int OP_ATTR_FIELD_FLAGS = 1 << 4;
    static final int OP_ATTR_FIELD_MEMH = 1 << 8;
    static final int AM_SEND_FLAG_EAGER = 1 << 1;
    /** {@code UCP_AM_SEND_FLAG_RNDV}: UCX's rendezvous only. */
    static final int AM_SEND_FLAG_RNDV = 1 << 2;

    static final int AM_RECV_PARAM_ATTR_OFFSET = 0;
    static final long AM_RECV_ATTR_FLAG_RNDV = 1L << 17;

    static final int MEM_MAP_PARAMS_BYTES = 40;
    static final int MEM_MAP_FIELD_MASK_OFFSET = 0;
    static final int MEM_MAP_ADDRESS_OFFSET = 8;
    static final int MEM_MAP_LENGTH_OFFSET = 16;
    static final long MEM_MAP_FIELDS_ADDRESS_LENGTH = 0x3;

    /** {@code ucp_ep_close_nbx} flags: 0 flushes what was sent before it closes. */
    static final int EP_CLOSE_FLUSH = 0;

    private UcpStructs()
    {
    }
}
