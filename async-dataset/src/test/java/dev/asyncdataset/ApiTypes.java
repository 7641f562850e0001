package dev.asyncdataset;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Generic types as the public API listing writes them (canonical names, type arguments, bounds) and
 * the classes a type names, for the check that no public signature exposes an internal type.
 */
final class ApiTypes {

    private ApiTypes() {}

    /** A type as source code writes it: {@code java.util.List<? extends java.lang.Number>}. */
    static String name(Type type) {
        if (type instanceof Class<?> c) {
            return c.isArray() ? name(c.getComponentType()) + "[]" : c.getCanonicalName();
        }
        if (type instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            String rawName =
                    p.getOwnerType() instanceof ParameterizedType owner
                            ? name(owner) + "." + raw.getSimpleName()
                            : name(raw);
            return rawName + names(p.getActualTypeArguments(), "<", ">");
        }
        if (type instanceof GenericArrayType array) {
            return name(array.getGenericComponentType()) + "[]";
        }
        if (type instanceof WildcardType wildcard) {
            return wildcardName(wildcard);
        }
        return ((TypeVariable<?>) type).getName();
    }

    /** Type parameters with their bounds, {@code <T extends java.lang.Comparable<T>> }, or "". */
    static String parameters(TypeVariable<?>[] variables) {
        if (variables.length == 0) {
            return "";
        }
        return Arrays.stream(variables)
                        .map(v -> v.getName() + bounds(" extends ", v.getBounds()))
                        .collect(Collectors.joining(", ", "<", ">"))
                + " ";
    }

    /** The types joined with commas between {@code open} and {@code close}. */
    static String names(Type[] types, String open, String close) {
        return Arrays.stream(types)
                .map(ApiTypes::name)
                .collect(Collectors.joining(", ", open, close));
    }

    /** Every class {@code types} name, through type arguments, bounds and array components. */
    static Set<Class<?>> classesIn(List<Type> types) {
        Set<Class<?>> classes = new HashSet<>();
        Set<TypeVariable<?>> seen = new HashSet<>();
        types.forEach(type -> collect(type, classes, seen));
        return classes;
    }

    private static void collect(Type type, Set<Class<?>> classes, Set<TypeVariable<?>> seen) {
        if (type instanceof Class<?> c) {
            classes.add(c.isArray() ? c.componentType() : c);
            if (c.isArray()) {
                collect(c.componentType(), classes, seen);
            }
        } else if (type instanceof ParameterizedType p) {
            collect(p.getRawType(), classes, seen);
            if (p.getOwnerType() != null) {
                collect(p.getOwnerType(), classes, seen);
            }
            Arrays.stream(p.getActualTypeArguments()).forEach(t -> collect(t, classes, seen));
        } else if (type instanceof GenericArrayType array) {
            collect(array.getGenericComponentType(), classes, seen);
        } else if (type instanceof WildcardType w) {
            Arrays.stream(w.getUpperBounds()).forEach(t -> collect(t, classes, seen));
            Arrays.stream(w.getLowerBounds()).forEach(t -> collect(t, classes, seen));
        } else if (type instanceof TypeVariable<?> v && seen.add(v)) {
            Arrays.stream(v.getBounds()).forEach(t -> collect(t, classes, seen));
        }
    }

    private static String wildcardName(WildcardType wildcard) {
        if (wildcard.getLowerBounds().length > 0) {
            return "?" + bounds(" super ", wildcard.getLowerBounds());
        }
        return "?" + bounds(" extends ", wildcard.getUpperBounds());
    }

    /** {@code prefix} and the bounds joined with {@code &}, or "" for the bound Object alone. */
    private static String bounds(String prefix, Type[] bounds) {
        if (bounds.length == 1 && bounds[0] == Object.class) {
            return "";
        }
        return Arrays.stream(bounds)
                .map(ApiTypes::name)
                .collect(Collectors.joining(" & ", prefix, ""));
    }
}
