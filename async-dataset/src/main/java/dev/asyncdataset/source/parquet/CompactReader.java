package dev.asyncdataset.source.parquet;

import java.io.IOException;
import java.util.function.IntFunction;

/**
 * Reads the Thrift compact protocol, the encoding of Parquet's page headers and page indexes, from
 * a byte array: the field headers of a struct, its integer and boolean fields, lists of structs,
 * and skipping any other field (strings, doubles, nested structs, other lists, sets and maps)
 * whole. Every length read is checked against the bytes left, so a corrupt header is an {@link
 * IOException}, never a huge allocation or an index out of bounds.
 */
final class CompactReader {

    /** The type of the end of a struct's fields. */
    static final int STOP = 0;

    /** The type of a field that is the boolean true. */
    static final int TRUE = 1;

    /** The type of a field that is the boolean false. */
    static final int FALSE = 2;

    /** The type of a 32-bit integer field. */
    static final int I32 = 5;

    /** The type of a 64-bit integer field. */
    static final int I64 = 6;

    /** The type of a list field. */
    static final int LIST = 9;

    /** The type of a struct field. */
    static final int STRUCT = 12;

    /** How deep structs, lists and maps may nest in a header skipped. */
    private static final int MAX_DEPTH = 32;

    private final byte[] bytes;
    private final int limit;
    private int position;
    private int lastField;
    private int type;

    /** Reads {@code bytes} from {@code offset} up to {@code limit}. */
    CompactReader(byte[] bytes, int offset, int limit) {
        this.bytes = bytes;
        this.position = offset;
        this.limit = limit;
    }

    /** Where the next byte to read is. */
    int position() {
        return position;
    }

    /**
     * Reads the header of the next field of the struct being read and returns its id; its type is
     * then {@link #type()}. Returns 0 at the end of the struct ({@link #STOP}).
     */
    int nextField() throws IOException {
        int header = readByte();
        type = header & 0x0f;
        if (type == STOP) {
            return 0;
        }
        int delta = header >>> 4;
        lastField = delta == 0 ? (int) zigzag(readVarint()) : lastField + delta;
        return lastField;
    }

    /** The type of the field whose header was read last. */
    int type() {
        return type;
    }

    /** Reads a struct nested in the one being read with {@code fields}, then goes on with this. */
    void struct(Fields fields) throws IOException {
        int outer = lastField;
        lastField = 0;
        for (int id = nextField(); id != 0; id = nextField()) {
            fields.read(id);
        }
        lastField = outer;
    }

    /** Reads the value of the last field read, a 32-bit integer; checks its type. */
    int i32() throws IOException {
        if (type != I32) {
            throw new IOException("field " + lastField + " is of type " + type + ", not i32");
        }
        long value = zigzag(readVarint());
        if (value != (int) value) {
            throw new IOException("field " + lastField + " overflows an i32: " + value);
        }
        return (int) value;
    }

    /** Reads the value of the last field read, a 64-bit integer; checks its type. */
    long i64() throws IOException {
        if (type != I64) {
            throw new IOException("field " + lastField + " is of type " + type + ", not i64");
        }
        return zigzag(readVarint());
    }

    /**
     * Reads the value of the last field read, a list of structs, the {@code i}-th with the fields
     * {@code element} gives for {@code i}. Checks its type and its elements'.
     */
    void structs(IntFunction<Fields> element) throws IOException {
        if (type != LIST) {
            throw new IOException("field " + lastField + " is of type " + type + ", not a list");
        }
        int header = readByte();
        int size = header >>> 4 == 15 ? length(readVarint()) : header >>> 4;
        if ((header & 0x0f) != STRUCT) {
            throw new IOException("field " + lastField + " is a list of " + (header & 0x0f));
        }
        for (int i = 0; i < size; i++) {
            struct(element.apply(i));
        }
    }

    /** The value of the last field read, a boolean, whose value is its type. */
    boolean bool() throws IOException {
        if (type != TRUE && type != FALSE) {
            throw new IOException("field " + lastField + " is of type " + type + ", not bool");
        }
        return type == TRUE;
    }

    /** Skips the value of the last field read. */
    void skip() throws IOException {
        skip(type, 0);
    }

    private void skip(int valueType, int depth) throws IOException {
        if (depth > MAX_DEPTH) {
            throw new IOException("the header nests deeper than " + MAX_DEPTH);
        }
        switch (valueType) {
            case TRUE, FALSE -> {}
            case 3 -> readByte();
            case 4, I32, I64 -> readVarint();
            case 7 -> advance(8);
            case 8 -> advance(length(readVarint()));
            case LIST, 10 -> skipList(depth);
            case 11 -> skipMap(depth);
            case STRUCT -> skipStruct(depth);
            default -> throw new IOException("unknown compact type " + valueType);
        }
    }

    private void skipList(int depth) throws IOException {
        int header = readByte();
        int size = header >>> 4 == 15 ? length(readVarint()) : header >>> 4;
        skipElements(size, header & 0x0f, depth);
    }

    private void skipMap(int depth) throws IOException {
        int size = length(readVarint());
        if (size > 0) {
            int types = readByte();
            for (int i = 0; i < size; i++) {
                skipElement(types >>> 4, depth);
                skipElement(types & 0x0f, depth);
            }
        }
    }

    private void skipElements(int size, int elementType, int depth) throws IOException {
        for (int i = 0; i < size; i++) {
            skipElement(elementType, depth);
        }
    }

    /** Skips an element of a list, set or map: a boolean there takes a byte. */
    private void skipElement(int elementType, int depth) throws IOException {
        if (elementType == TRUE || elementType == FALSE) {
            readByte();
        } else {
            skip(elementType, depth + 1);
        }
    }

    private void skipStruct(int depth) throws IOException {
        int outer = lastField;
        lastField = 0;
        for (int id = nextField(); id != 0; id = nextField()) {
            skip(type, depth + 1);
        }
        lastField = outer;
    }

    private int readByte() throws IOException {
        if (position >= limit) {
            throw new IOException("the header runs past its page's bytes");
        }
        return bytes[position++] & 0xff;
    }

    private long readVarint() throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = readByte();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("a varint of the header runs over 10 bytes");
    }

    private int length(long length) throws IOException {
        if (length < 0 || length > limit - position) {
            throw new IOException("a length of " + length + " runs past the header's bytes");
        }
        return (int) length;
    }

    private void advance(int count) throws IOException {
        position += length(count);
    }

    private static long zigzag(long n) {
        return (n >>> 1) ^ -(n & 1);
    }

    /** Reads the fields of a struct, one id at a time, skipping those it does not know. */
    @FunctionalInterface
    interface Fields {
        void read(int id) throws IOException;
    }
}
