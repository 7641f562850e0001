package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dependencies a user project gets from depending on the library alone, as Maven resolves the
 * library's published pom ({@code mvn dependency:tree} in a project of one dependency): the formats
 * and stores the library leaves optional are not among them.
 */
class UserDependenciesIT {

    private static final Path ROOT = Path.of(System.getProperty("project.root"));
    private static final String VERSION = System.getProperty("project.version");

    /**
     * The group prefixes of the optional dependencies: Parquet's reader and codecs, Azure's SDK.
     */
    private static final List<String> OPTIONAL =
            List.of("dev.hardwood:", "org.xerial.snappy:", "com.github.luben:", "com.azure:");

    @Test
    void aProjectDependingOnlyOnTheLibraryHasNoneOfItsOptionalDependencies(@TempDir Path dir)
            throws Exception {
        String tree = dependencyTree(dir);
        assertTrue(tree.contains("dev.asyncdataset:async-dataset:jar:" + VERSION), tree);
        assertTrue(tree.contains("software.amazon.awssdk:s3:jar:"), tree);
        for (String group : OPTIONAL) {
            assertFalse(tree.contains(group), group + " in\n" + tree);
        }
    }

    /**
     * Publishes the library's and its parent's poms to a repository of their own, then resolves.
     */
    private static String dependencyTree(Path dir) throws IOException, InterruptedException {
        publish(dir.resolve("repo"), "async-dataset-parent", ROOT.resolve("pom.xml"));
        publish(dir.resolve("repo"), "async-dataset", ROOT.resolve("async-dataset/pom.xml"));
        Path user = Files.createDirectories(dir.resolve("user"));
        Files.writeString(user.resolve("pom.xml"), userPom());
        Path tree = dir.resolve("tree.txt");
        Path log = dir.resolve("maven.log");
        List<String> command =
                new ArrayList<>(List.of(ROOT.resolve("mvnw").toString(), "-B", "-q"));
        if ("offline=true".equals(System.getProperty("maven.mode"))) {
            command.add("-o");
        }
        command.addAll(
                List.of(
                        "-Dmaven.repo.local=" + dir.resolve("repo"),
                        "-Dmaven.repo.local.tail=" + System.getProperty("maven.repo"),
                        "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:tree",
                        "-DoutputFile=" + tree));
        Process maven =
                new ProcessBuilder(command)
                        .directory(user.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        if (!maven.waitFor(5, TimeUnit.MINUTES)) {
            maven.destroyForcibly();
            throw new AssertionError("mvn dependency:tree did not end in 5 minutes");
        }
        assertEquals(0, maven.exitValue(), Files.readString(log));
        return Files.readString(tree, StandardCharsets.UTF_8);
    }

    private static void publish(Path repo, String artifact, Path pom) throws IOException {
        Path folder = repo.resolve("dev/asyncdataset/" + artifact + "/" + VERSION);
        Files.createDirectories(folder);
        Files.copy(pom, folder.resolve(artifact + "-" + VERSION + ".pom"));
    }

    private static String userPom() {
        return """
        <project xmlns="http://maven.apache.org/POM/4.0.0">
          <modelVersion>4.0.0</modelVersion>
          <groupId>example</groupId>
          <artifactId>user</artifactId>
          <version>1</version>
          <dependencies>
            <dependency>
              <groupId>dev.asyncdataset</groupId>
              <artifactId>async-dataset</artifactId>
              <version>%s</version>
            </dependency>
          </dependencies>
        </project>
        """
                .formatted(VERSION);
    }
}
