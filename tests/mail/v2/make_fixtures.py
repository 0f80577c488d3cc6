#!/usr/bin/env python3
"""Writes the version 2 mail fixtures: packets armoured as adjutant-packet/2 (lines of at most
72 characters, a `\\` at the end of a cut line, a checksum line) in mails as clients send them,
the damage clients do, and manifest.yaml saying what ingest must make of each.

The v2 armour is computed here from the version 1 example packet, independently of adjutant;
a test (`mail_v2::the_fixture_packets_are_what_adjutant_writes`) checks that adjutant writes the
same bytes.

    python3 tests/mail/v2/make_fixtures.py       (needs PyYAML)"""
import hashlib
import json
import os
import struct
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
MAIL = os.path.dirname(HERE)
sys.path.insert(0, MAIL)
BEGIN = "-----BEGIN ADJUTANT PACKET-----"
END = "-----END ADJUTANT PACKET-----"
CROWN = "Demo Crown <crown@example.org>"
PATRIOT = "Demo Patriot <patriot@example.org>"
WIDTH = 72


def wrap(text):
    out = []
    for line in text.split("\n"):
        if len(line) <= WIDTH and not line.endswith("\\"):
            out.append(line)
            continue
        pieces = [line[i:i + WIDTH - 1] for i in range(0, len(line), WIDTH - 1)] or [""]
        for i, p in enumerate(pieces):
            last = i == len(pieces) - 1
            out.append(p + ("\\" if not last or line.endswith("\\") else ""))
        if line.endswith("\\"):
            out.append("")
    return "\n".join(out)


def enc(b):
    return struct.pack(">I", len(b)) + b


def checksum(yaml_text):
    value = yaml.safe_load(yaml_text)
    canon = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    h = hashlib.sha256(enc(b"adjutant/packet-checksum/2") + canon.encode()).hexdigest()
    return h[:32]


def armour_lines(yaml_text):
    return [BEGIN] + wrap(yaml_text.rstrip("\n")).split("\n") + [
        "checksum: " + checksum(yaml_text), END]


def packet_file(yaml_text, game, step):
    return "\n".join([f"# adjutant packet for `{game}`, step {step}.",
                      "# Paste all of this into a mail, or attach the file."]
                     + armour_lines(yaml_text)) + "\n"


# Step 3 (the Crown's march) as version 2: the same record, so the same signature.
V1 = open(os.path.join(MAIL, "example-step-3.packet.yaml"), encoding="utf-8").read()
P3 = V1.replace("format: adjutant-packet/1", "format: adjutant-packet/2", 1)
# Step 2 (the Patriot's supply phase) as the Patriot mailed it: record 2 of the demo game.
GAME = open(os.path.join(MAIL, "..", "..", "games", "southern-strategy", "examples",
                         "demo-game.yaml"), encoding="utf-8").read()
log = GAME[GAME.index("\nlog:\n") + 6:].split("\n- ")
rec2 = [r for r in log if "\n  step: 2\n" in "\n" + r.lstrip("- ")][0]
rec2 = rec2.lstrip("- ").rstrip("\n")
P2 = "format: adjutant-packet/2\nrecord:\n  " + rec2 + "\n"
assert yaml.safe_load(P2)["record"]["step"] == 2
A3, A2 = armour_lines(P3), armour_lines(P2)
assert all(len(l) <= WIDTH for l in A3 + A2)
# A long line, cut: policy_commit is 81 characters in version 1.
LONG = P3.replace("  sig:\n", "  policy_commit: " + "5f" * 32 + "\n  sig:\n", 1)
assert any(len(l) > WIDTH for l in LONG.split("\n"))

with open(os.path.join(HERE, "step-3.packet.txt"), "w", newline="\n") as f:
    f.write(packet_file(P3, "ss-example-2", 3))
with open(os.path.join(HERE, "step-2.packet.txt"), "w", newline="\n") as f:
    f.write(packet_file(P2, "ss-example-2", 2))
with open(os.path.join(HERE, "long-line.packet.txt"), "w", newline="\n") as f:
    f.write(packet_file(LONG, "ss-example-2", 3))


def write(name, text, eol="\r\n"):
    assert "\r" not in text
    data = text.replace("\n", eol).encode("utf-8")
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def hard_wrap(line, width):
    """What a client that wraps plain text at `width` on spaces does to a line."""
    out = []
    while len(line) > width:
        cut = line.rfind(" ", 0, width + 1)
        if cut <= len(line) - len(line.lstrip(" ")):
            break
        out.append(line[:cut])
        line = line[cut + 1:]
    return out + [line]


def wrapped(lines, width):
    return [p for l in lines for p in hard_wrap(l, width)]


