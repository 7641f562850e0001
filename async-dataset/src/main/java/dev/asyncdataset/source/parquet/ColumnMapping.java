package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.PhysicalType;
import dev.hardwood.schema.FileSchema;
import dev.hardwood.schema.SchemaNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which columns hold an item's image and label: the image a binary column or a {@code {bytes,
 * path}} struct (the Hugging Face Hub's layout), the label an integer column, or a string column
 * whose values are looked up in the class list.
 *
 * @param image the image column's name
 * @param label the label column's name
 * @param classes the class names, label {@code i} being the {@code i}-th; empty if not given
 */
record ColumnMapping(String image, String label, List<String> classes) {

    /**
     * Finds the mapped columns in {@code schema}: the image's leaf column, then the label's.
     *
     * @throws IllegalArgumentException naming the column that is missing, of another type, or a
     *     repeated image
     */
    List<String> resolve(FileSchema schema) {
        Map<String, SchemaNode> fields = fields(schema);
        String imageLeaf = leaf(fields, image);
        if (!isBinary(field(fields, image)) && imageLeaf.equals(image)) {
            throw new IllegalArgumentException(
                    "column " + image + " is neither binary nor a {bytes, path} struct");
        }
        if (schema.getColumn(imageLeaf).maxRepetitionLevel() > 0) {
            throw new IllegalArgumentException("column " + image + " is repeated, not one image");
        }
        return List.of(imageLeaf, labelLeaf(fields));
    }

    /**
     * The leaf column of top-level column {@code name}: the column itself if it is a primitive, its
     * {@code bytes} field if it is a struct with a binary one (the Hub's image).
     *
     * @throws IllegalArgumentException if there is no such column, or it is another group
     */
    static String leaf(Map<String, SchemaNode> fields, String name) {
        SchemaNode node = field(fields, name);
        if (node instanceof SchemaNode.GroupNode group) {
            for (SchemaNode child : group.children()) {
                if (group.isStruct() && child.name().equals("bytes") && isBinary(child)) {
                    return name + ".bytes";
                }
            }
            throw new IllegalArgumentException(
                    "column " + name + " is a group other than a {bytes, path} struct");
        }
        return name;
    }

    private String labelLeaf(Map<String, SchemaNode> fields) {
        SchemaNode node = field(fields, label);
        if (node instanceof SchemaNode.PrimitiveNode p
                && (p.type() == PhysicalType.INT32 || p.type() == PhysicalType.INT64)) {
            return label;
        }
        if (isBinary(node)) {
            if (classes.isEmpty()) {
                throw new IllegalArgumentException(
                        "column " + label + " holds strings: set the class list (optClasses)");
            }
            return label;
        }
        throw new IllegalArgumentException("column " + label + " is neither integer nor string");
    }

    private static SchemaNode field(Map<String, SchemaNode> fields, String name) {
        SchemaNode node = fields.get(name);
        if (node == null) {
            throw new IllegalArgumentException(
                    "no column " + name + " (the columns are " + fields.keySet() + ")");
        }
        return node;
    }

    /** The top-level columns of {@code schema} by name, in schema order. */
    static Map<String, SchemaNode> fields(FileSchema schema) {
        Map<String, SchemaNode> fields = new LinkedHashMap<>();
        for (SchemaNode node : schema.getRootNode().children()) {
            fields.put(node.name(), node);
        }
        return fields;
    }

    private static boolean isBinary(SchemaNode node) {
        return node instanceof SchemaNode.PrimitiveNode p && p.type() == PhysicalType.BYTE_ARRAY;
    }
}
