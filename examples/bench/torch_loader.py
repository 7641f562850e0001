"""PyTorch's DataLoader on the benchmark's data: one configuration per process.

Loader only (default): warm-up epochs for --warmup-seconds, then --epochs measured ones, each cut
at --max-steps batches or --max-seconds (once 4 batches past the --skip first ones are in; the rate
counts only those), the report's training augmentation (RandomResizedCrop(224),
RandomHorizontalFlip, ToTensor, Normalize) decoded with PIL, from a local ImageFolder, an S3 prefix
(boto3, one client per worker) or memory (the files read up front: the CPU-bound ceiling). Workers
are persistent by default (PyTorch's best setting: no process start and no new boto3 client per
epoch). With --train, ResNet-18 training steps instead, timing the wait for each batch. With
--no-loader, no DataLoader: the same steps over one constant batch (the process's floor, for
memory). Prints "EPOCH" after each epoch and one "RESULT {...}" JSON line, like the Java
LoaderBenchmark, for suite.py and memory.py, with what the kernel counted over the measured epochs
for the process and its workers (minor page faults, user and system CPU time).

Run it with Debian's /usr/bin/python3 (python3-torch, python3-torchvision, python3-pil,
python3-boto3).
"""
import argparse
import io
import json
import os
import time

import torch
import torchvision
from PIL import Image
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms

from proctree import counters

MEAN = [0.485, 0.456, 0.406]
STD = [0.229, 0.224, 0.225]


class Items(Dataset):
    """(key, label) pairs of an ImageFolder layout, read by a function of the key."""

    def __init__(self, keys, labels, read, transform):
        self.keys, self.labels, self.read, self.transform = keys, labels, read, transform

    def __len__(self):
        return len(self.keys)

    def __getitem__(self, index):
        image = Image.open(io.BytesIO(self.read(self.keys[index]))).convert("RGB")
        return self.transform(image), self.labels[index]


class S3Reader:
    """GETs objects with a boto3 client made lazily in each worker (clients are not fork-safe)."""

    def __init__(self, endpoint, bucket):
        self.endpoint, self.bucket, self.client = endpoint, bucket, None

    def _client(self):
        if self.client is None:
            import boto3
            from botocore.config import Config
            self.client = boto3.client("s3", endpoint_url=self.endpoint, region_name="us-east-1",
                                       config=Config(s3={"addressing_style": "path"},
                                                     max_pool_connections=64))
        return self.client

    def __call__(self, key):
        return self._client().get_object(Bucket=self.bucket, Key=key)["Body"].read()

    def list(self, prefix):
        keys = []
        for page in self._client().get_paginator("list_objects_v2").paginate(
                Bucket=self.bucket, Prefix=prefix):
            keys += [item["Key"] for item in page.get("Contents", [])]
        self.client = None
        return sorted(keys)


def labelled(keys):
    classes = sorted({key.split("/")[-2] for key in keys})
    index = {name: i for i, name in enumerate(classes)}
    return keys, [index[key.split("/")[-2]] for key in keys], len(classes)


def folder_keys(root):
    return [os.path.join(root, c, f) for c in sorted(os.listdir(root))
            if os.path.isdir(os.path.join(root, c)) for f in sorted(os.listdir(os.path.join(root, c)))]


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def dataset(args, transform):
    if args.data.startswith("s3://"):
        bucket, _, prefix = args.data[len("s3://"):].partition("/")
        reader = S3Reader(args.endpoint, bucket)
        keys, labels, classes = labelled(reader.list(prefix))
        return Items(keys, labels, reader, transform), classes
    keys, labels, classes = labelled(folder_keys(args.data))
    if args.in_memory:
        files = {key: read_file(key) for key in keys}
        return Items(keys, labels, files.__getitem__, transform), classes
    return Items(keys, labels, read_file, transform), classes


def loader(args, items):
    generator = torch.Generator()
    generator.manual_seed(args.seed)
    persistent = args.persistent_workers == "true" and args.workers > 0
    return DataLoader(items, batch_size=args.batch_size, shuffle=True, drop_last=True,
                      num_workers=args.workers, generator=generator, persistent_workers=persistent)