def quote(lines, prefix="> "):
    return [(prefix + l).rstrip() if l else prefix.rstrip() for l in lines]


def headers(frm, subject, mid, extra=""):
    return (f"From: {frm}\nTo: {PATRIOT if frm == CROWN else CROWN}\nSubject: {subject}\n"
            f"Date: Tue, 18 Mar 2025 20:14:07 +0000\nMessage-ID: <{mid}>\n"
            f"MIME-Version: 1.0\n{extra}")


def esc(s):
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return s.replace("'", "&#39;")


def nbsp(line, pair=True):
    """Leading spaces as HTML editors write them: Gmail `&nbsp; `, Apple `&nbsp;` each."""
    n = len(line) - len(line.lstrip(" "))
    lead = "&nbsp; " * (n // 2) + ("&nbsp;" if n % 2 else "") if pair else "&nbsp;" * n
    return lead + esc(line[n:])


def qp(data):
    """Quoted-printable with soft breaks at 76 (RFC 2045 6.7)."""
    out = []
    for line in data.split(b"\n"):
        cur = ""
        for i, b in enumerate(line):
            last = i == len(line) - 1
            t = chr(b) if (33 <= b <= 126 and b != 61) or (b in (9, 32) and not last) \
                else "=%02X" % b
            if len(cur) + len(t) > 75:
                out.append(cur + "=")
                cur = ""
            cur += t
        out.append(cur)
    return "\n".join(out)


MANIFEST = []
STEP3 = {"packet_step": 3, "from": "crown@example.org"}

# ---------------------------------------------------------------------------------------
# Outlook's plain text, wrapped at 76 (its default): a version 1 packet whose line was longer
# loses it; a version 2 packet is left as it is.
prose = ("Here is my step 3. Outlook wraps plain text at 76 characters, so I hope the "
         "packet survives it this time; tell me if it does not.")
for name, lines, expect, note in [
    ("outlook-wrap-76-v1.eml", [BEGIN] + LONG.rstrip("\n").replace(
        "adjutant-packet/2", "adjutant-packet/1").split("\n") + [END],
     {"error": "the mail client changed the packet: attach the file instead"},
     "a version 1 packet with an 81-character policy_commit line, hard-wrapped at 76"),
    ("outlook-wrap-76-v2.eml", armour_lines(LONG), STEP3,
     "the same packet as version 2: the long line cut at 72 with `\\`, nothing left to wrap"),
]:
    body = wrapped([prose, ""] + lines + ["", "Crown"], 76)
    write(name, headers(CROWN, "ss-example-2 step 3", name + "@example.org",
                        "Content-Type: text/plain; charset=\"us-ascii\"\n"
                        "Content-Transfer-Encoding: 7bit\nX-Mailer: Microsoft Outlook 16.0\n")
          + "\n" + "\n".join(body) + "\n")
    MANIFEST.append((name, "Outlook 16 (plain text, wrap at 76)", expect, note))

# A version 2 packet quoted twice in a reply (`> > `): 76 columns, still not wrapped.
body = ["Resending, quoted.", "", "On Mon, Patriot wrote:", "> On Sun, Crown wrote:"] + \
    quote(A3, "> > ") + ["> >", "> > Crown"]
assert all(len(l) <= 76 for l in wrapped(body, 76)) and wrapped(body, 76) == body
write("quoted-twice-76-v2.eml", headers(CROWN, "Re: Re: ss-example-2 step 3", "q2@example.org",
                                        "Content-Type: text/plain; charset=us-ascii\n")
      + "\n" + "\n".join(body) + "\n", eol="\n")
MANIFEST.append(("quoted-twice-76-v2.eml", "NeoMutt", STEP3,
                 "a version 2 packet quoted with `> > `: every line fits in 76 columns"))

# Inline PGP (Enigmail, Mailvelope, `gpg --clearsign`): every line that starts with `-` is
# dash-escaped to `- -`.
signed = ["Step 3, signed.", ""] + A3 + ["", "Crown"]
pgp = ["-----BEGIN PGP SIGNED MESSAGE-----", "Hash: SHA256", ""] + [
    ("- " + l) if l.startswith("-") else l for l in signed] + [
    "-----BEGIN PGP SIGNATURE-----", "",
    "iHUEARYKAB0WIQTq3tqGkz9o1v3cM2v1bHj2bCk3aQUCZ9mQ3wAKCRD1bHj2bCk3",
    "aWm8AP9Yb0bq3d1oQH7Tz0Jc9l5tq2m1sX3p1yS3kQ7b8o0p9QEA0x3Yk7nX1c5p",
    "=Qz3n", "-----END PGP SIGNATURE-----"]
write("pgp-clearsigned.eml", headers(CROWN, "ss-example-2 step 3", "pgp@example.org",
                                     "Content-Type: text/plain; charset=utf-8\n"
                                     "User-Agent: Mozilla Thunderbird (OpenPGP)\n")
      + "\n" + "\n".join(pgp) + "\n")
MANIFEST.append(("pgp-clearsigned.eml", "Thunderbird OpenPGP (inline)", STEP3,
                 "clear-signed: the armour lines dash-escaped as `- -----BEGIN ...`"))

# Damage a checksum finds: a value changed that still reads as YAML, and a line lost.
changed = [l.replace("pass_track: 5", "pass_track: 6") for l in A3]
assert changed != A3
lost = [l for l in A3 if l.strip() != "- 6"]
assert lost != A3
for name, lines, note in [
    ("damaged-value-v2.eml", changed, "one value changed: the YAML reads, the checksum does not"),
    ("damaged-line-lost-v2.eml", lost, "a list item dropped"),
]:
    write(name, headers(CROWN, "ss-example-2 step 3", name + "@example.org",
                        "Content-Type: text/plain; charset=us-ascii\n")
          + "\nStep 3.\n\n" + "\n".join(lines) + "\n")
    MANIFEST.append((name, "a mail client that edits", {
        "error": "the mail client changed the packet: attach the file instead"}, note))

# ---------------------------------------------------------------------------------------
# Replies: the Crown presses Reply on the Patriot's mail of step 2, pastes the new packet
# (step 3) and leaves the old one quoted. The packet that fits the game's next step wins.
REPLY = {"packet_step": 3, "from": "crown@example.org", "ignored": [2]}

# Gmail web: plain part quoted with `> ` under "On ... wrote:", HTML part in a
# <blockquote class="gmail_quote">.
GB = "000000000000a1b2c3d4e5f60718"
g_html = (
    '<div dir="ltr"><div>Step 3 below. Marching on Ebenezer.</div><div><br></div><div>'
    + "<br>".join(nbsp(l) for l in A3)
    + '</div></div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" '
    'class="gmail_attr">On Mon, 17 Mar 2025 at 21:02, Demo Patriot &lt;<a href="mailto:'
    'patriot@example.org">patriot@example.org</a>&gt; wrote:<br></div><blockquote '
    'class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid '
    'rgb(204,204,204);padding-left:1ex"><div dir="ltr"><div>My supply phase is done.</div>'
    "<div><br></div><div>" + "<br>".join(nbsp(l) for l in A2)
    + "</div></div></blockquote></div>\n"
)
g_plain = ["Step 3 below. Marching on Ebenezer.", ""] + A3 + [
    "", "On Mon, 17 Mar 2025 at 21:02, Demo Patriot <patriot@example.org> wrote:", ""] + \
    quote(["My supply phase is done.", ""] + A2)
write("gmail-reply-quoting-older.eml", headers(
    CROWN, "Re: [adjutant ss-example-2] step 2: Patriot's supply",
    "CAJq8Hk3reply0000000000000000000000000000000@mail.gmail.com",
    "In-Reply-To: <step-2@example.org>\nReferences: <step-2@example.org>\n"
    f'Content-Type: multipart/alternative; boundary="{GB}"\n')
    + f"""
--{GB}
Content-Type: text/plain; charset="UTF-8"

""" + "\n".join(g_plain) + f"""

--{GB}
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

{qp(g_html.encode())}
--{GB}--
""")
MANIFEST.append(("gmail-reply-quoting-older.eml", "Gmail web (Reply)", REPLY,
                 "the new packet on top; the step 2 packet quoted with `> ` in the plain part"
                 " and in a <blockquote> in the HTML part"))

# Outlook desktop: plain part with the old mail under "-----Original Message-----", not
# quoted line by line; HTML part with the old mail after <div id="divRplyFwdMsg">.
OB = "----=_NextPart_000_0042_01DB9812.3C4D5E60"
o_html = (
    "<html><head><meta http-equiv=Content-Type content=\"text/html; charset=us-ascii\"></head>"
    "<body lang=EN-GB><div class=WordSection1><p class=MsoNormal>Step 3 attached below."
    "<o:p></o:p></p><p class=MsoNormal>" + "<br>\n".join(nbsp(l) for l in A3)
    + "<o:p></o:p></p><div><div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt"
    " 0cm 0cm 0cm'><p class=MsoNormal><b>From:</b> Demo Patriot &lt;patriot@example.org&gt; "
    "<br><b>Sent:</b> Monday, March 17, 2025 9:02 PM<br><b>To:</b> Demo Crown &lt;"
    "crown@example.org&gt;<br><b>Subject:</b> [adjutant ss-example-2] step 2: Patriot&#39;s "
    "supply<o:p></o:p></p></div></div><p class=MsoNormal>" + "<br>\n".join(nbsp(l) for l in A2)
    + "<o:p></o:p></p></div></body></html>\n"
)
o_plain = ["Step 3 attached below.", ""] + A3 + ["", "-----Original Message-----",
    "From: Demo Patriot <patriot@example.org>", "Sent: Monday, March 17, 2025 9:02 PM",
    "To: Demo Crown <crown@example.org>",
    "Subject: [adjutant ss-example-2] step 2: Patriot's supply", ""] + A2
write("outlook-reply-original-message.eml", headers(
    CROWN, "RE: [adjutant ss-example-2] step 2: Patriot's supply",
    "000901db9812$3c4d5e60$b4e81b20$@example.org",
    "In-Reply-To: <step-2@example.org>\nThread-Index: AQHbmBI8TV5gtOgbIA==\n"
    f'Content-Type: multipart/alternative; boundary="{OB}"\nX-Mailer: Microsoft Outlook 16.0\n')
    + f"""
This is a multi-part message in MIME format.

--{OB}
Content-Type: text/plain; charset="us-ascii"
Content-Transfer-Encoding: 7bit

""" + "\n".join(o_plain) + f"""

--{OB}
Content-Type: text/html; charset="us-ascii"
Content-Transfer-Encoding: quoted-printable

{qp(o_html.encode())}
--{OB}--
""")
MANIFEST.append(("outlook-reply-original-message.eml", "Outlook 16 (Reply)", REPLY,
                 "the step 2 packet below `-----Original Message-----` in the plain part and"
                 " below a From:/Sent: block in the HTML part, neither quoted line by line"))

# Apple Mail, bottom-posting: the quoted old mail first (`> ` and <blockquote type="cite">),
# the new packet after it.
AB = "Apple-Mail=_1C2D3E4F-5A6B-4C7D-8E9F-0A1B2C3D4E5F"
a_html = (
    '<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head>'
    '<body style="overflow-wrap: break-word;"><div><blockquote type="cite"><div>On 17 Mar 2025,'
    " at 21:02, Demo Patriot &lt;patriot@example.org&gt; wrote:</div><br><div><div>My supply "
    "phase is done.</div>" + "".join("<div>" + nbsp(l, pair=False) + "</div>" for l in A2)
    + "</div></blockquote></div><div><br></div><div>Here is step 3:</div>"
    + "".join("<div>" + nbsp(l, pair=False) + "</div>" for l in A3)
    + "<div><br></div><div>Crown</div></body></html>\n"
)
a_plain = ["> On 17 Mar 2025, at 21:02, Demo Patriot <patriot@example.org> wrote:", ">"] + \
    quote(["My supply phase is done.", ""] + A2) + ["", "Here is step 3:", ""] + A3 + ["", "Crown"]
write("apple-mail-reply-bottom-posted.eml", headers(
    CROWN, "Re: [adjutant ss-example-2] step 2: Patriot's supply",
    "9A8B7C6D-5E4F-4A3B-2C1D-0E9F8A7B6C5D@example.org",
    "In-Reply-To: <step-2@example.org>\nX-Mailer: Apple Mail (2.3826.400.131.1.6)\n"
    f'Content-Type: multipart/alternative;\n\tboundary="{AB}"\n')
    + f"""

--{AB}
Content-Transfer-Encoding: 7bit
Content-Type: text/plain;
\tcharset=us-ascii

""" + "\n".join(a_plain) + f"""
--{AB}
Content-Transfer-Encoding: quoted-printable
Content-Type: text/html;
\tcharset=utf-8

{qp(a_html.encode())}
--{AB}--
""")
MANIFEST.append(("apple-mail-reply-bottom-posted.eml", "Apple Mail (Reply, bottom-posted)",
                 REPLY, "the quoted step 2 packet first, the new one after it"))



def _scalar(v):
    if isinstance(v, int):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_scalar(x) for x in v) + "]"
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


with open(os.path.join(HERE, "manifest.yaml"), "w", encoding="ascii", newline="\n") as m:
    m.write("# What ingest must make of each version 2 fixture; written by make_fixtures.py.\n"
            "# `error` is a substring of the error; `ignored` the steps of quoted packets\n"
            "# that were passed over; `note` says what is unusual.\n")
    for name, client, expect, note in MANIFEST:
        m.write(f"- file: {name}\n  client: {_scalar(client)}\n")
        e = ", ".join(f"{k}: {_scalar(v)}" for k, v in expect.items())
        m.write(f"  expect: {{{e}}}\n")
        if note:
            m.write(f"  note: {_scalar(note)}\n")
written = sorted(n for n in os.listdir(HERE) if n.endswith(".eml"))
assert written == sorted(n for n, *_ in MANIFEST), written
print(f"{len(MANIFEST)} fixtures written")
