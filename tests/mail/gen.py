"""Writes the inbound-mail fixtures (CRLF unless noted) next to this script: python3 tests/mail/gen.py"""
import base64, quopri, struct, zlib, pathlib

OUT = pathlib.Path(__file__).resolve().parent
TOKEN = "moves+q7h2m4x9@example.org"

def qp(text, charset="utf-8"):
    data = text.replace("\n", "\r\n").encode(charset)
    return quopri.encodestring(data).decode("ascii").replace("\r\n", "\n")

def b64(data):
    s = base64.b64encode(data).decode("ascii")
    return "\n".join(s[i:i + 76] for i in range(0, len(s), 76))

def write(name, text, crlf=True, encoding="utf-8"):
    text = text.lstrip("\n")
    if crlf:
        text = text.replace("\n", "\r\n")
    (OUT / name).write_bytes(text.encode(encoding))

def png():
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00\xff\xff\xff")) + chunk(b"IEND", b"")

PDF = b"""%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
"""

# Gmail: multipart/alternative, attribution wrapped over two lines in the text part.
gmail_html = ('<div dir="ltr">e4<div><br></div><div>Nice opening. I did not expect 1. e4 from you, '
              "let&#39;s see how you handle it.</div></div><br><div class=\"gmail_quote\"><div dir=\"ltr\" "
              'class="gmail_attr">On Mon, Dec 1, 2026 at 10:00 AM plypost &lt;<a href="mailto:' + TOKEN + '">'
              + TOKEN + '</a>&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px '
              '0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">Bob played 1... d5.<br><br>'
              'Reply to this email with your move, e.g. &quot;Nf3&quot;.<br></blockquote></div>\n')
write("gmail_plain.eml", f"""
Return-Path: <alice.martin@gmail.com>
Delivered-To: {TOKEN}
Received: from mail-wr1-f54.google.com (mail-wr1-f54.google.com [209.85.221.54])
	by mx.example.org (Postfix) with ESMTPS id 4dK2r81XyzzB1
	for <{TOKEN}>; Mon,  1 Dec 2026 10:12:31 +0000 (UTC)
DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed;
        d=gmail.com; s=20230601; t=1796119951; x=1796724751; darn=example.org;
        h=to:subject:message-id:date:from:in-reply-to:references:mime-version
         :from:to:cc:subject:date:message-id:reply-to;
        bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;
        b=Yk2xQ0cR7pV1nO9mW3lK8jH5gF2dS4aZ6xC0vB7nM1qW9eR3tY5uI8oP2aS4dF6g
MIME-Version: 1.0
References: <game-42.move-7@example.org>
In-Reply-To: <game-42.move-7@example.org>
From: Alice Martin <alice.martin@gmail.com>
Date: Mon, 1 Dec 2026 10:12:19 +0000
Message-ID: <CAF3x9qYw8Zt1n+q0Lr3kVb2_Hc0mP7d4sXe=Jq@mail.gmail.com>
Subject: Re: [plypost] Game #42: your move against Bob
To: plypost <{TOKEN}>
Content-Type: multipart/alternative; boundary="0000000000008f3b2a0623a1c9e4"

--0000000000008f3b2a0623a1c9e4
Content-Type: text/plain; charset="UTF-8"

e4

Nice opening. I did not expect 1. e4 from you, let's see how you handle
it.

On Mon, Dec 1, 2026 at 10:00 AM plypost <{TOKEN}>
wrote:

> Bob played 1... d5.
>
> Reply to this email with your move, e.g. "Nf3".
>

--0000000000008f3b2a0623a1c9e4
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

{qp(gmail_html)}
--0000000000008f3b2a0623a1c9e4--
""")

