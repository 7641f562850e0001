package dev.asyncdataset.internal.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

class NamedFilesTest {

    @Test
    void aGlobInTheLastSegmentListsItsFolderAndKeepsTheNamesItMatches() {
        NamedFiles glob =
                NamedFiles.parse("hf://datasets/o/n@v1/default/train/part-*.parquet", "*.parquet");
        assertEquals("hf://datasets/o/n@v1/default/train/", glob.prefix());
        assertNull(glob.urls());
        Predicate<String> named = glob.listedNames();
        assertTrue(named.test("hf://datasets/o/n@v1/default/train/part-0001.parquet"));
        assertFalse(named.test("hf://datasets/o/n@v1/default/train/0001.parquet"));
        assertFalse(named.test("hf://datasets/o/n@v1/default/train/part-1.parquet.tmp"));
    }

    @Test
    void aFolderListsItsParquetFiles() {
        NamedFiles folder = NamedFiles.parse("s3://bucket/table/", "*.parquet");
        assertTrue(folder.listedNames().test("s3://bucket/table/a.parquet"));
        assertFalse(folder.listedNames().test("s3://bucket/table/README.txt"));
    }

    @Test
    void aBracePatternNamesItsFilesWithoutListing() {
        NamedFiles braces = NamedFiles.parse("s3://b/t/{0..1}.parquet", "*.parquet");
        assertEquals(List.of("s3://b/t/0.parquet", "s3://b/t/1.parquet"), braces.urls());
    }

    @Test
    void aGlobBeforeTheLastSegmentOrAcrossFoldersIsRefusedNamingTheLocation() {
        for (String bad : new String[] {"s3://b/*/x.parquet", "s3://b/t/**.parquet"}) {
            IllegalArgumentException e =
                    assertThrows(
                            IllegalArgumentException.class,
                            () -> NamedFiles.parse(bad, "*.parquet"));
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
    }
}
