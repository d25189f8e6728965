package org.openmpj.device;

/**
 * The job's key-value space, through which ranks publish what others need to reach them (addresses, keys)
 * before any message can flow: the launcher's service, a PMI process manager, or memory shared by thread ranks.
 *
 * <p>Thread-safety: called by one thread of each rank at a time, while the device opens.
 */
public interface KeyValueStore
{
    /** Publishes {@code value} under {@code key}; others see it after the next {@link #fence()}. */
    void put(String key, String value);

    /** Waits until every rank of the job has called it; puts made before it are then visible to all. */
    void fence();

    /** @return the value under {@code key}, or null when nobody published one. */
    String get(String key);
}