# Outlook (desktop, Microsoft 365): top-posted, text + HTML, "From:/Sent:" header block.
outlook_text = f"""e5 draw?

From: plypost <{TOKEN}>
Sent: Monday, December 1, 2026 10:20 AM
To: Bob Smith <Bob.Smith@contoso.com>
Subject: [plypost] Game #42: your move against Alice

Alice played 2. Nf3.

Reply to this email with your move, e.g. "Nf3".
"""
outlook_html = f"""<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=us-ascii">
<meta name="Generator" content="Microsoft Word 15 (filtered medium)">
<style><!--
/* Style Definitions */
p.MsoNormal, li.MsoNormal, div.MsoNormal
	{{margin:0cm;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}}
--></style>
</head>
<body lang="EN-GB" link="#0563C1" vlink="#954F72" style="word-wrap:break-word">
<div class="WordSection1">
<p class="MsoNormal">e5 draw?<o:p></o:p></p>
<p class="MsoNormal"><o:p>&nbsp;</o:p></p>
<div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm">
<p class="MsoNormal"><b>From:</b> plypost &lt;{TOKEN}&gt; <br>
<b>Sent:</b> Monday, December 1, 2026 10:20 AM<br>
<b>To:</b> Bob Smith &lt;Bob.Smith@contoso.com&gt;<br>
<b>Subject:</b> [plypost] Game #42: your move against Alice<o:p></o:p></p>
</div>
<p class="MsoNormal"><o:p>&nbsp;</o:p></p>
<p class="MsoNormal">Alice played 2. Nf3.<o:p></o:p></p>
</div>
</body>
</html>
"""
write("outlook.eml", f"""
Return-Path: <Bob.Smith@contoso.com>
Delivered-To: {TOKEN}
Received: from EUR05-AM6-obe.outbound.protection.outlook.com (mail-am6eur05on2071.outbound.protection.outlook.com [40.107.22.71])
	by mx.example.org (Postfix) with ESMTPS id 4dK3B02qLmz9t
	for <{TOKEN}>; Mon,  1 Dec 2026 10:31:04 +0000 (UTC)
From: Bob Smith <Bob.Smith@contoso.com>
To: plypost <{TOKEN}>
Subject: RE: [plypost] Game #42: your move against Alice
Thread-Topic: [plypost] Game #42: your move against Alice
Thread-Index: AQHbY2xk8Zq1m9yXh0C3oQ0y3f1wL7Ka8Q2w
Date: Mon, 1 Dec 2026 10:31:02 +0000
Message-ID:
 <AM6PR05MB6120B8F3E2A1C4D5E6F7A8B9C0D1@AM6PR05MB6120.eurprd05.prod.outlook.com>
References: <game-42.move-8@example.org>
In-Reply-To: <game-42.move-8@example.org>
Accept-Language: en-GB, en-US
Content-Language: en-GB
X-MS-Has-Attach:
X-MS-TNEF-Correlator:
msip_labels:
Content-Type: multipart/alternative;
	boundary="_000_AM6PR05MB6120B8F3E2A1C4D5E6F7A8B9C0D1AM6PR05MB6120eurp_"
MIME-Version: 1.0

--_000_AM6PR05MB6120B8F3E2A1C4D5E6F7A8B9C0D1AM6PR05MB6120eurp_
Content-Type: text/plain; charset="us-ascii"
Content-Transfer-Encoding: quoted-printable

{qp(outlook_text, "ascii")}
--_000_AM6PR05MB6120B8F3E2A1C4D5E6F7A8B9C0D1AM6PR05MB6120eurp_
Content-Type: text/html; charset="us-ascii"
Content-Transfer-Encoding: quoted-printable

{qp(outlook_html, "ascii")}
--_000_AM6PR05MB6120B8F3E2A1C4D5E6F7A8B9C0D1AM6PR05MB6120eurp_--
""")

# Apple Mail on iOS: the attribution is quoted; "Sent from my iPhone" above it.
apple_text = f"""Qxf7#

Checkmate, I believe \U0001F60A

Sent from my iPhone

> On 1 Dec 2026, at 10:00, plypost <{TOKEN}> wrote:
>\u0020
> Dave played 23... Kh8.
"""
apple_html = f"""<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto">Qxf7#<div><br></div><div>Checkmate, I believe \U0001F60A<br id="lineBreakAtBeginningOfSignature"><div dir="ltr">Sent from my iPhone</div><div dir="ltr"><br><blockquote type="cite">On 1 Dec 2026, at 10:00, plypost &lt;{TOKEN}&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">Dave played 23... Kh8.</div></blockquote></div></body></html>
"""
write("apple_mail.eml", f"""
Return-Path: <carol.nguyen@icloud.com>
Delivered-To: {TOKEN}
Received: from qs51p00im-qukt01080502.me.com (qs51p00im-qukt01080502.me.com [17.57.155.23])
	by mx.example.org (Postfix) with ESMTPS id 4dK3Q71bVcz4r
	for <{TOKEN}>; Mon,  1 Dec 2026 10:02:47 +0000 (UTC)
Content-Type: multipart/alternative; boundary=Apple-Mail-5B0E5A8C-7D3F-4C2B-9E61-0A1B2C3D4E5F
Content-Transfer-Encoding: 7bit
From: Carol Nguyen <carol.nguyen@icloud.com>
Mime-Version: 1.0 (1.0)
Subject: Re: [plypost] Game #17: your move against Dave
Date: Mon, 1 Dec 2026 11:02:45 +0100
Message-Id: <6E1D7C5A-2B8F-4A3E-9C0D-1F2E3A4B5C6D@icloud.com>
References: <game-17.move-31@example.org>
In-Reply-To: <game-17.move-31@example.org>
To: plypost <{TOKEN}>
X-Mailer: iPhone Mail (22B91)


--Apple-Mail-5B0E5A8C-7D3F-4C2B-9E61-0A1B2C3D4E5F
Content-Type: text/plain;
	charset=utf-8
Content-Transfer-Encoding: quoted-printable

{qp(apple_text)}
--Apple-Mail-5B0E5A8C-7D3F-4C2B-9E61-0A1B2C3D4E5F
Content-Type: text/html;
	charset=utf-8
Content-Transfer-Encoding: quoted-printable

{qp(apple_html)}
--Apple-Mail-5B0E5A8C-7D3F-4C2B-9E61-0A1B2C3D4E5F--
""")

