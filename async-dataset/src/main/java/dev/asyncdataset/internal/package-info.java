/**
 * The library's engine; not public API. It holds no class of its own, only packages, each named for
 * its job and described in its own package documentation; docs/architecture.md maps them, with the
 * import graph a test checks against the compiled classes, and the drawing of one epoch is in the
 * {@code dev.asyncdataset} package documentation. Nothing imports {@code dev.asyncdataset}, and no
 * package under {@code internal} imports a package of {@code source} ({@code PackageCyclesTest}
 * checks both, and that packages form no cycle, with {@code jdeps}).
 */
package dev.asyncdataset.internal;
