package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.modality.cv.BufferedImageFactory;
import ai.djl.modality.cv.ImageFactory;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.Pipeline;
import ai.djl.translate.Transform;
import dev.asyncdataset.internal.decode.ItemSeeds;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class ImageTransformsTest {

    private static final long SEED = 42;

    private static NDManager manager;
    private static NDArray photo;

    @BeforeAll
    static void createPhoto() {
        manager = NDManager.newBaseManager();
        byte[] pixels = new byte[387 * 469 * 3];
        new Random(5).nextBytes(pixels);
        photo = manager.create(pixels, new Shape(387, 469, 3)).toType(DataType.UINT8, false);
    }

    @AfterAll
    static void closeManager() {
        manager.close();
    }

    @Test
    void randomResizedCropEmitsTheRequestedUint8Size() throws Exception {
        RandomResizedCrop resizedCrop = new RandomResizedCrop(224, 160);
        NDArray crop = ItemSeeds.with(SEED, 0, 1, () -> resizedCrop.transform(photo));
        assertEquals(new Shape(160, 224, 3), crop.getShape());
        assertEquals(DataType.UINT8, crop.getDataType());
    }

    @Test
    void sameItemSeedGivesBitIdenticalTrainingOutput() throws Exception {
        Pipeline training = ImageRecipes.training(224);
        ItemSeeds.ThrowingSupplier<byte[], Exception> item17 =
                () -> ItemSeeds.with(SEED, 3, 17, () -> apply(training, photo).toByteArray());
        byte[] first = item17.get();
        assertArrayEquals(first, item17.get());
        assertArrayEquals(first, onOtherThread(item17));
    }

    @Test
    void differentItemIndexesGetDifferentCrops() {
        RandomResizedCrop crop = new RandomResizedCrop(224, 224);
        Set<CropBox> boxes = new HashSet<>();
        for (int index = 0; index < 20; index++) {
            boxes.add(crop.box(387, 469, new Random(ItemSeeds.mix(SEED, 0, index))));
        }
        assertTrue(boxes.size() >= 19, "distinct boxes: " + boxes.size());
    }

    @Test
    void cropBoxesStayInsideTheImageAndWithinScaleAndRatio() {
        RandomResizedCrop crop = new RandomResizedCrop(224, 224);
        Random random = new Random(SEED);
        for (int i = 0; i < 1000; i++) {
            CropBox box = crop.box(387, 469, random);
            assertTrue(box.x() >= 0 && box.y() >= 0, box.toString());
            boolean inside = box.x() + box.width() <= 469 && box.y() + box.height() <= 387;
            assertTrue(inside, box.toString());
            double ratio = (double) box.width() / box.height();
            assertTrue(ratio > 0.7 && ratio < 1.4, box + " ratio " + ratio);
        }
    }

    @Test
    void impossibleScaleFallsBackToCenterCropWithinRatio() {
        RandomResizedCrop crop = new RandomResizedCrop(32, 32, 1, 1, 1, 1);
        CropBox box = crop.box(100, 300, new Random(SEED));
        assertEquals(new CropBox(100, 0, 100, 100), box);
    }

    @Test
    void flipMirrorsColumns() {
        NDArray flipped = new RandomHorizontalFlip(1).transform(photo);
        int width = (int) photo.getShape().get(1);
        for (int col : new int[] {0, 1, 200, width - 1}) {
            byte[] expected = photo.get(new NDIndex(":, {}, :", width - 1 - col)).toByteArray();
            assertArrayEquals(expected, flipped.get(new NDIndex(":, {}, :", col)).toByteArray());
        }
    }

    @Test
    void flipWithProbabilityZeroReturnsTheInput() {
        assertSame(photo, new RandomHorizontalFlip(0).transform(photo));
    }

    @Test
    void flipsAboutHalfOfTheItems() throws Exception {
        RandomHorizontalFlip flip = new RandomHorizontalFlip();
        int flips = 0;
        for (int index = 0; index < 200; index++) {
            NDArray out = ItemSeeds.with(SEED, 0, index, () -> flip.transform(photo));
            flips += out == photo ? 0 : 1;
        }
        assertTrue(flips > 70 && flips < 130, "flips: " + flips);
    }

    @Test
    void evaluationRecipeThenCpuNormalizeGives3x224x224Float() {
        NDArray cropped = apply(ImageRecipes.evaluation(256, 224), photo);
        NDArray tensor = ImageRecipes.cpuNormalize().transform(cropped);
        assertEquals(new Shape(3, 224, 224), tensor.getShape());
        assertEquals(DataType.FLOAT32, tensor.getDataType());
    }

    @Test
    void deviceNormalizeMatchesPerItemToTensorAndNormalize() {
        NDArray item = apply(ImageRecipes.evaluation(256, 224), photo);
        NDArray batch = item.expandDims(0).repeat(0, 2);
        NDArray onDevice = ImageRecipes.deviceNormalize().transform(batch);
        NDArray perItem = ImageRecipes.cpuNormalize().transform(item);
        assertEquals(new Shape(2, 3, 224, 224), onDevice.getShape());
        assertTrue(onDevice.get(1).allClose(perItem, 1e-5, 1e-5, false));
    }

    @Test
    void withoutOpenCvTheEngineResizesToNearlyTheSameUint8Pixels() {
        NDArray gradient =
                manager.arange(0f, 387 * 469 * 3f)
                        .reshape(387, 469, 3)
                        .mod(251)
                        .toType(DataType.UINT8, false);
        Transform evaluation = new ResizeCenterCrop(256, 224);
        NDArray openCv = evaluation.transform(gradient);
        ImageFactory previous = ImageFactory.getInstance();
        ImageFactory.setImageFactory(new BufferedImageFactory());
        try {
            NDArray engine = evaluation.transform(gradient);
            assertEquals(DataType.UINT8, engine.getDataType());
            NDArray difference =
                    engine.toType(DataType.FLOAT32, false)
                            .sub(openCv.toType(DataType.FLOAT32, false))
                            .abs();
            assertTrue(difference.mean().getFloat() < 2, "mean |difference| " + difference.mean());
        } finally {
            ImageFactory.setImageFactory(previous);
        }
    }

    @Test
    void badArgumentsAreRejectedWithTheValue() {
        assertMessage("size < 1: 0x224", () -> new RandomResizedCrop(0, 224));
        assertMessage("resize < crop: 200 < 224", () -> new ResizeCenterCrop(200, 224));
        assertMessage("probability not in [0, 1]: 2.0", () -> new RandomHorizontalFlip(2));
        Transform flip = new RandomHorizontalFlip();
        NDArray flat = manager.zeros(new Shape(10));
        assertMessage("expected an (H, W, C) image, got shape (10)", () -> flip.transform(flat));
    }

    private static void assertMessage(String message, Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    private static NDArray apply(Pipeline pipeline, NDArray image) {
        return pipeline.transform(new NDList(image)).singletonOrThrow();
    }

    private static byte[] onOtherThread(ItemSeeds.ThrowingSupplier<byte[], Exception> body)
            throws Exception {
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            return executor.submit(body::get).get();
        } finally {
            executor.shutdown();
        }
    }
}
