"""The text benchmark's Python peer: one configuration per process, the counterpart of the Java
TextBenchmark. Hugging Face `datasets` streams the Parquet files' `text` column (a local folder, or
the S3 server's objects over HTTP range requests: `datasets` reads S3 only through s3fs), a
batched `map` encodes each 32 documents with `tokenizers` (the same tokenizer.json) and appends the
end-of-text id, a second batched `map` packs them into seqLen+1 windows (the tail of each map
batch dropped, as Hugging Face's run_clm.py does), and a PyTorch DataLoader with --workers
persistent workers batches them. With --trainer true, each batch trains the same model as TinyLm
(embedding 64, one post-norm transformer encoder layer with 4 heads, feed-forward 256, GELU, a
causal mask; Adam at 0.003). After --warmup-seconds it times --intervals intervals of
--interval-seconds and prints "RESULT {...}" with what the kernel counted for the process and its
workers. Started by text_suite.py.
"""
import argparse
import glob
import json
import os
import time

import torch
from datasets import load_dataset
from tokenizers import Tokenizer
from torch.utils.data import DataLoader

from proctree import counters


def files(args):
    """The Parquet files: a folder's, or the S3 server's, listed with boto3, as HTTP URLs."""
    if not args.data.startswith("s3://"):
        return sorted(glob.glob(os.path.join(args.data, "*.parquet")))
    import boto3
    bucket, _, prefix = args.data[len("s3://"):].partition("/")
    client = boto3.client("s3", endpoint_url=args.endpoint, region_name="us-east-1")
    listed = client.list_objects_v2(Bucket=bucket, Prefix=prefix)["Contents"]
    return [f"{args.endpoint}/{bucket}/{o['Key']}" for o in listed if o["Key"].endswith(".parquet")]


def windows(args):
    tokenizer = Tokenizer.from_file(args.tokenizer)
    end = tokenizer.token_to_id("<|endoftext|>")
    size = args.seq_len + 1

    def encode(rows):
        return {"ids": [e.ids + [end] for e in tokenizer.encode_batch(rows["text"])]}

    def pack(rows):
        joined = [t for ids in rows["ids"] for t in ids]
        cut = len(joined) // size * size
        return {"window": [joined[i:i + size] for i in range(0, cut, size)]}
    texts = load_dataset("parquet", data_files=files(args), split="train", streaming=True)
    ids = texts.map(encode, batched=True, batch_size=32, remove_columns=["text"])
    return ids.map(pack, batched=True, batch_size=32, remove_columns=["ids"]).with_format("torch")


class TinyLm(torch.nn.Module):
    def __init__(self, vocabulary, size=64, heads=4):
        super().__init__()
        self.embedding = torch.nn.Embedding(vocabulary, size)
        self.encoder = torch.nn.TransformerEncoderLayer(size, heads, 4 * size, dropout=0.0,
                                                        activation="gelu", batch_first=True)
        self.logits = torch.nn.Linear(size, vocabulary)

    def forward(self, ids):
        length = ids.shape[1]
        mask = torch.triu(torch.full((length, length), float("-inf")), diagonal=1)
        return self.logits(self.encoder(self.embedding(ids), src_mask=mask))


def trainer(vocabulary):
    torch.manual_seed(0)
    model = TinyLm(vocabulary)
    optimizer = torch.optim.Adam(model.parameters(), lr=3e-3)
    loss_fn = torch.nn.CrossEntropyLoss()

    def step(window):
        optimizer.zero_grad()
        logits = model(window[:, :-1])
        loss_fn(logits.reshape(-1, vocabulary), window[:, 1:].reshape(-1)).backward()
        optimizer.step()
    return step


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", required=True)
    parser.add_argument("--endpoint", default=None)
    parser.add_argument("--tokenizer", required=True)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--seq-len", type=int, default=64)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--trainer", default="true")
    parser.add_argument("--warmup-seconds", type=float, default=10)
    parser.add_argument("--intervals", type=int, default=3)
    parser.add_argument("--interval-seconds", type=float, default=5)
    args = parser.parse_args()
    torch.set_num_threads(os.cpu_count())
    step = trainer(Tokenizer.from_file(args.tokenizer).get_vocab_size()) \
        if args.trainer == "true" else (lambda window: None)
    loader = DataLoader(windows(args), batch_size=args.batch, num_workers=args.workers,
                        persistent_workers=args.workers > 0)
    warmup_end, rates, counted = time.perf_counter() + args.warmup_seconds, [], []
    before = start = None
    while len(rates) < args.intervals:
        for batch in loader:
            step(batch["window"])
            now = time.perf_counter()
            if before is None:
                if now >= warmup_end:
                    before, start, begun, tokens = counters(os.getpid()), now, now, 0
                continue
            tokens += batch["window"][:, 1:].numel()
            if now - begun >= args.interval_seconds:
                rates.append(tokens / (now - begun))
                counted.append(tokens)
                tokens, begun = 0, now
            if len(rates) >= args.intervals:
                break
    faults, user, system = (a - b for a, b in zip(counters(os.getpid()), before))
    print("RESULT " + json.dumps({
        "loader": f"python-{args.workers}", "rates": rates, "tokens": counted,
        "measured_s": round(time.perf_counter() - start, 3), "minor_faults": faults,
        "user_cpu_s": round(user, 2), "system_cpu_s": round(system, 2)}), flush=True)


if __name__ == "__main__":
    main()