def constant_batches(args, size):
    """--no-loader: size // batch steps of one constant batch, as the DataLoader would deliver it."""
    data = torch.rand(args.batch_size, 3, args.image_size, args.image_size)
    labels = torch.zeros(args.batch_size, dtype=torch.long)
    return [(data, labels)] * (size // args.batch_size)


def run_epoch(batches, args, step_fn):
    start = time.perf_counter()
    first_ms, window_start, window_images, images, wait = 0.0, 0.0, 0, 0, 0.0
    iterator = iter(batches)
    for step in range(args.max_steps):
        asked = time.perf_counter()
        try:
            data, labels = next(iterator)
        except StopIteration:
            break
        now = time.perf_counter()
        wait += now - asked
        if step == 0:
            first_ms = (now - start) * 1e3
        if step == args.skip - 1:
            window_start = now
        window_images += len(labels) if step >= args.skip else 0
        images += len(labels)
        step_fn(data, labels)
        if now - start > args.max_seconds and step >= args.skip + 4:
            break
    del iterator
    end = time.perf_counter()
    print("EPOCH", flush=True)
    return {"rate": window_images / (end - window_start), "first_ms": first_ms,
            "images": images, "wait": wait, "wall": end - start}


def measured_epochs(batches, args, step_fn):
    """The measured epochs, and what the kernel counted over them for this process and its workers:
    wall seconds, minor page faults, user and system CPU seconds."""
    before, start = counters(os.getpid()), time.perf_counter()
    epochs = [run_epoch(batches, args, step_fn) for _ in range(args.epochs)]
    wall, after = time.perf_counter() - start, counters(os.getpid())
    faults, user, system = (a - b for a, b in zip(after, before))
    return epochs, {"measured_s": round(wall, 3), "minor_faults": faults,
                    "user_cpu_s": round(user, 2), "system_cpu_s": round(system, 2)}


def trainer(classes, args):
    torch.manual_seed(args.seed)
    model = torchvision.models.resnet18(num_classes=classes)
    optimizer = torch.optim.Adam(model.parameters())
    loss_fn = torch.nn.CrossEntropyLoss()

    def step(data, labels):
        optimizer.zero_grad()
        loss_fn(model(data), labels).backward()
        optimizer.step()
    step(torch.rand(args.batch_size, 3, args.image_size, args.image_size),
         torch.zeros(args.batch_size, dtype=torch.long))
    return step


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True)
    parser.add_argument("--endpoint", default=None)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--image-size", type=int, default=224)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--max-steps", type=int, default=24)
    parser.add_argument("--max-seconds", type=float, default=20)
    parser.add_argument("--in-memory", default="false")
    parser.add_argument("--persistent-workers", default="true",
                        help="keep the worker processes (and their S3 clients) between epochs")
    parser.add_argument("--skip", type=int, default=1)
    parser.add_argument("--warmup-seconds", type=float, default=0)
    parser.add_argument("--train", action="store_true")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-loader", action="store_true",
                        help="no DataLoader: one constant normalized batch per step (the floor)")
    args = parser.parse_args()
    args.in_memory = args.in_memory == "true"
    torch.set_num_threads(os.cpu_count())
    transform = transforms.Compose([
        transforms.RandomResizedCrop(args.image_size), transforms.RandomHorizontalFlip(),
        transforms.ToTensor(), transforms.Normalize(MEAN, STD)])
    items, classes = dataset(args, transform)
    step = trainer(classes, args) if args.train else (lambda data, labels: None)
    batches = constant_batches(args, len(items)) if args.no_loader else loader(args, items)
    began, warmup = time.perf_counter(), []
    while time.perf_counter() - began < args.warmup_seconds:
        warmup.append(run_epoch(batches, args, step))
    epochs, counts = measured_epochs(batches, args, step)
    if args.train:
        print("RESULT " + json.dumps({
            "images": sum(e["images"] for e in epochs), "wall_s": sum(e["wall"] for e in epochs),
            "wait_share": sum(e["wait"] for e in epochs) / sum(e["wall"] for e in epochs)}))
        return
    print("RESULT " + json.dumps({
        "rates": [round(e["rate"], 2) for e in epochs],
        "first_batch_ms": [round(e["first_ms"], 2) for e in warmup + epochs],
        "images": [e["images"] for e in epochs], "warmup_epochs": len(warmup),
        "wait_share": [round(e["wait"] / e["wall"], 4) for e in epochs],
        "batches_in_flight": max(1, 2 * args.workers), "batches_staged": 0, **counts}), flush=True)


if __name__ == "__main__":
    main()
