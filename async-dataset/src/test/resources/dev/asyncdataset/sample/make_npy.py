"""Writes the .npy files beside this script, the NumPy arrays PartsTest reads back.

Made with Debian's python3-numpy (2.x): cd to this folder and run /usr/bin/python3 make_npy.py.
The expected values in PartsTest and PaddedSamplesTest are the ones written here.
"""
import numpy as np

np.save("float32_2x3.npy", np.arange(6, dtype="<f4").reshape(2, 3) / 4)
np.save("uint8_scalar.npy", np.uint8(7))
np.save("bool_3.npy", np.array([True, False, True]))
np.save("float64_empty_0x5.npy", np.zeros((0, 5), dtype="<f8"))
np.save("tokens_5.npy", np.array([101, 7592, 2088, 999, 102], dtype="<i8"))
np.save("tokens_3.npy", np.array([101, 2088, 102], dtype="<i8"))
np.save("tokens_2.npy", np.array([101, 102], dtype="<i8"))
with open("int32_2x2_v2.npy", "wb") as f:
    np.lib.format.write_array(f, np.arange(4, dtype="<i4").reshape(2, 2), version=(2, 0))
# refused: DJL would misread the first and crash the JVM on the second; DJL refuses the third
np.save("float64_big_endian.npy", np.array([1.5, -2.25], dtype=">f8"))
np.save("int16_2.npy", np.array([1, -2], dtype="<i2"))
np.save("float32_fortran_2x3.npy", np.asfortranarray(np.arange(6, dtype="<f4").reshape(2, 3)))
