package org.openmpj.junit;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * The extension behind {@link MpiTest}: a method so annotated becomes one test per device, each running the method's body
 * on the ranks instead of in JUnit's own thread; on a class, every {@code @Test} method runs so, once per device.
 */
public final class MpiTestExtension implements TestTemplateInvocationContextProvider, InvocationInterceptor
{
    @Override
    public boolean supportsTestTemplate(final ExtensionContext context)
    {
        return context.getTestMethod().map(method -> method.isAnnotationPresent(MpiTest.class)).orElse(false);
    }

    @Override
    public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(final ExtensionContext context)
    {
        final MpiTest settings = context.getRequiredTestMethod().getAnnotation(MpiTest.class);
        return Arrays.stream(settings.devices()).map(device -> new OnRanks(run(settings, device)));
    }

    /** A {@code @Test} method of a class annotated {@link MpiTest}: its body runs on the ranks, once per device. */
    @Override
    public void interceptTestMethod(final Invocation<Void> invocation, final ReflectiveInvocationContext<Method> invocationContext,
        final ExtensionContext extensionContext) throws Throwable
    {
        final Optional<MpiTest> onClass = Optional.ofNullable(extensionContext.getRequiredTestClass().getAnnotation(MpiTest.class));
        if (onClass.isEmpty())
        {
            invocation.proceed();
            return;
        }
        invocation.skip();
        for (final String device : onClass.get().devices())
        {
            run(onClass.get(), device).run(extensionContext.getRequiredTestClass(), invocationContext.getExecutable());
        }
    }

    /** On a class annotated {@link MpiTest}, {@code @BeforeEach} methods run on the ranks' instances, not on JUnit's. */
    @Override
    public void interceptBeforeEachMethod(final Invocation<Void> invocation, final ReflectiveInvocationContext<Method> invocationContext,
        final ExtensionContext extensionContext) throws Throwable
    {
        skipOnRankedClass(invocation, extensionContext);
    }

    /**
     * On a class annotated {@link MpiTest}, whose every test runs on ranks, {@code @BeforeAll} methods run on the ranks only
     * (with MPI started), not in JUnit's own thread, where MPI is not.
     */
    @Override
    public void interceptBeforeAllMethod(final Invocation<Void> invocation, final ReflectiveInvocationContext<Method> invocationContext,
        final ExtensionContext extensionContext) throws Throwable
    {
        skipOnRankedClassOnly(invocation, extensionContext);
    }

    /** As for {@code @BeforeAll}: on a class annotated {@link MpiTest}, {@code @AfterAll} methods run on the ranks only. */
    @Override
    public void interceptAfterAllMethod(final Invocation<Void> invocation, final ReflectiveInvocationContext<Method> invocationContext,
        final ExtensionContext extensionContext) throws Throwable
    {
        skipOnRankedClassOnly(invocation, extensionContext);
    }

    private static void skipOnRankedClassOnly(final Invocation<Void> invocation, final ExtensionContext context) throws Throwable
    {
        if (context.getRequiredTestClass().isAnnotationPresent(MpiTest.class))
        {
            invocation.skip();
        }
        else
        {
            invocation.proceed();
        }
    }

    /** On a class annotated {@link MpiTest}, {@code @AfterEach} methods run on the ranks' instances, not on JUnit's. */
    @Override
    public void interceptAfterEachMethod(final Invocation<Void> invocation, final ReflectiveInvocationContext<Method> invocationContext,
        final ExtensionContext extensionContext) throws Throwable
    {
        skipOnRankedClass(invocation, extensionContext);
    }

    private static void skipOnRankedClass(final Invocation<Void> invocation, final ExtensionContext context) throws Throwable
    {
        final boolean ranked = context.getRequiredTestClass().isAnnotationPresent(MpiTest.class)
            || context.getTestMethod().map(method -> method.isAnnotationPresent(MpiTest.class)).orElse(false);
        if (ranked)
        {
            invocation.skip();
        }
        else
        {
            invocation.proceed();
        }
    }

    private static RankedRun run(final MpiTest settings, final String device)
    {
        return new RankedRun(device, settings.ranks(), Duration.ofSeconds(settings.timeoutSeconds()));
    }

    /** One run of an {@link MpiTest} method: its name says the device and the ranks, and its body runs on them. */
    private record OnRanks(RankedRun ranked) implements TestTemplateInvocationContext
    {
        @Override
        public String getDisplayName(final int invocationIndex)
        {
            return ranked.ranks() + " " + ranked.device() + " ranks";
        }

        @Override
        public List<Extension> getAdditionalExtensions()
        {
            return List.of(new RanksInsteadOfJUnit(ranked));
        }
    }

    /** Skips JUnit's own call of the test method and runs it on the ranks. */
    private record RanksInsteadOfJUnit(RankedRun ranked) implements InvocationInterceptor
    {
        @Override
        public void interceptTestTemplateMethod(final Invocation<Void> invocation,
            final ReflectiveInvocationContext<Method> invocationContext, final ExtensionContext extensionContext)
        {
            invocation.skip();
            ranked.run(extensionContext.getRequiredTestClass(), invocationContext.getExecutable());
        }
    }
}
