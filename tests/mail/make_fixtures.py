#!/usr/bin/env python3
"""Writes the mail fixtures: messages shaped like those real clients send (headers, boundaries,
encodings, quoting and HTML as those clients write them) carrying the example packet, hostile
ones, and manifest.yaml saying what ingest must make of each. The 20 MB one is not kept in the
repository: make_huge.py writes it at test time. Check the result with check_fixtures.py.

    python3 tests/mail/make_fixtures.py [FOLDER]      (default: this folder)

Run it again after changing example-step-3.packet.yaml."""
import base64
import datetime
import html
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = sys.argv[1] if len(sys.argv) > 1 else HERE
P = open(os.path.join(HERE, "example-step-3.packet.yaml"), encoding="utf-8").read()
assert P.endswith("\n") and "\r" not in P
PL = P.rstrip("\n").split("\n")
P4 = P.replace("\n  step: 3\n", "\n  step: 4\n", 1)
assert P4 != P
P4L = P4.rstrip("\n").split("\n")
BEGIN = "-----BEGIN ADJUTANT PACKET-----"
END = "-----END ADJUTANT PACKET-----"
CROWN = "Demo Crown <crown@example.org>"

WD = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


def date(d, hh, mm, ss, tz="+0000", pad=False, month=3, year=2025):
    wd = WD[datetime.date(year, month, d).weekday()]
    day = f"{d:02d}" if pad else str(d)
    return f"{wd}, {day} {MON[month - 1]} {year} {hh:02d}:{mm:02d}:{ss:02d} {tz}"


def block(prefix="", lines=PL):
    return "\n".join(prefix + l for l in [BEGIN] + lines + [END])


def qp(data: bytes, maxlen=76) -> str:
    """Quoted-printable (RFC 2045 6.7), soft breaks so no line exceeds maxlen."""
    out = []
    lines = data.split(b"\n")
    for li, line in enumerate(lines):
        toks = []
        for i, b in enumerate(line):
            last = i == len(line) - 1
            if (33 <= b <= 126 and b != 61) or (b in (9, 32) and not last):
                toks.append(chr(b))
            else:
                toks.append("=%02X" % b)
        cur = ""
        for t in toks:
            if len(cur) + len(t) > maxlen - 1:
                out.append(cur + "=")
                cur = ""
            cur += t
        out.append(cur)
    return "\n".join(out)


def qp_lines_ok(s: str, maxlen=76):
    assert all(len(l) <= maxlen for l in s.split("\n")), s


def b64(data: bytes) -> str:
    return base64.encodebytes(data).decode("ascii").rstrip("\n")