# HTML only, base64 (a webmail composing in HTML): one <div> per line, quote in <blockquote>.
only_html = f"""<html><head><meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /></head><body style='font-size: 10pt; font-family: Verdana,Geneva,sans-serif'>
<div>Qh5</div><div>Took the bait, I hope.</div><div>&nbsp;</div>
<div id="signature"></div>
<div>On 2026-12-01 10:00, plypost wrote:</div>
<blockquote type="cite" style="padding: 0 0.4em; border-left: #1010ff 2px solid; margin: 0"><div class="pre" style="margin: 0; padding: 0; font-family: monospace">Eloise played 14... f6.<br /><br />Reply to this email with your move.</div></blockquote>
</body></html>
"""
write("html_only.eml", f"""
Return-Path: <dave@example.net>
Delivered-To: {TOKEN}
Received: from webmail.example.net (webmail.example.net [198.51.100.25])
	by mx.example.org (Postfix) with ESMTPSA id 4dK4a13XkRz2b
	for <{TOKEN}>; Mon,  1 Dec 2026 10:44:19 +0000 (UTC)
MIME-Version: 1.0
Date: Mon, 01 Dec 2026 11:44:18 +0100
From: dave@example.net
To: plypost <{TOKEN}>
Subject: Re: [plypost] Game #17: your move against Eloise
In-Reply-To: <game-17.move-32@example.org>
References: <game-17.move-32@example.org>
Message-ID: <5f3b1c2a9d8e7f6a5b4c3d2e1f0a9b8c@example.net>
X-Sender: dave@example.net
User-Agent: Roundcube Webmail/1.6.9
Content-Type: text/html; charset=UTF-8
Content-Transfer-Encoding: base64

{b64(only_html.replace(chr(10), chr(13) + chr(10)).encode())}
""")

# Thunderbird in French: ISO-8859-1 quoted-printable, French attribution with a no-break space.
latin1_text = """Bc4

Très bien joué, mais je reprends le pion.

Le 01/12/2026 à 10:00, plypost a écrit\u00a0:
> Bob a joué 9. d4.
>
> Répondez à ce courriel avec votre coup.
"""
write("latin1_qp.eml", f"""
Return-Path: <eloise.durand@laposte.net>
Delivered-To: {TOKEN}
Received: from smtp.laposte.net (smtpout-7.laposte.net [160.92.124.70])
	by mx.example.org (Postfix) with ESMTPS id 4dK4m52sQhz7c
	for <{TOKEN}>; Mon,  1 Dec 2026 10:40:09 +0000 (UTC)
Message-ID: <8c1b2f4e-3d5a-4b6c-9e7f-0a1b2c3d4e5f@laposte.net>
Date: Mon, 1 Dec 2026 11:40:07 +0100
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Subject: Re: =?ISO-8859-1?Q?=5Bplypost=5D_Partie_n=B042_=3A_=E0_vous_de_jouer?=
Content-Language: fr
To: plypost <{TOKEN}>
References: <game-42.move-9@example.org>
From: =?UTF-8?Q?=C3=89lo=C3=AFse_Durand?= <eloise.durand@laposte.net>
In-Reply-To: <game-42.move-9@example.org>
Content-Type: text/plain; charset=ISO-8859-1; format=flowed
Content-Transfer-Encoding: quoted-printable

{qp(latin1_text, "iso-8859-1")}""")

