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

    /** The leaf columns of one file's schema that the mapping names. */
    record Leaves(String image, String label, boolean stringLabel) {}

    /**
     * Finds the mapped columns in {@code schema}.
     *
     * @throws IllegalArgumentException naming the column that is missing or of another type
     */
    Leaves resolve(FileSchema schema) {
        Map<String, SchemaNode> fields = fields(schema);
        return new Leaves(imageLeaf(fields), labelLeaf(fields), stringLabel(fields));
    }

    private String imageLeaf(Map<String, SchemaNode> fields) {
        SchemaNode node = field(fields, image);
        if (node instanceof SchemaNode.GroupNode group && group.isStruct()) {
            for (SchemaNode child : group.children()) {
                if (child.name().equals("bytes") && isBinary(child)) {
                    return image + ".bytes";
                }
            }
        } else if (isBinary(node)) {
            return image;
        }
        throw new IllegalArgumentException(
                "column " + image + " is neither binary nor a {bytes, path} struct");
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

    private boolean stringLabel(Map<String, SchemaNode> fields) {
        return isBinary(fields.get(label));
    }

    private static SchemaNode field(Map<String, SchemaNode> fields, String name) {
        SchemaNode node = fields.get(name);
        if (node == null) {
            throw new IllegalArgumentException(
                    "no column " + name + " (the columns are " + fields.keySet() + ")");
        }
        return node;
    }

    private static Map<String, SchemaNode> fields(FileSchema schema) {
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
