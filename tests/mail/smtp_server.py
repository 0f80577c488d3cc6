"""A real SMTP server for the mail tests, on 127.0.0.1 only: aiosmtpd with STARTTLS and AUTH
both required. Each message it accepts is written to OUT_DIR/<n>.eml and, with --maildirs ROOT,
delivered to each recipient's Maildir, ROOT/<local part>/Maildir/new/ (as a local delivery agent
would, for the IMAP test's Dovecot). It prints
"READY <port>" once listening and stops by itself after --seconds, or when its standard input
closes (when the test that started it ends)."""

import argparse
import os
import socket
import ssl
import sys
import threading
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Keep:
    def __init__(self, out, maildirs):
        self.out = out
        self.maildirs = maildirs
        self.n = 0

    async def handle_DATA(self, server, session, envelope):
        self.n += 1
        data = envelope.original_content or envelope.content
        with open(os.path.join(self.out, f"{self.n}.eml"), "wb") as f:
            f.write(data)
        for rcpt in envelope.rcpt_tos if self.maildirs else []:
            box = os.path.join(self.maildirs, rcpt.split("@")[0].lower(), "Maildir")
            name = f"{int(time.time())}.M{self.n}P{os.getpid()}.adjutant-test"
            tmp = os.path.join(box, "tmp", name)
            with open(tmp, "wb") as f:
                f.write(data.replace(b"\r\n", b"\n"))
            os.chmod(tmp, 0o644)
            os.rename(tmp, os.path.join(box, "new", name))
        return "250 OK"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cert", required=True)
    ap.add_argument("--key", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--user", required=True)
    ap.add_argument("--password-env", required=True)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--maildirs")
    a = ap.parse_args()
    password = os.environ[a.password_env].encode()
    user = a.user.encode()

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login == user and auth_data.password == password
        return AuthResult(success=ok)

    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(a.cert, a.key)
    port = free_port()
    controller = Controller(
        Keep(a.out, a.maildirs),
        hostname="127.0.0.1",
        port=port,
        tls_context=ctx,
        require_starttls=True,
        auth_required=True,
        auth_require_tls=True,
        authenticator=authenticator,
        server_hostname="localhost",
    )
    controller.start()
    print(f"READY {port}", flush=True)
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    done.wait(a.seconds)
    controller.stop()


if __name__ == "__main__":
    main()
