#!/usr/bin/env python3
"""Writes huge-attachment.eml into the folder given: a Thunderbird-shaped message with the
example packet armoured in its body and a 20 MiB binary attachment (base64, about 28 MB in
all, under ingest's 32 MiB limit). Too big to keep in the repository, so the tests make it.
The bytes are pseudo-random from a fixed seed: the same file every time.

    python3 tests/mail/make_huge.py FOLDER"""

import base64
import os
import random
import sys

if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
    sys.exit("usage: make_huge.py FOLDER   (writes FOLDER/huge-attachment.eml)")

HERE = os.path.dirname(os.path.abspath(__file__))
packet = open(os.path.join(HERE, "example-step-3.packet.yaml"), encoding="utf-8").read()
lines = ["-----BEGIN ADJUTANT PACKET-----"] + packet.rstrip("\n").split("\n") + [
    "-----END ADJUTANT PACKET-----"]
B = "------------Zq8Rt2Lw6Xm0Vc4Nb7Hk3Jd9"
head = f"""Content-Type: multipart/mixed; boundary="{B}"
Message-ID: <7c3e9a15-4b2d-4f8e-a6c1-0d9b8e7f6a54@example.org>
Date: Sat, 22 Mar 2025 15:40:02 +0100
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Content-Language: en-US
To: patriot@example.org
From: Demo Crown <crown@example.org>
Subject: ss-example-2 step 3, and the board scan

This is a multi-part message in MIME format.
--{B}
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: 7bit

Step 3 below; the scan of my board is attached (sorry, it is big).

""" + "\n".join(lines) + f"""

Crown

--{B}
Content-Type: application/octet-stream; name="board-scan.raw"
Content-Disposition: attachment; filename="board-scan.raw"
Content-Transfer-Encoding: base64

"""
blob = random.Random(20250322).randbytes(20 * 1024 * 1024)
with open(os.path.join(sys.argv[1], "huge-attachment.eml"), "wb") as f:
    f.write(head.replace("\n", "\r\n").encode("ascii"))
    f.write(base64.encodebytes(blob).replace(b"\n", b"\r\n"))
    f.write(f"--{B}--\r\n".encode("ascii"))
