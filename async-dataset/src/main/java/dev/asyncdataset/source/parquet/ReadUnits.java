package dev.asyncdataset.source.parquet;

import java.util.Arrays;
import java.util.List;

/**
 * What random access reads for each item, numbered over all files: a data page of the first chosen
 * column, where its row group's offset index allows ({@link ParquetFile#pages}), else its whole row
 * group. The units of a row group are numbered in order after those of the row groups before it.
 */
final class ReadUnits {

    /** The first unit of each row group over all files, and the number of units after the last. */
    private final int[] firstUnit;

    /** The page locations of each row group over all files, null where it is read whole. */
    private final PageLocations[] pages;

    private final RowGroupIndex index;

    ReadUnits(RowGroupIndex index, List<ParquetFile> files) {
        this.index = index;
        pages = new PageLocations[index.groups()];
        firstUnit = new int[index.groups() + 1];
        for (int g = 0; g < pages.length; g++) {
            pages[g] = files.get(index.file(g)).pages(index.groupInFile(g));
            firstUnit[g + 1] = Math.addExact(firstUnit[g], pages[g] == null ? 1 : pages[g].count());
        }
    }

    /** The unit holding row {@code row} of row group {@code group} over all files. */
    int unit(int group, int row) {
        return firstUnit[group] + (pages[group] == null ? 0 : pages[group].page(row));
    }

    /** The row group over all files that unit {@code unit} is of: every row group has a unit. */
    int group(int unit) {
        int at = Arrays.binarySearch(firstUnit, unit);
        return at >= 0 ? at : -at - 2;
    }

    /** The page of its row group that unit {@code unit} reads, or {@link HeldRowGroup#WHOLE}. */
    int page(int unit) {
        int group = group(unit);
        return pages[group] == null ? HeldRowGroup.WHOLE : unit - firstUnit[group];
    }

    /** The first item that unit {@code unit} holds. */
    long firstItem(int unit) {
        int group = group(unit);
        int page = page(unit);
        return index.firstItem(group)
                + (page == HeldRowGroup.WHOLE ? 0 : pages[group].firstRow(page));
    }

    /** How many items, from {@link #firstItem}, unit {@code unit} holds. */
    int items(int unit) {
        int group = group(unit);
        int page = page(unit);
        return page == HeldRowGroup.WHOLE
                ? Math.toIntExact(index.firstItem(group + 1) - index.firstItem(group))
                : pages[group].rows(page);
    }
}
