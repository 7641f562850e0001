package dev.asyncdataset.decode;

import ai.djl.modality.cv.ImageFactory;

/**
 * The native library that decodes and resizes images: OpenCV when DJL's image factory is the OpenCV
 * one (that is, {@code ai.djl.opencv:opencv} is on the classpath and the user did not set another
 * factory), Java's ImageIO and the engine's resize otherwise.
 */
enum Codec {
    OPENCV,
    IMAGEIO;

    private static final String OPENCV_FACTORY = "ai.djl.opencv.OpenCVImageFactory";

    /**
     * Returns the codec matching DJL's current {@link ImageFactory}.
     *
     * @return the active codec
     */
    static Codec active() {
        ImageFactory factory = ImageFactory.getInstance();
        return OPENCV_FACTORY.equals(factory.getClass().getName()) ? OPENCV : IMAGEIO;
    }
}
