package org.openmpj.bench.objects;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.openmpj.bench.report.Step;
import org.openmpj.bench.report.StepRun;

class ObjectResultTest
{
    @Test
    void resultLinesAreReadWithTheirRoundAndOtherLinesIgnored()
    {
        final Step<String> step = new Step<>("compact", "compact", "objects-compact", List.of("true"));
        final StepRun<String> run = new StepRun<>(step, 2, List.of("mpjrun: starting",
            "objects encoding=compact shape=tree mode=stream message_bytes=19506 iterations=121 oneway_us=88.3623 min_us=86.3653 alloc_bytes=40147.3",
            "objects encoding=compact shape=small mode=pingpong message_bytes=79 iterations=41966 oneway_us=0.3630 min_us=0.3612 alloc_bytes=264.0"),
            null, Path.of("raw/objects-compact-2.log"));
        final List<ObjectResult> results = ObjectResult.parse(run);
        assertEquals(List.of(new ObjectResult(2, "compact", "tree", "stream", 19506, 88.3623, 86.3653, 40147.3),
            new ObjectResult(2, "compact", "small", "pingpong", 79, 0.3630, 0.3612, 264.0)), results);
        assertEquals("""
            round,encoding,shape,mode,message_bytes,us_per_message,min_us,alloc_bytes_per_message
            2,compact,tree,stream,19506,88.3623,86.3653,40147.3
            2,compact,small,pingpong,79,0.3630,0.3612,264.0
            """, ObjectResult.csv(results));
    }
}
