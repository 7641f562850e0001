"""Writes a WebDataset shard the way Python users do: tarfile members .jpg .json .txt .cls .npy.

Usage: write_webdataset.py JPEG_DIR OUT_DIR
Reads the JPEGs of JPEG_DIR (0.jpg, 1.jpg, ...), writes OUT_DIR/shard-000000.tar and, beside it,
every member's bytes as a loose file under OUT_DIR/expected/ for the reader's comparison.
"""
import io
import json
import os
import sys
import tarfile

import numpy as np

jpegs, out = sys.argv[1], sys.argv[2]
expected = os.path.join(out, "expected")
count = len([f for f in os.listdir(jpegs) if f.endswith(".jpg")])
with tarfile.open(os.path.join(out, "shard-000000.tar"), "w") as tar:
    for i in range(count):
        key = "train/%06d" % i
        array = np.arange(6 * (i + 1), dtype=[np.float32, np.int64, np.uint8][i % 3])
        npy = io.BytesIO()
        np.save(npy, array.reshape(i + 1, 6))
        with open(os.path.join(jpegs, "%d.jpg" % i), "rb") as f:
            jpg = f.read()
        parts = {
            "jpg": jpg,
            "json": json.dumps({"id": i, "caption": "sample %d" % i}).encode(),
            "txt": ("a caption of sample %d" % i).encode(),
            "cls": str(i % 3).encode(),
            "npy": npy.getvalue(),
        }
        for part, data in parts.items():
            info = tarfile.TarInfo("%s.%s" % (key, part))
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
            path = os.path.join(expected, "%s.%s" % (key, part))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
