package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Maven coordinates the docs give users to copy are the versions the build is tested with: each
 * {@code <dependency>} with a {@code <version>} in README.md or docs/*.md names the version the
 * parent pom pins for that artifact.
 */
class DependencySnippetsTest {

    private static final Path TOP = Path.of("..");

    private static final Pattern DEPENDENCY =
            Pattern.compile(
                    "<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>"
                            + "\\s*<version>([^<]+)</version>");

    private static final Pattern PROPERTY = Pattern.compile("\\$\\{([^}]+)}");

    @Test
    void everyVersionInTheDocsIsTheOneTheBuildPins() throws IOException {
        Map<String, String> pinned = pinned(Files.readString(TOP.resolve("pom.xml")));
        List<String> checked = new ArrayList<>();
        for (Path doc : docs()) {
            Matcher m = DEPENDENCY.matcher(Files.readString(doc, StandardCharsets.UTF_8));
            while (m.find()) {
                String artifact = m.group(1) + ":" + m.group(2);
                String version = pinned.get(artifact);
                if (version != null) {
                    assertEquals(version, m.group(3), doc + " gives " + artifact);
                    checked.add(artifact);
                }
            }
        }
        assertTrue(
                checked.containsAll(
                        List.of(
                                "ai.djl.pytorch:pytorch-jni",
                                "dev.hardwood:hardwood-core",
                                "org.xerial.snappy:snappy-java",
                                "com.github.luben:zstd-jni",
                                "com.azure:azure-sdk-bom",
                                "com.azure:azure-core",
                                "com.azure:azure-core-http-jdk-httpclient")),
                "checked only " + checked);
    }

    private static List<Path> docs() throws IOException {
        try (Stream<Path> files = Files.list(TOP.resolve("docs"))) {
            List<Path> docs =
                    new ArrayList<>(files.filter(p -> p.toString().endsWith(".md")).toList());
            docs.add(TOP.resolve("README.md"));
            return docs;
        }
    }

    /** Each dependency's version in the pom, its properties filled in. */
    private static Map<String, String> pinned(String pom) {
        Map<String, String> properties = new HashMap<>();
        Matcher p = Pattern.compile("<([a-zA-Z0-9.-]+)>([^<$]*)</\\1>").matcher(pom);
        while (p.find()) {
            properties.putIfAbsent(p.group(1), p.group(2).trim());
        }
        Map<String, String> pinned = new HashMap<>();
        Matcher d = DEPENDENCY.matcher(pom);
        while (d.find()) {
            Matcher ref = PROPERTY.matcher(d.group(3));
            String version =
                    ref.replaceAll(
                            r ->
                                    Matcher.quoteReplacement(
                                            properties.getOrDefault(r.group(1), r.group())));
            pinned.put(d.group(1) + ":" + d.group(2), version);
        }
        return pinned;
    }
}
