"""Writes the mail fixtures: messages shaped like those of real clients (and hostile ones)
carrying the example packet, with manifest.yaml saying what ingest must make of each.
Run it after changing the example packet: python3 tests/mail/make_fixtures.py"""

import base64
import os
import quopri
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKET = open(os.path.join(HERE, "example-step-3.packet.yaml")).read().strip("\n")
BEGIN, END = "-----BEGIN ADJUTANT PACKET-----", "-----END ADJUTANT PACKET-----"
ARMOURED = f"{BEGIN}\n{PACKET}\n{END}"
OTHER = ARMOURED.replace("  step: 3\n", "  step: 4\n", 1)
FROM = "Demo Crown <crown@example.org>"
TO = "Demo Patriot <patriot@example.org>"


def crlf(text):
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def headers(subject, extra="", ctype="text/plain; charset=utf-8", enc="7bit", msgid="1"):
    return (f"Date: Wed, 02 Dec 2026 18:00:00 +0000\nFrom: {FROM}\nTo: {TO}\nSubject: {subject}\n"
            f"Message-ID: <{msgid}@example.org>\nMIME-Version: 1.0\n{extra}Content-Type: {ctype}\n"
            f"Content-Transfer-Encoding: {enc}\n\n")


def quote(text, prefix="> "):
    return "\n".join(prefix + l if l else prefix.rstrip() for l in text.split("\n"))


def html_escape(t):
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def b64(data):
    s = base64.b64encode(data.encode() if isinstance(data, str) else data).decode()
    return "\n".join(s[i:i + 76] for i in range(0, len(s), 76))


def alternative(subject, plain, html, extra=""):
    b = "ALT-b1"
    return (headers(subject, extra, f'multipart/alternative; boundary="{b}"', "7bit") +
            f"--{b}\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 7bit\n\n{plain}\n"
            f"--{b}\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: 7bit\n\n{html}\n--{b}--\n")


def mixed(subject, body, attachments, extra=""):
    b = "MIX-b2"
    out = headers(subject, extra, f'multipart/mixed; boundary="{b}"', "7bit")
    out += f"--{b}\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 7bit\n\n{body}\n"
    for name, ctype, content in attachments:
        out += (f"--{b}\nContent-Type: {ctype}; name=\"{name}\"\nContent-Disposition: attachment; filename=\"{name}\"\n"
                f"Content-Transfer-Encoding: base64\n\n{b64(content)}\n")
    return out + f"--{b}--\n"


def html_pre(text):
    return f"<html><body><div>My orders:</div><pre>{html_escape(text)}</pre></body></html>"


GOOD = {"packet_step": 3, "from": "crown@example.org"}
F = []


def add(name, client, text, expect=GOOD, raw=False):
    data = text if raw else crlf(text)
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data.encode("latin-1") if isinstance(data, str) and "iso" in name else data.encode() if isinstance(data, str) else data)
    F.append((name, client, expect))


add("gmail-plain.eml", "Gmail web", alternative("ss-example step 3",
    f"Here you go.\n\n{ARMOURED}\n",
    "<div dir=\"ltr\">Here you go.<br><br>" + "<br>".join(html_escape(l) for l in ARMOURED.split("\n")) + "</div>"))
add("outlook-html-alternative.eml", "Outlook", alternative("RE: ss-example",
    f"Orders attached below.\n\n{ARMOURED}\n\nGet Outlook for Android",
    "<html><body><div class=\"WordSection1\"><p class=\"MsoNormal\">Orders below.</p>" +
    "".join(f"<p class=\"MsoNormal\">{html_escape(l) or '&nbsp;'}</p>" for l in ARMOURED.split("\n")) + "</div></body></html>",
    "X-Mailer: Microsoft Outlook 16.0\n"))
add("apple-mail.eml", "Apple Mail", headers("Step 3", "X-Mailer: Apple Mail (2.3774)\n") + f"Hello,\n\n{ARMOURED}\n\nSent from my iPhone\n")
add("thunderbird-format-flowed.eml", "Thunderbird", headers("ss-example", "User-Agent: Mozilla Thunderbird\n", "text/plain; charset=UTF-8; format=flowed") + f"Orders:\n\n{ARMOURED}\n\n-- \nDemo Crown\n")
add("mutt-plain.eml", "mutt", headers("orders", "User-Agent: NeoMutt/20231103\n", "text/plain; charset=us-ascii") + f"{ARMOURED}\n")
add("mailing-list-footer.eml", "mailing list", headers("[pbem-club] ss-example step 3", "List-Id: <pbem-club.example.org>\n") +
    f"{ARMOURED}\n\n-- \nCrown\n_______________________________________________\npbem-club mailing list\nhttps://lists.example.org/pbem-club\n")