# Thunderbird in German: multipart/mixed with a PNG and a PDF; delivered through an alias.
write("attachment.eml", f"""
Return-Path: <frank.weber@posteo.de>
X-Original-To: {TOKEN}
Delivered-To: plypost@example.org
Received: from mout02.posteo.de (mout02.posteo.de [185.67.36.66])
	by mx.example.org (Postfix) with ESMTPS id 4dK5c80tTnz3d
	for <{TOKEN}>; Mon,  1 Dec 2026 11:05:12 +0000 (UTC)
Message-ID: <3a9f1e2d-7c6b-4e5a-8d9c-0b1a2f3e4d5c@posteo.de>
Date: Mon, 1 Dec 2026 12:05:10 +0100
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Subject: Re: [plypost] Partie #8: Sie sind am Zug
Content-Language: de-DE
To: plypost <{TOKEN}>
Cc: Greta Weber <Greta@posteo.de>
References: <game-8.move-12@example.org>
From: Frank Weber <frank.weber@posteo.de>
In-Reply-To: <game-8.move-12@example.org>
Content-Type: multipart/mixed; boundary="------------0Wb9cD2eF3gH4iJ5kL6mN7oP"

This is a multi-part message in MIME format.
--------------0Wb9cD2eF3gH4iJ5kL6mN7oP
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 8bit

Nc6

Stellung und Analyse im Anhang.
Grüße, Frank

Am 01.12.26 um 10:00 schrieb plypost:
> Hans zog 6... Sc6.
>

--------------0Wb9cD2eF3gH4iJ5kL6mN7oP
Content-Type: image/png; name="stellung.png"
Content-Disposition: attachment; filename="stellung.png"
Content-Transfer-Encoding: base64

{b64(png())}

--------------0Wb9cD2eF3gH4iJ5kL6mN7oP
Content-Type: application/pdf; name="analyse.pdf"
Content-Disposition: attachment; filename="analyse.pdf"
Content-Transfer-Encoding: base64

{b64(PDF)}

--------------0Wb9cD2eF3gH4iJ5kL6mN7oP--
""")

# Exchange out-of-office reply.
write("auto_reply.eml", f"""
Return-Path: <Bob.Smith@contoso.com>
Delivered-To: {TOKEN}
Received: from EUR05-AM6-obe.outbound.protection.outlook.com (mail-am6eur05on2072.outbound.protection.outlook.com [40.107.22.72])
	by mx.example.org (Postfix) with ESMTPS id 4dK3B03rMnz9u
	for <{TOKEN}>; Mon,  1 Dec 2026 10:00:03 +0000 (UTC)
From: Bob Smith <Bob.Smith@contoso.com>
To: plypost <{TOKEN}>
Subject: Automatic reply: [plypost] Game #42: your move against Alice
Thread-Topic: [plypost] Game #42: your move against Alice
Thread-Index: AQHbY2xk8Zq1m9yXh0C3oQ0y3f1wL7Ka8Q2x
Date: Mon, 1 Dec 2026 10:00:02 +0000
Message-ID: <AM6PR05MB61207D2E1F0A9B8C7D6E5F4A3B2C@AM6PR05MB6120.eurprd05.prod.outlook.com>
References: <game-42.move-8@example.org>
In-Reply-To: <game-42.move-8@example.org>
Auto-Submitted: auto-replied
X-MS-Exchange-Inbox-Rules-Loop: Bob.Smith@contoso.com
X-Auto-Response-Suppress: All
Content-Language: en-GB
Content-Type: text/plain; charset="us-ascii"
Content-Transfer-Encoding: quoted-printable
MIME-Version: 1.0

I am out of the office until 8 December with no access to email.
""")

# Postfix bounce (DSN).
write("bounce.eml", f"""
Return-Path: <>
Delivered-To: {TOKEN}
Received: by mail.contoso.com (Postfix)
	id 4dK3Zr0c7Pz1x; Mon,  1 Dec 2026 10:00:05 +0000 (UTC)
Date: Mon,  1 Dec 2026 10:00:05 +0000 (UTC)
From: MAILER-DAEMON@mail.contoso.com (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: {TOKEN}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="4dK3Zr0c7Pz1x.1796119205/mail.contoso.com"
Content-Transfer-Encoding: 8bit
Message-Id: <20261201100005.4dK3Zr0c7Pz1x@mail.contoso.com>

This is a MIME-encapsulated message.

--4dK3Zr0c7Pz1x.1796119205/mail.contoso.com
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.contoso.com.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

                   The mail system

<nobody@contoso.com>: user unknown

--4dK3Zr0c7Pz1x.1796119205/mail.contoso.com
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.contoso.com
X-Postfix-Queue-ID: 4dK3Zr0c7Pz1x
X-Postfix-Sender: rfc822; {TOKEN}
Arrival-Date: Mon,  1 Dec 2026 10:00:04 +0000 (UTC)

Final-Recipient: rfc822; nobody@contoso.com
Original-Recipient: rfc822;nobody@contoso.com
Action: failed
Status: 5.1.1
Diagnostic-Code: X-Postfix; user unknown

--4dK3Zr0c7Pz1x.1796119205/mail.contoso.com
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <{TOKEN}>
From: plypost <games@example.org>
Reply-To: plypost <{TOKEN}>
To: nobody@contoso.com
Subject: [plypost] Game #42: your move against Alice
Message-ID: <game-42.move-8@example.org>

--4dK3Zr0c7Pz1x.1796119205/mail.contoso.com--
""")

