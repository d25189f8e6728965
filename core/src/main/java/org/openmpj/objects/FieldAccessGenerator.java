package org.openmpj.objects;

import java.lang.classfile.ClassBuilder;
import java.lang.classfile.ClassFile;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DynamicConstantDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * Generates the {@link FieldAccess} of a class, or the {@link RecordAccess} of a record class: a hidden class whose methods
 * call the fields' getter and setter method handles (a record's accessors and canonical constructor) as constants (the
 * handles are the hidden class's class data, loaded with {@code ldc}), which the JIT compiler inlines into plain field
 * reads and writes and a plain constructor call. The handles come from members made accessible, so private and final
 * fields work as with Java serialization; nothing of the user's class is named in the generated code, so the one hidden
 * class serves any rank's class loader.
 */
final class FieldAccessGenerator
{
    private static final ClassDesc WRITER = ClassDesc.of(ObjectWriter.class.getName());
    private static final ClassDesc READER = ClassDesc.of(ObjectReader.class.getName());
    private static final ClassDesc GENERATED = ClassDesc.of(FieldAccess.class.getPackageName() + ".GeneratedFieldAccess");
    private static final ClassDesc GENERATED_RECORD = ClassDesc.of(RecordAccess.class.getPackageName() + ".GeneratedRecordAccess");

    private FieldAccessGenerator()
    {
    }

    /**
     * @param primitives the primitive fields, accessible, in wire order.
     * @param references the reference fields, accessible, in wire order.
     */
    static FieldAccess generate(final Field[] primitives, final Field[] references) throws ReflectiveOperationException
    {
        final MethodHandles.Lookup lookup = MethodHandles.lookup();
        final List<MethodHandle> handles = new ArrayList<>();
        for (final Field field : primitives)
        {
            handles.add(lookup.unreflectGetter(field).asType(MethodType.methodType(field.getType(), Object.class)));
            handles.add(lookup.unreflectSetter(field).asType(MethodType.methodType(void.class, Object.class, field.getType())));
        }
        for (final Field field : references)
        {
            handles.add(lookup.unreflectGetter(field).asType(MethodType.methodType(Object.class, Object.class)));
            handles.add(lookup.unreflectSetter(field).asType(MethodType.methodType(void.class, Object.class, Object.class)));
        }
        final int referenceHandles = 2 * primitives.length;
        return define(lookup, GENERATED, FieldAccess.class, handles, type ->
        {
            type.withMethodBody("write", MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, WRITER), ClassFile.ACC_PUBLIC,
                code ->
                {
                    putPrimitives(code, primitives);
                    for (int i = 0; i < references.length; i++)
                    {
                        code.aload(2);
                        code.ldc(handleAt(referenceHandles + 2 * i));
                        code.aload(1);
                        code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact",
                            MethodTypeDesc.of(ConstantDescs.CD_Object, ConstantDescs.CD_Object));
                        code.invokevirtual(WRITER, "writeValue", MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object));
                    }
                    code.return_();
                });
            type.withMethodBody("read", MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, READER), ClassFile.ACC_PUBLIC,
                code ->
                {
                    takePrimitives(code, primitives);
                    for (int i = 0; i < references.length; i++)
                    {
                        code.ldc(handleAt(referenceHandles + 2 * i + 1));
                        code.aload(1);
                        code.aload(2);
                        code.invokevirtual(READER, "readValue", MethodTypeDesc.of(ConstantDescs.CD_Object));
                        code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact",
                            MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, ConstantDescs.CD_Object));
                    }
                    code.return_();
                });
            type.withMethodBody("writePrimitives", MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, WRITER),
                ClassFile.ACC_PUBLIC, code -> putPrimitives(code, primitives).return_());
            type.withMethodBody("readPrimitives", MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, READER),
                ClassFile.ACC_PUBLIC, code -> takePrimitives(code, primitives).return_());
            type.withMethodBody("reference", MethodTypeDesc.of(ConstantDescs.CD_Object, ConstantDescs.CD_Object, ConstantDescs.CD_int),
                ClassFile.ACC_PUBLIC, code -> byIndex(code, references.length, index ->
                {
                    code.ldc(handleAt(referenceHandles + 2 * index));
                    code.aload(1);
                    code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact",
                        MethodTypeDesc.of(ConstantDescs.CD_Object, ConstantDescs.CD_Object));
                    code.areturn();
                }, () -> code.aconst_null().areturn()));
            type.withMethodBody("setReference",
                MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, ConstantDescs.CD_int, ConstantDescs.CD_Object),
                ClassFile.ACC_PUBLIC, code -> byIndex(code, references.length, index ->
                {
                    code.ldc(handleAt(referenceHandles + 2 * index + 1));
                    code.aload(1);
                    code.aload(3);
                    code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact",
                        MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, ConstantDescs.CD_Object));
                    code.return_();
                }, code::return_));
        });
    }

    /**
     * @param accessors the record's component accessors, accessible, in order.
     * @param canonical its canonical constructor, accessible.
     */
    static RecordAccess generateRecord(final Method[] accessors, final Constructor<?> canonical) throws ReflectiveOperationException
    {
        final MethodHandles.Lookup lookup = MethodHandles.lookup();
        final List<MethodHandle> handles = new ArrayList<>();
        final Class<?>[] wireTypes = new Class<?>[accessors.length];
        for (int i = 0; i < accessors.length; i++)
        {
            final Class<?> type = accessors[i].getReturnType();
            wireTypes[i] = type.isPrimitive() ? type : Object.class;
            handles.add(lookup.unreflect(accessors[i]).asType(MethodType.methodType(wireTypes[i], Object.class)));
        }
        handles.add(lookup.unreflectConstructor(canonical).asType(MethodType.methodType(Object.class, wireTypes)));
        final MethodTypeDesc construct = MethodTypeDesc.of(ConstantDescs.CD_Object,
            Arrays.stream(wireTypes).map(FieldAccessGenerator::describe).toArray(ClassDesc[]::new));
        return define(lookup, GENERATED_RECORD, RecordAccess.class, handles, type ->
        {
            type.withMethodBody("write", MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, WRITER), ClassFile.ACC_PUBLIC,
                code ->
                {
                    for (int i = 0; i < wireTypes.length; i++)
                    {
                        final boolean primitive = wireTypes[i].isPrimitive();
                        code.aload(2);
                        code.ldc(handleAt(i));
                        code.aload(1);
                        code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact",
                            MethodTypeDesc.of(describe(wireTypes[i]), ConstantDescs.CD_Object));
                        code.invokevirtual(WRITER, primitive ? "put" + suffix(wireTypes[i]) : "writeValue",
                            MethodTypeDesc.of(ConstantDescs.CD_void, describe(wireTypes[i])));
                    }
                    code.return_();
                });
            type.withMethodBody("read", MethodTypeDesc.of(ConstantDescs.CD_Object, READER), ClassFile.ACC_PUBLIC,
                code ->
                {
                    code.ldc(handleAt(wireTypes.length));
                    for (final Class<?> wireType : wireTypes)
                    {
                        code.aload(1);
                        code.invokevirtual(READER, wireType.isPrimitive() ? "take" + suffix(wireType) : "readValue",
                            MethodTypeDesc.of(describe(wireType)));
                    }
                    code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact", construct);
                    code.areturn();
                });
        });
    }

    /**
     * Defines a hidden class named {@code name} that implements {@code face} with the methods {@code methods} adds, its
     * class data {@code handles}; @return an instance of it.
     */
    private static <T> T define(final MethodHandles.Lookup lookup, final ClassDesc name, final Class<T> face,
        final List<MethodHandle> handles, final Consumer<ClassBuilder> methods) throws ReflectiveOperationException
    {
        final byte[] bytes = ClassFile.of().build(name, type ->
        {
            type.withFlags(ClassFile.ACC_FINAL | ClassFile.ACC_SYNTHETIC);
            type.withInterfaceSymbols(ClassDesc.of(face.getName()));
            type.withMethodBody(ConstantDescs.INIT_NAME, ConstantDescs.MTD_void, ClassFile.ACC_PUBLIC,
                code -> code.aload(0).invokespecial(ConstantDescs.CD_Object, ConstantDescs.INIT_NAME, ConstantDescs.MTD_void).return_());
            methods.accept(type);
        });
        final Class<?> generated = lookup.defineHiddenClassWithClassData(bytes, List.copyOf(handles), true).lookupClass();
        return face.cast(generated.getDeclaredConstructor().newInstance());
    }

    /** Writes the primitive fields of the instance in local 1 to the writer in local 2. */
    private static CodeBuilder putPrimitives(final CodeBuilder code, final Field[] primitives)
    {
        for (int i = 0; i < primitives.length; i++)
        {
            final ClassDesc type = describe(primitives[i].getType());
            code.aload(2);
            code.ldc(handleAt(2 * i));
            code.aload(1);
            code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact", MethodTypeDesc.of(type, ConstantDescs.CD_Object));
            code.invokevirtual(WRITER, "put" + suffix(primitives[i].getType()), MethodTypeDesc.of(ConstantDescs.CD_void, type));
        }
        return code;
    }

    /** Sets the primitive fields of the instance in local 1 from the reader in local 2. */
    private static CodeBuilder takePrimitives(final CodeBuilder code, final Field[] primitives)
    {
        for (int i = 0; i < primitives.length; i++)
        {
            final ClassDesc type = describe(primitives[i].getType());
            code.ldc(handleAt(2 * i + 1));
            code.aload(1);
            code.aload(2);
            code.invokevirtual(READER, "take" + suffix(primitives[i].getType()), MethodTypeDesc.of(type));
            code.invokevirtual(ConstantDescs.CD_MethodHandle, "invokeExact",
                MethodTypeDesc.of(ConstantDescs.CD_void, ConstantDescs.CD_Object, type));
        }
        return code;
    }

    /** Switches on the int in local 2 over {@code 0 .. count-1}: a case per index, else {@code otherwise}. */
    private static void byIndex(final CodeBuilder code, final int count, final IntConsumer oneCase, final Runnable otherwise)
    {
        if (count == 0)
        {
            otherwise.run();
            return;
        }
        final Label fallThrough = code.newLabel();
        final List<SwitchCase> cases = new ArrayList<>();
        final Label[] targets = new Label[count];
        for (int i = 0; i < count; i++)
        {
            targets[i] = code.newLabel();
            cases.add(SwitchCase.of(i, targets[i]));
        }
        code.iload(2);
        code.tableswitch(0, count - 1, fallThrough, cases);
        for (int i = 0; i < count; i++)
        {
            code.labelBinding(targets[i]);
            oneCase.accept(i);
        }
        code.labelBinding(fallThrough);
        otherwise.run();
    }

    /** The class data's handle at {@code index}, as a constant the JIT compiler trusts. */
    private static DynamicConstantDesc<MethodHandle> handleAt(final int index)
    {
        return DynamicConstantDesc.ofNamed(ConstantDescs.BSM_CLASS_DATA_AT, ConstantDescs.DEFAULT_NAME, ConstantDescs.CD_MethodHandle, index);
    }

    private static ClassDesc describe(final Class<?> type)
    {
        return type.describeConstable().orElseThrow();
    }

    /** The name the writer's {@code put…} and the reader's {@code take…} method of a primitive type end with. */
    private static String suffix(final Class<?> primitive)
    {
        final String name = primitive.getName();
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
