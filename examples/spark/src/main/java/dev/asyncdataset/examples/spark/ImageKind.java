package dev.asyncdataset.examples.spark;

import java.util.Locale;

/** The part name an image is stored under in a shard: its extension, else what its bytes are. */
final class ImageKind {

    private ImageKind() {}

    /**
     * Returns {@code jpg}, {@code png}, ...: the lower-case image extension of {@code path}, else
     * the format its first bytes name.
     *
     * @throws IllegalArgumentException if neither names an image format
     */
    static String of(String path, byte[] bytes) {
        String name = path == null ? "" : path.toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        if (dot >= 0 && name.substring(dot).matches(LabeledImages.IMAGE_NAME)) {
            return name.substring(dot + 1);
        }
        if (starts(bytes, 0xFF, 0xD8, 0xFF)) {
            return "jpg";
        }
        if (starts(bytes, 0x89, 'P', 'N', 'G')) {
            return "png";
        }
        if (starts(bytes, 'G', 'I', 'F', '8')) {
            return "gif";
        }
        if (starts(bytes, 'B', 'M')) {
            return "bmp";
        }
        throw new IllegalArgumentException("not a JPEG, PNG, GIF or BMP image");
    }

    private static boolean starts(byte[] bytes, int... magic) {
        if (bytes.length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((bytes[i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