# K-9 Mail: draw offer on the move line; delivered by a pipe, so LF line endings.
write("nf6_draw.eml", f"""
Return-Path: <hans.berger@example.com>
Delivered-To: {TOKEN}
Received: from mail.example.com (mail.example.com [203.0.113.7])
	by mx.example.org (Postfix) with ESMTPS id 4dK6d21pQrz5f
	for <{TOKEN}>; Mon,  1 Dec 2026 12:10:41 +0000 (UTC)
Date: Mon, 01 Dec 2026 13:10:38 +0100
From: Hans Berger <hans.berger@example.com>
To: plypost <{TOKEN}>
Subject: Re: [plypost] Game #8: your move against Frank
User-Agent: K-9 Mail for Android
In-Reply-To: <game-8.move-13@example.org>
References: <game-8.move-13@example.org>
Message-ID: <A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D@example.com>
MIME-Version: 1.0
Content-Type: text/plain;
 charset=utf-8
Content-Transfer-Encoding: quoted-printable

{qp(f'''Nf6 draw?

On December 1, 2026 11:05:12 AM GMT+01:00, plypost <{TOKEN}> wrote:
>Frank played 14. O-O.
>
>Reply to this email with your move, e.g. "Nf3".
''')}""", crlf=False)

# Fastmail: resignation with a parting word.
write("resign.eml", f"""
Return-Path: <ines@fastmail.com>
Delivered-To: {TOKEN}
Received: from fout-a4-smtp.messagingengine.com (fout-a4-smtp.messagingengine.com [103.168.172.147])
	by mx.example.org (Postfix) with ESMTPS id 4dK7f45vWxz8g
	for <{TOKEN}>; Mon,  1 Dec 2026 13:20:02 +0000 (UTC)
MIME-Version: 1.0
Message-Id: <7b1e3c5a-9d2f-4e6b-8a0c-1d3e5f7a9b2c@app.fastmail.com>
In-Reply-To: <game-23.move-40@example.org>
References: <game-23.move-40@example.org>
Date: Mon, 01 Dec 2026 14:19:58 +0100
From: "Ines" <ines@fastmail.com>
To: "plypost" <{TOKEN}>
Subject: Re: [plypost] Game #23: your move against Jonas
User-Agent: Cyrus-JMAP/3.13.0-alpha0-1207-g4e3a1b2c3-fm-20261125.001-g4e3a1b2c
Content-Type: text/plain
Content-Transfer-Encoding: 7bit

Resign

Well played, that knight manoeuvre was brutal.

On Mon, 1 Dec 2026, at 10:00, plypost wrote:
> Jonas played 31. Nf5+.
""")

# Proton Mail: accepting a draw.
write("accept_draw.eml", f"""
Return-Path: <jonas@proton.me>
Delivered-To: {TOKEN}
Received: from mail-40133.protonmail.ch (mail-40133.protonmail.ch [185.70.40.133])
	by mx.example.org (Postfix) with ESMTPS id 4dK8g67yZaz9h
	for <{TOKEN}>; Mon,  1 Dec 2026 14:30:22 +0000 (UTC)
Date: Mon, 01 Dec 2026 14:30:17 +0000
To: plypost <{TOKEN}>
From: Jonas <jonas@proton.me>
Subject: Re: [plypost] Game #23: Ines offers a draw
Message-ID: <Xk3mP9qR2sT5uV8wY1zA4bC7dE0fG3hJ6kL9mN2pQ5sT8vW1xY4zA7bC0dE3fG6h=@proton.me>
In-Reply-To: <game-23.move-41@example.org>
References: <game-23.move-41@example.org>
Feedback-ID: 12345678:user:proton
X-Pm-Message-ID: 9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

{qp(f'''Accept draw

Sent with Proton Mail secure email.

On Monday, December 1st, 2026 at 14:00, plypost <{TOKEN}> wrote:

> Ines offers a draw with her move 41... Kg7.
''')}""")
