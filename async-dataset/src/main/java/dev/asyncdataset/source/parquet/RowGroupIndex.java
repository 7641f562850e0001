package dev.asyncdataset.source.parquet;

import java.util.Arrays;
import java.util.List;

/**
 * Where each item is: the row groups of all files numbered in order, the items in file order, row
 * group order and row order, so that item {@code i} is a row of one row group.
 */
final class RowGroupIndex {

    /** The first item of each row group, and the number of items after the last. */
    private final long[] firstItem;

    /**
     * The file of each row group, as its position in the list of files that could be read: not the
     * store's number of the file, which counts the damaged files too.
     */
    private final int[] file;

    /** Each row group's position in its file. */
    private final int[] groupInFile;

    /** The first item of each file's first row group, that of a file's rows. */
    private final long[] fileFirstItem;

    RowGroupIndex(List<ParquetFile> files) {
        int groups = files.stream().mapToInt(ParquetFile::rowGroups).sum();
        firstItem = new long[groups + 1];
        file = new int[groups];
        groupInFile = new int[groups];
        fileFirstItem = new long[files.size()];
        int g = 0;
        for (int f = 0; f < files.size(); f++) {
            fileFirstItem[f] = firstItem[g];
            for (int k = 0; k < files.get(f).rowGroups(); k++, g++) {
                file[g] = f;
                groupInFile[g] = k;
                firstItem[g + 1] = firstItem[g] + files.get(f).rows(k);
            }
        }
    }

    /** The number of items. */
    long size() {
        return firstItem[firstItem.length - 1];
    }

    /** The number of row groups over all files. */
    int groups() {
        return file.length;
    }

    /** The row group, over all files, that item {@code index} is in. */
    int group(long index) {
        int at = Arrays.binarySearch(firstItem, index);
        if (at >= 0) {
            while (at + 1 < firstItem.length && firstItem[at + 1] == index) {
                at++;
            }
            return at;
        }
        return -at - 2;
    }

    /** The first item of row group {@code group}. */
    long firstItem(int group) {
        return firstItem[group];
    }

    /** The item's row in its row group. */
    int rowInGroup(long index, int group) {
        return Math.toIntExact(index - firstItem[group]);
    }

    /** The item's row in its file. */
    long rowInFile(long index, int group) {
        return index - fileFirstItem[file[group]];
    }

    /** The file row group {@code group} is in. */
    int file(int group) {
        return file[group];
    }

    /** Row group {@code group}'s position in its file. */
    int groupInFile(int group) {
        return groupInFile[group];
    }
}
