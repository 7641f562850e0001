package dev.asyncdataset.source.parquet;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.Deque;

/** Writes the Thrift compact protocol, for tests that build page headers by hand. */
final class CompactWriter {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Deque<Integer> outer = new ArrayDeque<>();
    private int last;

    CompactWriter i32(int id, int value) {
        field(id, 5);
        varint(zigzag(value));
        return this;
    }

    CompactWriter i64(int id, long value) {
        field(id, 6);
        varint(zigzag(value));
        return this;
    }

    CompactWriter bool(int id, boolean value) {
        field(id, value ? 1 : 2);
        return this;
    }

    CompactWriter binary(int id, byte[] value) {
        field(id, 8);
        varint(value.length);
        out.writeBytes(value);
        return this;
    }

    CompactWriter dbl(int id, double value) {
        field(id, 7);
        long bits = Double.doubleToLongBits(value);
        for (int i = 0; i < 8; i++) {
            out.write((int) (bits >>> (8 * i)));
        }
        return this;
    }

    /** A list of {@code values} i32s, written in the long form of its size when over 14. */
    CompactWriter i32List(int id, int... values) {
        field(id, 9);
        if (values.length < 15) {
            out.write(values.length << 4 | 5);
        } else {
            out.write(0xf0 | 5);
            varint(values.length);
        }
        for (int value : values) {
            varint(zigzag(value));
        }
        return this;
    }

    /** A list of booleans, a byte each. */
    CompactWriter boolList(int id, boolean... values) {
        field(id, 9);
        out.write(values.length << 4 | 1);
        for (boolean value : values) {
            out.write(value ? 1 : 2);
        }
        return this;
    }

    /** A map of i32 keys to binary values. */
    CompactWriter map(int id, int key, byte[] value) {
        field(id, 11);
        varint(1);
        out.write(5 << 4 | 8);
        varint(zigzag(key));
        varint(value.length);
        out.writeBytes(value);
        return this;
    }

    /** Starts a list field of {@code size} structs, each begun by {@link #element}. */
    CompactWriter structList(int id, int size) {
        field(id, 9);
        if (size < 15) {
            out.write(size << 4 | 12);
        } else {
            out.write(0xf0 | 12);
            varint(size);
        }
        return this;
    }

    /** Starts a struct of a list; {@link #end} ends it. */
    CompactWriter element() {
        outer.push(last);
        last = 0;
        return this;
    }

    /** Starts a struct field; {@link #end} ends it. */
    CompactWriter struct(int id) {
        field(id, 12);
        outer.push(last);
        last = 0;
        return this;
    }

    /** Ends the struct started last, or the outermost one. */
    CompactWriter end() {
        out.write(0);
        last = outer.isEmpty() ? 0 : outer.pop();
        return this;
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    private void field(int id, int type) {
        if (id > last && id - last <= 15) {
            out.write((id - last) << 4 | type);
        } else {
            out.write(type);
            varint(zigzag(id));
        }
        last = id;
    }

    private void varint(long value) {
        while ((value & ~0x7fL) != 0) {
            out.write((int) (value & 0x7f) | 0x80);
            value >>>= 7;
        }
        out.write((int) value);
    }

    private static long zigzag(long n) {
        return (n << 1) ^ (n >> 63);
    }
}
