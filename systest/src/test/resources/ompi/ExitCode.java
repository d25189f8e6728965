import mpi.MPI;
import mpi.MPIException;

/**
 * A program of Open MPI's Java API that ends with System.exit(code) after Init, as test programs exit with 77 for
 * "skipped": with "all", every rank exits so; with "one", the last rank does while the others wait in a barrier.
 */
public class ExitCode {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int code = Integer.parseInt(args[0]);
        boolean all = "all".equals(args[1]);
        if (all || MPI.COMM_WORLD.getRank() == MPI.COMM_WORLD.getSize() - 1) {
            System.out.println("rank " + MPI.COMM_WORLD.getRank() + " exits with " + code);
            System.exit(code);
        }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
    }
}
