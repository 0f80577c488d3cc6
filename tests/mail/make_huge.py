"""Writes huge-attachment.eml into the folder given: the example packet in the body and a
20 MB binary attachment, too big to keep in the repository."""

import base64
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
packet = open(os.path.join(here, "example-step-3.packet.yaml")).read().strip("\n")
out = os.path.join(sys.argv[1], "huge-attachment.eml")
blob = base64.encodebytes(os.urandom(20 * 1024 * 1024)).replace(b"\n", b"\r\n")
with open(out, "wb") as f:
    f.write(("Date: Wed, 02 Dec 2026 18:00:00 +0000\r\nFrom: Demo Crown <crown@example.org>\r\n"
             "To: patriot@example.org\r\nSubject: orders and a big file\r\nMIME-Version: 1.0\r\n"
             "Content-Type: multipart/mixed; boundary=\"HUGE\"\r\n\r\n--HUGE\r\nContent-Type: text/plain\r\n\r\n"
             "-----BEGIN ADJUTANT PACKET-----\r\n" + packet.replace("\n", "\r\n") + "\r\n-----END ADJUTANT PACKET-----\r\n"
             "--HUGE\r\nContent-Type: application/octet-stream; name=\"big.bin\"\r\n"
             "Content-Disposition: attachment; filename=\"big.bin\"\r\nContent-Transfer-Encoding: base64\r\n\r\n").encode())
    f.write(blob)
    f.write(b"\r\n--HUGE--\r\n")