add("forwarded-inline.eml", "Gmail forward", headers("Fwd: ss-example step 3") +
    f"Forwarding my orders.\n\n---------- Forwarded message ---------\nFrom: {FROM}\nDate: Wed, Dec 2, 2026\nSubject: ss-example step 3\n\n{ARMOURED}\n")
inner = crlf(headers("ss-example step 3", msgid="inner") + f"{ARMOURED}\n")
add("forwarded-rfc822.eml", "forward as attachment", headers("Fwd: orders", ctype='multipart/mixed; boundary="FWD"') +
    f"--FWD\nContent-Type: text/plain\n\nSee the forwarded message.\n--FWD\nContent-Type: message/rfc822\nContent-Disposition: attachment\n\n{inner}\n--FWD--\n")
add("reply-quoting-packet.eml", "reply", headers("Re: ss-example step 3", "In-Reply-To: <0@example.org>\n") +
    f"Resending as you asked.\n\nOn Tue, 1 Dec 2026, Demo Crown wrote:\n{quote(ARMOURED)}\n")
add("reply-quoting-twice.eml", "reply of a reply", headers("Re: Re: ss-example") + f"See below.\n\n{quote(quote(ARMOURED), '> ')}\n")
add("html-only.eml", "HTML-only client", headers("ss-example", ctype="text/html; charset=utf-8") + html_pre(ARMOURED) + "\n")
add("quoted-printable.eml", "quoted-printable body", headers("ss-example step 3", enc="quoted-printable") +
    quopri.encodestring(f"Ordres =C3=A0 suivre.\n\n{ARMOURED}\n".encode()).decode())
add("base64-body.eml", "base64 body", headers("ss-example step 3", enc="base64") + b64(f"Orders:\n\n{ARMOURED}\n") + "\n")
add("yaml-attachment.eml", "attachment", mixed("ss-example step 3", "See the attached packet.", [("packet.yaml", "application/x-yaml", PACKET + "\n")]))
add("txt-attachment-armoured.eml", "armoured attachment", mixed("ss-example step 3", "Attached.", [("ss-example-step-3.packet.txt", "text/plain", ARMOURED + "\n")]))
add("body-and-attachment-same.eml", "body and attachment", mixed("ss-example step 3", f"{ARMOURED}\n", [("packet.yaml", "application/x-yaml", ARMOURED + "\n")]))
iso = headers("R\xe9: le tour", ctype="text/plain; charset=ISO-8859-1", enc="quoted-printable") + \
    quopri.encodestring(f"Voici mes ordres, caf\xe9 \xe0 la main.\n\n{ARMOURED}\n\n\xc0 bient\xf4t\n".encode("latin-1")).decode("latin-1")
add("iso-8859-1.eml", "ISO-8859-1", iso)
add("crlf-and-signature.eml", "phone client", headers("ss-example") + f"{ARMOURED}\n\n-- \nSent from my iPhone\n")
add("no-packet.eml", "chat", headers("how are you") + "Shall we play on Sunday?\n", {"error": "no adjutant packet"})
add("two-packets.eml", "two packets", headers("two") + f"{ARMOURED}\n\nand also\n\n{OTHER}\n", {"error": "two different packets"})
half = "\n".join(ARMOURED.split("\n")[:12])
add("truncated-armour.eml", "cut off", headers("cut") + f"{half}\n", {"error": "truncated"})
broken = ARMOURED.replace("  by: crown\n", "  by: [crown\n", 1)
add("broken-yaml-in-armour.eml", "damaged", headers("damaged") + f"{broken}\n", {"error": "packet is not valid"})
add("malformed-mime.eml", "malformed MIME", headers("bad", ctype='multipart/mixed; boundary="NEVER"') +
    f"X-Garbage ::: %%%\n--NEVER\nContent-Type: text/plain\n\n{ARMOURED}\n--WRONG--\ntrailing garbage\n")

with open(os.path.join(HERE, "manifest.yaml"), "w") as m:
    m.write("# What ingest must make of each fixture; written by make_fixtures.py.\n")
    for name, client, expect in F:
        e = ", ".join(f"{k}: {v if isinstance(v, int) else chr(34) + v + chr(34)}" for k, v in expect.items())
        m.write(f"- file: {name}\n  client: {client}\n  expect: {{{e}}}\n")
    m.write("- file: huge-attachment.eml\n  client: a 20 MB attachment\n  generated: true\n  expect: {packet_step: 3}\n")

if __name__ == "__main__" and len(sys.argv) > 1:
    pass
print(f"{len(F)} fixtures")
