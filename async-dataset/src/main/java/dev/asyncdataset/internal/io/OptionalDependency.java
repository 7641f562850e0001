package dev.asyncdataset.internal.io;

import java.util.List;

/**
 * A dependency the library declares optional, so that only the users of what needs it carry it: the
 * classes that show it is on the class path, and the Maven coordinates an error names when one is
 * missing. Found once, then no longer looked up.
 */
public final class OptionalDependency {

    private final String user;
    private final String coordinates;
    private final List<String> classes;
    private volatile boolean found;

    /**
     * An optional dependency.
     *
     * @param user what needs it, as the error names it ("az:// locations")
     * @param coordinates the dependencies to add, as the error names them
     * @param classes a class of each, by binary name
     */
    public OptionalDependency(String user, String coordinates, String... classes) {
        this.user = user;
        this.coordinates = coordinates;
        this.classes = List.of(classes);
    }

    /** Fails, naming the dependencies to add, unless the library's class loader finds them. */
    public void require() {
        if (!found) {
            require(OptionalDependency.class.getClassLoader());
            found = true;
        }
    }

    /**
     * Fails, naming the dependencies to add, unless {@code loader} finds them.
     *
     * @throws IllegalStateException naming the coordinates and the first class missing
     */
    public void require(ClassLoader loader) {
        for (String name : classes) {
            try {
                Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(
                        user
                                + " need "
                                + coordinates
                                + " on the class path, left optional by async-dataset: add them"
                                + " to the build (missing: "
                                + name
                                + ")");
            }
        }
    }
}
