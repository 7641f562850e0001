package dev.asyncdataset.testing;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/**
 * Loads the library's own classes anew, so that they resolve their dependencies through it, and
 * finds no class under the hidden prefixes: a user's class path without those artifacts.
 */
public final class HidingLoader extends ClassLoader {

    private final List<String> hidden;

    /** Hides the classes whose names start with one of {@code hidden}. */
    public HidingLoader(List<String> hidden) {
        super(HidingLoader.class.getClassLoader());
        this.hidden = hidden;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (hidden.stream().anyMatch(name::startsWith)) {
            throw new ClassNotFoundException(name);
        }
        if (!name.startsWith("dev.asyncdataset.")) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            return loaded != null ? loaded : define(name);
        }
    }

    private Class<?> define(String name) throws ClassNotFoundException {
        try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
            if (in == null) {
                throw new ClassNotFoundException(name);
            }
            byte[] bytes = in.readAllBytes();
            return defineClass(name, bytes, 0, bytes.length);
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
    }
}
