import mpi.*;
import mpjbuf.*;
import mpjdev.*;

/**
 * Packs mixed data into an MPJ Express buffer on rank 0 and unpacks it on rank 1, as programs written for MPJ Express
 * do. Compiled by the system test with bin/mpjavac, unchanged.
 */
public class PackedMessage
{
    public static void main(String[] args) throws Exception
    {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        try
        {
            MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, MPI.COMM_WORLD.Size(), 0);
        }
        catch (MPJDevException e)
        {
            System.out.println("rank " + rank + " caught MPJDevException: " + e.getMessage());
        }
        int[] n = new int[1];
        double[] a = new double[1];
        int[] length = new int[1];
        if (rank == 0)
        {
            mpjbuf.Buffer buffer = new mpjbuf.Buffer(BufferFactory.create(1000 + MPI.SEND_OVERHEAD), MPI.SEND_OVERHEAD, 1000 + MPI.SEND_OVERHEAD);
            n[0] = 10;
            a[0] = 1.1;
            int position = MPI.COMM_WORLD.Pack(n, 0, 1, MPI.INT, buffer, 0);
            position = MPI.COMM_WORLD.Pack(a, 0, 1, MPI.DOUBLE, buffer, position);
            length[0] = position;
            MPI.COMM_WORLD.Send(length, 0, 1, MPI.INT, 1, 999);
            MPI.COMM_WORLD.Send(buffer, 0, position, MPI.PACKED, 1, 99);
            BufferFactory.destroy(buffer.getStaticBuffer());
        }
        else if (rank == 1)
        {
            mpjbuf.Buffer buffer = new mpjbuf.Buffer(BufferFactory.create(1000 + MPI.RECV_OVERHEAD), MPI.RECV_OVERHEAD, 1000 + MPI.RECV_OVERHEAD);
            MPI.COMM_WORLD.Recv(length, 0, 1, MPI.INT, 0, 999);
            MPI.COMM_WORLD.Recv(buffer, 0, length[0], MPI.PACKED, 0, 99);
            int position = MPI.COMM_WORLD.Unpack(buffer, 0, n, 0, 1, MPI.INT);
            position = MPI.COMM_WORLD.Unpack(buffer, position, a, 0, 1, MPI.DOUBLE);
            System.out.println("unpacked n=" + n[0] + " a=" + a[0] + " from " + length[0] + " bytes");
            BufferFactory.destroy(buffer.getStaticBuffer());
        }
        MPI.Finalize();
    }
}
