package org.openmpj.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class MachineInfoTest
{
    @Test
    void theCpuIsNamedAsLscpuPrintsItWithWhatTellsTwoCpusOfOneNameApart()
    {
        final List<String> lscpu = List.of(
            "Architecture:                            x86_64",
            "Vendor ID:                               AuthenticAMD",
            "BIOS Model name:                         pc-q35",
            "Model name:                              AMD EPYC",
            "CPU family:                              26",
            "Model:                                   2",
            "Thread(s) per core:                      1",
            "Stepping:                                1",
            "Flags:                                   fpu vme de pse tsc msr");
        assertEquals("AMD EPYC (CPU family 26, Model 2, Stepping 1)", MachineInfo.cpuModel(lscpu));
    }

    @Test
    void procCpuinfoHoldsTheSameFieldsAndAMissingFieldIsLeftOut()
    {
        final List<String> cpuinfo = List.of(
            "processor\t: 0",
            "cpu family\t: 25",
            "model\t\t: 17",
            "model name\t: AMD EPYC 9454 48-Core Processor",
            "processor\t: 1",
            "model name\t: AMD EPYC 9454 48-Core Processor");
        assertEquals("AMD EPYC 9454 48-Core Processor (CPU family 25, Model 17)", MachineInfo.cpuModel(cpuinfo));
        assertEquals("Neoverse-N1", MachineInfo.cpuModel(List.of("Model name: Neoverse-N1")));
        assertEquals("unknown", MachineInfo.cpuModel(List.of("Architecture: x86_64")));
    }
}
