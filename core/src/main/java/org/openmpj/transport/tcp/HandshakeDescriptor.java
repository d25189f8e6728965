package org.openmpj.transport.tcp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The handshake that opens every connection, proving that the connecting process belongs to the job: the
 * listener speaks first with a fresh nonce, the connector answers with an HMAC of it under the job's key, and the
 * listener gives its verdict. Nothing the connector sends is read as a frame before the proof checks out.
 *
 * <pre>
 * HELLO, listener to connector (28 bytes):
 *   0 magic "OMPJ" | 4 version (u16) | 6 reserved (u16) | 8 listener's rank (i32) | 12 nonce (16 bytes)
 * PROOF, connector to listener (44 bytes):
 *   0 magic "OMPJ" | 4 version (u16) | 6 purpose (u16) | 8 connector's rank (i32)
 *   12 HMAC-SHA256(job key; nonce, connector's rank, listener's rank, purpose) (32 bytes)
 * VERDICT, listener to connector (1 byte): ACCEPT or REJECT (the peers keep the other connection of a simultaneous pair)
 * </pre>
 */
final class HandshakeDescriptor
{
    static final int MAGIC = 0x4f4d504a;
    static final short VERSION = 1;
    static final int HELLO_BYTES = 28;
    static final int PROOF_BYTES = 44;
    static final int NONCE_BYTES = 16;
    static final int MAC_BYTES = 32;
    static final int RANK_OFFSET = 8;
    static final int NONCE_OFFSET = 12;
    static final int PURPOSE_OFFSET = 6;
    static final int MAC_OFFSET = 12;

    /** A connection carrying messages. */
    static final short PURPOSE_DATA = 1;
    /** A connection watching a neighbour's liveness. */
    static final short PURPOSE_WATCH = 2;

    static final byte ACCEPT = 1;
    static final byte REJECT = 2;

    private HandshakeDescriptor()
    {
    }

    static ByteBuffer hello(final int listenerRank, final byte[] nonce)
    {
        final ByteBuffer hello = ByteBuffer.allocate(HELLO_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        hello.putInt(MAGIC).putShort(VERSION).putShort((short)0).putInt(listenerRank).put(nonce);
        return hello.flip();
    }

    static ByteBuffer proof(final byte[] key, final ByteBuffer hello, final int connectorRank, final short purpose)
    {
        final byte[] nonce = new byte[NONCE_BYTES];
        hello.get(NONCE_OFFSET, nonce);
        final ByteBuffer proof = ByteBuffer.allocate(PROOF_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        proof.putInt(MAGIC).putShort(VERSION).putShort(purpose).putInt(connectorRank)
            .put(mac(key, nonce, connectorRank, hello.getInt(RANK_OFFSET), purpose));
        return proof.flip();
    }

    /** @return whether {@code hello} is well formed, of this version, and from {@code expectedRank}. */
    static boolean isHelloFrom(final ByteBuffer hello, final int expectedRank)
    {
        return hello.getInt(0) == MAGIC && hello.getShort(4) == VERSION && hello.getInt(RANK_OFFSET) == expectedRank;
    }

    /** @return whether the first bytes of a proof could still be one: checked as they arrive, so garbage is dropped early. */
    static boolean startsLikeProof(final ByteBuffer proof)
    {
        final int n = proof.position();
        final ByteBuffer magic = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(MAGIC);
        for (int i = 0; i < Math.min(n, 4); i++)
        {
            if (proof.get(i) != magic.get(i))
            {
                return false;
            }
        }
        return n < 6 || proof.getShort(4) == VERSION;
    }

    /** @return whether a complete proof carries a valid MAC for {@code nonce} and names a rank of the job. */
    static boolean verifies(final byte[] key, final byte[] nonce, final ByteBuffer proof, final int listenerRank, final int size)
    {
        if (!startsLikeProof(proof))
        {
            return false;
        }
        final int rank = proof.getInt(RANK_OFFSET);
        final short purpose = proof.getShort(PURPOSE_OFFSET);
        if (rank < 0 || rank >= size || (purpose != PURPOSE_DATA && purpose != PURPOSE_WATCH))
        {
            return false;
        }
        final byte[] claimed = new byte[MAC_BYTES];
        proof.get(MAC_OFFSET, claimed);
        return MessageDigest.isEqual(claimed, mac(key, nonce, rank, listenerRank, purpose));
    }

    private static byte[] mac(final byte[] key, final byte[] nonce, final int connectorRank, final int listenerRank, final short purpose)
    {
        try
        {
            final Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update(nonce);
            mac.update(ByteBuffer.allocate(10).order(ByteOrder.LITTLE_ENDIAN).putInt(connectorRank).putInt(listenerRank)
                .putShort(purpose).array());
            return mac.doFinal();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", ex);
        }
    }
}
