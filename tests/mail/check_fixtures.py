#!/usr/bin/env python3
"""Checks the mail fixtures against manifest.yaml with Python's own email parser (stdlib only),
independently of adjutant: every good fixture must give back the example packet, byte for
byte, from some decoded part (bodies, HTML read as text, text-like attachments, forwarded
messages, format=flowed undone, quote prefixes stripped); every hostile one must show its
fault. Also checks the raw bytes: the usual headers, line ends, line length, size.

    python3 tests/mail/check_fixtures.py [--skip-huge]

Exit status 0 when every fixture is as the manifest says."""

import email
import email.policy
import email.utils
import html.parser
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BEGIN = "-----BEGIN ADJUTANT PACKET-----"
END = "-----END ADJUTANT PACKET-----"
PACKET = open(os.path.join(HERE, "example-step-3.packet.yaml"), encoding="utf-8").read()
PACKET4 = PACKET.replace("\n  step: 3\n", "\n  step: 4\n", 1)
TEXTY_TYPES = ("application/yaml", "application/x-yaml")
TEXTY_NAMES = (".yaml", ".yml", ".txt")
MAX_SMALL = 16 * 1024


# -- the manifest: a list of flat mappings, `expect` a flow mapping (no YAML library needed)

def scalar(s):
    s = s.strip()
    if s.startswith('"'):
        return json.loads(s)
    if s in ("true", "false"):
        return s == "true"
    if re.fullmatch(r"-?\d+", s):
        return int(s)
    return s


def flow_mapping(s):
    s = s.strip()
    assert s.startswith("{") and s.endswith("}"), s
    out = {}
    for item in re.findall(r'\s*([A-Za-z_]+):\s*("(?:[^"\\]|\\.)*"|[^,}]+)\s*,?', s[1:-1]):
        out[item[0]] = scalar(item[1])
    return out


def read_manifest(path):
    entries = []
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = re.fullmatch(r"(- |  )([A-Za-z_]+):\s*(.*)", line)
        assert m, f"manifest line not understood: {line!r}"
        if m.group(1) == "- ":
            entries.append({})
        key, value = m.group(2), m.group(3)
        entries[-1][key] = flow_mapping(value) if value.startswith("{") else scalar(value)
    return entries


# -- decoding

