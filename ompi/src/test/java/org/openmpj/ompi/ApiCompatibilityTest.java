package org.openmpj.ompi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

/**
 * Programs written for Open MPI's Java API compile against this façade: every public constructor and method of Open MPI
 * 5.0's API (listed in {@code openmpi-5.0-java-api.txt}) is here with the same parameter types and the same checked
 * {@code MPIException} (declared where Open MPI declares it, so that code catching it or not compiles alike), but for
 * the ones known to be missing from this slice, which must indeed be missing.
 */
class ApiCompatibilityTest
{
    /** Classes not in this slice: intercommunicators, topologies and their parameters. */
    private static final Set<String> MISSING_CLASSES = Set.of("CartComm", "CartParms", "DistGraphNeighbors", "GraphComm", "GraphParms",
        "Intercomm", "ShiftParms", "Constant");

    /** Members not in this slice, as class|name(parameter types). */
    private static final Set<String> MISSING_MEMBERS = Set.of(
        "Comm|allToAllw(Object,int[],int[],Datatype[],Object,int[],int[],Datatype[])",
        "Comm|iAllToAllw(Buffer,int[],int[],Datatype[],Buffer,int[],int[],Datatype[])",
        "Comm|createIntercomm(Comm,int,int,int)",
        "Comm|neighborAllGather(Object,int,Datatype,Object,int,Datatype)",
        "Comm|iNeighborAllGather(Buffer,int,Datatype,Buffer,int,Datatype)",
        "Comm|neighborAllGatherv(Object,int,Datatype,Object,int[],int[],Datatype)",
        "Comm|iNeighborAllGatherv(Buffer,int,Datatype,Buffer,int[],int[],Datatype)",
        "Comm|neighborAllToAll(Object,int,Datatype,Object,int,Datatype)",
        "Comm|iNeighborAllToAll(Buffer,int,Datatype,Buffer,int,Datatype)",
        "Comm|neighborAllToAllv(Object,int[],int[],Datatype,Object,int[],int[],Datatype)",
        "Comm|iNeighborAllToAllv(Buffer,int[],int[],Datatype,Buffer,int[],int[],Datatype)",
        "Intracomm|splitType(int,int,Info)", "Intracomm|createGroup(Group,int)",
        "Intracomm|createCart(int[],boolean[],boolean)", "Intracomm|createGraph(int[],int[],boolean)",
        "Intracomm|createDistGraph(int[],int[],int[],int[],Info,boolean)", "Intracomm|createDistGraph(int[],int[],int[],Info,boolean)",
        "Intracomm|createDistGraphAdjacent(int[],int[],int[],int[],Info,boolean)", "Intracomm|createDistGraphAdjacent(int[],int[],Info,boolean)",
        "Intracomm|openPort()", "Intracomm|openPort(Info)", "Intracomm|closePort(String)", "Intracomm|accept(String,int)",
        "Intracomm|accept(String,Info,int)", "Intracomm|connect(String,int)", "Intracomm|connect(String,Info,int)",
        "Intracomm|publishName(String,String)", "Intracomm|publishName(String,Info,String)", "Intracomm|unpublishName(String,String)",
        "Intracomm|unpublishName(String,Info,String)", "Intracomm|lookupName(String)", "Intracomm|lookupName(String,Info)",
        "Intracomm|spawn(String,String[],int,Info,int,int[])", "Intracomm|spawnMultiple(String[],String[][],int[],Info[],int,int[])");

    @Test
    void everyMemberOfOpenMpisApiIsHereWithItsCheckedExceptionButTheKnownMissingOnes() throws IOException
    {
        final List<String> wrong = new ArrayList<>();
        final Set<String> missingIndeed = new TreeSet<>();
        int present = 0;
        int listed = 0;
        for (final String[] entry : entries())
        {
            listed++;
            final String cls = entry[0];
            final String member = cls + "|" + entry[1];
            final Map<String, Boolean> ours = members(cls);
            if (ours == null || !ours.containsKey(entry[1]))
            {
                if (MISSING_CLASSES.contains(cls) || MISSING_MEMBERS.contains(member))
                {
                    missingIndeed.add(member);
                }
                else
                {
                    wrong.add(member + " is missing");
                }
                continue;
            }
            if (MISSING_CLASSES.contains(cls) || MISSING_MEMBERS.contains(member))
            {
                wrong.add(member + " is here, but listed as missing");
            }
            if (ours.get(entry[1]) != Boolean.parseBoolean(entry[2]))
            {
                wrong.add(member + (Boolean.parseBoolean(entry[2]) ? " must declare" : " must not declare") + " MPIException");
            }
            present++;
        }
        assertEquals(List.of(), wrong);
        assertEquals(512, listed, "members listed");
        assertEquals(MISSING_MEMBERS, missingIndeed.stream().filter(m -> !MISSING_CLASSES.contains(m.substring(0, m.indexOf('|'))))
            .collect(java.util.stream.Collectors.toSet()), "members known to be missing");
        System.out.println("Open MPI 5.0 Java API: " + present + " of " + listed + " constructors and methods present");
    }

    private static List<String[]> entries() throws IOException
    {
        final List<String[]> entries = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
            ApiCompatibilityTest.class.getResourceAsStream("/openmpi-5.0-java-api.txt"), StandardCharsets.UTF_8)))
        {
            String line;
            while ((line = in.readLine()) != null)
            {
                if (!line.startsWith("#") && !line.isBlank())
                {
                    entries.add(line.split("\\|"));
                }
            }
        }
        return entries;
    }

    private static final Map<String, Map<String, Boolean>> CACHE = new HashMap<>();

    /** @return the public constructors and methods of {@code mpi.<cls>} and its public inner classes, with whether each declares MPIException. */
    private static Map<String, Boolean> members(final String cls)
    {
        return CACHE.computeIfAbsent(cls, name ->
        {
            final Class<?> type;
            try
            {
                type = Class.forName("mpi." + name);
            }
            catch (final ClassNotFoundException ex)
            {
                return null;
            }
            final List<Executable> all = new ArrayList<>();
            for (final Method method : type.getMethods())
            {
                if (!method.isBridge())
                {
                    all.add(method);
                }
            }
            for (final Constructor<?> constructor : type.getDeclaredConstructors())
            {
                if (Modifier.isPublic(constructor.getModifiers()))
                {
                    all.add(constructor);
                }
            }
            for (final Class<?> inner : type.getClasses())
            {
                for (final Method method : inner.getDeclaredMethods())
                {
                    if (Modifier.isPublic(method.getModifiers()))
                    {
                        all.add(method);
                    }
                }
            }
            final Map<String, Boolean> members = new HashMap<>();
            for (final Executable executable : all)
            {
                final String simple = executable instanceof Constructor ? name : executable.getName();
                final String signature = simple + "(" + String.join(",", Arrays.stream(executable.getParameterTypes())
                    .map(Class::getSimpleName).toList()) + ")";
                members.merge(signature, Arrays.stream(executable.getExceptionTypes()).anyMatch(e -> e.getSimpleName().equals("MPIException")),
                    Boolean::logicalOr);
            }
            return members;
        });
    }
}
