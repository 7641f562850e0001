package dev.asyncdataset.decode;

import java.nio.ByteBuffer;

/**
 * Decoded RGB pixels, (height, width, 3) uint8 in HWC order, held in the decoding thread's reused
 * buffer ({@link Uint8Arrays}): valid until that thread decodes again.
 *
 * @param buffer the pixels, position 0, limit height * width * 3
 * @param height the height
 * @param width the width
 */
record Pixels(ByteBuffer buffer, int height, int width) {}