class HtmlText(html.parser.HTMLParser):
    """HTML read as text: line breaks at <br> and the end of blocks, whitespace collapsed
    outside <pre>, entities decoded, no-break spaces made spaces."""

    BLOCKS = {"p", "div", "pre", "tr", "li", "blockquote", "h1", "h2", "h3", "table"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out = []
        self.pre = 0
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("head", "style", "script"):
            self.skip += 1
        elif tag == "br":
            self.out.append("\n")
        elif tag == "pre":
            self.pre += 1

    def handle_startendtag(self, tag, attrs):
        if tag == "br":
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in ("head", "style", "script"):
            self.skip = max(0, self.skip - 1)
        elif tag in self.BLOCKS:
            if tag == "pre":
                self.pre = max(0, self.pre - 1)
            if self.out and not "".join(self.out[-1:]).endswith("\n"):
                self.out.append("\n")

    def handle_data(self, data):
        if self.skip:
            return
        if not self.pre:
            data = re.sub(r"[ \t\r\n]+", " ", data)
            if not self.out or "".join(self.out[-1:]).endswith("\n"):
                data = data.lstrip(" ")
        self.out.append(data)

    def text(self):
        return "".join(self.out).replace("\xa0", " ")


def html_to_text(s):
    p = HtmlText()
    p.feed(s)
    p.close()
    return p.text()


def unflow(text, delsp=False):
    """RFC 3676: undo space-stuffing and join soft line breaks."""
    out, cur, cur_depth = [], None, 0
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        body = line[depth:]
        if body.startswith(" "):
            body = body[1:]
        if cur is not None and depth != cur_depth:
            out.append((cur_depth, cur))
            cur = None
        soft = body.endswith(" ") and body != "-- "
        if soft and delsp:
            body = body[:-1]
        cur = body if cur is None else cur + body
        cur_depth = depth
        if not soft:
            out.append((cur_depth, cur))
            cur = None
    if cur is not None:
        out.append((cur_depth, cur))
    return "\n".join((">" * d + " " + b if d else b) for d, b in out)


def texts(msg):
    """(where, text, is_attachment) for every text-like part, decoded."""
    found = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        ctype = part.get_content_type()
        name = (part.get_filename() or "").lower()
        disposition = part.get_content_disposition()
        texty = ctype.startswith("text/") or ctype in TEXTY_TYPES or name.endswith(TEXTY_NAMES)
        if not texty:
            continue
        data = part.get_payload(decode=True) or b""
        charset = part.get_content_charset() or "us-ascii"
        try:
            text = data.decode(charset, errors="replace")
        except LookupError:
            text = data.decode("latin-1")
        text = text.replace("\r\n", "\n")
        where = f"{ctype}{' ' + name if name else ''}"
        if ctype == "text/html":
            text = html_to_text(text)
            where += " (as text)"
        elif part.get_param("format", "").lower() == "flowed":
            text = unflow(text, part.get_param("delsp", "no").lower() == "yes")
            where += " (unflowed)"
        attachment = disposition == "attachment" or bool(name)
        found.append((where, text, attachment))
    return found


def blocks(text):
    """Armoured blocks (quote prefix of the BEGIN line taken off) and a count of truncated."""
    closed, truncated = [], 0
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        at = lines[i].find(BEGIN)
        if at < 0 or not all(c in "> \t" for c in lines[i][:at]):
            i += 1
            continue
        prefix = lines[i][:at]
        body, j = [], i + 1
        while j < len(lines) and END not in lines[j]:
            l = lines[j]
            if l.startswith(prefix):
                l = l[len(prefix):]
            elif l.startswith(prefix.rstrip()):
                l = l[len(prefix.rstrip()):]
            body.append(l)
            j += 1
        if j < len(lines):
            closed.append("\n".join(body) + "\n")
        else:
            truncated += 1
        i = j + 1
    return closed, truncated


def candidates(msg):
    """Every packet text found, with where it was found, and the count of truncated blocks."""
    found, truncated = [], 0
    for where, text, attachment in texts(msg):
        closed, t = blocks(text)
        truncated += t
        found += [(where, b) for b in closed]
        if attachment and not closed and not t and text.lstrip().startswith("format: adjutant-packet/1"):
            found.append((where + " (whole)", text if text.endswith("\n") else text + "\n"))
    return found, truncated


# -- the checks

def check_raw(name, data, generated):
    problems = []
    if not generated and len(data) > MAX_SMALL:
        problems.append(f"{len(data)} bytes, more than {MAX_SMALL}")
    crlf = data.count(b"\r\n")
    lf = data.count(b"\n")
    if b"\r" in data.replace(b"\r\n", b""):
        problems.append("a bare CR")
    ends = "CRLF" if crlf == lf else "LF" if crlf == 0 else f"mixed ({crlf} CRLF, {lf - crlf} LF)"
    if ends.startswith("mixed"):
        problems.append(ends)
    longest = max(len(l.rstrip(b"\r")) for l in data.split(b"\n"))
    if longest > 998:
        problems.append(f"a line of {longest} octets")
    head = data.split(b"\r\n\r\n" if ends == "CRLF" else b"\n\n", 1)[0].decode("latin-1")
    for h in ("Date", "From", "To", "Subject", "Message-ID", "MIME-Version"):
        if not re.search(rf"^{h}:", head, re.I | re.M):
            problems.append(f"no {h} header")
    return ends, problems


def check(entry, data):
    expect = entry["expect"]
    msg = email.message_from_bytes(data, policy=email.policy.compat32)
    found, truncated = candidates(msg)
    distinct = []
    for _, text in found:
        if text not in distinct:
            distinct.append(text)
    problems = []
    if "error" not in expect:
        if PACKET not in distinct:
            problems.append(f"packet not recovered ({len(found)} block(s) found)")
        if len(distinct) > 1:
            problems.append(f"{len(distinct)} different packet texts")
        if truncated:
            problems.append(f"{truncated} truncated block(s)")
        want = expect.get("from")
        got = email.utils.parseaddr(str(msg.get("From", "")))[1]
        if want and got != want:
            problems.append(f"From is {got!r}, not {want!r}")
    else:
        err = expect["error"]
        if err == "no adjutant packet":
            if found or truncated or any(BEGIN in t for _, t, _ in texts(msg)):
                problems.append("something packet-like is in it")
        elif err == "two different packets":
            if sorted(distinct) != sorted([PACKET, PACKET4]):
                problems.append(f"{len(distinct)} distinct packet(s), not the step 3 and step 4 ones")
        elif err == "truncated":
            if not truncated or found:
                problems.append(f"{truncated} truncated, {len(found)} closed block(s)")
        elif err == "packet is not valid":
            if len(distinct) != 1 or distinct[0] == PACKET or truncated:
                problems.append("not exactly one closed block that differs from the packet")
            elif distinct[0].replace("\n", "") != PACKET.replace("\n", ""):
                problems.append("the damaged block is not the packet with a line cut")
            else:
                try:
                    import yaml  # optional: confirms the damage breaks the YAML
                except ImportError:
                    yaml = None
                if yaml is not None:
                    try:
                        yaml.safe_load(distinct[0])
                        problems.append("the damaged block is still valid YAML")
                    except yaml.YAMLError:
                        pass
        else:
            problems.append(f"no check for the error {err!r}")
    wheres = sorted({w for w, t in found if t == PACKET})
    return problems, wheres, [d for d in msg.defects] + [d for p in msg.walk() for d in p.defects]


def main():
    skip_huge = "--skip-huge" in sys.argv[1:]
    entries = read_manifest(os.path.join(HERE, "manifest.yaml"))
    listed = {e["file"] for e in entries if not e.get("generated")}
    on_disk = {n for n in os.listdir(HERE) if n.endswith(".eml")}
    bad = 0
    for n in sorted(on_disk - listed):
        print(f"FAIL {n}: not in the manifest")
        bad += 1
    with tempfile.TemporaryDirectory() as tmp:
        for e in entries:
            name = e["file"]
            if e.get("generated"):
                if skip_huge:
                    print(f"skip {name}")
                    continue
                subprocess.run([sys.executable, os.path.join(HERE, "make_huge.py"), tmp], check=True)
                path = os.path.join(tmp, name)
            else:
                path = os.path.join(HERE, name)
            if not os.path.exists(path):
                print(f"FAIL {name}: missing")
                bad += 1
                continue
            data = open(path, "rb").read()
            ends, problems = check_raw(name, data, e.get("generated", False))
            p, wheres, defects = check(e, data)
            problems += p
            want = e["expect"].get("error") or f"packet step {e['expect'].get('packet_step')}"
            info = f"{ends}, {len(data)} B, {want}"
            if wheres:
                info += "; found in " + ", ".join(wheres)
            if defects:
                info += "; parser defects: " + ", ".join(sorted({type(d).__name__ for d in defects}))
            print(f"{'FAIL' if problems else 'ok  '} {name}: {info}")
            for pr in problems:
                print(f"       {pr}")
            bad += bool(problems)
    print(f"{len(entries)} fixtures, {bad} failing")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
