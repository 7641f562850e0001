package dev.asyncdataset;

import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The header line of a public type in the API listing: {@code public abstract class
 * dev.asyncdataset.X<T extends Y> extends Z implements I<T>}, with what it extends and implements
 * as the types it names.
 */
final class ApiHeader {

    private ApiHeader() {}

    /** The header of {@code type}. */
    static ApiMembers.Signature of(Class<?> type) {
        List<Type> names = new ArrayList<>(Arrays.asList(type.getTypeParameters()));
        StringBuilder text = new StringBuilder();
        if (type.isAnnotationPresent(Deprecated.class)) {
            text.append("@Deprecated ");
        }
        text.append(modifiers(type)).append(kind(type)).append(' ');
        text.append(type.getCanonicalName());
        String parameters = ApiTypes.parameters(type.getTypeParameters());
        text.append(parameters.stripTrailing());
        Type superclass = type.getGenericSuperclass();
        if (superclass != null && !implied(type, superclass)) {
            text.append(" extends ").append(ApiTypes.name(superclass));
            names.add(superclass);
        }
        Type[] interfaces = type.getGenericInterfaces();
        if (type.isAnnotation()) {
            interfaces = new Type[0];
        }
        if (interfaces.length > 0) {
            String word = type.isInterface() ? " extends " : " implements ";
            text.append(ApiTypes.names(interfaces, word, ""));
            names.addAll(Arrays.asList(interfaces));
        }
        if (type.isSealed()) {
            text.append(ApiTypes.names(type.getPermittedSubclasses(), " permits ", ""));
        }
        return new ApiMembers.Signature(text.toString(), names);
    }

    private static String kind(Class<?> type) {
        if (type.isAnnotation()) {
            return "@interface";
        }
        if (type.isInterface()) {
            return "interface";
        }
        if (type.isEnum()) {
            return "enum";
        }
        return type.isRecord() ? "record" : "class";
    }

    /**
     * Public or protected; for classes also static, abstract and final; sealed types say so. The
     * modifiers enums, records, interfaces and annotations carry by definition are left out.
     */
    private static String modifiers(Class<?> type) {
        int shown = Modifier.PUBLIC | Modifier.PROTECTED;
        if (!type.isInterface() && !type.isEnum() && !type.isRecord()) {
            shown |= Modifier.STATIC | Modifier.ABSTRACT | Modifier.FINAL;
        }
        String text = Modifier.toString(type.getModifiers() & shown);
        if (type.isSealed()) {
            text += " sealed";
        }
        return text.isEmpty() ? "" : text + " ";
    }

    /** Object, Enum and Record, which every class, enum or record extends. */
    private static boolean implied(Class<?> type, Type superclass) {
        return superclass == Object.class
                || superclass == Record.class
                || (type.isEnum()
                        && superclass instanceof ParameterizedType p
                        && p.getRawType() == Enum.class);
    }
}
