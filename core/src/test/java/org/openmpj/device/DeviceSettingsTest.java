package org.openmpj.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.openmpj.concurrent.IdleStrategies;
import org.openmpj.runtime.RankDeviceContext;

/** Device tunables are read as documented, and a bad value is named in the error. */
class DeviceSettingsTest
{
    private static DeviceContext with(final Map<String, String> properties)
    {
        return new RankDeviceContext(0, 1, properties::get, () -> { }, IdleStrategies.choose("spin", 1, 1),
            new java.util.concurrent.ConcurrentHashMap<>());
    }

    @Test
    void wholeNumbersTakeTheirDefaultWhenUnsetAndRefuseNegativeOrWords()
    {
        assertEquals(7, DeviceSettings.wholeNumber(with(Map.of()), "n", 7));
        assertEquals(12, DeviceSettings.wholeNumber(with(Map.of("n", " 12 ")), "n", 7));
        final IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
            () -> DeviceSettings.wholeNumber(with(Map.of("n", "-1")), "n", 7));
        assertEquals("n=-1 is not a whole number; expected one >= 0", negative.getMessage());
    }

    @Test
    void boundedWholeNumbersNameTheSettingTheValueAndTheRange()
    {
        assertEquals(0, DeviceSettings.wholeNumber("s", "0", 0, 86_400, "a number of seconds"));
        assertEquals(86_400, DeviceSettings.wholeNumber("s", " 86400", 0, 86_400, "a number of seconds"));
        for (final String bad : new String[] {"86401", "-1", "ten", ""})
        {
            final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> DeviceSettings.wholeNumber("s", bad, 0, 86_400, "a number of seconds"));
            assertEquals("s=" + bad + " is not a number of seconds; expected a whole number from 0 to 86400", refused.getMessage());
        }
        final IllegalArgumentException unbounded = assertThrows(IllegalArgumentException.class,
            () -> DeviceSettings.wholeNumber("r", "0", 1, Integer.MAX_VALUE, "a number of ranks"));
        assertEquals("r=0 is not a number of ranks; expected a whole number >= 1", unbounded.getMessage());
    }

    @Test
    void flagsOrAutoAcceptThreeWordsInAnyCase()
    {
        assertTrue(DeviceSettings.flagOrAuto(with(Map.of()), "f", "auto", true));
        assertTrue(DeviceSettings.flagOrAuto(with(Map.of()), "f", "true", false), "an unset property takes the default text");
        assertFalse(DeviceSettings.flagOrAuto(with(Map.of("f", "AUTO")), "f", "auto", false));
        assertTrue(DeviceSettings.flagOrAuto(with(Map.of("f", "True")), "f", "auto", false));
        assertFalse(DeviceSettings.flagOrAuto(with(Map.of("f", "false")), "f", "auto", true));
        final IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
            () -> DeviceSettings.flagOrAuto(with(Map.of("f", "maybe")), "f", "auto", true));
        assertEquals("f=maybe is none of true, false and auto", bad.getMessage());
        final IllegalArgumentException badFlag = assertThrows(IllegalArgumentException.class,
            () -> DeviceSettings.flag(with(Map.of("f", "yes")), "f", true));
        assertEquals("f=yes is neither true nor false", badFlag.getMessage());
    }
}
