package mpi;

import java.nio.Buffer;

/**
 * A file opened for parallel I/O (MPI-IO, MPI's {@code MPI_File}). MPI-IO is not in OpenMPJ yet: the class is here so
 * that programs using it compile, and every constructor and method, {@link #delete(String)} included, throws
 * {@link MPIException} of class {@link MPI#ERR_UNSUPPORTED_OPERATION} with a message saying so. Being thrown, not raised
 * on a communicator, the failure reaches the program whatever the error handler.
 */
public final class File
{
    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public File(final Comm comm, final String filename, final int amode) throws MPIException
    {
        throw unsupported("new File");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public File(final Comm comm, final String filename, final int amode, final Info info) throws MPIException
    {
        throw unsupported("new File");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void close() throws MPIException
    {
        throw unsupported("File.close");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public static void delete(final String filename) throws MPIException
    {
        throw unsupported("File.delete");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public static void delete(final String filename, final Info info) throws MPIException
    {
        throw unsupported("File.delete");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setSize(final long size) throws MPIException
    {
        throw unsupported("File.setSize");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void preallocate(final long size) throws MPIException
    {
        throw unsupported("File.preallocate");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public long getSize() throws MPIException
    {
        throw unsupported("File.getSize");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Group getGroup() throws MPIException
    {
        throw unsupported("File.getGroup");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public int getAMode() throws MPIException
    {
        throw unsupported("File.getAMode");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setInfo(final Info info) throws MPIException
    {
        throw unsupported("File.setInfo");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Info getInfo() throws MPIException
    {
        throw unsupported("File.getInfo");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setView(final long disp, final Datatype etype, final Datatype filetype, final String datarep) throws MPIException
    {
        throw unsupported("File.setView");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setView(final long disp, final Datatype etype, final Datatype filetype, final String datarep, final Info info) throws MPIException
    {
        throw unsupported("File.setView");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws UnsupportedOperationException always; unchecked, as Open MPI's {@code getView} declares no exception.
     */
    public FileView getView()
    {
        // Open MPI declares no exception here, so an unchecked one says what every other method's MPIException says.
        throw new UnsupportedOperationException(unsupported("File.getView").getMessage());
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status readAt(final long offset, final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.readAt");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status readAtAll(final long offset, final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.readAtAll");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status writeAt(final long offset, final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.writeAt");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status writeAtAll(final long offset, final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.writeAtAll");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iReadAt(final long offset, final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iReadAt");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iReadAtAll(final long offset, final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iReadAtAll");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iWriteAt(final long offset, final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iWriteAt");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iWriteAtAll(final long offset, final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iWriteAtAll");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status read(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.read");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status readAll(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.readAll");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status write(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.write");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status writeAll(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.writeAll");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iRead(final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iRead");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iReadAll(final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iReadAll");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iWrite(final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iWrite");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iWriteAll(final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iWriteAll");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void seek(final long offset, final int whence) throws MPIException
    {
        throw unsupported("File.seek");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public long getPosition() throws MPIException
    {
        throw unsupported("File.getPosition");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public long getByteOffset(final long offset) throws MPIException
    {
        throw unsupported("File.getByteOffset");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status readShared(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.readShared");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status writeShared(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.writeShared");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iReadShared(final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iReadShared");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Request iWriteShared(final Buffer buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.iWriteShared");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status readOrdered(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.readOrdered");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status writeOrdered(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.writeOrdered");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void seekShared(final long offset, final int whence) throws MPIException
    {
        throw unsupported("File.seekShared");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public long getPositionShared() throws MPIException
    {
        throw unsupported("File.getPositionShared");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void readAtAllBegin(final long offset, final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.readAtAllBegin");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status readAtAllEnd(final Object buf) throws MPIException
    {
        throw unsupported("File.readAtAllEnd");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void writeAtAllBegin(final long offset, final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.writeAtAllBegin");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status writeAtAllEnd(final Object buf) throws MPIException
    {
        throw unsupported("File.writeAtAllEnd");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void readAllBegin(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.readAllBegin");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status readAllEnd(final Object buf) throws MPIException
    {
        throw unsupported("File.readAllEnd");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void writeAllBegin(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.writeAllBegin");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status writeAllEnd(final Object buf) throws MPIException
    {
        throw unsupported("File.writeAllEnd");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void readOrderedBegin(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.readOrderedBegin");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status readOrderedEnd(final Object buf) throws MPIException
    {
        throw unsupported("File.readOrderedEnd");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void writeOrderedBegin(final Object buf, final int count, final Datatype type) throws MPIException
    {
        throw unsupported("File.writeOrderedBegin");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Status writeOrderedEnd(final Object buf) throws MPIException
    {
        throw unsupported("File.writeOrderedEnd");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public int getTypeExtent(final Datatype type) throws MPIException
    {
        throw unsupported("File.getTypeExtent");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setAtomicity(final boolean atomicity) throws MPIException
    {
        throw unsupported("File.setAtomicity");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public boolean getAtomicity() throws MPIException
    {
        throw unsupported("File.getAtomicity");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void sync() throws MPIException
    {
        throw unsupported("File.sync");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void setErrhandler(final Errhandler errhandler) throws MPIException
    {
        throw unsupported("File.setErrhandler");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public Errhandler getErrhandler() throws MPIException
    {
        throw unsupported("File.getErrhandler");
    }

    /**
     * Refuses: MPI-IO is not in OpenMPJ yet.
     *
     * @throws MPIException {@code ERR_UNSUPPORTED_OPERATION}, always.
     */
    public void callErrhandler(final int errorCode) throws MPIException
    {
        throw unsupported("File.callErrhandler");
    }
    private static MPIException unsupported(final String call)
    {
        return MPIException.of(MPI.ERR_UNSUPPORTED_OPERATION, call + ": MPI-IO (MPI.File) is not in OpenMPJ yet; read and write"
            + " files with java.nio on each rank instead");
    }
}
