/**
 * One assembler builds every device from transports: each transport says what it reaches, how exclusive it is and how many
 * of the job's fences its opening needs, and reads its settings once into a plan; {@link org.openmpj.assembly.DeviceAssembler}
 * makes the matcher, gives each peer the most exclusive transport that reaches it, runs the fences and starts one liveness
 * watch per process. The thread, shm, tcp, ucx and hybrid devices are presets: lists of transports.
 */
package org.openmpj.assembly;
