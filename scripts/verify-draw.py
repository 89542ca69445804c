#!/usr/bin/env python3
"""Checks a Khela lottery draw from its public proof, independently of the server's code.

    python3 scripts/verify-draw.py --url URL --game CODE --numero N [--bet ID] [--record TEXT]

Python's standard library only. It fetches GET /lgw/vn/numeros/proof and every page of
GET /lgw/vn/numeros/leaves, then checks (docs/lottery.md "Fairness"):

  1. the revealed seed against its commitment: SHA-256(seed bytes) == seedHash;
  2. the bets digest: the Merkle root rebuilt from the published leaves (node = SHA-256(0x01 ||
     left || right), positional, an odd last node goes up unchanged, no leaf = SHA-256 of '')
     equals betsDigest, and their count equals betCount;
  3. the beacon value as published: randomness == SHA-256(signature) (the BLS signature itself is
     checked by the server and by the verify page, not here);
  4. the numbers: HMAC-SHA256 keyed by the seed over gameCode|numero|betsDigest|randomness|block
     (without a beacon round gameCode|numero|betsDigest|block), bytes below 250 giving digits
     byte % 10, filling the region's layout special first, equal the published result;
  5. with --bet ID: that bet's leaf is among the leaves and its inclusion path (built here from the
     leaves) leads to the root; with --record, the leaf is SHA-256(0x00 || record).

Exits 0 when every check passes, 1 when one fails, 2 when the proof cannot be had.
"""

import argparse
import hashlib
import hmac
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

NORTH = [(1, 5), (1, 5), (2, 5), (6, 5), (4, 4), (6, 4), (3, 3), (4, 2)]
SOUTH = [(1, 6), (1, 5), (1, 5), (2, 5), (7, 5), (1, 4), (3, 4), (1, 3), (1, 2)]


def fetch(base, path, query):
    url = f"{base.rstrip('/')}{path}?{urllib.parse.urlencode(query)}"
    request = urllib.request.Request(url, headers={"accept": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        body = json.loads(response.read().decode("utf-8"))
    return body.get("value", body)


def node(left, right):
    return hashlib.sha256(b"\x01" + left + right).digest()


def next_level(level):
    return [node(level[i], level[i + 1]) if i + 1 < len(level) else level[i] for i in range(0, len(level), 2)]


def merkle_root(leaves):
    if not leaves:
        return hashlib.sha256(b"").hexdigest()
    level = leaves
    while len(level) > 1:
        level = next_level(level)
    return level[0].hex()


def merkle_path(leaves, index):
    path, level, position = [], leaves, index
    while len(level) > 1:
        sibling = position + 1 if position % 2 == 0 else position - 1
        if sibling < len(level):
            path.append(("right" if position % 2 == 0 else "left", level[sibling]))
        level = next_level(level)
        position //= 2
    return path


def fold(leaf, path):
    current = leaf
    for side, sibling in path:
        current = node(sibling, current) if side == "left" else node(current, sibling)
    return current.hex()


def derive(game, numero, region, seed_hex, digest, beacon_value):
    layout = NORTH if region in ("north", "fast") else SOUTH
    key = bytes.fromhex(seed_hex)
    mix = f"{beacon_value}|" if beacon_value else ""
    pending, block = [], 0

    def digit():
        nonlocal pending, block
        while True:
            if not pending:
                message = f"{game}|{numero}|{digest}|{mix}{block}".encode("utf-8")
                pending = list(hmac.new(key, message, hashlib.sha256).digest())
                block += 1
            byte = pending.pop(0)
            if byte < 250:
                return byte % 10

    numbers = []
    for count, digits in layout:
        for _ in range(count):
            numbers.append("".join(str(digit()) for _ in range(digits)))
    return numbers


def main():
    parser = argparse.ArgumentParser(description="Verify a Khela lottery draw from its public proof.")
    parser.add_argument("--url", required=True, help="the site, e.g. https://example.com")
    parser.add_argument("--game", required=True, help="game code, e.g. MB or FAST_1")
    parser.add_argument("--numero", required=True, help="the draw's 12-digit numero")
    parser.add_argument("--bet", type=int, help="a bet id whose inclusion in the bets digest to check")
    parser.add_argument("--record", help="that bet's canonical record (from your bet's proof), to check its leaf")
    args = parser.parse_args()

    try:
        proof = fetch(args.url, "/lgw/vn/numeros/proof", {"gameCode": args.game, "numero": args.numero})
        leaves_list = []
        page_no, total_pages = 1, 1
        while page_no <= total_pages:
            page = fetch(
                args.url,
                "/lgw/vn/numeros/leaves",
                {"gameCode": args.game, "numero": args.numero, "pageNo": page_no, "pageSize": 10000},
            )
            leaves_list.extend(page["list"])
            total_pages = page["totalPages"]
            page_no += 1
    except (urllib.error.URLError, ValueError, KeyError) as error:
        print(f"cannot read the proof: {error}", file=sys.stderr)
        return 2

    failures = []

    def check(ok, text):
        print(("ok    " if ok else "FAIL  ") + text)
        if not ok:
            failures.append(text)

    if proof.get("seed") is None or proof.get("result") is None:
        print(f"not drawn (status {proof.get('status')}): nothing to verify yet", file=sys.stderr)
        return 1

    seed_hash = hashlib.sha256(bytes.fromhex(proof["seed"])).hexdigest()
    check(seed_hash == proof["seedHash"], f"seed matches its commitment {proof['seedHash']}")

    leaves = [bytes.fromhex(item["leaf"]) for item in leaves_list]
    check(len(leaves) == proof["betCount"], f"{len(leaves)} published leaves = betCount {proof['betCount']}")
    root = merkle_root(leaves)
    check(root == proof["betsDigest"], f"Merkle root of the leaves = betsDigest {proof['betsDigest']}")

    beacon = proof.get("beacon")
    beacon_value = None
    if beacon is not None:
        beacon_value = beacon.get("randomness")
        signature = beacon.get("signature") or ""
        ok = beacon_value is not None and hashlib.sha256(bytes.fromhex(signature)).hexdigest() == beacon_value
        check(ok, f"beacon round {beacon['round']}: randomness = SHA-256(signature)")

    published = [number for tier in proof["result"] for number in tier["numbers"]]
    derived = derive(proof["gameCode"], proof["numero"], proof["region"], proof["seed"], proof["betsDigest"], beacon_value)
    check(derived == published, f"{len(published)} numbers recomputed from seed + digest + beacon (special {derived[0]})")

    if args.bet is not None:
        index = next((i for i, item in enumerate(leaves_list) if item["betId"] == args.bet), None)
        if index is None:
            check(False, f"bet {args.bet} is among the leaves")
        else:
            leaf = leaves[index]
            check(fold(leaf, merkle_path(leaves, index)) == proof["betsDigest"], f"bet {args.bet}: inclusion path leads to the root")
            if args.record is not None:
                record_leaf = hashlib.sha256(b"\x00" + args.record.encode("utf-8")).digest()
                check(record_leaf == leaf, f"bet {args.bet}: leaf = SHA-256(0x00 || record)")

    print("VERIFIED" if not failures else f"NOT VERIFIED: {len(failures)} check(s) failed")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
