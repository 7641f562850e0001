"""Writes a WebDataset shard the way Python users do: tarfile members .jpg .json .txt .cls .npy.

Usage: write_webdataset.py INPUT_DIR OUT_DIR
Reads INPUT_DIR's 0.jpg, 0.npy, 1.jpg, 1.npy, ... (the .npy files written by NumPy), writes
OUT_DIR/shard-000000.tar and, beside it, every member's bytes as a loose file under
OUT_DIR/expected/ for the reader's comparison. Needs only Python's standard library.
"""
import io
import json
import os
import sys
import tarfile

inputs, out = sys.argv[1], sys.argv[2]
expected = os.path.join(out, "expected")
count = len([f for f in os.listdir(inputs) if f.endswith(".jpg")])


def read(name):
    with open(os.path.join(inputs, name), "rb") as f:
        return f.read()


with tarfile.open(os.path.join(out, "shard-000000.tar"), "w") as tar:
    for i in range(count):
        key = "train/%06d" % i
        parts = {
            "jpg": read("%d.jpg" % i),
            "json": json.dumps({"id": i, "caption": "sample %d" % i}).encode(),
            "txt": ("a caption of sample %d" % i).encode(),
            "cls": str(i % 3).encode(),
            "npy": read("%d.npy" % i),
        }
        for part, data in parts.items():
            info = tarfile.TarInfo("%s.%s" % (key, part))
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
            path = os.path.join(expected, "%s.%s" % (key, part))
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
