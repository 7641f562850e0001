package dev.asyncdataset;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The signatures of one public type as the API listing writes them: the type's header line ({@code
 * public final class dev.asyncdataset.X extends ...}), then each public member, and each protected
 * one where users can subclass the type, sorted ({@code ctor ...}, {@code field ...}, {@code method
 * ...}). Members a public class inherits from a superclass users cannot name are listed as its own.
 */
final class ApiMembers {

    /** One line of the listing and the types it names. */
    record Signature(String text, List<Type> names) {}

    private static final int SHOWN = Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC;

    private ApiMembers() {}

    /** The header of {@code type}, then its members' signatures, sorted. */
    static List<Signature> of(Class<?> type) {
        List<Signature> members = new ArrayList<>();
        for (Class<?> owner = type; owner != null; owner = hiddenSuperclass(owner)) {
            Stream.of(owner.getDeclaredFields())
                    .filter(f -> shown(type, f))
                    .forEach(f -> members.add(field(f)));
            Stream.of(owner.getDeclaredMethods())
                    .filter(m -> shown(type, m) && !m.isBridge())
                    .forEach(m -> members.add(method(type, m)));
        }
        Stream.of(type.getDeclaredConstructors())
                .filter(c -> shown(type, c))
                .forEach(c -> members.add(constructor(c)));
        List<Signature> signatures = new ArrayList<>();
        signatures.add(ApiHeader.of(type));
        members.stream()
                .distinct()
                .sorted(Comparator.comparing(Signature::text))
                .forEach(signatures::add);
        return signatures;
    }

    private static Signature field(Field field) {
        String text =
                deprecated(field)
                        + "field "
                        + modifiers(field.getModifiers() & (SHOWN | Modifier.FINAL))
                        + ApiTypes.name(field.getGenericType())
                        + " "
                        + field.getName();
        return new Signature(text, List.of(field.getGenericType()));
    }

    private static Signature constructor(Constructor<?> constructor) {
        String name = constructor.getDeclaringClass().getSimpleName();
        return executable(constructor, "ctor ", name, List.of());
    }

    /** A method's line; {@code final} only where {@code type} can be subclassed. */
    private static Signature method(Class<?> type, Method method) {
        int kept = SHOWN | Modifier.ABSTRACT;
        if (!Modifier.isFinal(type.getModifiers())) {
            kept |= Modifier.FINAL;
        }
        String modifiers = modifiers(method.getModifiers() & kept);
        if (method.isDefault()) {
            modifiers += "default ";
        }
        Type returned = method.getGenericReturnType();
        String head = modifiers + ApiTypes.name(returned) + " " + method.getName();
        return executable(method, "method ", head, List.of(returned));
    }

    /** A constructor's or method's line: {@code head(parameters) throws exceptions}. */
    private static Signature executable(
            Executable executable, String kind, String head, List<Type> named) {
        Type[] parameters = executable.getGenericParameterTypes();
        String list = ApiTypes.names(parameters, "(", ")");
        if (executable.isVarArgs()) {
            list = list.substring(0, list.length() - ")".length() - "[]".length()) + "...)";
        }
        Type[] exceptions = executable.getGenericExceptionTypes();
        String text =
                deprecated(executable)
                        + kind
                        + (executable instanceof Constructor<?>
                                ? modifiers(executable.getModifiers() & SHOWN)
                                : "")
                        + ApiTypes.parameters(executable.getTypeParameters())
                        + head
                        + list
                        + (exceptions.length == 0
                                ? ""
                                : ApiTypes.names(exceptions, " throws ", ""));
        List<Type> names = new ArrayList<>(named);
        names.addAll(Arrays.asList(parameters));
        names.addAll(Arrays.asList(exceptions));
        Arrays.stream(executable.getTypeParameters()).forEach(names::add);
        return new Signature(text, names);
    }

    /** Public members, and protected ones of a type users can subclass; never synthetic ones. */
    private static boolean shown(Class<?> type, Member member) {
        int modifiers = member.getModifiers();
        boolean subclassed = !Modifier.isFinal(type.getModifiers()) && !type.isInterface();
        return !member.isSynthetic()
                && (Modifier.isPublic(modifiers)
                        || (Modifier.isProtected(modifiers) && subclassed));
    }

    /** The superclass of {@code type} if users cannot name it, so that its members count. */
    private static Class<?> hiddenSuperclass(Class<?> type) {
        Class<?> superclass = type.getSuperclass();
        boolean hidden =
                superclass != null
                        && superclass.getName().startsWith("dev.asyncdataset.")
                        && (!ApiListing.isPublic(superclass)
                                || ApiListing.isInternal(superclass.getName()));
        return hidden ? superclass : null;
    }

    private static String modifiers(int modifiers) {
        String text = Modifier.toString(modifiers);
        return text.isEmpty() ? "" : text + " ";
    }

    private static String deprecated(AnnotatedElement element) {
        return element.isAnnotationPresent(Deprecated.class) ? "@Deprecated " : "";
    }
}