def lead_nbsp(line, pair=True):
    """Leading spaces as HTML editors write them: Gmail `&nbsp; `, Apple `&nbsp;` each."""
    n = len(line) - len(line.lstrip(" "))
    rest = line[n:]
    if pair:
        lead = "&nbsp; " * (n // 2) + ("&nbsp;" if n % 2 else "")
    else:
        lead = "&nbsp;" * n
    return lead, rest


def esc(s, quote_entity="&#39;"):
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return s.replace("'", quote_entity)


def html_block_br(lines, pair=True, quote_entity="&#39;"):
    out = []
    for l in lines:
        lead, rest = lead_nbsp(l, pair)
        out.append(lead + esc(rest, quote_entity))
    return "<br>".join(out)


def stuff(line):
    """RFC 3676 space-stuffing, as Thunderbird does it."""
    if line.startswith(" ") or line.startswith(">") or line.startswith("From "):
        return " " + line
    return line


def flow(line, width=72):
    """RFC 3676 soft wrap at `width` (on spaces), the way Thunderbird sends: each soft line
    keeps its trailing space; the first piece is space-stuffed when it needs it."""
    pieces = []
    rest = line
    while len(rest) > width:
        cut = rest.rfind(" ", 0, width)
        # a cut inside the leading indentation would not help
        if cut <= len(rest) - len(rest.lstrip(" ")):
            break
        pieces.append(rest[: cut + 1])
        rest = rest[cut + 1 :]
    pieces.append(rest)
    return [stuff(p) for p in pieces]


def write(name, text, eol="\r\n", enc="ascii"):
    assert "\r" not in text
    data = text.replace("\n", eol).encode(enc)
    for ln in data.split(b"\n"):
        assert len(ln) <= 998, (name, len(ln))
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    return data


# ---------------------------------------------------------------------------------------
# 1. Gmail web: multipart/alternative, plain 7bit, html quoted-printable.
GB = "0000000000004e9c1f062f7a51b3"
gm_html = (
    '<div dir="ltr"><div>Hi,</div><div><br></div><div>my move for step 3 is below. '
    "Marching out of Savannah with the whole stack.</div><div><br></div><div>"
    + html_block_br([BEGIN] + PL + [END])
    + "</div><div><br></div><div>Cheers,</div><div>Crown</div></div>\n"
)
write("gmail-plain.eml", f"""MIME-Version: 1.0
Date: {date(4, 21, 14, 7)}
Message-ID: <CAJq8Hk3vT0ZpL0mXw2b3e6M1W5qH9nY7c+Qd8uR4fK2sA1tBzw@mail.gmail.com>
Subject: [adjutant] ss-example-2 step 3 from crown
From: {CROWN}
To: patriot@example.org
Content-Type: multipart/alternative; boundary="{GB}"

--{GB}
Content-Type: text/plain; charset="UTF-8"

Hi,

my move for step 3 is below. Marching out of Savannah with the whole stack.

{block()}

Cheers,
Crown

--{GB}
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

{qp(gm_html.encode())}
--{GB}--
""")

# ---------------------------------------------------------------------------------------
# 2. Outlook 2016+ desktop: multipart/alternative, Word HTML.
OB = "----=_NextPart_000_0001_01DB8DB1.6C2F1E40"
ol_lines = "<br>\n".join(
    (lambda lr: lr[0] + esc(lr[1], "'"))(lead_nbsp(l)) for l in [BEGIN] + PL + [END]
)
ol_html = f"""<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40"><head><meta http-equiv=Content-Type content="text/html; charset=us-ascii"><meta name=Generator content="Microsoft Word 15 (filtered medium)"><style><!--
/* Font Definitions */
@font-face
	{{font-family:"Cambria Math";
	panose-1:2 4 5 3 5 4 6 3 2 4;}}
@font-face
	{{font-family:Aptos;}}
/* Style Definitions */
p.MsoNormal, li.MsoNormal, div.MsoNormal
	{{margin:0cm;
	font-size:12.0pt;
	font-family:"Aptos",sans-serif;}}
span.EmailStyle17
	{{mso-style-type:personal-compose;
	font-family:"Aptos",sans-serif;
	color:windowtext;}}
.MsoChpDefault
	{{mso-style-type:export-only;}}
@page WordSection1
	{{size:612.0pt 792.0pt;
	margin:72.0pt 72.0pt 72.0pt 72.0pt;}}
div.WordSection1
	{{page:WordSection1;}}
--></style></head><body lang=EN-GB link="#467886" vlink="#96607D" style='word-wrap:break-word'><div class=WordSection1><p class=MsoNormal>Hello Patriot,<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Here is the Crown&#8217;s step 3. The packet is between the two marker lines; please don&#8217;t edit it.<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><div><p class=MsoNormal>{ol_lines}<o:p></o:p></p></div><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Kind regards,<o:p></o:p></p><p class=MsoNormal>Demo Crown<o:p></o:p></p></div></body></html>
"""
write("outlook-html-alternative.eml", f"""From: {CROWN}
To: <patriot@example.org>
Subject: ss-example-2 - step 3
Date: {date(5, 9, 2, 41)}
Message-ID: <000001db8db1$6c2f1e40$448d5ac0$@example.org>
MIME-Version: 1.0
Content-Type: multipart/alternative;
\tboundary="{OB}"
X-Mailer: Microsoft Outlook 16.0
Thread-Index: AduNsWwf6k3xqL0rT8W3m4hJbZ2YqA==
Content-Language: en-gb

This is a multipart message in MIME format.

--{OB}
Content-Type: text/plain;
\tcharset="us-ascii"
Content-Transfer-Encoding: 7bit

Hello Patriot,

Here is the Crown's step 3. The packet is between the two marker lines;
please don't edit it.

{block()}

Kind regards,

Demo Crown


--{OB}
Content-Type: text/html;
\tcharset="us-ascii"
Content-Transfer-Encoding: quoted-printable

{qp(ol_html.encode())}
--{OB}--

""")

# ---------------------------------------------------------------------------------------
# 3. Apple Mail (macOS): alternative, plain 7bit, html QP, `&nbsp;` per leading space.
AB = "Apple-Mail=_8F3A2C6E-1B4D-4E7A-9C2B-5D6E7F8A9B0C"
ap_html = (
    '<html><head><meta http-equiv="content-type" content="text/html; charset=us-ascii"></head>'
    '<body style="overflow-wrap: break-word; -webkit-nbsp-mode: space; line-break: after-white-space;">'
    "Evening,<div><br></div><div>Step 3 from the Crown. I&#8217;m marching.</div><div><br></div>"
    + "".join(
        "<div>" + (lambda lr: lr[0] + esc(lr[1], "'"))(lead_nbsp(l, pair=False)) + "</div>"
        for l in [BEGIN] + PL + [END]
    )
    + "<div><br></div><div>Crown</div></body></html>"
)
write("apple-mail.eml", f"""From: {CROWN}
Content-Type: multipart/alternative;
\tboundary="{AB}"
Mime-Version: 1.0 (Mac OS X Mail 16.0 \\(3826.400.131.1.6\\))
Subject: ss-example-2 step 3
Message-Id: <5E0B9C1A-7D2F-4B3E-8A61-2C9D0F4E6B17@example.org>
Date: {date(6, 18, 45, 12, "-0500")}
To: patriot@example.org
X-Mailer: Apple Mail (2.3826.400.131.1.6)


--{AB}
Content-Transfer-Encoding: 7bit
Content-Type: text/plain;
\tcharset=us-ascii

Evening,

Step 3 from the Crown. I'm marching.

{block()}

Crown
--{AB}
Content-Transfer-Encoding: quoted-printable
Content-Type: text/html;
\tcharset=us-ascii

{qp(ap_html.encode())}
--{AB}--
""")

# ---------------------------------------------------------------------------------------
# 4. Thunderbird, format=flowed, YAML lines not wrapped (as the brief asks), but
#    space-stuffed as Thunderbird does: every line starting with a space gets one more.
tb_intro = (
    "Hello Patriot, this is my step 3. I have kept the packet lines short so that "
    "nothing in between the markers gets wrapped on the way."
)
tb_body = "\n".join(
    flow(tb_intro) + [""] + [stuff(l) for l in [BEGIN] + PL + [END]] + ["", "Regards,", "Crown", ""]
)
write("thunderbird-format-flowed.eml", f"""Message-ID: <3f1c2a9e-5b7d-4c8e-a1f0-6d2b9e4c7a31@example.org>
Date: {date(7, 10, 21, 33, "+0100")}
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Content-Language: en-US
To: patriot@example.org
From: {CROWN}
Subject: ss-example-2 step 3
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 7bit

{tb_body}""")

# 4b. Thunderbird as it really sends at its default wrap (72): the long hash lines are
#     soft-wrapped (trailing space + CRLF), which only an RFC 3676 decoder undoes.
tbw_body = []
for l in flow(tb_intro.replace(" I have kept the packet lines short so that nothing in "
                               "between the markers gets wrapped on the way.", " Sent "
                               "from Thunderbird with its default settings, so the long "
                               "lines are flowed.")):
    tbw_body.append(l)
tbw_body.append("")
for l in [BEGIN] + PL + [END]:
    tbw_body.extend(flow(l))
tbw_body += ["", "Regards,", "Crown", ""]
assert any(x.endswith(" ") and "reveal:" in x for x in tbw_body)
write("thunderbird-flowed-wrapped.eml", f"""Message-ID: <8d0e4b21-9a6c-4f3e-b7d2-1c5a0e9f3b64@example.org>
Date: {date(7, 10, 48, 2, "+0100")}
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Content-Language: en-US
To: patriot@example.org
From: {CROWN}
Subject: ss-example-2 step 3 (resent)
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 7bit

""" + "\n".join(tbw_body))

# ---------------------------------------------------------------------------------------
# 5. NeoMutt, as stored in a Maildir: LF line ends, delivery headers on top.
write("mutt-plain.eml", f"""Return-Path: <crown@example.org>
Delivered-To: patriot@example.org
Received: from mail.example.org (mail.example.org [192.0.2.25])
\tby mx.example.org (Postfix) with ESMTPS id 4Z8Q1k2Lx9z9sR
\tfor <patriot@example.org>; {date(8, 14, 3, 57)}
Date: {date(8, 14, 3, 55)}
From: {CROWN}
To: patriot@example.org
Subject: ss-example-2 step 3
Message-ID: <20250308140355.k7x2qf3nvy5w@example.org>
MIME-Version: 1.0
Content-Type: text/plain; charset=us-ascii
Content-Disposition: inline
User-Agent: NeoMutt/20231103

Step 3, Crown.

{block()}

-- 
crown
""", eol="\n")

# ---------------------------------------------------------------------------------------
# 6. Mailman 3 list: list headers, signature and list footer after the END line.
write("mailing-list-footer.eml", f"""Return-Path: <ss-example-bounces@lists.example.org>
Received: from lists.example.org (lists.example.org [192.0.2.40])
\tby mx.example.org (Postfix) with ESMTP id 4Z8R0c3Tt1z9sS
\tfor <patriot@example.org>; {date(9, 9, 30, 12)}
Date: {date(9, 9, 30, 4)}
From: {CROWN}
To: ss-example@lists.example.org
Subject: [ss-example] step 3 from crown
Message-ID: <20250309093004.GA4821@example.org>
MIME-Version: 1.0
Content-Type: text/plain; charset="us-ascii"
Content-Transfer-Encoding: 7bit
User-Agent: NeoMutt/20231103
Message-ID-Hash: Q3ZK7T2VWJ5LDXH6M4RBNE3PYCOA2GSI
X-Message-ID-Hash: Q3ZK7T2VWJ5LDXH6M4RBNE3PYCOA2GSI
X-MailFrom: crown@example.org
X-Mailman-Rule-Misses: dmarc-mitigation; no-senders; approved; emergency; loop; banned-address; member-moderation; nonmember-moderation; administrivia; implicit-dest; max-recipients; max-size; news-moderation; no-subject; digests; suspicious-header
X-Mailman-Version: 3.3.9
Precedence: list
List-Id: Southern Strategy example game <ss-example.lists.example.org>
Archived-At: <https://lists.example.org/archives/list/ss-example@lists.example.org/message/Q3ZK7T2VWJ5LDXH6M4RBNE3PYCOA2GSI/>
List-Archive: <https://lists.example.org/archives/list/ss-example@lists.example.org/>
List-Help: <mailto:ss-example-request@lists.example.org?subject=help>
List-Owner: <mailto:ss-example-owner@lists.example.org>
List-Post: <mailto:ss-example@lists.example.org>
List-Subscribe: <mailto:ss-example-join@lists.example.org>
List-Unsubscribe: <mailto:ss-example-leave@lists.example.org>

Step 3 for the list archive (and for Patriot).

{block()}

-- 
Demo Crown
"The King's friends are few but well armed."
_______________________________________________
ss-example mailing list -- ss-example@lists.example.org
To unsubscribe send an email to ss-example-leave@lists.example.org
""")

# ---------------------------------------------------------------------------------------
# 7. Gmail inline forward.
FB = "000000000000b7d31e062f8c02aa"
fw_html = (
    '<div dir="ltr">Resending to your new address.<br><br><div class="gmail_quote gmail_quote_container">'
    '<div dir="ltr" class="gmail_attr">---------- Forwarded message ---------<br>From: '
    '<strong class="gmail_sendername" dir="auto">Demo Crown</strong> <span dir="auto">&lt;'
    '<a href="mailto:crown@example.org">crown@example.org</a>&gt;</span><br>Date: Sun, 9 Mar 2025 at 11:02<br>'
    "Subject: ss-example-2 step 3<br>To: &lt;<a href=\"mailto:patriot@old.example.net\">patriot@old.example.net</a>&gt;<br></div>"
    '<br><br><div dir="ltr"><div>Hi, here is step 3.</div><div><br></div><div>'
    + html_block_br([BEGIN] + PL + [END])
    + "</div></div>\n</div></div>\n"
)
write("forwarded-inline.eml", f"""MIME-Version: 1.0
Date: {date(9, 11, 20, 48)}
References: <CAJq8Hk0mYp3=Rw7VnK2eT5xL8zQ1c4bF6hD9gS0aJ3uW7oN2vA@mail.gmail.com>
In-Reply-To: <CAJq8Hk0mYp3=Rw7VnK2eT5xL8zQ1c4bF6hD9gS0aJ3uW7oN2vA@mail.gmail.com>
Message-ID: <CAJq8Hk1r2Tn5Yd8Qz0vM4wE7uH3sK6gL9cB2xF5pA8jD1oV4yQ@mail.gmail.com>
Subject: Fwd: ss-example-2 step 3
From: {CROWN}
To: patriot@example.org
Content-Type: multipart/alternative; boundary="{FB}"

--{FB}
Content-Type: text/plain; charset="UTF-8"

Resending to your new address.

---------- Forwarded message ---------
From: {CROWN}
Date: Sun, 9 Mar 2025 at 11:02
Subject: ss-example-2 step 3
To: <patriot@old.example.net>


Hi, here is step 3.

{block()}

--{FB}
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

{qp(fw_html.encode())}
--{FB}--
""")

# ---------------------------------------------------------------------------------------
# 8. Thunderbird "Forward as Attachment": message/rfc822 part.
RB = "------------r8Lq2Vw5Xk0Tn3Yb7Cz1Hd4G"
inner = f"""Message-ID: <b2a7c9d4-1e3f-4a5b-8c6d-7e8f9a0b1c2d@example.org>
Date: {date(9, 11, 2, 14, "+0100")}
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Content-Language: en-US
To: patriot@old.example.net
From: {CROWN}
Subject: ss-example-2 step 3
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: 7bit

Hi, here is step 3.

{block()}

Crown
"""
write("forwarded-rfc822.eml", f"""Message-ID: <0c4e6a8b-2d1f-4e3a-9b5c-6d7e8f9a0b1c@example.org>
Date: {date(9, 12, 5, 40, "+0100")}
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Content-Language: en-US
To: patriot@example.org
From: {CROWN}
Subject: Fwd: ss-example-2 step 3
Content-Type: multipart/mixed; boundary="{RB}"

This is a multi-part message in MIME format.
--{RB}
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 7bit

My step 3 went to your old address; here it is as I sent it.

Crown

--{RB}
Content-Type: message/rfc822; charset=UTF-8; name="ss-example-2 step 3.eml"
Content-Disposition: attachment; filename="ss-example-2 step 3.eml"

{inner}
--{RB}--
""")

# ---------------------------------------------------------------------------------------
# 9. K-9 Mail reply quoting the whole earlier message with "> ".
write("reply-quoting-packet.eml", f"""MIME-Version: 1.0
Date: {date(10, 7, 41, 9, "+0100")}
From: {CROWN}
To: patriot@example.org
Subject: Re: ss-example-2 step 3
In-Reply-To: <CAJq8Hk0mYp3=Rw7VnK2eT5xL8zQ1c4bF6hD9gS0aJ3uW7oN2vA@mail.gmail.com>
References: <CAJq8Hk0mYp3=Rw7VnK2eT5xL8zQ1c4bF6hD9gS0aJ3uW7oN2vA@mail.gmail.com>
Message-ID: <5F2B7E91-4C3A-4D8E-B6F0-A1C2D3E4F5A6@example.org>
User-Agent: K-9 Mail for Android
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: 7bit

Did this one not reach you? It is quoted below, unchanged. Just feed the
whole mail to adjutant.

On 9 March 2025 11:02:14 GMT, Demo Crown <crown@example.org> wrote:
>Hi, here is step 3.
>
{block("> ")}
>
>Crown
""")

# ---------------------------------------------------------------------------------------
# 10. NeoMutt reply to a reply: the packet quoted twice ("> > ").
write("reply-quoting-twice.eml", f"""Date: {date(10, 19, 12, 30)}
From: {CROWN}
To: patriot@example.org
Subject: Re: Re: ss-example-2 step 3
Message-ID: <20250310191230.x3mq5bt2kfaa@example.org>
References: <20250308140355.k7x2qf3nvy5w@example.org>
 <CAP4bR7dX1eW9kM2qT6zN8cV3yH5jL0sF4gA7uB2oE9iK1wQ6rZ@mail.gmail.com>
In-Reply-To: <CAP4bR7dX1eW9kM2qT6zN8cV3yH5jL0sF4gA7uB2oE9iK1wQ6rZ@mail.gmail.com>
MIME-Version: 1.0
Content-Type: text/plain; charset=us-ascii
Content-Disposition: inline
User-Agent: NeoMutt/20231103

Yes, that is the right one: step 3, the march to Ebenezer. Quoted below
again so you can ingest this mail as it is.

On Mon, Mar 10, 2025 at 05:48:02PM +0000, Demo Patriot wrote:
> Got it, I think. Which step is this?
>
> On Sat, 8 Mar 2025 at 14:03, Demo Crown <crown@example.org> wrote:
> > Step 3, Crown.
> >
{block("> > ")}
> >
> > -- 
> > crown
""")

# ---------------------------------------------------------------------------------------
# 11. HTML only, the armour in a <pre> block, HTML-escaped (PHP-style `&#039;`).
ho_pre = "\n".join(esc(l, "&#039;") for l in [BEGIN] + PL + [END])
write("html-only.eml", f"""Date: {date(11, 13, 5, 0, "+0200")}
From: {CROWN}
To: patriot@example.org
Subject: ss-example-2 step 3
Message-ID: <a61b7f3e0c2d9e84f5a6b7c8d9e0f1a2@webmail.example.org>
MIME-Version: 1.0
Content-Type: text/html; charset=UTF-8
Content-Transfer-Encoding: 8bit

<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /></head><body style='font-size: 10pt; font-family: Verdana,Geneva,sans-serif'>
<p>Patriot,</p>
<p>my orders for step 3 (Crown &gt; Patriot, as agreed):</p>
<pre>{ho_pre}</pre>
<p>Best,<br />Crown</p>
</body></html>
""")

# 11b. HTML only, Gmail-style lines with <br> and `&nbsp; ` indentation (plain part gone).
hb_html = (
    '<div dir="ltr"><div>Patriot,</div><div><br></div><div>step 3 below.</div><div><br></div><div>'
    + html_block_br([BEGIN] + PL + [END])
    + "</div><div><br></div><div>Crown</div></div>\n"
)
write("html-only-br.eml", f"""MIME-Version: 1.0
Date: {date(11, 13, 40, 19)}
Message-ID: <CAJq8Hk2b7Xw4Rt9Lm3Zq1Vn6Yc8Ue5Pd0Sa2Fh7Jk4Go9Ti3Bw@mail.gmail.com>
Subject: ss-example-2 step 3
From: {CROWN}
To: patriot@example.org
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

{qp(hb_html.encode())}
""")

# ---------------------------------------------------------------------------------------
# 12. Evolution: text/plain quoted-printable, UTF-8 prose.
qp_text = (
    "Hi Patriot \u2014 step 3 is below.\n\n"
    "I\u2019m sending it quoted-printable this time, because my client does that whenever "
    "the text has a curly quote or an em dash in it, and the packet should come through "
    "untouched anyway. \n\n"
    + block()
    + "\n\n\u2014 Crown\n"
)
qpb = qp(qp_text.encode("utf-8"))
assert "=\n" in qpb and "=E2=80=94" in qpb and "=20\n" in qpb
write("quoted-printable.eml", f"""Message-ID: <4d2f0b3a9c7e6d5f1a8b2c3d4e5f6a7b8c9d0e1f.camel@example.org>
Subject: ss-example-2 step 3
From: {CROWN}
To: patriot@example.org
Date: {date(12, 22, 17, 5, "+0100")}
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable
User-Agent: Evolution 3.52.4 (3.52.4-1.fc40)
MIME-Version: 1.0

{qpb}
""")

# ---------------------------------------------------------------------------------------
# 13. Outlook for iOS through Exchange Online: both parts base64.
XB = "_000_PAXPR08MB7153A1B2C3D4E5F6A7B8C9D0PAXPR08MB7153eurp_"
b64_plain = (
    "Step 3 from the Crown.\n\n" + block() + "\n\nGet Outlook for iOS<https://aka.ms/o0ukef>\n"
).replace("\n", "\r\n")
b64_html = (
    '<html><head>\r\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\r\n</head>\r\n'
    '<body>\r\n<div dir="auto" style="font-family: Aptos, Arial, Helvetica, sans-serif; font-size: 12pt;">\r\n'
    "Step 3 from the Crown.</div>\r\n<div dir=\"auto\"><br></div>\r\n<div dir=\"auto\">"
    + html_block_br([BEGIN] + PL + [END], quote_entity="'")
    + '</div>\r\n<div id="ms-outlook-mobile-signature">\r\n<div><br></div>\r\nGet '
    '<a href="https://aka.ms/o0ukef">Outlook for iOS</a></div>\r\n</body>\r\n</html>\r\n'
)
write("base64-body.eml", f"""From: {CROWN}
To: "patriot@example.org" <patriot@example.org>
Subject: ss-example-2 step 3
Thread-Topic: ss-example-2 step 3
Thread-Index: AQHbkf3k7zQ2Lw8Xy0u3V5d9m1Q2aA==
Date: {date(13, 7, 12, 9)}
Message-ID:
 <PAXPR08MB7153A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6@PAXPR08MB7153.eurprd08.prod.outlook.com>
Accept-Language: en-GB, en-US
Content-Language: en-GB
X-MS-Has-Attach:
X-MS-TNEF-Correlator:
Content-Type: multipart/alternative;
\tboundary="{XB}"
MIME-Version: 1.0

--{XB}
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: base64

{b64(b64_plain.encode())}

--{XB}
Content-Type: text/html; charset="utf-8"
Content-Transfer-Encoding: base64

{b64(b64_html.encode())}

--{XB}--
""")

# ---------------------------------------------------------------------------------------
# 14. Gmail, packet.yaml attached (application/x-yaml, base64), no armour anywhere.
MB, MA = "000000000000d2a5c8062f9b4e17", "000000000000d2a5c6062f9b4e15"
write("yaml-attachment.eml", f"""MIME-Version: 1.0
Date: {date(14, 18, 2, 51)}
Message-ID: <CAJq8Hk4cQ2Yw6Tz9Lx1Vb5Nm3Ra7Ue0Pd8Sf2Gh4Jk6Lo1Ti9Cw@mail.gmail.com>
Subject: ss-example-2 step 3
From: {CROWN}
To: patriot@example.org
Content-Type: multipart/mixed; boundary="{MB}"

--{MB}
Content-Type: multipart/alternative; boundary="{MA}"

--{MA}
Content-Type: text/plain; charset="UTF-8"

See attached.

--{MA}
Content-Type: text/html; charset="UTF-8"

<div dir="ltr">See attached.</div>

--{MA}--
--{MB}
Content-Type: application/x-yaml; name="packet.yaml"
Content-Disposition: attachment; filename="packet.yaml"
Content-Transfer-Encoding: base64
Content-ID: <f_m86q2x3a0>
X-Attachment-Id: f_m86q2x3a0

{b64(P.encode())}
--{MB}--
""")

# ---------------------------------------------------------------------------------------
# 15. Thunderbird, armoured packet in a .txt attachment.
TB = "------------Ht4Kw9Lm2Qz7Xv1Bn5Rc8Dj3"
write("txt-attachment-armoured.eml", f"""Content-Type: multipart/mixed; boundary="{TB}"
Message-ID: <e7a1c3b5-9d2f-4e6a-8b0c-1d3e5f7a9b2c@example.org>
Date: {date(15, 9, 14, 26, "+0100")}
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Content-Language: en-US
To: patriot@example.org
From: {CROWN}
Subject: ss-example-2 step 3

This is a multi-part message in MIME format.
--{TB}
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 7bit

My step 3 packet is attached as a text file.

Crown

--{TB}
Content-Type: text/plain; charset=UTF-8; name="ss-example-2-step-3.txt"
Content-Disposition: attachment; filename="ss-example-2-step-3.txt"
Content-Transfer-Encoding: 7bit

{block()}

--{TB}--
""")

# ---------------------------------------------------------------------------------------
# 16. Apple Mail, packet in the body and attached (octet-stream, LF line ends inside).
AB2 = "Apple-Mail=_2D7B9E4F-6A1C-4E3B-8F5D-0C9A7B6E5D4F"
write("body-and-attachment-same.eml", f"""From: {CROWN}
Content-Type: multipart/mixed;
\tboundary="{AB2}"
Mime-Version: 1.0 (Mac OS X Mail 16.0 \\(3826.400.131.1.6\\))
Subject: ss-example-2 step 3
Message-Id: <9C4E2A7B-3F1D-4B6E-A8C0-5D7E9F1A3B2C@example.org>
Date: {date(16, 20, 31, 7, "-0400")}
To: patriot@example.org
X-Mailer: Apple Mail (2.3826.400.131.1.6)


--{AB2}
Content-Transfer-Encoding: 7bit
Content-Type: text/plain;
\tcharset=us-ascii

Step 3, in the mail and attached, whichever you prefer.

{block()}

--{AB2}
Content-Disposition: attachment;
\tfilename=packet.yaml
Content-Type: application/octet-stream;
\tx-unix-mode=0644;
\tname="packet.yaml"
Content-Transfer-Encoding: base64

{b64(P.encode())}
--{AB2}
Content-Transfer-Encoding: 7bit
Content-Type: text/plain;
\tcharset=us-ascii



Crown

--{AB2}--
""")

# ---------------------------------------------------------------------------------------
# 17. Claws Mail, ISO-8859-1 quoted-printable, French around the armour.
fr = (
    "Bonjour,\n\n"
    "Ré: le tour 3. Voici mon coup pour l'étape 3 : la colonne quitte Savannah\n"
    "et marche vers Ebenezer, général en tête.\n\n"
    + block()
    + "\n\nÀ bientôt,\n-- \nLa Couronne (démo)\n"
)
frq = qp(fr.encode("iso-8859-1"))
assert "=E9" in frq
write("iso-8859-1.eml", f"""Date: {date(17, 21, 9, 44, "+0100")}
From: =?ISO-8859-1?Q?La_Couronne_=28d=E9mo=29?= <crown@example.org>
To: patriot@example.org
Subject: =?ISO-8859-1?Q?R=E9=3A_le_tour_3_=28ss-example-2=29?=
Message-ID: <20250317210944.6b1f3c2d@example.org>
X-Mailer: Claws Mail 4.3.0 (GTK 3.24.43; x86_64-pc-linux-gnu)
MIME-Version: 1.0
Content-Type: text/plain; charset=ISO-8859-1
Content-Transfer-Encoding: quoted-printable

{frq}
""")

# ---------------------------------------------------------------------------------------
# 18. iPhone Mail: "-- " signature and "Sent from my iPhone".
write("crlf-and-signature.eml", f"""Content-Type: text/plain;
\tcharset=us-ascii
Content-Transfer-Encoding: 7bit
From: {CROWN}
Mime-Version: 1.0 (1.0)
Date: {date(18, 8, 30, 41, "-0400")}
Subject: ss-example-2 step 3
Message-Id: <A1B2C3D4-E5F6-4789-ABCD-EF0123456789@example.org>
To: patriot@example.org
X-Mailer: iPhone Mail (22D72)

Step 3 from the train.

{block()}

-- 
Demo Crown
Southern Strategy, playing the Crown

Sent from my iPhone
""")

# ---------------------------------------------------------------------------------------
# Hostile 1. An ordinary chat mail: no packet.
NB = "000000000000f1c3a7062fa1d9c2"
write("no-packet.eml", f"""MIME-Version: 1.0
Date: {date(19, 12, 0, 3)}
Message-ID: <CAJq8Hk5dR3Zx7Ua0My2Wc6Ob4Sb8Vf1Qe9Tg3Hi5Kl7Mp2Uj0Dx@mail.gmail.com>
Subject: Re: ss-example-2 step 3
From: {CROWN}
To: patriot@example.org
Content-Type: multipart/alternative; boundary="{NB}"

--{NB}
Content-Type: text/plain; charset="UTF-8"

Hi,

no packet today, sorry: I'll send step 3 tonight once I've looked at the
board again. Are we still on for two steps a week?

Crown

--{NB}
Content-Type: text/html; charset="UTF-8"

<div dir="ltr"><div>Hi,</div><div><br></div><div>no packet today, sorry: I&#39;ll send step 3 tonight once I&#39;ve looked at the board again. Are we still on for two steps a week?</div><div><br></div><div>Crown</div></div>

--{NB}--
""")

# Hostile 2. Two different packets in one body (step 3 and step 4), NeoMutt, LF.
write("two-packets.eml", f"""Date: {date(19, 20, 44, 10)}
From: {CROWN}
To: patriot@example.org
Subject: ss-example-2 step 3 (and 4?)
Message-ID: <20250319204410.p2vx7kq3lm8a@example.org>
MIME-Version: 1.0
Content-Type: text/plain; charset=us-ascii
Content-Disposition: inline
User-Agent: NeoMutt/20231103

Two packets pasted; I am not sure which one adjutant wants.

{block()}

and

{block(lines=P4L)}

-- 
crown
""", eol="\n")

# Hostile 3. Truncated armour: BEGIN, half the YAML, no END (Roundcube, flowed).
half = PL[: len(PL) // 2]
write("truncated-armour.eml", f"""MIME-Version: 1.0
Date: {date(20, 16, 22, 35, "+0100")}
From: {CROWN}
To: patriot@example.org
Subject: ss-example-2 step 3
Message-ID: <9b1d4e7c2a5f8e3b6d0c1a4f7e2b5d8c@webmail.example.org>
User-Agent: Roundcube Webmail/1.6.9
Content-Type: text/plain; charset=US-ASCII;
 format=flowed
Content-Transfer-Encoding: 7bit

Step 3 (my phone ran out of battery while copying it, sorry):

""" + "\n".join(stuff(l) for l in [BEGIN] + half) + """

Crown
""")

# Hostile 4. Armour present, YAML damaged: a hash line cut in half (Outlook plain text).
broken = []
for l in PL:
    if l.startswith("  reveal: "):
        broken += [l[:40], l[40:]]
    else:
        broken.append(l)
write("broken-yaml-in-armour.eml", f"""From: {CROWN}
To: <patriot@example.org>
Subject: ss-example-2 step 3
Date: {date(20, 18, 5, 12)}
Message-ID: <000801db99c5$1a2b3c40$4f5e6d70$@example.org>
MIME-Version: 1.0
Content-Type: text/plain;
\tcharset="us-ascii"
Content-Transfer-Encoding: 7bit
X-Mailer: Microsoft Outlook 16.0
Thread-Index: AduZxRorPEBPXm1wR3m8K2hJbZ2YqB==
Content-Language: en-gb

Step 3. (I fixed the line lengths by hand so it fits the screen.)

{block(lines=broken)}

Crown

""")

# Hostile 5. Malformed MIME: garbage in the second part's headers, invalid base64, a
# closing boundary that is wrong (and the inner alternative never closed). The first,
# readable text part carries the packet.
MMB = "=_mm_0f3c9a1e7b"
MMA = "=_alt_5d2e8b4c"
mm = f"""Date: {date(21, 3, 14, 15)}
From: {CROWN}
To: patriot@example.org
Subject: ss-example-2 step 3
Message-ID: <mm.20250321031415.77@example.org>
MIME-Version: 1.0
X-Mailer: PbemMailer 0.3 (beta)
Content-Type: multipart/mixed; boundary="{MMB}"; charset

--{MMB}
Content-Type: multipart/alternative; boundary="{MMA}"

--{MMA}
Content-Type: text/plain; charset=us-ascii
Content-Transfer-Encoding: 7bit

Step 3. My mailer is a bit broken, sorry.

{block()}

--{MMA}
Content-Type: text/html; charset="us-ascii
Content-Transfer-Encoding: 7bit

<html><body><p>Step 3. My mailer is a bit broken, sorry.</p><p>see the text part
--{MMB}
Content-Type: application/octet-stream; name="board.png
Content-Type: image/png
Content-Transfer-Encoding: base64
Content-Disposition: attachment; filename=
X-Garbage \xff\xfe no colon here
: empty name

iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQAB!!!
@@@@ not base64 at all @@@@
--{MMB}-
trailing junk after a closing boundary that is not one
"""
write("malformed-mime.eml", mm, enc="latin-1")


# ---------------------------------------------------------------------------------------
# The manifest: what ingest must make of each fixture.
GOOD = {"packet_step": 3, "from": "crown@example.org"}
MANIFEST = [
    ("gmail-plain.eml", "Gmail web", GOOD,
     "multipart/alternative; the HTML part (QP) has the block too, `&nbsp; ` indents, `&#39;`"),
    ("outlook-html-alternative.eml", "Outlook 16 (Windows)", GOOD,
     "Word HTML with <br> lines and `&nbsp; ` indents beside a 7bit plain part"),
    ("apple-mail.eml", "Apple Mail (macOS)", GOOD,
     "one <div> a line in the HTML part, one `&nbsp;` a leading space"),
    ("thunderbird-format-flowed.eml", "Thunderbird", GOOD,
     "format=flowed; lines not wrapped, but lines that begin with a space are space-stuffed"
     " (RFC 3676 4.4) as Thunderbird does: one more leading space, which mail-parser keeps;"
     " the YAML means the same either way"),
    ("thunderbird-flowed-wrapped.eml", "Thunderbird (default 72-column wrap)", GOOD,
     "format=flowed with soft line breaks inside the armour (the reveal and state lines end"
     " in a space and go on on the next line); only an RFC 3676 decoder restores the packet,"
     " and mail-parser 0.11 does not decode format=flowed"),
    ("mutt-plain.eml", "NeoMutt", GOOD, "LF line ends (as stored in a Maildir), Received headers"),
    ("mailing-list-footer.eml", "Mailman 3 list", GOOD,
     "To the list; signature and Mailman footer after the END line"),
    ("forwarded-inline.eml", "Gmail web (Forward)", GOOD,
     "inline forward of a mail first sent to patriot@old.example.net"),
    ("forwarded-rfc822.eml", "Thunderbird (Forward as Attachment)", GOOD,
     "the original as a message/rfc822 part"),
    ("reply-quoting-packet.eml", "K-9 Mail", GOOD, "the block quoted with `> `"),
    ("reply-quoting-twice.eml", "NeoMutt", GOOD, "the block quoted with `> > `"),
    ("html-only.eml", "webmail, text/html only", GOOD,
     "the armour in <pre>, HTML-escaped with `&#039;` for quotes; mail-parser's own"
     " HTML-to-text drops the line breaks of <pre>"),
    ("html-only-br.eml", "Gmail-style HTML with no plain part", GOOD,
     "text/html only, quoted-printable, <br> a line, `&nbsp; ` indents"),
    ("quoted-printable.eml", "Evolution", GOOD,
     "text/plain UTF-8 quoted-printable with soft breaks and =20 in the prose"),
    ("base64-body.eml", "Outlook for iOS (Exchange Online)", GOOD,
     "both alternative parts base64, CRLF inside"),
    ("yaml-attachment.eml", "Gmail web", GOOD,
     "no armour anywhere: packet.yaml attached as application/x-yaml, base64"),
    ("txt-attachment-armoured.eml", "Thunderbird", GOOD, "armoured block in a text/plain .txt attachment"),
    ("body-and-attachment-same.eml", "Apple Mail (macOS)", GOOD,
     "block in the body (CRLF) and packet.yaml attached as application/octet-stream with LF"
     " line ends: the same packet, counted once"),
    ("iso-8859-1.eml", "Claws Mail", GOOD,
     "ISO-8859-1 quoted-printable French around the block; encoded-word Subject and From name"),
    ("crlf-and-signature.eml", "iPhone Mail", GOOD, "`-- ` signature and Sent from my iPhone"),
    ("no-packet.eml", "Gmail web", {"error": "no adjutant packet"}, None),
    ("two-packets.eml", "NeoMutt", {"error": "two different packets"},
     "step 3 and the same packet with step: 4, both in the body; LF line ends"),
    ("truncated-armour.eml", "Roundcube", {"error": "truncated"},
     "BEGIN and the first half of the YAML, no END"),
    ("broken-yaml-in-armour.eml", "Outlook 16 (plain text)",
     {"error": "the mail client changed the packet: attach the file instead"},
     "the reveal line cut in two, its second half at column 0"),
    ("malformed-mime.eml", "broken mailer", GOOD,
     "dangling Content-Type parameter, unterminated quoted strings, a header without a colon,"
     " raw 0xFF bytes, an alternative never closed, invalid base64, no closing boundary;"
     " the first text part is readable and carries the packet"),
]
HUGE = ("huge-attachment.eml", "Thunderbird", GOOD,
        "written by make_huge.py at test time: the block in the body and 20 MiB of binary as"
        " base64 (about 28 MB, under ingest's 32 MiB limit)")


def _scalar(v):
    if isinstance(v, int):
        return str(v)
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


if True:
    with open(os.path.join(OUT, "manifest.yaml"), "w", encoding="ascii", newline="\n") as m:
        m.write("# What ingest must make of each fixture; written by make_fixtures.py.\n"
                "# `error` is a substring of the error; `note` says what is unusual.\n")
        for i, (name, client, expect, note) in enumerate(MANIFEST + [HUGE]):
            assert name == HUGE[0] or os.path.exists(os.path.join(OUT, name)), name
            m.write(f"- file: {name}\n  client: {_scalar(client)}\n")
            if name == HUGE[0]:
                m.write("  generated: true\n")
            e = ", ".join(f"{k}: {_scalar(v)}" for k, v in expect.items())
            m.write(f"  expect: {{{e}}}\n")
            if note:
                m.write(f"  note: {_scalar(note)}\n")
    written = sorted(n for n in os.listdir(OUT) if n.endswith(".eml"))
    assert written == sorted(n for n, *_ in MANIFEST), written
print(f"{len(MANIFEST)} fixtures written, and {HUGE[0]} by make_huge.py")
